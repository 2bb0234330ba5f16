"""expm1 and log1p keep the digits that exp(x) - 1 and log(1 + x) lose near zero."""
import math
from typing import List


def compare(n: int) -> List[float]:
    out: List[float] = []
    x = 1.0
    for _ in range(n):
        x /= 7.0
        out.append(math.expm1(x) - (math.exp(x) - 1.0))
        out.append(math.log1p(x) - math.log(1.0 + x))
        out.append(math.expm1(-x))
        out.append(math.log1p(-x))
    return out


def compound(rate: float, years: int) -> float:
    return math.expm1(years * math.log1p(rate))


# run: compare(20)
# run: compound(1e-10, 30)
# run: compound(0.05, 10)
