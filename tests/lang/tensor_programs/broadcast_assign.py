"""Subscript assignment broadcasts the right-hand side into the selected region."""
import numpy as np


def fill_rows(n: int, row: np.ndarray) -> np.ndarray:
    out = np.zeros((n, row.shape[0]))
    out[:] = row
    return out


def fill_cols(x: np.ndarray, col: np.ndarray) -> np.ndarray:
    y = x.copy()
    y[:, 1:3] = col[:, None]
    return y


def bad_fill(x: np.ndarray, v: np.ndarray) -> np.ndarray:
    y = x.copy()
    y[0] = v
    return y


def fill_block(x: np.ndarray) -> np.ndarray:
    y = x.copy()
    y[1:, 1:] = np.arange(1.0, 3.0).reshape(2, 1)
    return y


# run: fill_rows(3, np.array([1.0, 2.0]))
# run: fill_rows(2, np.array([1, 2, 3], dtype=np.int32))
# run: fill_cols(np.zeros((3, 4)), np.array([7.0, 8.0, 9.0]))
# run: bad_fill(np.zeros((2, 3)), np.array([1.0, 2.0]))
# run: bad_fill(np.zeros((2, 3)), np.array([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]))
# run: bad_fill(np.zeros((2, 3)), np.array([[1.0, 2.0, 3.0]]))
# run: fill_block(np.zeros((3, 3)))
