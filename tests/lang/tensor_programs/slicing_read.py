"""Slices: start/stop, open ends, negative bounds, mixed with ints, on 1-D to 3-D."""
import numpy as np


def parts(x: np.ndarray):
    return x[1:4], x[:2], x[3:], x[-2:], x[:-1], x[-4:-1], x[:]


def rows_cols(x: np.ndarray):
    return x[1], x[:, 1], x[1:, :2], x[-1, 1:], x[:, -1]


def block_3d(x: np.ndarray):
    return x[0], x[:, 1], x[:, :, 2], x[1, 1:, :2], x[-1, -1]


def out_of_range_slices(x: np.ndarray):
    return x[2:100], x[-100:2], x[5:2], x[10:], x[3:3]


def window_sums(x: np.ndarray, w: int) -> np.ndarray:
    n = x.shape[0] - w + 1
    out = np.zeros(n)
    for i in range(n):
        out[i] = x[i:i + w].sum()
    return out


# run: parts(np.arange(6.0))
# run: parts(np.arange(6, dtype=np.int32))
# run: rows_cols(np.arange(12.0).reshape(3, 4))
# run: rows_cols(np.arange(12, dtype=np.float32).reshape(4, 3).T)
# run: block_3d(np.arange(24.0).reshape(2, 3, 4))
# run: out_of_range_slices(np.arange(6.0))
# run: window_sums(np.arange(10.0), 3)
# run: window_sums(np.sin(np.arange(20.0)), 5)
