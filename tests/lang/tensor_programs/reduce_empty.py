"""Reductions of empty arrays: sum 0, prod 1, any False, all True, mean nan, max/argmax raise."""
import numpy as np


def neutral(x: np.ndarray):
    return x.sum(), x.prod(), x.any(), x.all()


def mean_empty(x: np.ndarray):
    return x.mean()


def max_empty(x: np.ndarray):
    return x.max()


def argmax_empty(x: np.ndarray):
    return x.argmax()


def empty_axis(x: np.ndarray):
    return x.sum(axis=0), x.max(axis=1)


# run: neutral(np.zeros(0))
# run: neutral(np.zeros((0, 3), dtype=np.int32))
# run: neutral(np.zeros((2, 0), dtype=np.float32))
# run: mean_empty(np.zeros(0))
# run: mean_empty(np.zeros(0, dtype=np.float32))
# run: max_empty(np.zeros(0))
# run: max_empty(np.zeros((3, 0), dtype=np.int32))
# run: argmax_empty(np.zeros(0))
# run: empty_axis(np.zeros((0, 3)))
# run: empty_axis(np.zeros((3, 0)))
