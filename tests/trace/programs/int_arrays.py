"""Integer arrays: arithmetic, comparisons to bool arrays, sums of bools, bit operations."""
import numpy as np

rng = np.random.default_rng(21)


def f(a, b):
    return a * b - a, (a > b).sum(axis=0), a & 7, a | b, a ^ b, np.abs(a - b) // 2


TRACE = f
INPUTS = [(rng.integers(-50, 50, (3, 4)), rng.integers(-50, 50, (3, 4))),
          (rng.integers(-50, 50, (6, 1)), rng.integers(-50, 50, (6, 1)))]
