"""Assignment through slices and indices into fresh arrays: scalars, rows, columns, blocks;
assigned floats are cast to the target dtype (truncated into ints)."""
import numpy as np


def set_row_col(n: int, m: int) -> np.ndarray:
    y = np.zeros((n, m))
    y[0, :] = -1.0
    y[:, 0] = 2.0
    y[-1] = 3.0
    y[1:3, 1:3] = 5.0
    return y


def set_range(x: np.ndarray) -> np.ndarray:
    y = x.copy()
    y[1:3] = 0
    y[-1] = 99
    return y


def cast_on_store(x: np.ndarray) -> np.ndarray:
    y = np.zeros(x.shape[0], dtype=np.int32)
    y[:] = x
    y[0] = 7.9
    return y


def bool_store(n: int) -> np.ndarray:
    y = np.zeros(n, dtype=np.bool_)
    y[1] = True
    y[2:] = 3
    return y


def copy_block(x: np.ndarray) -> np.ndarray:
    y = np.zeros((4, 4), dtype=x.dtype)
    y[1:3, 1:3] = x
    y[0, ::3] = x[0]
    return y


def scatter_3d(x: np.ndarray) -> np.ndarray:
    y = np.zeros((2, 3, 4))
    y[0] = x
    y[1, :, 1:3] = x[:, :2] * 10
    y[:, -1, -1] = -1.0
    return y


# run: set_row_col(4, 5)
# run: set_range(np.arange(5.0))
# run: set_range(np.arange(5, dtype=np.int32))
# run: cast_on_store(np.array([1.5, -1.5, 2.9, -2.9]))
# run: bool_store(4)
# run: copy_block(np.arange(4.0).reshape(2, 2))
# run: copy_block(np.arange(4, dtype=np.int32).reshape(2, 2))
# run: scatter_3d(np.arange(12.0).reshape(3, 4))
