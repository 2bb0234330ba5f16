# A traced array given to code outside numpy (it asks for the values).
# error: 10: was given to code outside numpy
import statistics

import numpy as np


def f(x):
    y = x + 1
    m = statistics.fmean(y.tolist() if False else list(np.asarray(y)))
    return y * m


TRACE = f
INPUTS = (np.ones(3),)
