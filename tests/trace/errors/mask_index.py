# Boolean-mask indexing (not recorded yet).
# error: 7: fancy or boolean indexing
import numpy as np


def f(x):
    return x[x > 0]


TRACE = f
INPUTS = (np.arange(-2.0, 3.0),)
