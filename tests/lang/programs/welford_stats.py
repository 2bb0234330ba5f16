"""Running mean and variance (Welford) versus the two-pass formula."""
import math
from typing import List, Tuple


def welford(xs: List[float]) -> Tuple[float, float]:
    n = 0
    mean = 0.0
    m2 = 0.0
    for x in xs:
        n += 1
        d = x - mean
        mean += d / n
        m2 += d * (x - mean)
    return mean, m2 / (n - 1)


def two_pass(xs: List[float]) -> Tuple[float, float]:
    s = 0.0
    for x in xs:
        s += x
    mean = s / len(xs)
    ss = 0.0
    for x in xs:
        ss += (x - mean) ** 2
    return mean, ss / (len(xs) - 1)


def generated(n: int) -> float:
    xs = [math.sin(i * 0.7) * 10.0 + 1e6 for i in range(n)]
    m1, v1 = welford(xs)
    m2, v2 = two_pass(xs)
    return math.fabs(v1 - v2) + math.fabs(m1 - m2)


# run: welford([1.0, 2.0, 3.0, 4.0])
# run: two_pass([1.0, 2.0, 3.0, 4.0])
# run: welford([5.0])
# run: generated(300)
