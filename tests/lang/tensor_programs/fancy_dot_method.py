"""ndarray.dot: a.dot(b) is np.dot(a, b) (vectors, matrices, matrix-vector, scalars),
with np.dot's shape error."""
import numpy as np


def dot(a: np.ndarray, b: np.ndarray):
    return a.dot(b)


def chain(a: np.ndarray, b: np.ndarray, c: np.ndarray):
    return a.dot(b).dot(c)


def scaled(a: np.ndarray, s: float):
    return a.dot(s)


# run: dot(np.arange(3.0), np.arange(3.0))
# run: dot(np.arange(6.0).reshape(2, 3), np.arange(3.0))
# run: dot(np.arange(6.0).reshape(2, 3), np.arange(6.0).reshape(3, 2))
# run: dot(np.arange(6).reshape(2, 3), np.arange(6).reshape(3, 2))
# run: dot(np.arange(6.0).reshape(2, 3), np.arange(6.0).reshape(2, 3))
# run: chain(np.arange(4.0).reshape(2, 2), np.eye(2), np.arange(2.0))
# run: scaled(np.arange(3.0), 2.0)
