"""Attention scores: a batched matmul with a transpose of the last two axes, scaled by
math.sqrt of the head size read from the shape (a Python float: the trace assumes that
size, and the scores stay float32)."""
import math

import numpy as np

rng = np.random.default_rng(9)


def scores(q, k):
    d = q.shape[-1]
    s = q @ k.swapaxes(-1, -2) / math.sqrt(d)
    return s, np.transpose(s, (0, 2, 1)), s.T


TRACE = scores
INPUTS = [(rng.standard_normal((2, 4, 8)).astype(np.float32),
           rng.standard_normal((2, 5, 8)).astype(np.float32)),
          (rng.standard_normal((3, 1, 8)).astype(np.float32),
           rng.standard_normal((3, 6, 8)).astype(np.float32))]
