"""min/max of one iterable: lists, generator expressions, ranges; ValueError when empty."""
from typing import List


def lo(xs: List[int]) -> int:
    return min(xs)


def hi(xs: List[float]) -> float:
    return max(xs)


def spread(xs: List[float]) -> float:
    return max(x for x in xs) - min(x * 1.0 for x in xs)


def of_range(n: int) -> int:
    return max(range(n)) + min(range(3, n + 3))


def empty_gen(xs: List[int]) -> int:
    return min(x for x in xs if x > 100)


# run: lo([5, 3, 9])
# run: lo([])
# run: hi([1.5, -2.0, 7.25])
# run: hi([])
# run: spread([3.0, 1.0, 2.0])
# run: of_range(5)
# run: of_range(0)
# run: empty_gen([1, 2])
# run: empty_gen([1, 200, 150])
