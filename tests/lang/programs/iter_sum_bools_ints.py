"""Counting with sum over boolean generator expressions."""
from typing import List


def count_in(xs: List[int], lo: int, hi: int) -> int:
    return sum(lo <= x < hi for x in xs)


def count_true(xs: List[bool]) -> int:
    return sum(xs)


# run: count_in([1, 5, 3, 7, 4], 3, 6)
# run: count_true([True, False, True])
# run: count_true([])
