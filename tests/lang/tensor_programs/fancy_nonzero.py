"""np.nonzero (a tuple of int64 index arrays) and np.argwhere ((k, ndim)) of 1-d and 2-d
arrays of floats, ints and bools; using them to index (x[np.nonzero(m)[0]])."""
import numpy as np


def nz(x: np.ndarray):
    return np.nonzero(x)


def where_rows(x: np.ndarray):
    return np.argwhere(x)


def positions(x: np.ndarray, v: float):
    return np.nonzero(x == v)[0]


def values_at(x: np.ndarray):
    rows, cols = np.nonzero(x > 2)
    return x[rows, cols]


# run: nz(np.array([0.0, 1.5, 0.0, -2.0]))
# run: nz(np.array([[0, 1], [2, 0], [3, 4]]))
# run: nz(np.zeros((2, 2), dtype=np.bool_))
# run: where_rows(np.array([0, 3, 0, 1]))
# run: where_rows(np.arange(6.0).reshape(2, 3) % 2)
# run: positions(np.array([1.0, 2.0, 1.0]), 1.0)
# run: values_at(np.arange(6.0).reshape(2, 3))
