# A Python decision on the number of elements a boolean mask selects.
# error: 8: a Python decision on the number of elements the boolean mask at mask_count_decision.py:7 selects
import numpy as np


def f(x):
    pos = x[x > 0]
    if pos.shape[0] > 2:
        return pos * 2.0
    return pos


TRACE = f
INPUTS = (np.arange(-2.0, 4.0),)
