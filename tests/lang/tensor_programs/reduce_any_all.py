"""any / all on bool and numeric arrays (nonzero is true), with every axis form."""
import numpy as np


def flags(x: np.ndarray):
    return x.any(), x.all(), np.any(x), np.all(x)


def flags_axis(x: np.ndarray):
    return x.any(axis=0), x.all(axis=-1), np.any(x, axis=(0, 1)), x.all(axis=1, keepdims=True)


def positive_rows(x: np.ndarray) -> np.ndarray:
    return (x > 0).all(axis=1)


def has_nan(x: np.ndarray):
    return (x != x).any()


# run: flags(np.array([False, False, True]))
# run: flags(np.array([[True, True], [True, True]]))
# run: flags(np.array([0.0, -0.0]))
# run: flags(np.array([0, 3, 0], dtype=np.int32))
# run: flags(np.array([np.nan, 1.0]))
# run: flags_axis(np.array([[True, False, True], [False, False, True]]))
# run: flags_axis(np.arange(6).reshape(2, 3) % 2)
# run: positive_rows(np.array([[1.0, 2.0], [-1.0, 3.0], [0.5, 0.25]]))
# run: has_nan(np.array([1.0, 2.0]))
# run: has_nan(np.array([1.0, np.nan], dtype=np.float32))
