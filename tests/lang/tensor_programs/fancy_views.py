"""Advanced indexing on views and writes through views: masks and int arrays on transposed,
reversed and strided arrays; a write into a view of an argument reaches the argument."""
import numpy as np


def mask_of_transpose(x: np.ndarray):
    t = x.T
    return t[t > 2]


def gather_reversed(x: np.ndarray, idx: np.ndarray):
    return x[::-1][idx]


def write_strided(x: np.ndarray):
    v = x[::2]
    v[v > 2] = -1
    return x


def write_rows_of_view(x: np.ndarray, idx: np.ndarray):
    x[1:][idx] = 0.0
    return x


def write_col(x: np.ndarray, idx: np.ndarray):
    x[:, 1][idx] = 9.0


# run: mask_of_transpose(np.arange(6.0).reshape(2, 3))
# run: gather_reversed(np.arange(5.0), np.array([0, -1, 1]))
# run: write_strided(np.arange(8.0))
# run: write_rows_of_view(np.arange(8.0).reshape(4, 2), np.array([0, 2]))
# run: write_col(np.arange(8.0).reshape(4, 2), np.array([3, 3, 0]))
