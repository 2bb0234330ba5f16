"""squeeze with a given axis, a negative axis, a tuple of axes; squeezing an axis whose size is
not 1 raises.  (squeeze() without an axis is not in the language: the result rank would
depend on the sizes, which are dynamic.)"""
import numpy as np


def squeeze_all(x: np.ndarray):
    return x.squeeze(axis=(0, 2)), np.squeeze(x, axis=(0, -1))


def squeeze_axis(x: np.ndarray):
    return x.squeeze(axis=0), x.squeeze(-1), np.squeeze(x, axis=(0, 2))


def squeeze_bad(x: np.ndarray):
    return x.squeeze(axis=1)


def column_to_vector(x: np.ndarray) -> np.ndarray:
    return (x @ np.ones((x.shape[1], 1))).squeeze(1)


# run: squeeze_all(np.arange(3.0).reshape(1, 3, 1))
# run: squeeze_all(np.array([[[5]]], dtype=np.int32))
# run: squeeze_all(np.arange(6.0).reshape(1, 6, 1))
# run: squeeze_all(np.arange(6.0).reshape(2, 3, 1))
# run: squeeze_axis(np.arange(4.0).reshape(1, 4, 1))
# run: squeeze_bad(np.arange(4.0).reshape(1, 4, 1))
# run: column_to_vector(np.arange(6.0).reshape(2, 3))
