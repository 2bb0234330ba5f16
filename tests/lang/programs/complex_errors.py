"""CPython's run-time errors of complex arithmetic: division by zero (also by 0.0 and a
zero complex), 0 to a negative power, abs overflow, sqrt/log domain via cmath."""
from typing import List


def divide(a: float, b: float) -> List[float]:
    z = complex(1.0, 2.0) / complex(a, b)
    return [z.real, z.imag]


def by_float(x: float) -> List[float]:
    z = (1 + 1j) / x
    return [z.real, z.imag]


def by_int(n: int) -> List[float]:
    z = 3j / n
    return [z.real, z.imag]


def negative_power(n: int) -> List[float]:
    z = complex(0.0, 0.0) ** n
    return [z.real, z.imag]


# run: divide(0.0, 0.0)
# run: divide(-0.0, 0.0)
# run: divide(0.0, 1e-320)
# run: by_float(0.0)
# run: by_int(0)
# run: by_int(4)
# run: negative_power(-1)
# run: negative_power(0)
