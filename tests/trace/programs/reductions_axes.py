"""Reductions along each axis, with and without keepdims, and over everything."""
import numpy as np

rng = np.random.default_rng(8)


def f(x):
    return (x.sum(axis=0), x.mean(axis=1, keepdims=True), x.max(axis=2), x.min(),
            np.prod(x[:, :1, :1], axis=0), x.std(axis=1), x.var(axis=0, keepdims=True),
            x.argmax(axis=1))


TRACE = f
INPUTS = [(rng.standard_normal((2, 3, 4)),), (rng.standard_normal((5, 1, 7)),)]
