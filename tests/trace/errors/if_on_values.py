# A data-dependent `if`: the truth value of a traced array.
# error: 9: the truth value of a traced array
import numpy as np


def f(x):
    y = x * 2
    s = y.sum()
    if s > 0:
        return y
    return -y


TRACE = f
INPUTS = (np.ones(3),)
