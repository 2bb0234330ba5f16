"""0.0 ** -inf is inf in CPython (float_pow deals with an infinite exponent before a zero
base): **, **= and a bool or int base, where every backend raised ZeroDivisionError (found
by differential fuzzing).  A finite negative exponent still raises."""
import math
from typing import List


def power(b: float, e: float) -> float:
    return b ** e


def power_assign(e: float) -> float:
    x = 0.0
    x **= e
    return x


def int_base(b: int, e: float) -> float:
    return b ** e


def int_base_assign(e: float) -> float:
    x = 0
    x **= e
    return x


def bool_base(b: bool, e: float) -> float:
    return b ** e


def literals() -> List[float]:
    return [0.0 ** -math.inf, (-0.0) ** -math.inf, 0 ** -math.inf, False ** -math.inf,
            0.0 ** math.inf, 0.0 ** math.nan]


# run: power(0.0, -math.inf)
# run: power(-0.0, -math.inf)
# run: power(0.0, math.nan)
# run: power(0.0, -1.0)
# run: power(-0.0, -0.5)
# run: power_assign(-math.inf)
# run: power_assign(-2.0)
# run: int_base(0, -math.inf)
# run: int_base(0, -3.0)
# run: int_base_assign(-math.inf)
# run: bool_base(False, -math.inf)
# run: bool_base(False, -1.0)
# run: literals()
