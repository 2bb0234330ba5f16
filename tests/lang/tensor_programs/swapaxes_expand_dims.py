"""np.swapaxes (also negative axes) and np.expand_dims (positive and negative positions)."""
import numpy as np


def swaps(x: np.ndarray):
    return np.swapaxes(x, 0, 1), np.swapaxes(x, -1, -2), np.swapaxes(x, 0, -1)


def expands(x: np.ndarray):
    return np.expand_dims(x, 0), np.expand_dims(x, 1), np.expand_dims(x, -1), np.expand_dims(x, -2)


def expand_and_add(row: np.ndarray, col: np.ndarray) -> np.ndarray:
    return np.expand_dims(row, 0) + np.expand_dims(col, 1)


def attention_shape(x: np.ndarray) -> np.ndarray:
    return np.swapaxes(x.reshape(2, 3, 2, 2), 1, 2)


# run: swaps(np.arange(24.0).reshape(2, 3, 4))
# run: swaps(np.arange(6, dtype=np.int32).reshape(2, 3, 1))
# run: expands(np.arange(3.0))
# run: expands(np.arange(6, dtype=np.float32).reshape(2, 3))
# run: expand_and_add(np.arange(4.0), np.arange(3.0) * 10)
# run: attention_shape(np.arange(24.0).reshape(2, 12))
