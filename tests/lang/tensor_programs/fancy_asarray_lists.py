"""np.asarray / np.array of lists built in the program (appends, comprehensions, lists of
np scalars), with dtype=, then computed with."""
import numpy as np


def squares(n: int):
    xs = []
    for i in range(n):
        xs.append(i * i)
    return np.asarray(xs, dtype=np.float64).mean()


def from_scalars(x: np.ndarray):
    vals = [x[i] * 2 for i in range(x.shape[0])]
    return np.array(vals)


def bools(n: int):
    return np.array([i % 2 == 0 for i in range(n)])


def matrix(n: int):
    return np.array([[float(i * n + j) for j in range(n)] for i in range(n)], dtype=np.float32)


# run: squares(4)
# run: from_scalars(np.arange(3, dtype=np.float32))
# run: from_scalars(np.arange(3))
# run: bools(5)
# run: matrix(3)
