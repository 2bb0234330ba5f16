# np.pad: a numpy function pts does not compile (build the padding with np.concatenate).
# error: 8: np.pad is not supported by pts
import numpy as np


def conv_same(x, w):
    k = w.shape[0]
    xp = np.pad(x, ((0, 0), (k // 2, k // 2)))
    return sum(xp[:, i:i + x.shape[1]] * w[i] for i in range(k))


TRACE = conv_same
INPUTS = (np.ones((2, 5)), np.ones(3))
