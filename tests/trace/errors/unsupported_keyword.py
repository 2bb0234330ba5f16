# A keyword argument pts does not compile (where= of a reduction).
# error: 8: unexpected or unsupported keyword argument 'where'
import numpy as np


def f(x):
    keep = x > 0
    return np.sum(x, axis=0, where=keep)


TRACE = f
INPUTS = (np.ones((2, 3)),)
