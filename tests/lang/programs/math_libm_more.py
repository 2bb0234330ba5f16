"""log1p expm1 erf erfc cbrt exp2 on a corpus of values: libm's bits, as CPython computes them."""
import math
from typing import List


def corpus(xs: List[float]) -> List[float]:
    out: List[float] = []
    for x in xs:
        out.append(math.expm1(x))
        out.append(math.erf(x))
        out.append(math.erfc(x))
        out.append(math.cbrt(x))
        out.append(math.exp2(x))
        if x > -1.0:
            out.append(math.log1p(x))
    return out


def sweep(n: int) -> List[float]:
    out: List[float] = []
    for i in range(n):
        x = (i - n / 2) * 0.137
        out.append(math.log1p(abs(x)) + math.expm1(x / 8) + math.erf(x) + math.erfc(x) + math.cbrt(x) + math.exp2(x / 4))
    return out


# run: corpus([0.0, -0.0, 1e-300, -1e-300, 5e-324, 1e-10, 0.5, -0.5, 1.0, 2.5, -3.75, 10.0, 27.0, -8.0, 700.0, -700.0, 1023.5, -1074.0, 1e300, math.inf, -math.inf, math.nan])
# run: sweep(400)
