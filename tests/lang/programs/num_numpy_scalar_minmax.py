"""min/max/abs over numpy scalars in loops (the residual loops of numeric codes)."""
import numpy as np


def residual(n: int) -> float:
    x = np.linspace(-1.0, 1.0, n)
    y = x * x * x
    worst = 0.0
    best = 1e9
    for i in range(n):
        d = abs(y[i] - x[i])
        worst = max(worst, d)
        best = min(d, best)
    return float(worst) + float(best)


def int_extremes(n: int) -> int:
    a = np.arange(n) - n // 2
    hi = -1000
    lo = 1000
    for i in range(n):
        hi = max(hi, a[i])
        lo = min(lo, abs(a[i]))
    return int(hi) * 1000 + int(lo)


# run: residual(101)
# run: int_extremes(9)
