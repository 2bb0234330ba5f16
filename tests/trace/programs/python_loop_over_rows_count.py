"""A Python loop whose count is a size: unrolled for that size, so another size traces
again (the guard says which)."""
import numpy as np

rng = np.random.default_rng(20)


def f(x):
    acc = x[0]
    for i in range(1, x.shape[0]):
        acc = np.maximum(acc, x[i])
    return acc


TRACE = f
INPUTS = [(rng.standard_normal((3, 4)),), (rng.standard_normal((3, 4)),),
          (rng.standard_normal((5, 4)),)]
TRACES = 2
