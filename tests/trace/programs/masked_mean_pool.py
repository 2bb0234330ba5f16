"""Masked mean pooling over padded sequences: the mask from np.arange(T) compared with
each row's length (an int input), padding excluded from the sum and the count."""
import numpy as np

rng = np.random.default_rng(130)


def masked_mean(x, lengths):
    T = x.shape[1]
    mask = (np.arange(T)[None, :] < lengths[:, None]).astype(x.dtype)
    total = (x * mask[:, :, None]).sum(axis=1)
    return total / np.maximum(mask.sum(axis=1, keepdims=True), 1.0)


TRACE = masked_mean
INPUTS = [(rng.standard_normal((3, 5, 2)).astype(np.float32), np.array([5, 2, 0])),
          (rng.standard_normal((1, 1, 2)).astype(np.float32), np.array([1])),
          (rng.standard_normal((4, 9, 2)).astype(np.float32), np.array([9, 3, 4, 1]))]
