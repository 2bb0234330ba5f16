"""A CNN-style head: a (B, C, H, W) feature map flattened with reshape(B, -1) (the batch
read from the input) and x.reshape(len(x), -1), then a linear layer and a global average
pool beside it."""
import numpy as np

rng = np.random.default_rng(137)
W = rng.standard_normal((2 * 3 * 3, 4))


def head(x):
    flat = x.reshape(x.shape[0], -1)
    also = x.reshape(len(x), -1)
    return flat @ W, also.sum(axis=1), x.mean(axis=(2, 3))


TRACE = head
INPUTS = [(rng.standard_normal((4, 2, 3, 3)),), (rng.standard_normal((1, 2, 3, 3)),),
          (rng.standard_normal((9, 2, 3, 3)),)]
