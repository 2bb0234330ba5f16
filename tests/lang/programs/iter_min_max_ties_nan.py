"""The first of equal extremes wins; nan compares as CPython's min/max see it."""
import math
from typing import List


def mod3(x: int) -> int:
    return x % 3


def first_tie(xs: List[int]) -> int:
    return min(xs, key=mod3) * 100 + max(xs, key=mod3)


def nan_first(xs: List[float]) -> float:
    return min(xs)


def nan_later(xs: List[float]) -> float:
    return max(xs)


# run: first_tie([4, 7, 3, 6, 5, 8])
# run: nan_first([math.nan, 1.0, 2.0])
# run: nan_later([1.0, math.nan, 2.0])
