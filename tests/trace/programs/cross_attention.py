"""Cross attention: queries from one sequence, keys and values from another of a
different length; the two lengths and the batch change independently between calls."""
import numpy as np

rng = np.random.default_rng(117)
D = 8
WQ = rng.standard_normal((D, D)) / np.sqrt(D)
WKV = rng.standard_normal((D, 2 * D)) / np.sqrt(D)


def cross_attention(x, memory):
    q = x @ WQ
    kv = memory @ WKV
    k, v = kv[:, :, :D], kv[:, :, D:]
    s = np.matmul(q, np.swapaxes(k, 1, 2)) / np.sqrt(q.shape[-1])
    s = s - s.max(axis=-1, keepdims=True)
    w = np.exp(s)
    w = w / w.sum(axis=-1, keepdims=True)
    return w @ v


TRACE = cross_attention
INPUTS = [(rng.standard_normal((2, 3, D)), rng.standard_normal((2, 5, D))),
          (rng.standard_normal((1, 1, D)), rng.standard_normal((1, 7, D))),
          (rng.standard_normal((3, 6, D)), rng.standard_normal((3, 2, D)))]
