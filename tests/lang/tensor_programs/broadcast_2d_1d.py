"""The common 2-D with 1-D cases: add a bias row, scale columns, normalize by a column."""
import numpy as np


def add_bias(x: np.ndarray, b: np.ndarray) -> np.ndarray:
    return x + b


def scale_rows(x: np.ndarray, s: np.ndarray) -> np.ndarray:
    return x * s[:, None]


def normalize_cols(x: np.ndarray) -> np.ndarray:
    return (x - x.mean(axis=0)) / (x.std(axis=0) + 1e-6)


# run: add_bias(np.arange(6.0).reshape(2, 3), np.array([10.0, 20.0, 30.0]))
# run: add_bias(np.arange(6, dtype=np.float32).reshape(2, 3), np.array([10.0, 20.0, 30.0], dtype=np.float32))
# run: add_bias(np.arange(6, dtype=np.int32).reshape(2, 3), np.array([1, 2, 3], dtype=np.int32))
# run: scale_rows(np.arange(6.0).reshape(3, 2), np.array([1.0, 0.5, -2.0]))
# run: normalize_cols(np.sin(np.arange(12.0)).reshape(4, 3))
# run: normalize_cols(np.sin(np.arange(12.0)).reshape(4, 3).astype(np.float32))  # rtol=1e-4
