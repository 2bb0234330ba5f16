# Refused: arrays of complex numbers (numpy's complex dtypes are not pts dtypes).
# call: f(3)
# error: 8: arrays of complex numbers are not supported
import numpy as np


def f(n):
    return np.zeros(n) * 1j
