"""Masks over 3-d arrays: a full mask, a mask of the first two axes keeping the last, a
2-d mask after an int (x[0][m]), writes through each, the count of what is selected."""
import numpy as np


def full(x: np.ndarray):
    return x[x % 4 == 0]


def leading(x: np.ndarray, m: np.ndarray):
    return x[m]


def after_int(x: np.ndarray, m: np.ndarray):
    return x[1, m]


def write_leading(x: np.ndarray, m: np.ndarray):
    x[m] = -1
    return x


# run: full(np.arange(24).reshape(2, 3, 4))
# run: leading(np.arange(24.0).reshape(2, 3, 4), np.array([[True, False, True], [False, True, False]]))
# run: leading(np.arange(24.0).reshape(2, 3, 4), np.array([[True, False], [False, True]]))
# run: after_int(np.arange(24.0).reshape(2, 3, 4), np.array([[True, False, True, False], [False] * 4, [True] * 4]))
# run: write_leading(np.arange(24).reshape(2, 3, 4), np.array([[True, False, True], [False, True, False]]))
