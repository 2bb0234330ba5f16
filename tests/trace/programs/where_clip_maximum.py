"""Elementwise choices: np.where of a comparison, clip, maximum / minimum, abs."""
import numpy as np

rng = np.random.default_rng(11)


def f(x, y):
    m = np.where(x > y, x, y)
    return m, np.clip(x, -0.5, 0.5), np.minimum(x, 0.0) + np.maximum(y, 0.0), abs(x - y), x >= 0


TRACE = f
INPUTS = [(rng.standard_normal((3, 4)), rng.standard_normal((3, 4))),
          (rng.standard_normal((7, 2)), rng.standard_normal((1, 2)))]
