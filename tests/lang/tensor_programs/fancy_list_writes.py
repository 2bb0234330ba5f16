"""List displays as indices on writes and augmented writes: x[[0, 2]] = v, x[:, [1, 0]] =
rows swapped, x[[1, 1]] += 1 (adds once, as numpy), x[[True, False]] = 7."""
import numpy as np


def put(x: np.ndarray):
    x[[0, 2]] = -1.0
    return x


def swap_columns(x: np.ndarray):
    x[:, [0, 1]] = x[:, [1, 0]]
    return x


def bump_twice(x: np.ndarray):
    x[[1, 1]] += 1
    return x


def mask_write(x: np.ndarray):
    x[[True, False]] = 7
    return x


# run: put(np.arange(4.0))
# run: put(np.arange(6).reshape(3, 2))
# run: put(np.arange(2.0))
# run: swap_columns(np.arange(6.0).reshape(3, 2))
# run: bump_twice(np.zeros(3))
# run: mask_write(np.arange(4.0).reshape(2, 2))
# run: mask_write(np.arange(3.0))
