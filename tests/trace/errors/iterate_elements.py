# Iterating over a traced array's elements.
# error: 8: iterating over a traced array's elements
import numpy as np


def f(x):
    total = 0.0
    for v in x:
        total = total + v
    return total


TRACE = f
INPUTS = (np.ones(3),)
