"""Attention pooling with a learned query and an optional temperature passed as a keyword
through a wrapper; the pooled vector and the attention weights come back in a dict."""
import numpy as np

rng = np.random.default_rng(138)


class AttentionPool:
    def __init__(self, d):
        self.query = rng.standard_normal(d)
        self.value = rng.standard_normal((d, d)) / np.sqrt(d)

    def __call__(self, x, temperature=1.0):
        s = x @ self.query / temperature                  # (B, T)
        s = np.exp(s - s.max(axis=1, keepdims=True))
        a = s / s.sum(axis=1, keepdims=True)
        pooled = (a[:, :, None] * (x @ self.value)).sum(axis=1)
        return {"pooled": pooled, "weights": a}


pool = AttentionPool(5)


def TRACE(x):
    return pool(x, temperature=2.0)


INPUTS = [(rng.standard_normal((3, 4, 5)),), (rng.standard_normal((1, 1, 5)),),
          (rng.standard_normal((2, 15, 5)),)]
