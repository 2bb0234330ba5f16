"""A data-dependent `if` moved into a pts.script function: the trace calls it, and both
branches run correctly (a tuple result taken apart in the trace)."""
import numpy as np

import pts

rng = np.random.default_rng(24)


@pts.script
def pick(x, y):
    if x.sum() > y.sum():
        return x - y, 1
    return y - x, 0


def f(x, y):
    d, which = pick(np.tanh(x), np.tanh(y))
    return d * 2.0, which


TRACE = f
INPUTS = [(rng.standard_normal((3, 2)) + 2, rng.standard_normal((3, 2))),
          (rng.standard_normal((5, 2)), rng.standard_normal((5, 2)) + 2),
          (rng.standard_normal((1, 2)) + 3, rng.standard_normal((1, 2)))]
