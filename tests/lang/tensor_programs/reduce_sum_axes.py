"""sum on every axis form: none, int, negative, tuple, None, keepdims; method and np.sum."""
import numpy as np


def sums(x: np.ndarray):
    return x.sum(), x.sum(axis=0), x.sum(axis=-1), x.sum(axis=None)


def sums_keep(x: np.ndarray):
    return x.sum(axis=0, keepdims=True), x.sum(axis=-1, keepdims=True), x.sum(keepdims=True)


def sums_3d(x: np.ndarray):
    return x.sum(axis=1), x.sum(axis=(0, 2)), x.sum(axis=(-1, -2)), np.sum(x, axis=(0, 1, 2))


def np_sums(x: np.ndarray):
    return np.sum(x), np.sum(x, axis=1), np.sum(x, axis=-2, keepdims=True), np.sum(x, axis=None, keepdims=True)


# run: sums(np.arange(12.0).reshape(3, 4))
# run: sums(np.arange(12, dtype=np.float32).reshape(3, 4))
# run: sums(np.arange(12, dtype=np.int32).reshape(3, 4))
# run: sums(np.arange(12).reshape(3, 4))
# run: sums(np.arange(5.0))
# run: sums_keep(np.arange(6.0).reshape(2, 3))
# run: sums_keep(np.arange(6, dtype=np.int32).reshape(2, 3))
# run: sums_3d(np.arange(24.0).reshape(2, 3, 4))
# run: sums_3d(np.arange(24, dtype=np.int32).reshape(2, 3, 4))
# run: np_sums(np.arange(12, dtype=np.float32).reshape(3, 4))
# run: np_sums(np.arange(12.0).reshape(3, 4).T)
