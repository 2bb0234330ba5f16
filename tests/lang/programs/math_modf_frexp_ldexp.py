"""modf, frexp, ldexp: exact, signed zeros kept, subnormals, overflow as CPython."""
import math
from typing import List, Tuple


def split(xs: List[float]) -> List[float]:
    out: List[float] = []
    for x in xs:
        f, w = math.modf(x)
        out.append(f)
        out.append(w)
    return out


def mantissas(xs: List[float]) -> List[float]:
    out: List[float] = []
    for x in xs:
        m, e = math.frexp(x)
        out.append(m)
        out.append(float(e))
    return out


def pair(x: float) -> Tuple[Tuple[float, float], Tuple[float, int]]:
    return math.modf(x), math.frexp(x)


def scale(xs: List[float], es: List[int]) -> List[float]:
    out: List[float] = []
    for x in xs:
        for e in es:
            m, k = math.frexp(x)
            if k + e <= 1024:
                out.append(math.ldexp(x, e))
    return out


def overflow(x: float, e: int) -> float:
    return math.ldexp(x, e)


# run: split([0.0, -0.0, 1.5, -1.5, 2.0, -2.0, 1e16 + 1, -3.25e20, 5e-324, 0.999999, math.inf, -math.inf, math.nan])
# run: mantissas([0.0, -0.0, 1.0, 0.5, -3.0, 1e300, -1e-300, 5e-324, 2.2250738585072014e-308, 1.7976931348623157e308, math.inf, math.nan])
# run: scale([1.0, -1.5, 0.1, 3.0e-310, 1.7976931348623157e308, 0.0, math.inf, math.nan], [-2000, -1080, -1074, -1060, -1022, -5, 0, 7, 1000, 1023])
# run: pair(-2.75)
# run: pair(1e-310)
# run: overflow(1.0, 1024)
# run: overflow(-0.75, 5000)
# run: overflow(0.0, 5000)
