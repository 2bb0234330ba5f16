"""np.concatenate of lists and tuples of arrays, on axis 0, 1, -1 and None; dtypes promote."""
import numpy as np


def cat0(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    return np.concatenate([a, b])


def cat_axes(a: np.ndarray, b: np.ndarray):
    return np.concatenate((a, b), axis=0), np.concatenate([a, b], axis=1), np.concatenate([a, b, a], axis=-1)


def cat_none(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    return np.concatenate([a, b], axis=None)


def cat_3d(a: np.ndarray) -> np.ndarray:
    return np.concatenate([a, a * 2, a * 3], axis=1)


def cat_one(a: np.ndarray) -> np.ndarray:
    return np.concatenate([a])


# run: cat0(np.arange(3.0), np.arange(2.0))
# run: cat0(np.arange(3, dtype=np.int32), np.arange(2, dtype=np.int64))
# run: cat0(np.arange(3, dtype=np.float32), np.arange(2, dtype=np.float64))
# run: cat0(np.arange(3, dtype=np.int32), np.arange(2, dtype=np.float32))
# run: cat0(np.array([True]), np.array([False, True]))
# run: cat0(np.zeros(0), np.arange(2.0))
# run: cat_axes(np.arange(6.0).reshape(2, 3), np.arange(6.0, 12.0).reshape(2, 3))
# run: cat_axes(np.arange(4.0).reshape(2, 2).T, np.eye(2))
# run: cat_none(np.arange(6.0).reshape(2, 3), np.arange(4.0).reshape(2, 2))
# run: cat_3d(np.arange(12, dtype=np.float32).reshape(2, 3, 2))
# run: cat_one(np.arange(5.0)[::-1])
