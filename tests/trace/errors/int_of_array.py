# int() of a traced value: a size taken from the data (the number of steps of a loop).
# error: 8: int() of a traced array
import numpy as np


def f(x):
    y = x * 2
    for _ in range(int(x.max())):
        y = y + 1.0
    return y


TRACE = f
INPUTS = (np.ones(3),)
