"""repr() and str() of floats: the shortest round-trip digits, exactly as CPython prints them."""
from typing import List


def reprs(xs: List[float]) -> List[str]:
    out: List[str] = []
    for x in xs:
        out.append(repr(x))
        out.append(str(x))
    return out


def computed(n: int) -> List[str]:
    out: List[str] = []
    x = 1.0
    for i in range(n):
        x = x * 1.7 + 1.0 / (i + 3)
        out.append(repr(x))
        out.append(repr(1.0 / x))
        out.append(repr(-x * 1e-10))
    return out


# run: reprs([0.1, 0.2, 0.30000000000000004, 1.0, -0.0, 0.0, 1e16, 1e15, 123456789.0, 1e22, 1.5e300, 5e-324, 2.5e-300, 1e-05, 0.0001, 1.7976931348623157e308])
# run: reprs([math.inf, -math.inf, math.nan, 2.0 ** 53, 9007199254740993.0, 0.1 + 0.7, 1 / 3, 2 / 3, 100.0, 1e-7, 123.456, -987654321.125])
# run: computed(60)
