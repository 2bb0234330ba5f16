"""Scaled dot-product self-attention written in numpy: projections, scores scaled by
1 / math.sqrt of the width read from the input's shape (a Python float: the width is
assumed, as the weights fix it anyway; the scores stay float32), a stable softmax over
keys.  Both the batch and the sequence length change between calls."""
import math

import numpy as np

rng = np.random.default_rng(102)


def softmax(z, axis=-1):
    z = z - z.max(axis=axis, keepdims=True)
    e = np.exp(z)
    return e / e.sum(axis=axis, keepdims=True)


class SelfAttention:
    def __init__(self, d):
        self.wq, self.wk, self.wv = (
            (rng.standard_normal((d, d)) / np.sqrt(d)).astype(np.float32) for _ in range(3))

    def __call__(self, x):
        q, k, v = x @ self.wq, x @ self.wk, x @ self.wv
        d = x.shape[-1]
        scores = q @ k.transpose(0, 2, 1) / math.sqrt(d)
        return softmax(scores) @ v


TRACE = SelfAttention(16)
INPUTS = [(rng.standard_normal((2, 5, 16)).astype(np.float32),),
          (rng.standard_normal((1, 9, 16)).astype(np.float32),),
          (rng.standard_normal((4, 1, 16)).astype(np.float32),)]
