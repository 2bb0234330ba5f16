"""Results too large raise OverflowError('math range error'); inf inputs do not."""
import math


def exp_of(x: float) -> float:
    return math.exp(x)


def cosh_of(x: float) -> float:
    return math.cosh(x)


def sinh_of(x: float) -> float:
    return math.sinh(x)


def pow_of(x: float, y: float) -> float:
    return math.pow(x, y)


def grow(n: int) -> float:
    x = 1.0
    for i in range(n):
        x = math.exp(x)
    return x


# run: exp_of(1000.0)
# run: exp_of(709.0)
# run: exp_of(-1000.0)
# run: exp_of(math.inf)
# run: exp_of(-math.inf)
# run: cosh_of(1000.0)
# run: sinh_of(-1000.0)
# run: pow_of(10.0, 400.0)
# run: pow_of(math.inf, 2.0)
# run: grow(3)
# run: grow(5)
