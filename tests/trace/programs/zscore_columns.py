"""Standardize each column (mean and std with ddof=1 over the rows), then the covariance
(X^T X / (n - 1)) of the standardized data, n read from the input's shape."""
import numpy as np

rng = np.random.default_rng(129)


def standardize_cov(x):
    z = (x - x.mean(axis=0)) / x.std(axis=0, ddof=1)
    n = len(x)
    return z, z.T @ z / (n - 1)


TRACE = standardize_cov
INPUTS = [(rng.standard_normal((10, 3)),), (rng.standard_normal((2, 3)),),
          (rng.standard_normal((100, 3)) * 5 + 2,)]
