"""ints meet floats as floats."""
from typing import List


def mix(i: int, x: float) -> List[float]:
    return [i + x, i - x, i * x, x - i, i / x, x / i, i * 1.0, 2 * x + 1]


def accumulate(n: int) -> float:
    acc = 0.0
    for i in range(n):
        acc += i
        acc = acc * 0.5 + i
    return acc


def compare(i: int, x: float) -> List[bool]:
    return [i == x, i != x, i < x, i <= x, i > x, i >= x]


def int_becomes_float(n: int) -> float:
    x = 0
    for i in range(n):
        x = x + 0.25 * i
    return x


# run: mix(3, 0.5)
# run: mix(-4, 2.0)
# run: accumulate(50)
# run: compare(2, 2.0)
# run: compare(2, 2.5)
# run: compare(-3, -3.5)
# run: int_becomes_float(10)
# run: int_becomes_float(0)  # float
