"""cmath functions imported by name, and a complex quadratic solver."""
from cmath import phase, sqrt
from typing import List


def roots(a: float, b: float, c: float) -> List[float]:
    d = sqrt(b * b - 4 * a * c)
    r1 = (-b + d) / (2 * a)
    r2 = (-b - d) / (2 * a)
    return [r1.real, r1.imag, r2.real, r2.imag, phase(r1), phase(r2)]


def check(a: float, b: float, c: float) -> float:
    d = sqrt(b * b - 4 * a * c)
    r = (-b + d) / (2 * a)
    return abs(a * r * r + b * r + c)


# run: roots(1.0, 2.0, 5.0)
# run: roots(1.0, -3.0, 2.0)
# run: roots(2.0, 0.0, 8.0)
# run: check(1.0, 1.0, 1.0)
