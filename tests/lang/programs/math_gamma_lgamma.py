"""gamma and lgamma: CPython's own Lanczos code (not libm's), its integer table, reflection
for negative arguments, and its errors (poles: ValueError; overflow: OverflowError)."""
import math
from typing import List


def corpus(xs: List[float]) -> List[float]:
    out: List[float] = []
    for x in xs:
        out.append(math.gamma(x))
        out.append(math.lgamma(x))
    return out


def sweep(n: int) -> List[float]:
    out: List[float] = []
    for i in range(n):
        x = -30.0 + i * 0.3711
        if x != math.floor(x):
            out.append(math.gamma(x))
            out.append(math.lgamma(x))
    return out


def gamma(x: float) -> float:
    return math.gamma(x)


def lgamma(x: float) -> float:
    return math.lgamma(x)


# run: corpus([0.5, 1.5, 1.0, 2.0, 3.0, 10.0, 21.0, 22.0, 23.0, 24.0, 4.99, 5.0, 139.9, 140.1, 171.5, -0.5, -2.5, -140.5, -171.5, -200.5, 1e-300, -1e-300, 1e-25, math.inf, math.nan, 1e16])
# run: sweep(500)
# run: gamma(0.0)
# run: gamma(-3.0)
# run: gamma(172.0)
# run: gamma(1e-320)
# run: gamma(-math.inf)
# run: lgamma(-2.0)
# run: lgamma(1e308)
# run: lgamma(-math.inf)
