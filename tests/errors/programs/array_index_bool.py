# Refused: an array indexed by a bool (numpy reads x[True] as a mask that adds an axis,
# not as x[1]).
# call: f(np.arange(3.0), True)
# error: 9: a bool index is a mask in numpy
import numpy as np


def f(x: np.ndarray, b: bool):
    return x[b]
