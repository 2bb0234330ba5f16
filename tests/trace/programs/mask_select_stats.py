"""x[x > 0]: a 1-d array whose length depends on the values.  Its length is used in
arithmetic and shapes (the mean of the selected values, a zeros array of that length),
never decided on by Python, so one trace serves every input."""
import numpy as np

rng = np.random.default_rng(205)


def positive_stats(x):
    pos = x[x > 0.0]
    n = pos.shape[0]
    mean = pos.sum() / np.maximum(n, 1)
    padded = np.concatenate([pos, np.zeros(n + 1)])
    return mean, padded, x[x[:, 0] > 0.0, 1:]


TRACE = positive_stats
INPUTS = [(rng.standard_normal((5, 3)),),
          (rng.standard_normal((1, 3)),),
          (rng.standard_normal((20, 4)),)]
