"""max and min on every axis form; dtypes are kept (int32 max is int32)."""
import numpy as np


def extremes(x: np.ndarray):
    return x.max(), x.min(), x.max(axis=0), x.min(axis=-1), x.max(axis=None)


def extremes_keep(x: np.ndarray):
    return x.max(axis=1, keepdims=True), np.min(x, axis=0, keepdims=True), np.max(x, keepdims=True)


def extremes_3d(x: np.ndarray):
    return x.max(axis=(0, 1)), x.min(axis=(-1, 0)), np.max(x, axis=-2), np.min(x, axis=(0, 1, 2))


def peak_to_peak(x: np.ndarray):
    return x.max(axis=0) - x.min(axis=0)


# run: extremes(np.sin(np.arange(12.0)).reshape(3, 4))
# run: extremes(np.sin(np.arange(12.0)).reshape(3, 4).astype(np.float32))
# run: extremes(np.array([[3, -7, 2], [5, 0, -1]], dtype=np.int32))
# run: extremes(np.array([[3, -7, 2], [5, 0, -1]]))
# run: extremes(np.array([[True, False], [False, False]]))
# run: extremes_keep(np.cos(np.arange(6.0)).reshape(2, 3))
# run: extremes_3d(np.sin(np.arange(24.0)).reshape(2, 3, 4))
# run: extremes_3d(np.arange(24, dtype=np.int32).reshape(2, 3, 4) % 7)
# run: peak_to_peak(np.arange(12.0).reshape(4, 3) ** 2)
