"""np.nonzero and np.argwhere results used as values: looped over, counted, used as
indices again (x[np.nonzero(x)]), and a sparse dot product."""
import numpy as np


def nonzero_values(x: np.ndarray):
    return x[np.nonzero(x)[0]]


def sparse_dot(a: np.ndarray, b: np.ndarray):
    idx = np.nonzero(a)[0]
    s = 0.0
    for k in range(idx.shape[0]):
        i = int(idx[k])
        s += float(a[i] * b[i])
    return s


def coordinates(x: np.ndarray):
    w = np.argwhere(x > 0)
    return w, w.shape[0]


# run: nonzero_values(np.array([0.0, 3.0, 0.0, -1.0]))
# run: sparse_dot(np.array([0.0, 2.0, 0.0, 3.0]), np.array([5.0, 1.0, 7.0, 2.0]))
# run: coordinates(np.array([[1.0, -1.0], [0.0, 2.0]]))
# run: coordinates(np.zeros((2, 2)))
