"""Polynomial evaluation by Horner's rule over lists and tuples of coefficients."""
from typing import List


def horner(coeffs: List[float], x: float) -> float:
    acc = 0.0
    for c in coeffs:
        acc = acc * x + c
    return acc


def horner_int(coeffs: List[int], x: int) -> int:
    acc = 0
    for c in coeffs:
        acc = acc * x + c
    return acc


def derivative(coeffs: List[float]) -> List[float]:
    n = len(coeffs) - 1
    return [coeffs[i] * (n - i) for i in range(n)]


def newton_root(x0: float, steps: int) -> float:
    p = [1.0, 0.0, -2.0]
    dp = derivative(p)
    x = x0
    for i in range(steps):
        x = x - horner(p, x) / horner(dp, x)
    return x


# run: horner([2.0, -3.0, 0.5], 1.5)
# run: horner([], 3.0)
# run: horner_int([1, 0, -1, 7], -3)
# run: derivative([3.0, 2.0, 1.0])
# run: newton_root(1.0, 6)
