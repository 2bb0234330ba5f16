"""Cross entropy with the label's log-probability gathered by integer arrays:
logp[np.arange(n), y] (numpy's advanced indexing, the result as long as the batch)."""
import numpy as np

rng = np.random.default_rng(206)


def cross_entropy(logits, y):
    n = logits.shape[0]
    z = logits - logits.max(axis=1, keepdims=True)
    logp = z - np.log(np.exp(z).sum(axis=1, keepdims=True))
    picked = logp[np.arange(n), y]
    return -picked.mean(), picked


TRACE = cross_entropy
INPUTS = [(rng.standard_normal((6, 4)).astype(np.float32), rng.integers(0, 4, 6)),
          (rng.standard_normal((1, 4)).astype(np.float32), np.array([3])),
          (rng.standard_normal((11, 4)).astype(np.float32), rng.integers(0, 4, 11))]
