# An array method pts does not compile (x.cumsum()): a TraceError naming it.
# error: 8: the array method .cumsum() is not supported by pts
import numpy as np


def running_total(x):
    y = x * 0.5
    return y.cumsum(axis=0)


TRACE = running_total
INPUTS = (np.ones((3, 2)),)
