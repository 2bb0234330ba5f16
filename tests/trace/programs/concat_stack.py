"""np.concatenate and np.stack of traced arrays, in lists and tuples, along several axes."""
import numpy as np

rng = np.random.default_rng(10)


def f(a, b):
    c = np.concatenate([a, b], axis=0)
    d = np.stack((a, a * 2), axis=1)
    e = np.concatenate((a, b[: a.shape[0]]), axis=1)
    return c, d, e


TRACE = f
INPUTS = [(rng.standard_normal((2, 3)), rng.standard_normal((4, 3))),
          (rng.standard_normal((5, 3)), rng.standard_normal((6, 3)))]
