"""Adding and removing axes: None indexing, np.expand_dims, squeeze with an axis, ravel
and flatten."""
import numpy as np

rng = np.random.default_rng(16)


def f(x):
    a = x[:, None, :]
    b = np.expand_dims(x, 0)
    c = b.squeeze(axis=0)
    return a * 1.0, c + 1, x.ravel(), x[..., 0], x.flatten()


TRACE = f
INPUTS = [(rng.standard_normal((2, 3)),), (rng.standard_normal((5, 4)),)]
