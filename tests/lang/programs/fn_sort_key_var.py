"""Key functions in variables and parameters for sorted, min and max."""
from typing import List


def dist5(x: int) -> int:
    return abs(x - 5)


def neg(x: int) -> int:
    return -x


def order(xs: List[int], key) -> List[int]:
    return sorted(xs, key=key)


def run(xs: List[int]) -> List[int]:
    k = dist5
    return order(xs, dist5) + order(xs, neg) + [min(xs, key=k), max(xs, key=k)]


# run: run([9, 1, 5, 7, 3, 6])
# run: run([4])
