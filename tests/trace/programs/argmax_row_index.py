"""Indexing with an int the code computes (the row of the largest sum, x.argmax()): a
numpy integer of the compiled code, not a Python decision."""
import numpy as np

rng = np.random.default_rng(209)


def best_row(x):
    i = x.sum(axis=1).argmax()
    j = x[i].argmin()
    return x[i], x[i, j], x[:i + 1].sum(axis=0)


TRACE = best_row
INPUTS = [(rng.standard_normal((4, 3)),),
          (rng.standard_normal((1, 3)),),
          (rng.standard_normal((9, 2)),)]
