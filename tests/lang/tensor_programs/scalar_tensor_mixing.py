"""numpy scalars mixed with python scalars and arrays: np.float32 stays float32 with python
floats, np.float32 element times a float64 array gives float64, an int element indexes."""
import numpy as np


def scale_by_first(x: np.ndarray) -> np.ndarray:
    return x / x[0]


def scalar_math(x: np.ndarray):
    a = x[0] * 2.0
    b = x[1] + 1
    c = x[0] * x[1]
    return a, b, c


def mean_center(x: np.ndarray) -> np.ndarray:
    m = x.mean()
    return x - m


def normalize(x: np.ndarray, y: np.ndarray) -> np.ndarray:
    return y * x.sum()


def python_float_of_sum(x: np.ndarray) -> float:
    return float(x.sum()) * 0.5


def index_with_element(x: np.ndarray, idx: np.ndarray):
    return x[idx[0]], x[idx[1], idx[2]]


# run: scale_by_first(np.array([2.0, 4.0, 6.0], dtype=np.float32))
# run: scale_by_first(np.array([2, 4, 7], dtype=np.int32))
# run: scalar_math(np.array([1.5, 2.5], dtype=np.float32))
# run: scalar_math(np.array([1.5, 2.5]))
# run: scalar_math(np.array([3, 4], dtype=np.int32))
# run: mean_center(np.arange(5, dtype=np.float32))
# run: mean_center(np.arange(5, dtype=np.int32))
# run: normalize(np.array([0.5, 0.25], dtype=np.float32), np.array([1.0, 2.0]))
# run: normalize(np.array([1, 2], dtype=np.int32), np.array([1.0, 2.0], dtype=np.float32))
# run: python_float_of_sum(np.arange(4, dtype=np.float32))
# run: index_with_element(np.arange(12.0).reshape(3, 4), np.array([2, 1, -1]))
