"""A recursive Python function over a depth known at trace time: unrolled."""
import numpy as np

rng = np.random.default_rng(14)


def tower(x, depth):
    if depth == 0:
        return x
    return tower(np.sin(x) + x * 0.5, depth - 1)


def TRACE(x):
    return tower(x, 4)


INPUTS = [(rng.standard_normal(6),), (rng.standard_normal((3, 3)).ravel(),)]
