"""** with a float operand gives a float, with CPython's special cases and errors."""
import math
from typing import List


def power(b: float, e: float) -> float:
    return b ** e


def mixed(b: int, e: float) -> float:
    return b ** e


def int_exponent(b: float, e: int) -> float:
    return b ** e


def specials() -> List[float]:
    return [0.0 ** 0.0, math.nan ** 0.0, 1.0 ** math.nan, (-1.0) ** math.inf, 2.0 ** -math.inf,
            0.5 ** math.inf, (-2.0) ** 3.0, (-2.0) ** 2.0, 4.0 ** 0.5, 2.0 ** -1.0, math.inf ** -1.0]


# run: power(2.0, 0.5)
# run: power(10.0, -2.0)
# run: power(1.0001, 10000.0)
# run: mixed(2, 0.5)
# run: mixed(10, -1.5)
# run: int_exponent(1.5, 3)
# run: int_exponent(2.0, -3)
# run: int_exponent(-0.5, 7)
# run: specials()
# run: power(0.0, -1.0)
# run: power(-0.0, -3.0)
# run: power(10.0, 400.0)
# run: power(1e-300, 2.0)
