"""numpy scalars where CPython takes numbers: math.sqrt(a[i]), max(err, abs(a[i] - b[i])),
int(a[i]), float(a[i]), range(a[i]) (issue 30's failing programs)."""
import math

import numpy as np


def max_error(n: int) -> float:
    a = np.linspace(0.0, 1.0, n)
    b = np.sqrt(a) * np.sqrt(a)
    err = 0.0
    for i in range(n):
        err = max(err, abs(a[i] - b[i]))
    return float(err)


def norms(n: int) -> float:
    a = np.arange(n, dtype=np.float64) + 0.5
    s = 0.0
    for i in range(n):
        s += math.sqrt(a[i]) + math.log(a[i]) + math.exp(-a[i]) + math.floor(a[i]) + math.hypot(a[i], 2.0)
    return float(s)


def conversions(n: int):
    a = np.arange(n) * 3
    f = np.arange(n, dtype=np.float32) * 0.25
    total = 0
    for i in range(a[2]):
        total += i
    return int(a[1]), float(a[2]), int(f[3]), float(f[3]), total, math.gcd(a[2], 4), math.isqrt(a[3])


def predicates(n: int):
    a = np.zeros(4)
    a[1] = np.inf
    a[2] = np.nan
    a[3] = -0.0
    return [math.isnan(a[i]) for i in range(4)] + [math.isinf(a[i]) for i in range(4)] + [math.isfinite(a[n])]


# run: max_error(100)
# run: norms(50)
# run: conversions(6)
# run: predicates(3)
