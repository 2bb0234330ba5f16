# Refused: a boolean mask combined with an int array in one index (numpy would broadcast the
# mask's nonzero() with the array).
# call: f(np.arange(6.0).reshape(2, 3), np.array([True, False]), np.array([0, 2]))
# error: 9: a boolean mask combined with another array index is not supported
import numpy as np


def f(x: np.ndarray, m: np.ndarray, idx: np.ndarray):
    return x[m, idx]
