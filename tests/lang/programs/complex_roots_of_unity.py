"""Roots of unity from cmath.rect, their sum and products, printed as CPython prints them."""
import cmath
import math
from typing import List


def roots(n: int) -> List[str]:
    out: List[str] = []
    total = 0j
    prod = 1 + 0j
    for k in range(n):
        w = cmath.rect(1.0, 2 * math.pi * k / n)
        total += w
        prod *= w
        out.append(repr(w))
    out.append(f"sum={total} prod={prod}")
    return out


def power_check(n: int) -> List[float]:
    out: List[float] = []
    for k in range(n):
        w = cmath.exp(complex(0.0, 2 * math.pi * k / n))
        p = w ** n
        out.append(p.real)
        out.append(p.imag)
    return out


# run: roots(6)
# run: power_check(8)
