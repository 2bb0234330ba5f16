"""Float equality is exact: 0.1 + 0.2 != 0.3; tolerance checks with fabs."""
import math
from typing import List


def exact(a: float, b: float) -> List[bool]:
    return [a + b == 0.3, a + b > 0.3, math.fabs(a + b - 0.3) < 1e-12]


def int_float_eq(n: int) -> List[bool]:
    # exact comparisons between ints and floats
    return [n == float(n), n + 0.5 > n, n * 1.0 == n, float(n) + 1.0 == n + 1]


def count_representable(n: int) -> int:
    c = 0
    for i in range(n):
        x = i / 10.0
        if x * 10.0 == i:
            c += 1
    return c


# run: exact(0.1, 0.2)
# run: exact(0.25, 0.05)
# run: int_float_eq(7)
# run: int_float_eq(9007199254740992)
# run: count_representable(1000)
