"""Element reads x[i], x[i, j], x[i][j], x[i, j, k] with negative indices, in loops."""
import numpy as np


def trace(x: np.ndarray):
    t = x[0, 0] * 0
    for i in range(min(x.shape[0], x.shape[1])):
        t = t + x[i, i]
    return t


def anti_diagonal(x: np.ndarray) -> np.ndarray:
    n = x.shape[0]
    out = np.zeros(n, dtype=x.dtype)
    for i in range(n):
        out[i] = x[i, -1 - i]
    return out


def chained(x: np.ndarray):
    return x[1][2], x[-1][-1], x[0, -2]


def corners(x: np.ndarray):
    return x[0, 0, 0], x[-1, -1, -1], x[1, 0, -1]


def count_positive(x: np.ndarray) -> int:
    n = 0
    for i in range(x.shape[0]):
        for j in range(x.shape[1]):
            if x[i, j] > 0:
                n += 1
    return n


# run: trace(np.arange(9.0).reshape(3, 3))
# run: trace(np.arange(12, dtype=np.int32).reshape(3, 4))
# run: trace(np.arange(12, dtype=np.float32).reshape(4, 3).T)
# run: anti_diagonal(np.arange(16.0).reshape(4, 4))
# run: anti_diagonal(np.arange(9, dtype=np.int32).reshape(3, 3)[::-1])
# run: chained(np.arange(12.0).reshape(3, 4))
# run: corners(np.arange(24, dtype=np.int32).reshape(2, 3, 4))
# run: count_positive(np.sin(np.arange(30.0)).reshape(5, 6))
# run: count_positive(np.sin(np.arange(30.0)).reshape(5, 6)[::2, ::-3])
