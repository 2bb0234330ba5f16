"""abs, min and max across bool, int and float as CPython types them."""
from typing import List


def absolutes(xs: List[float]) -> List[float]:
    return [abs(x) for x in xs]


def ints(a: int, b: bool):
    return abs(a), abs(b), abs(-a), max(a, -5), min(a, b, -3)


def extremes(xs: List[float]) -> List[float]:
    out: List[float] = []
    for a in xs:
        for b in xs:
            out.append(max(a, b))
            out.append(min(a, b))
    return out


# run: absolutes([0.0, -0.0, -1.5, 1e300, -math.inf, math.nan])
# run: ints(-9223372036854775807, True)
# run: extremes([1.0, -0.0, 0.0, 2.5, math.nan, -math.inf])
