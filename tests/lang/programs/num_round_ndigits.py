"""round(x, n): CPython's correctly rounded decimal rounding (2.675 -> 2.67), negative n too."""
from typing import List


def grid(xs: List[float], ns: List[int]) -> List[float]:
    out: List[float] = []
    for x in xs:
        for n in ns:
            out.append(round(x, n))
    return out


def money(n: int) -> List[float]:
    return [round(i * 0.005, 2) for i in range(n)]


def int_digits(xs: List[int], ns: List[int]) -> List[int]:
    out: List[int] = []
    for x in xs:
        for n in ns:
            out.append(round(x, n))
    return out


# run: grid([2.675, 0.285, 1.005, 0.125, 0.375, -2.5, 15.0, 25.0, 35.0, 123456.789, -0.0, 1e-320, 1e300, 3.14159e17, 4.5e22, math.inf, math.nan], [-310, -20, -3, -2, -1, 0, 1, 2, 3, 10, 400])
# run: money(201)
# run: int_digits([0, 5, 15, 25, -15, -25, 1234567, -1234567, 150, 250, 9223372036854775807], [-20, -3, -2, -1, 0, 2])  # wraps
