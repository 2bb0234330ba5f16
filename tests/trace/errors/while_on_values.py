# A data-dependent `while`.
# error: 7: the truth value of a traced array
import numpy as np


def f(x):
    while (x > 1).any():
        x = x / 2
    return x


TRACE = f
INPUTS = (np.full(3, 9.0),)
