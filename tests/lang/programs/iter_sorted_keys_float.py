"""sorted with a float key and ties, and sorted of bools and floats."""
from typing import List


def frac(x: float) -> float:
    return x - int(x)


def by_frac(xs: List[float]) -> List[float]:
    return sorted(xs, key=frac)


def bools(xs: List[bool]) -> List[bool]:
    return sorted(xs)


# run: by_frac([1.5, 2.25, 3.5, 0.25, 7.75])
# run: bools([True, False, True, False])
