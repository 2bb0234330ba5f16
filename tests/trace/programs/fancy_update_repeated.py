"""x[idx] += v with repeated indices: numpy adds once per distinct index (a read, an add
and a write of the gathered rows, not np.add.at), and so does the trace; x[idx] = v with
an int array writes rows."""
import numpy as np

rng = np.random.default_rng(208)


def bump(x, idx):
    y = x.copy()
    y[idx] += 1.0
    y[idx[:1]] = -5.0
    counts = np.zeros(x.shape[0])
    counts[idx] += 1.0
    return y, counts


TRACE = bump
INPUTS = [(rng.standard_normal((5, 2)), np.array([0, 0, 3])),
          (rng.standard_normal((1, 2)), np.array([0])),
          (rng.standard_normal((8, 3)), np.array([7, 2, 2, 2, 5]))]
