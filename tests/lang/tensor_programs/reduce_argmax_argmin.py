"""argmax / argmin: over the flattened array, over an axis (also negative), keepdims; ties go
to the first index; nan counts as the maximum and the minimum."""
import numpy as np


def args(x: np.ndarray):
    return x.argmax(), x.argmin(), np.argmax(x), np.argmin(x)


def args_axis(x: np.ndarray):
    return x.argmax(axis=0), x.argmin(axis=1), np.argmax(x, axis=-1), np.argmin(x, axis=-2)


def args_keep(x: np.ndarray):
    return x.argmax(axis=1, keepdims=True), np.argmin(x, axis=0, keepdims=True)


def args_3d(x: np.ndarray):
    return x.argmax(axis=1), x.argmin(axis=-1), x.argmax()


# run: args(np.array([3.0, 1.0, 4.0, 1.0, 5.0, 9.0, 2.0, 6.0]))
# run: args(np.array([2, 2, 1, 1], dtype=np.int32))
# run: args(np.array([1.0, np.nan, 3.0, np.nan]))
# run: args(np.array([False, True, True]))
# run: args(np.sin(np.arange(12.0)).reshape(3, 4))
# run: args_axis(np.sin(np.arange(12.0)).reshape(3, 4))
# run: args_axis(np.array([[1, 5, 5], [7, 0, 7]], dtype=np.int32))
# run: args_keep(np.cos(np.arange(12, dtype=np.float32)).reshape(3, 4))
# run: args_3d(np.sin(np.arange(24.0)).reshape(2, 3, 4))
