"""atan2 in every quadrant and on signed zeros; hypot; pow vs **; fabs."""
import math
from typing import List


def atan2_cases() -> List[float]:
    return [math.atan2(1.0, 1.0), math.atan2(1.0, -1.0), math.atan2(-1.0, -1.0),
            math.atan2(-1.0, 1.0), math.atan2(0.0, 0.0), math.atan2(-0.0, 0.0),
            math.atan2(0.0, -0.0), math.atan2(-0.0, -0.0), math.atan2(math.inf, math.inf),
            math.atan2(1.0, 0.0)]


def hypot_cases() -> List[float]:
    return [math.hypot(3.0, 4.0), math.hypot(-5.0, 12.0), math.hypot(1e200, 1e200),
            math.hypot(math.inf, math.nan), math.hypot(0.0, -0.0)]


def pow_vs_op(x: float, y: float) -> List[float]:
    return [math.pow(x, y), x ** y]


def fabs_cases() -> List[float]:
    return [math.fabs(-0.0), math.fabs(-math.inf), math.fabs(3.5), math.fabs(-7)]


# run: atan2_cases()
# run: hypot_cases()
# run: pow_vs_op(2.0, 10.0)
# run: pow_vs_op(1.5, -2.5)
# run: pow_vs_op(math.nan, 0.0)
# run: fabs_cases()
