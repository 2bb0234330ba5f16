"""Results that are numpy scalars (a full reduction) and sizes (ints), in a tuple."""
import numpy as np

rng = np.random.default_rng(17)


def f(x):
    return x.sum(), x.mean(), x.shape[0] * x.shape[1], len(x) - 1


TRACE = f
INPUTS = [(rng.standard_normal((3, 4)),), (rng.standard_normal((8, 2)),)]
