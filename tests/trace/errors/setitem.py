# Writing into a traced array.
# error: 8: writing into a traced array
import numpy as np


def f(x):
    y = x * 2
    y[0] = 1.0
    return y


TRACE = f
INPUTS = (np.ones(3),)
