"""min/max with two numbers keep their old meaning next to the iterable forms."""
from typing import List


def clamp_all(xs: List[float], lo: float, hi: float) -> List[float]:
    return [max(lo, min(hi, x)) for x in xs]


def extremes(xs: List[int]) -> int:
    return max(xs) - min(xs) + max(1, 2, 3) - min(4, 5)


# run: clamp_all([-1.0, 0.5, 2.0], 0.0, 1.0)
# run: extremes([4, -2, 9])
