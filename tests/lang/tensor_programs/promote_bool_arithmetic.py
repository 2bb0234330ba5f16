"""Bool arrays in arithmetic: bool + bool stays bool (logical or), bool * bool is and,
bool + python int gives int64, bool * float gives float64, bool with float32 stays float32."""
import numpy as np


def bool_bool(a: np.ndarray, b: np.ndarray):
    return a + b, a * b, a & b, a | b


def bool_scalars(a: np.ndarray):
    return a + 1, a * 2.5, a * 1, a - 0


def bool_with_arrays(a: np.ndarray, x: np.ndarray, y: np.ndarray):
    return a * x, a + y, x * (x > 1)


def count_true(a: np.ndarray):
    return a.sum(), np.sum(a, axis=0), a.mean()


# run: bool_bool(np.array([True, True, False, False]), np.array([True, False, True, False]))
# run: bool_scalars(np.array([True, False, True]))
# run: bool_with_arrays(np.array([True, False, True]), np.array([1.5, 2.5, 3.5], dtype=np.float32), np.array([1, 2, 3], dtype=np.int32))
# run: bool_with_arrays(np.array([True, False]), np.array([1.5, 2.5]), np.array([1, 2]))
# run: count_true(np.array([[True, False], [True, True], [False, False]]))
