"""abs of numpy scalars keeps their type (np.float64, np.int64, np.float32)."""
import numpy as np


def absolutes(n: int):
    f = np.linspace(-2.0, 2.0, n)
    i = np.arange(n) - n
    s = np.ones(n, dtype=np.float32) * np.float32(-1.5)
    return abs(f[0]), abs(i[0]), abs(s[0]), abs(f[n - 1] - 3.0)


# run: absolutes(5)
