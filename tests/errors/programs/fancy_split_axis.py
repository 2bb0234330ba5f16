# Refused: np.split along an axis the array does not have.
# call: f(np.arange(4.0))
# error: 8: axis 1 is out of bounds for array of dimension 1
import numpy as np


def f(x: np.ndarray):
    return np.split(x, 2, axis=1)
