"""fmod keeps the dividend's sign (unlike %): phase wrapping of a signal."""
import math
from typing import List


def phases(n: int, step: float) -> List[float]:
    out: List[float] = []
    t = -3.0 * step
    for _ in range(n):
        out.append(math.fmod(t, 2.0 * math.pi))
        out.append(t % (2.0 * math.pi))
        t += step
    return out


def signs(xs: List[float]) -> List[float]:
    return [math.fmod(x, 3.0) for x in xs] + [math.fmod(x, -3.0) for x in xs]


# run: phases(40, 0.9)
# run: signs([-7.0, -6.0, -0.0, 0.0, 6.0, 7.5, 1e300, -5e-324])
