"""Logistic regression inference with feature standardization: a sigmoid of a linear
score, a bool decision at a threshold, and the int count of positives."""
import numpy as np

rng = np.random.default_rng(128)


class LogisticModel:
    def __init__(self, d, threshold=0.5):
        self.mu = rng.standard_normal(d)
        self.sigma = rng.uniform(0.5, 2.0, d)
        self.w = rng.standard_normal(d)
        self.b = 0.3
        self.threshold = threshold

    def __call__(self, x):
        z = ((x - self.mu) / self.sigma) @ self.w + self.b
        p = 1.0 / (1.0 + np.exp(-z))
        yes = p > self.threshold
        return p, yes, yes.astype(np.int64).sum()


TRACE = LogisticModel(4)
INPUTS = [(rng.standard_normal((10, 4)),), (rng.standard_normal((1, 4)),),
          (rng.standard_normal((31, 4)) * 3,)]
