"""reshape of non-contiguous data is a view wherever numpy makes one (its
_attempt_nocopy_reshape: merged axes must be contiguous with each other), so a write through
it is seen in the base; where numpy copies, so does pts (native code copied every
non-contiguous array: the writes were lost; found by differential fuzzing)."""
import numpy as np


def write_flat_columns(x: np.ndarray) -> np.ndarray:
    y = x[:, ::2].reshape(-1)        # (n, m) rows of every other column: stride 2, a view
    y[0] = -1.0
    return x


def write_flat_column(x: np.ndarray) -> np.ndarray:
    y = x[:, :1].reshape(-1)         # a column: a view with the rows' stride
    y[1] = -2.0
    return x


def write_rows_split(x: np.ndarray) -> np.ndarray:
    y = x[::2].reshape(x.shape[0] // 2, 2, -1)   # every other row, each row split: a view
    y[0, 1, 0] = -3.0
    return x


def write_copied(x: np.ndarray) -> np.ndarray:
    y = x[::2].reshape(-1)           # every other row, flattened: numpy copies
    y[0] = -4.0
    return x


def write_flat_strided(x: np.ndarray) -> np.ndarray:
    y = x[::3].reshape(-1)           # one axis: always a view
    y[1] = -5.0
    return x


def write_3d(x: np.ndarray) -> np.ndarray:
    y = x[:, 1:2, :].reshape(x.shape[0], -1)
    y[-1, -1] = -6.0
    return x


def views_read(x: np.ndarray):
    return x[:, ::2].reshape(-1), x.T.reshape(-1), x[::-1].reshape(2, -1), x[:, :1].reshape(1, -1, 1)


# run: write_flat_columns(np.arange(24.0).reshape(4, 6))
# run: write_flat_column(np.arange(12.0).reshape(4, 3))
# run: write_rows_split(np.arange(24.0).reshape(4, 6))
# run: write_copied(np.arange(24.0).reshape(4, 6))
# run: write_flat_strided(np.arange(10.0))
# run: write_3d(np.arange(24.0).reshape(2, 3, 4))
# run: views_read(np.arange(24.0).reshape(4, 6))
