"""Tuple[T, ...] parameters and results: a Python tuple of any length passed in, a fixed
tuple passed where a Tuple[T, ...] is declared, tuples of str, float and nested tuples."""
from typing import List, Tuple


def total(t: Tuple[int, ...]) -> int:
    s = 0
    for x in t:
        s += x
    return s * 1000 + len(t)


def first_last(t: Tuple[str, ...]) -> str:
    if not t:
        return "empty"
    return t[0] + t[-1]


def scaled(t: Tuple[float, ...], k: float) -> Tuple[float, ...]:
    return tuple(x * k for x in t)


def call_with_fixed(a: int) -> int:
    return total((a, a + 1, a + 2)) + total(()) + total((a,))


def rows(n: int) -> List[Tuple[int, ...]]:
    out = []
    for i in range(n):
        out.append(tuple(range(i)))
    return out


def nested(n: int) -> Tuple[Tuple[int, ...], ...]:
    return tuple(tuple(range(i)) for i in range(n))


def echo(t: Tuple[int, ...]) -> Tuple[int, ...]:
    return t


# run: total((1, 2, 3))
# run: total(())
# run: total((7,))
# run: first_last(("a", "b", "c"))
# run: first_last(())
# run: scaled((1.0, 2.5), 2.0)
# run: scaled((), 2.0)
# run: call_with_fixed(5)
# run: rows(4)
# run: rows(0)
# run: nested(4)
# run: echo((1, 2))
# run: echo(())
