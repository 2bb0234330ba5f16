"""Permutations as int arrays: applying and inverting one (inv[p] = arange), composing,
shuffling rows with a given order, the cycle of an element followed in a loop."""
import numpy as np


def apply(x: np.ndarray, p: np.ndarray):
    return x[p]


def invert(p: np.ndarray):
    inv = np.zeros(p.shape[0], dtype=np.int64)
    inv[p] = np.arange(p.shape[0])
    return inv


def roundtrip(x: np.ndarray, p: np.ndarray):
    return x[p][invert(p)]


def compose(p: np.ndarray, q: np.ndarray):
    return p[q]


def cycle_length(p: np.ndarray, start: int):
    n = 1
    i = int(p[start])
    while i != start:
        i = int(p[i])
        n += 1
    return n


# run: apply(np.arange(5.0) * 2, np.array([4, 2, 0, 1, 3]))
# run: invert(np.array([4, 2, 0, 1, 3]))
# run: roundtrip(np.arange(10.0).reshape(5, 2), np.array([4, 2, 0, 1, 3]))
# run: compose(np.array([1, 2, 0]), np.array([2, 0, 1]))
# run: cycle_length(np.array([1, 2, 0, 4, 3]), 0)
# run: cycle_length(np.array([1, 2, 0, 4, 3]), 3)
