"""trunc (an int), degrees and radians (CPython's constants), floor and ceil of ints."""
import math
from typing import List


def conv(xs: List[float]) -> List[float]:
    out: List[float] = []
    for x in xs:
        out.append(math.degrees(x))
        out.append(math.radians(x))
        out.append(math.degrees(math.radians(x)))
    return out


def truncs(xs: List[float]) -> List[int]:
    return [math.trunc(x) for x in xs]


def int_trunc(n: int):
    return math.trunc(n), math.floor(n), math.ceil(n), math.trunc(True)


def bad(x: float) -> int:
    return math.trunc(x)


# run: conv([0.0, -0.0, 1.0, 90.0, 180.0, -45.5, 1e300, math.pi, math.inf, math.nan])
# run: truncs([0.0, -0.5, 0.5, 1.9999, -1.9999, 1e15 + 0.5, -2.5e18])
# run: int_trunc(-17)
# run: bad(math.nan)
# run: bad(math.inf)
