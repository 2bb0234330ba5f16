"""exp(z) by its power series against cmath.exp; Newton's method in the complex plane."""
import cmath
from typing import List


def exp_series(a: float, b: float, terms: int) -> List[float]:
    z = complex(a, b)
    term = 1 + 0j
    acc = 0j
    for k in range(1, terms + 1):
        acc += term
        term = term * z / k
    e = cmath.exp(z)
    return [acc.real, acc.imag, e.real, e.imag, abs(acc - e)]


def newton_cube_root(a: float, b: float, steps: int) -> List[float]:
    z = complex(a, b)
    for _ in range(steps):
        z = z - (z * z * z - 1) / (3 * z * z)
    return [z.real, z.imag, abs(z ** 3 - 1)]


# run: exp_series(1.0, 2.0, 40)
# run: exp_series(-3.0, 0.5, 60)
# run: newton_cube_root(-1.0, 1.0, 30)
# run: newton_cube_root(-1.0, -1.0, 30)
