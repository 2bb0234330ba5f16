# A Python loop over the length of a mask's selection.
# error: 8: the number of elements the boolean mask at mask_count_range.py:7 selects
import numpy as np


def f(x):
    sel = x[x > 1.0]
    for _ in range(len(sel)):
        x = x * 0.5
    return x


TRACE = f
INPUTS = (np.arange(4.0),)
