"""min/max with key= (a named function) and default=."""
from typing import List


def dist(x: int) -> int:
    return abs(x - 10)


def neg(x: float) -> float:
    return -x


def closest(xs: List[int]) -> int:
    return min(xs, key=dist)


def farthest(xs: List[int]) -> int:
    return max(xs, key=dist)


def smallest_by_neg(xs: List[float]) -> float:
    return max(xs, key=neg)


def with_default(xs: List[int]) -> int:
    return min(xs, default=-1)


def with_both(xs: List[int]) -> int:
    return max((x for x in xs if x % 2 == 0), key=dist, default=0)


def two_args(a: int, b: int) -> int:
    return min(a, b, key=dist)


def key_abs(xs: List[int]) -> int:
    return max(xs, key=abs)


# run: closest([3, 12, 8, 9, 11])
# run: farthest([3, 12, 8, 17])
# run: closest([])
# run: smallest_by_neg([2.5, -1.0, 3.0])
# run: with_default([])
# run: with_default([4, 2])
# run: with_both([1, 3, 5])
# run: with_both([1, 4, 22, 6])
# run: two_args(7, 13)
# run: two_args(13, 7)
# run: key_abs([3, -8, 8, 2])
