"""erf/erfc tails, cbrt of negatives and exact cubes, exp2 at integers and overflow edge."""
import math
from typing import List


def tails(n: int) -> List[float]:
    return [math.erfc(0.5 * i) for i in range(n)] + [math.erf(-0.25 * i) for i in range(n)]


def cubes(n: int) -> List[float]:
    return [math.cbrt(float(i * i * i)) for i in range(-n, n)] + [math.cbrt(-2.0), math.cbrt(1e-310)]


def powers(n: int) -> List[float]:
    return [math.exp2(i) for i in range(-1080, 1030, n)] + [math.exp2(0.5), math.exp2(-0.5)]


# run: tails(60)
# run: cubes(12)
# run: powers(37)
