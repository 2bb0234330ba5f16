"""Lazy iterables used as values become lists."""
from typing import List


def pos(x: int) -> bool:
    return x > 0


def neg(x: int) -> int:
    return -x


def values(xs: List[int]) -> List[int]:
    f = filter(pos, xs)
    r = reversed(xs)
    m = map(neg, xs)
    return list(f) + list(r) + list(m)


# run: values([1, -2, 3])
# run: values([])
