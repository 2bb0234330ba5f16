"""Tuples of str of run-time length: tuple(s), split words, sorted, join, `in`, count,
comparisons of str tuples, repr with quotes."""
from typing import Tuple


def chars(s: str) -> str:
    t = tuple(s)
    return f"{t} {len(t)} {'a' in t} {t.count('a')} {''.join(sorted(t))}"


def words(s: str) -> Tuple[str, ...]:
    return tuple(w.upper() for w in s.split())


def order(a: str, b: str) -> str:
    x = tuple(a.split())
    y = tuple(b.split())
    return f"{x < y} {x == y} {max(x + y) if x + y else ''} {sorted(x + y)}"


def quoted(s: str) -> str:
    return repr(tuple(s.split(",")))


# run: chars("banana")
# run: chars("")
# run: words("to be or not")
# run: words("")
# run: order("a b", "a c")
# run: order("b", "a z")
# run: order("", "")
# run: quoted("it's,a,\"q\"")
