"""numpy's views: a write through y = b[1:] changes b, a write through b.T changes b, and
an in-place op on an alias (c = b; c += 1) is the same array: the result sees all three."""
import numpy as np

rng = np.random.default_rng(202)


def views(x):
    b = x * 1.0
    y = b[1:]
    y[0] = 5.0                    # b[1] is 5 now
    b.T[0] = -1.0                 # b[:, 0] is -1 now
    c = b
    c += 1.0                      # so is b
    c[..., -1] *= 2.0
    return b, y


TRACE = views
INPUTS = [(rng.standard_normal((3, 4)),),
          (rng.standard_normal((2, 1)),),
          (rng.standard_normal((6, 2)),)]
