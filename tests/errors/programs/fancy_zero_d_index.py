# Refused: a 0-d array as an index (numpy reads it as an int).
# call: f(np.arange(3.0), np.array(1))
# error: 8: a 0-d array index is not supported
import numpy as np


def f(x: np.ndarray, i: np.ndarray):
    return x[i]
