# Refused: a float array as an index (numpy's IndexError: arrays used as indices must be of
# integer (or boolean) type), found when compiling.
# call: f(np.arange(3.0), np.array([0.0, 1.0]))
# error: 9: arrays used as indices must be of integer (or boolean) type
import numpy as np


def f(x: np.ndarray, idx: np.ndarray):
    return x[idx]
