# Refused: np.tril of a 1-d array (numpy broadcasts it to a square matrix).
# call: f(np.arange(3.0))
# error: 8: np.tril of an array of dimension 1 is not supported
import numpy as np


def f(x: np.ndarray):
    return np.tril(x)
