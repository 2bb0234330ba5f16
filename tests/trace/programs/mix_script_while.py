"""A pts.script function with a data-dependent `while` called from traced code: it stays
a loop in the traced program (the seed's dynamic control flow), for any values."""
import numpy as np

import pts

rng = np.random.default_rng(23)


@pts.script
def halve_until_small(x):
    while np.abs(x).max() > 1.0:
        x = x / 2.0
    return x


def f(x, w):
    h = x @ w
    return halve_until_small(h) + 1.0, h.sum()


TRACE = f
INPUTS = [(rng.standard_normal((4, 3)) * 5, rng.standard_normal((3, 5))),
          (rng.standard_normal((9, 3)) * 50, rng.standard_normal((3, 5))),
          (rng.standard_normal((2, 3)) * 0.01, rng.standard_normal((3, 5)))]
