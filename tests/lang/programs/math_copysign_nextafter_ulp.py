"""copysign, nextafter, ulp on signed zeros, subnormals, the largest float, inf and nan."""
import math
from typing import List


def corpus(xs: List[float]) -> List[float]:
    out: List[float] = []
    for x in xs:
        out.append(math.ulp(x))
        for y in xs:
            out.append(math.copysign(x, y))
            out.append(math.nextafter(x, y))
    return out


# run: corpus([0.0, -0.0, 5e-324, -5e-324, 2.2250738585072014e-308, 1.0, -1.5, 1.7976931348623157e308, math.inf, -math.inf, math.nan])
