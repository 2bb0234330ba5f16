"""None in an index inserts an axis: x[:, None], x[None], x[None, :, None], x[i, None]."""
import numpy as np


def cols(x: np.ndarray):
    return x[:, None], x[None, :], x[None], x[:, None, None]


def pairwise_diff(x: np.ndarray) -> np.ndarray:
    return x[:, None] - x[None, :]


def pairwise_dist2(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    d = a[:, None, :] - b[None, :, :]
    return (d * d).sum(axis=-1)


def mixed(x: np.ndarray):
    return x[1, None], x[None, 1:, ::2], x[:, None, 0]


# run: cols(np.arange(3.0))
# run: cols(np.arange(3, dtype=np.int32))
# run: pairwise_diff(np.array([0.0, 1.0, 4.0, 9.0]))
# run: pairwise_dist2(np.arange(6.0).reshape(3, 2), np.arange(4.0).reshape(2, 2))
# run: pairwise_dist2(np.arange(6, dtype=np.float32).reshape(3, 2), np.ones((4, 2), np.float32))
# run: mixed(np.arange(12.0).reshape(3, 4))
