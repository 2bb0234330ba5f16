"""sum adds in order from start (floats round as CPython's sum does)."""
from typing import List


def harmonic(n: int) -> float:
    return sum(1.0 / k for k in range(1, n + 1))


def reversed_harmonic(n: int) -> float:
    return sum(1.0 / k for k in reversed(range(1, n + 1)))


def start_float(xs: List[int]) -> float:
    return sum(xs, 0.1)


# run: harmonic(1000)
# run: reversed_harmonic(1000)
# run: start_float([1, 2, 3])
