"""math.pi, e, inf, nan and isnan / isinf / isfinite."""
import math
from typing import List


def constants() -> List[float]:
    return [math.pi, math.e, math.inf, -math.inf, math.pi * 2.0, math.e ** 2.0]


def classify(x: float) -> List[bool]:
    return [math.isnan(x), math.isinf(x), math.isfinite(x)]


def nan_is_nan() -> bool:
    return math.isnan(math.nan) and not (math.nan == math.nan)


def count_finite(n: int) -> int:
    c = 0
    x = 1.0
    for i in range(n):
        x = x * 1e30
        if math.isfinite(x):
            c += 1
    return c


# run: constants()
# run: classify(1.0)
# run: classify(math.inf)
# run: classify(-math.inf)
# run: classify(math.nan)
# run: classify(-0.0)
# run: nan_is_nan()
# run: count_finite(20)
