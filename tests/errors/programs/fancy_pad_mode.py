# Refused: np.pad modes other than 'constant'.
# call: f(np.arange(3.0))
# error: 8: np.pad: only mode='constant' is supported, not 'reflect'
import numpy as np


def f(x: np.ndarray):
    return np.pad(x, 1, mode="reflect")
