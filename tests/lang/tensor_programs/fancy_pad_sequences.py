"""Padding sequences to a batch: np.pad of each row to a common length, a length mask by
comparison with np.arange, masked means."""
import numpy as np


def pad_to(x: np.ndarray, n: int):
    return np.pad(x, (0, n - x.shape[0]), constant_values=-1)


def length_mask(lengths: np.ndarray, n: int):
    return np.arange(n)[None, :] < lengths[:, None]


def masked_mean(x: np.ndarray, lengths: np.ndarray):
    m = length_mask(lengths, x.shape[1])
    return x[m].sum() / m.sum()


# run: pad_to(np.array([1, 2, 3]), 5)
# run: pad_to(np.array([1.5, 2.5]), 2)
# run: pad_to(np.array([1.5, 2.5]), 1)
# run: length_mask(np.array([1, 3, 0]), 3)
# run: masked_mean(np.arange(12.0).reshape(3, 4), np.array([1, 4, 2]))
