"""math functions outside their domain raise ValueError('math domain error')."""
import math


def sqrt_of(x: float) -> float:
    return math.sqrt(x)


def log_of(x: float) -> float:
    return math.log(x)


def log2_of(x: float) -> float:
    return math.log2(x)


def log10_of(x: float) -> float:
    return math.log10(x)


def acos_of(x: float) -> float:
    return math.acos(x)


def asin_of(x: float) -> float:
    return math.asin(x)


def sin_of(x: float) -> float:
    return math.sin(x)


def pow_of(x: float, y: float) -> float:
    return math.pow(x, y)


def sqrt_in_loop(n: int) -> float:
    total = 0.0
    for i in range(n):
        total += math.sqrt(5.0 - i)
    return total


# run: sqrt_of(-1.0)
# run: sqrt_of(-0.0)
# run: sqrt_of(math.nan)
# run: sqrt_of(math.inf)
# run: sqrt_of(-math.inf)
# run: log_of(0.0)
# run: log_of(-1.0)
# run: log_of(math.inf)
# run: log2_of(-2.0)
# run: log10_of(0.0)
# run: acos_of(2.0)
# run: asin_of(-1.5)
# run: sin_of(math.inf)
# run: pow_of(-8.0, 0.5)
# run: pow_of(0.0, -1.0)
# run: pow_of(-8.0, 3.0)
# run: sqrt_in_loop(5)
# run: sqrt_in_loop(8)
