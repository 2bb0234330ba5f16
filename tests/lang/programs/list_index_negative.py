"""Negative indices count from the end, for reads and writes."""
from typing import List


def ends(xs: List[int]) -> List[int]:
    return [xs[-1], xs[-2], xs[0], xs[-len(xs)]]


def set_from_end(xs: List[float], k: int) -> List[float]:
    for i in range(1, k + 1):
        xs[-i] = xs[-i] * -1.0
    return xs


def rotate_right(xs: List[int]) -> List[int]:
    last = xs[-1]
    for i in range(len(xs) - 1, 0, -1):
        xs[i] = xs[i - 1]
    xs[0] = last
    return xs


# run: ends([10, 20, 30, 40])
# run: ends([5, 6])
# run: set_from_end([1.0, 2.0, 3.0, 4.0], 2)
# run: rotate_right([1, 2, 3, 4, 5])
