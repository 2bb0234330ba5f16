# Refused: round() of a float32 with ndigits (numpy rounds it in float32).
# call: f(3)
# error: 9: round() of a float32 with ndigits is not supported
import numpy as np


def f(n):
    a = np.ones(n, dtype=np.float32)
    return round(a[0], 2)
