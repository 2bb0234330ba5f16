"""fmod and remainder (CPython's own m_remainder, ties to even) on a grid of signs and sizes."""
import math
from typing import List


def grid(xs: List[float], ys: List[float]) -> List[float]:
    out: List[float] = []
    for x in xs:
        for y in ys:
            out.append(math.fmod(x, y))
            out.append(math.remainder(x, y))
    return out


def bad(x: float, y: float) -> float:
    return math.remainder(x, y)


# run: grid([0.0, -0.0, 1.0, -1.0, 2.5, -2.5, 3.5, 7.0, -7.25, 1e300, 5e-324, 123456.789], [1.0, -1.0, 0.5, 2.0, -3.0, 1e-300, 0.7, math.inf, -math.inf])
# run: grid([math.nan, 1.0], [math.nan, 2.0])
# run: bad(1.0, 0.0)
# run: bad(math.inf, 2.0)
# run: bad(math.nan, 0.0)
