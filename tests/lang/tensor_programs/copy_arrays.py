"""copy.copy / copy.deepcopy of arrays and of lists of arrays: new data, the original
unchanged by writes to the copy."""
import copy

import numpy as np


def copies(x: np.ndarray):
    xs = [x, x * 2.0]
    ys = copy.deepcopy(xs)
    ys[0][0] = -1.0
    z = copy.copy(x)
    z[1] = 7.0
    return x, ys[0], ys[1], z


# run: copies(np.arange(3.0))
