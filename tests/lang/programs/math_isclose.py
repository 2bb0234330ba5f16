"""math.isclose with its keyword-only tolerances, infinities and nans."""
import math
from typing import List


def grid(xs: List[float]) -> List[bool]:
    out: List[bool] = []
    for a in xs:
        for b in xs:
            out.append(math.isclose(a, b))
            out.append(math.isclose(a, b, rel_tol=0.01))
            out.append(math.isclose(a, b, abs_tol=0.5))
            out.append(math.isclose(a, b, rel_tol=1e-3, abs_tol=1e-12))
    return out


def ints(a: int, b: int) -> bool:
    return math.isclose(a, b, abs_tol=1)


def bad(a: float) -> bool:
    return math.isclose(a, 1.0, rel_tol=-1.0)


# run: grid([0.0, -0.0, 1.0, 1.000000001, 1.01, 1.1, -1.0, 1e-12, 1e300, math.inf, -math.inf, math.nan])
# run: ints(3, 4)
# run: ints(3, 5)
# run: bad(1.0)
