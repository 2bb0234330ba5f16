"""Reductions over each single axis of a 4-D array, positive and negative, keepdims."""
import numpy as np


def each_axis(x: np.ndarray):
    return x.sum(axis=0), x.sum(axis=1), x.sum(axis=2), x.sum(axis=3)


def each_negative(x: np.ndarray):
    return x.max(axis=-1), x.max(axis=-2), x.max(axis=-3), x.max(axis=-4)


def keep(x: np.ndarray):
    return x.mean(axis=2, keepdims=True), x.argmin(axis=1, keepdims=True), x.var(axis=-1, keepdims=True)


# run: each_axis(np.arange(120.0).reshape(2, 3, 4, 5))
# run: each_axis(np.arange(120, dtype=np.int32).reshape(5, 4, 3, 2))
# run: each_negative(np.sin(np.arange(120.0)).reshape(2, 3, 4, 5))
# run: keep(np.cos(np.arange(120.0)).reshape(2, 3, 4, 5))
# run: keep(np.cos(np.arange(120.0)).reshape(2, 3, 4, 5).astype(np.float32))
