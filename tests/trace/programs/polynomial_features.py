"""Polynomial features up to a degree (a Python loop over the degree, each power
concatenated as new columns) and a ridge-style prediction with fixed coefficients."""
import numpy as np

rng = np.random.default_rng(134)
DEGREE = 3
COEF = rng.standard_normal(1 + 2 * DEGREE)


def poly_predict(x):
    cols = [np.ones((x.shape[0], 1))]
    for p in range(1, DEGREE + 1):
        cols.append(x ** p)
    feats = np.concatenate(cols, axis=1)
    return feats, feats @ COEF


TRACE = poly_predict
INPUTS = [(rng.standard_normal((5, 2)),), (rng.standard_normal((1, 2)),),
          (rng.standard_normal((12, 2)),)]
