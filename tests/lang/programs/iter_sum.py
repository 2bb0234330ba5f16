"""sum over lists, ranges, generator expressions, with start= (positional and keyword)."""
from typing import List


def total(xs: List[int]) -> int:
    return sum(xs)


def total_f(xs: List[float]) -> float:
    return sum(xs, 0.5)


def squares(n: int) -> int:
    return sum(i * i for i in range(n))


def keyword_start(xs: List[int]) -> int:
    return sum(xs, start=100)


def mixed(xs: List[int]) -> float:
    return sum(x / 2 for x in xs)


def bools(xs: List[int]) -> int:
    return sum(x > 1 for x in xs)


def order(xs: List[float]) -> float:
    # left to right, no compensation (CPython 3.11)
    return sum(xs)


# run: total([1, 2, 3])
# run: total([])
# run: total_f([0.25, 0.25])
# run: total_f([])
# run: squares(10)
# run: squares(0)
# run: keyword_start([1, 2])
# run: mixed([1, 2, 3])
# run: bools([0, 1, 2, 3])
# run: order([0.1, 0.1, 0.1, 0.1, 0.1, 0.1, 0.1, 0.1, 0.1, 0.1])
# run: order([1e100, 1.0, -1e100])
