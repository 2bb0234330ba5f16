"""CPython's errors of log1p (domain), expm1 and exp2 (range), fmod (domain)."""
import math


def log1p(x: float) -> float:
    return math.log1p(x)


def expm1(x: float) -> float:
    return math.expm1(x)


def exp2(x: float) -> float:
    return math.exp2(x)


def fmod(x: float, y: float) -> float:
    return math.fmod(x, y)


# run: log1p(-1.0)
# run: log1p(-2.0)
# run: log1p(-0.999)
# run: log1p(math.nan)
# run: log1p(math.inf)
# run: log1p(-math.inf)
# run: expm1(710.0)
# run: expm1(-1000.0)
# run: expm1(math.inf)
# run: expm1(-math.inf)
# run: exp2(1024.0)
# run: exp2(1023.9)
# run: exp2(-2000.0)
# run: fmod(1.0, 0.0)
# run: fmod(math.inf, 2.0)
# run: fmod(5.5, math.inf)
# run: fmod(-5.5, 2.0)
# run: fmod(math.nan, 0.0)
