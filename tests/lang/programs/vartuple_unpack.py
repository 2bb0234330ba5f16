"""Unpacking a Tuple[T, ...]: `a, b = t` checks the length at run time with CPython's
ValueError messages; for-loop targets unpack rows of a zip(*...)."""
from typing import List, Tuple


def pair(xs: List[int]) -> int:
    t = tuple(xs)
    a, b = t
    return a * 10 + b


def triple_str(s: str) -> str:
    x, y, z = tuple(s)
    return z + y + x


def loop_unpack(rows: List[List[int]]) -> int:
    s = 0
    for a, b in zip(*rows):
        s += a * b
    return s


# run: pair([1, 2])
# run: pair([1])
# run: pair([1, 2, 3])
# run: pair([])
# run: triple_str("abc")
# run: triple_str("ab")
# run: triple_str("abcd")
# run: loop_unpack([[1, 2, 3], [4, 5, 6]])
# run: loop_unpack([[1, 2], [3, 4], [5, 6]])
