"""min and max with lambda keys and defaults."""
from typing import List


def extremes(xs: List[int]) -> List[int]:
    a = min(xs, key=lambda x: (x - 3) * (x - 3))
    b = max(xs, key=lambda x: x % 7)
    c = max(xs, key=lambda x: -abs(x), default=0)
    d = min(4, 9, 2, key=lambda x: -x)
    return [a, b, c, d]


def maybe_empty(xs: List[float]) -> float:
    return max(xs, key=lambda x: x * x, default=-1.0)


# run: extremes([5, 1, 8, 3, 13, 2])
# run: maybe_empty([])
# run: maybe_empty([0.5, -3.0, 2.0])
