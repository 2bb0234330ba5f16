"""Boolean-mask writes: y[y < 0] = 0 (a ReLU), y[x > 1] *= 0.5 (a read-modify-write of
the selected elements), and a row mask over the first axis of a matrix."""
import numpy as np

rng = np.random.default_rng(204)


def clip_rows(x):
    y = x.copy()
    y[y < 0] = 0.0
    y[x > 1] *= 0.5
    rows = x.sum(axis=1) > 0
    y[rows] = y[rows] + 10.0
    return y


TRACE = clip_rows
INPUTS = [(rng.standard_normal((4, 3)),),
          (rng.standard_normal((1, 3)),),
          (rng.standard_normal((7, 6)),)]
