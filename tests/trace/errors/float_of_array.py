# float() of a traced value.
# error: 8: float() of a traced array
import numpy as np


def f(x):
    m = x.mean()
    scale = float(m)
    return x * scale


TRACE = f
INPUTS = (np.ones((2, 2)),)
