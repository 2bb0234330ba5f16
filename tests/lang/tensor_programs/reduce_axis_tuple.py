"""Reductions over tuples of axes, in any order, with negative entries, on 3-D and 4-D."""
import numpy as np


def over_pairs(x: np.ndarray):
    return x.sum(axis=(0, 1)), x.sum(axis=(2, 0)), x.max(axis=(-1, 1)), x.min(axis=(0, -1))


def over_all(x: np.ndarray):
    return x.sum(axis=(0, 1, 2)), x.mean(axis=(2, 1, 0)), x.prod(axis=(0, 1, 2), keepdims=True)


def four_d(x: np.ndarray):
    return x.sum(axis=(1, 3)), x.mean(axis=(0, 2), keepdims=True), x.max(axis=(-3, -1)), x.std(axis=(2, 3))


def bool_tuple(x: np.ndarray):
    return x.any(axis=(0, 2)), x.all(axis=(1, 2))


def empty_tuple(x: np.ndarray):
    return x.sum(axis=()), x.max(axis=())


# run: over_pairs(np.arange(24.0).reshape(2, 3, 4))
# run: over_pairs(np.arange(24, dtype=np.int32).reshape(2, 3, 4))
# run: over_all(np.linspace(0.5, 1.5, 24).reshape(2, 3, 4))
# run: over_all(np.linspace(0.5, 1.5, 24).reshape(2, 3, 4).astype(np.float32))
# run: four_d(np.sin(np.arange(120.0)).reshape(2, 3, 4, 5))
# run: four_d(np.arange(120, dtype=np.int32).reshape(2, 3, 4, 5))
# run: bool_tuple(np.arange(24).reshape(2, 3, 4) % 5 == 0)
# run: empty_tuple(np.arange(6, dtype=np.int32).reshape(2, 3))
