"""Slices whose bounds are computed from the input's sizes: halves, a stride, the last
row, negative indices."""
import numpy as np

rng = np.random.default_rng(5)


def f(x):
    h = x.shape[1] // 2
    left, right = x[:, :h], x[:, h:2 * h]
    every_other = x[::2, ::-1]
    return left - right, every_other, x[-1], x[1:-1, 0]


TRACE = f
INPUTS = [(rng.standard_normal((6, 8)),), (rng.standard_normal((9, 5)),),
          (rng.standard_normal((3, 2)),)]
