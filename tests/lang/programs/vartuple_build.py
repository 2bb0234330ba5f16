"""Variable-length tuples (`Tuple[T, ...]`) built by tuple() of an iterable whose length is
known only at run time: lists, generator expressions, ranges, strings; len, indexing and
printing as CPython's tuples."""
from typing import List, Tuple


def from_list(xs: List[int]) -> Tuple[int, ...]:
    t = tuple(xs)
    xs.append(99)                  # the tuple is a copy
    return t


def from_gen(n: int) -> str:
    t = tuple(i * i for i in range(n) if i % 2 == 0)
    return f"{t} {len(t)} {t[0] if t else -1} {t[-1] if t else -1}"


def from_range(n: int) -> int:
    t = tuple(range(n))
    s = 0
    for x in t:
        s += x
    return s * 100 + len(t)


def from_str(s: str) -> Tuple[str, ...]:
    return tuple(s)


def show(n: int) -> None:
    print(tuple(range(n)))
    print(repr(tuple(str(i) for i in range(n))))


def index_error(n: int, k: int) -> int:
    t = tuple(range(n))
    return t[k]


# run: from_list([1, 2, 3])
# run: from_list([])
# run: from_gen(0)
# run: from_gen(1)
# run: from_gen(7)
# run: from_range(10)
# run: from_range(0)
# run: from_str("abc")
# run: from_str("")
# run: show(0)
# run: show(1)
# run: show(3)
# run: index_error(3, 2)
# run: index_error(3, -3)
# run: index_error(3, 3)
# run: index_error(3, -4)
