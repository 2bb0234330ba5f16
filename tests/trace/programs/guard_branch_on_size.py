"""A Python branch on a size: each side is its own trace, chosen by the guard."""
import numpy as np

rng = np.random.default_rng(19)


def f(x):
    if x.shape[0] > 4:
        return x[:4].sum(axis=0)
    return x.sum(axis=0) * 10.0


TRACE = f
INPUTS = [(rng.standard_normal((8, 3)),), (rng.standard_normal((2, 3)),),
          (rng.standard_normal((5, 3)),), (rng.standard_normal((4, 3)),)]
TRACES = 2
