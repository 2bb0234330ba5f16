"""A generator expression's variable does not leak; its outer iterable is evaluated first."""
from typing import List


def noleak(xs: List[int]) -> int:
    x = 100
    s = sum(x for x in xs)
    return s + x


def outer_names(xs: List[int], k: int) -> int:
    return sum(x * k for x in xs if x != k)


# run: noleak([1, 2, 3])
# run: outer_names([1, 2, 3], 2)
