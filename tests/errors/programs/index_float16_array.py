# Refused: a float16 array as an index (numpy's IndexError: arrays used as indices must be
# of integer (or boolean) type), found when compiling.
# call: f(np.arange(3, dtype=np.uint8), np.array([0.0, 1.0], dtype=np.float16))
# error: 9: arrays used as indices must be of integer (or boolean) type, not float16
import numpy as np


def f(x: np.ndarray, idx: np.ndarray):
    return x[idx]
