"""CPython's min/max keep the first of equal arguments and are order-sensitive with nan."""
import math
from typing import List


def zero_signs() -> List[float]:
    return [min(0.0, -0.0), min(-0.0, 0.0), max(0.0, -0.0), max(-0.0, 0.0)]


def with_nan(x: float) -> List[float]:
    return [max(math.nan, x), max(x, math.nan), min(math.nan, x), min(x, math.nan),
            max(x, math.nan, x + 1.0)]


def with_inf(x: float) -> List[float]:
    return [min(x, math.inf), max(x, -math.inf), min(-math.inf, x), max(math.inf, x)]


# run: zero_signs()
# run: with_nan(1.0)
# run: with_inf(3.5)
