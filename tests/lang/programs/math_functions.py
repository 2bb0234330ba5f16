"""Every scalar math function on a few ordinary arguments."""
import math
from typing import List


def elementary(x: float) -> List[float]:
    return [math.sqrt(x), math.exp(x), math.log(x), math.log2(x), math.log10(x),
            math.sin(x), math.cos(x), math.tan(x), math.atan(x), math.sinh(x), math.cosh(x),
            math.tanh(x), math.fabs(-x), math.pow(x, 1.5), math.hypot(x, 2.0), math.atan2(x, -1.0)]


def inverse_trig(x: float) -> List[float]:
    return [math.asin(x), math.acos(x), math.atan(x)]


def rounding(x: float) -> List[int]:
    return [math.floor(x), math.ceil(x), math.floor(-x), math.ceil(-x)]


def int_args(n: int) -> List[float]:
    # math functions accept ints and return floats (floor/ceil return ints)
    return [math.sqrt(n), math.exp(n), math.log(n), math.pow(n, 2), math.fabs(n), math.hypot(n, n)]


def log_base(x: float) -> float:
    return math.log(x) / math.log(2.0)


def identities(n: int) -> float:
    worst = 0.0
    for i in range(1, n):
        x = i * 0.1
        s = math.sin(x)
        c = math.cos(x)
        err = math.fabs(s * s + c * c - 1.0) + math.fabs(math.exp(math.log(x)) - x)
        worst = max(worst, err)
    return worst


# run: elementary(0.5)
# run: elementary(2.0)
# run: elementary(10.0)
# run: inverse_trig(0.5)
# run: inverse_trig(-1.0)
# run: rounding(2.5)
# run: rounding(-0.5)
# run: rounding(7.0)
# run: int_args(3)
# run: log_base(1024.0)
# run: identities(200)
