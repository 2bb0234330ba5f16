"""math.isqrt: exact integer square roots, near perfect squares and at the top of int64."""
import math
from typing import List


def roots(xs: List[int]) -> List[int]:
    out: List[int] = []
    for x in xs:
        out.append(math.isqrt(x))
        if x > 2:
            out.append(math.isqrt(x - 1))
            out.append(math.isqrt(x + 1))
    return out


def sweep(n: int) -> int:
    bad = 0
    for i in range(n):
        r = math.isqrt(i)
        if not (r * r <= i < (r + 1) * (r + 1)):
            bad += 1
    return bad


def negative(x: int) -> int:
    return math.isqrt(x)


# run: roots([0, 1, 2, 3, 4, 15, 16, 17, 99, 100, 4503599761588224, 9223372030926249001, 9223372036854775806])
# run: sweep(5000)
# run: negative(-1)
