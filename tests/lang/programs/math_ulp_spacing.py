"""ulp and nextafter: the spacing of floats, counted steps between neighbours."""
import math
from typing import List


def spacing(xs: List[float]) -> List[float]:
    return [math.ulp(x) / x if x != 0.0 else math.ulp(x) for x in xs]


def steps(x: float, n: int) -> List[float]:
    out: List[float] = []
    y = x
    for _ in range(n):
        y = math.nextafter(y, math.inf)
        out.append(y - x)
    return out


def toward_zero(x: float) -> int:
    count = 0
    while x != 0.0 and count < 3000:
        x = math.nextafter(x, 0.0)
        count += 1
    return count


# run: spacing([1.0, 2.0, 1e-300, 1e300, 3.0, 0.0, 5e-324])
# run: steps(1.0, 5)
# run: steps(-0.0, 3)
# run: toward_zero(1e-320)
