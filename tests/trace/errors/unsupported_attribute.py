# An array attribute pts does not compile (.real): a TraceError naming it, not an
# AttributeError from inside the tracer.
# error: 9: the array attribute .real is not supported by pts
import numpy as np


def f(x):
    y = x * 2
    return y.real + 1


TRACE = f
INPUTS = (np.ones(3),)
