# A numpy function pts does not compile.
# error: 7: np.cumsum is not supported by pts
import numpy as np


def f(x):
    return np.cumsum(x * 2)


TRACE = f
INPUTS = (np.ones(3),)
