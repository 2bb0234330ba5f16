"""inf and nan arithmetic and comparisons."""
import math
from typing import List


def inf_arith() -> List[float]:
    inf = math.inf
    return [inf + 1.0, inf * -2.0, 1.0 / inf, -1.0 / inf, inf - inf, inf * 0.0, inf / inf, 1e308 * 10.0]


def nan_compare(x: float) -> List[bool]:
    nan = math.nan
    return [nan == nan, nan != nan, nan < x, nan > x, nan <= x, x >= nan, x == x]


def nan_propagates(x: float) -> float:
    return (x * 2.0 + 1.0) / 3.0 - x


def overflow_to_inf(n: int) -> float:
    x = 1.0
    for i in range(n):
        x = x * 1e10
    return x


def underflow_to_zero(n: int) -> float:
    x = 1.0
    for i in range(n):
        x = x / 1e10
    return x


# run: inf_arith()
# run: nan_compare(1.0)
# run: nan_compare(math.nan)
# run: nan_propagates(math.nan)
# run: nan_propagates(math.inf)
# run: nan_propagates(-math.inf)
# run: overflow_to_inf(40)
# run: underflow_to_zero(40)
# run: underflow_to_zero(32)
