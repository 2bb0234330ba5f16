"""What comes back from builtins given numpy scalars: numpy scalars where CPython gives them
(abs, min/max with a numpy operand, divmod, round with ndigits: numpy's own rounding)."""
import numpy as np


def kinds(n: int):
    a = np.arange(n, dtype=np.float64) * 1.25 - 2.0
    b = np.arange(n) - 2
    return (abs(a[0]), abs(b[0]), max(a[1], a[3]), min(b[1], b[4]), divmod(a[4], 0.75),
            divmod(b[4], 3), round(a[3]), round(b[0]), round(a[3] * 1.07, 1))


def numpy_round(n: int):
    a = np.zeros(6)
    a[0] = 2.675
    a[1] = 0.285
    a[2] = 1.005
    a[3] = 0.125
    a[4] = -2.5
    a[5] = 1234.5678
    return (round(a[0], 2), round(a[1], 2), round(a[2], 2), round(a[3], 2), round(a[4], 2),
            round(a[n - 1], 2), round(a[5], -2), round(a[5], 0))


def numpy_divmod_zero(n: int):
    a = np.arange(n, dtype=np.float64)
    return divmod(a[n - 1], a[0])


# run: kinds(6)
# run: numpy_round(6)
