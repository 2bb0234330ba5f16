"""Scalars that come out of arrays are numpy scalars (np.float32, np.int64, np.bool_, ...);
float(), int(), bool() and .item() turn them into Python scalars."""
import numpy as np


def element(x: np.ndarray, i: int):
    return x[i]


def element_2d(x: np.ndarray):
    return x[0, 1], x[-1, -1]


def converted(x: np.ndarray):
    return float(x[0]), int(x[1]), x[2].item()


def reduced(x: np.ndarray):
    return x.sum(), float(x.sum()), int(x.max()), x.min().item()


def truth(x: np.ndarray):
    return x[0] > 0, bool(x[0] > 0), (x > 0).all(), bool((x > 0).any())


def zero_d(x: np.ndarray):
    s = x.sum(axis=None, keepdims=False)
    return s, float(np.sum(x)), int(np.max(x))


# run: element(np.arange(3, dtype=np.float32), 1)
# run: element(np.arange(3, dtype=np.float64), -1)
# run: element(np.arange(3, dtype=np.int32), 2)
# run: element(np.arange(3), 0)
# run: element(np.array([True, False]), 1)
# run: element_2d(np.arange(6, dtype=np.float32).reshape(2, 3))
# run: element_2d(np.arange(6, dtype=np.int32).reshape(2, 3))
# run: converted(np.array([1.5, 2.7, -3.5], dtype=np.float32))
# run: converted(np.array([1.5, -2.7, 3.25]))
# run: converted(np.array([4, -5, 6], dtype=np.int32))
# run: converted(np.array([True, False, True]))
# run: reduced(np.arange(5, dtype=np.float32))
# run: reduced(np.arange(5, dtype=np.int32))
# run: truth(np.array([1.0, -1.0]))
# run: truth(np.array([0, 2], dtype=np.int32))
# run: zero_d(np.arange(4.0))
