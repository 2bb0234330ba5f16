"""numpy ints as range bounds, list indices' sources and math arguments."""
import math

import numpy as np


def triangle(n: int) -> int:
    a = np.arange(n)
    total = 0
    for i in range(a[n - 1]):
        for j in range(a[1], i):
            total += j
    return total


def steps(n: int) -> int:
    a = np.arange(n) * 2 + 1
    count = 0
    for i in range(a[0], a[n - 1], a[1]):
        count += math.gcd(i, a[2]) + math.factorial(a[1])
    return count


# run: triangle(8)
# run: steps(6)
