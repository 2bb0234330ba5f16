"""A Gaussian (RBF) kernel matrix between two point sets of different sizes, the squared
distances expanded as |a|^2 + |b|^2 - 2 a.b, clipped at zero; then a kernel regression
prediction normalized by the row sums."""
import numpy as np

rng = np.random.default_rng(126)


def rbf_predict(a, b, yb, gamma=0.5):
    aa = (a * a).sum(axis=1)[:, None]
    bb = (b * b).sum(axis=1)[None, :]
    d2 = np.maximum(aa + bb - 2.0 * a @ b.T, 0.0)
    k = np.exp(-gamma * d2)
    return k @ yb / k.sum(axis=1, keepdims=True)


TRACE = rbf_predict
INPUTS = [(rng.standard_normal((4, 3)), rng.standard_normal((6, 3)), rng.standard_normal(6)),
          (rng.standard_normal((1, 3)), rng.standard_normal((2, 3)), rng.standard_normal(2)),
          (rng.standard_normal((9, 3)), rng.standard_normal((30, 3)), rng.standard_normal(30))]
