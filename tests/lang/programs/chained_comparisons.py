"""a < b < c evaluates each middle operand once and stops at the first False."""
import math
from typing import List


def in_range(lo: int, x: int, hi: int) -> bool:
    return lo <= x < hi


def chains(a: int, b: int, c: int) -> List[bool]:
    return [a < b < c, a <= b <= c, a == b == c, a != b != c, a < b > c, a < b < c < 100,
            a > b >= c, 0 <= a <= b <= c <= 10]


def float_chain(x: float) -> List[bool]:
    return [0.0 <= x <= 1.0, -math.inf < x < math.inf, x == x == x, 0 < x < 1.5]


def noisy(x: int) -> int:
    print("eval", x)
    return x


def once(a: int) -> bool:
    # the middle operand is evaluated once; the last is skipped when the first test fails
    return noisy(1) < noisy(a) < noisy(10)


# run: in_range(0, 5, 10)
# run: in_range(0, 10, 10)
# run: in_range(0, -1, 10)
# run: chains(1, 2, 3)
# run: chains(3, 3, 3)
# run: chains(1, 5, 2)
# run: float_chain(0.5)
# run: float_chain(math.nan)
# run: float_chain(math.inf)
# run: once(5)
# run: once(0)
