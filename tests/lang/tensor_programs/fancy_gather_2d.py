"""Two-dimensional gathers: x[rows][:, cols] (an outer product of indices done in two steps),
x[rows, cols] with broadcast (k, 1) and (m,) index arrays, a diagonal by x[i, i]."""
import numpy as np


def block(x: np.ndarray, rows: np.ndarray, cols: np.ndarray):
    return x[rows][:, cols]


def block_broadcast(x: np.ndarray, rows: np.ndarray, cols: np.ndarray):
    return x[rows[:, None], cols]


def diagonal(x: np.ndarray):
    i = np.arange(min(x.shape[0], x.shape[1]))
    return x[i, i]


def anti_diagonal(x: np.ndarray):
    n = x.shape[0]
    i = np.arange(n)
    return x[i, n - 1 - i]


# run: block(np.arange(16.0).reshape(4, 4), np.array([3, 1]), np.array([0, 0, 2]))
# run: block_broadcast(np.arange(16.0).reshape(4, 4), np.array([3, 1]), np.array([0, 0, 2]))
# run: block_broadcast(np.arange(16).reshape(4, 4), np.array([3, 4]), np.array([0]))
# run: diagonal(np.arange(12.0).reshape(3, 4))
# run: anti_diagonal(np.arange(9.0).reshape(3, 3))
