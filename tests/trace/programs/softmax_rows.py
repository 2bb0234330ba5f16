"""A numerically stable softmax over the last axis: max and sum with keepdims."""
import numpy as np

rng = np.random.default_rng(2)


def softmax(x):
    e = np.exp(x - x.max(axis=-1, keepdims=True))
    return e / e.sum(axis=-1, keepdims=True)


TRACE = softmax
INPUTS = [(rng.standard_normal((4, 10)),), (rng.standard_normal((33, 7)),),
          (rng.standard_normal((1, 1)),)]
