# Indexing with a traced array (the row of the largest value): fancy indexing.
# error: 8: fancy or boolean indexing
import numpy as np


def best_row(x):
    i = x.sum(axis=1).argmax()
    return x[i]


TRACE = best_row
INPUTS = (np.arange(6.0).reshape(3, 2),)
