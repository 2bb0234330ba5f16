"""List comprehensions over the lazy iterables."""
from typing import List


def sq(x: int) -> int:
    return x * x


def mixed(xs: List[int]) -> List[int]:
    a = [i + x for i, x in enumerate(xs)]
    b = [x * y for x, y in zip(xs, xs)]
    c = [v for v in map(sq, xs) if v > 1]
    d = [v for v in reversed(range(len(xs)))]
    return a + b + c + d


# run: mixed([1, 2, 3])
# run: mixed([])
