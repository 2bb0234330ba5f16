"""numpy slices, reshape and .T are views: writing through them changes the array they came
from; .copy() and flatten() do not alias."""
import numpy as np


def write_through_row(n: int) -> np.ndarray:
    y = np.zeros((n, 3))
    row = y[1]
    row[:] = 5.0
    row[0] = 1.0
    return y


def write_through_reshape(n: int) -> np.ndarray:
    y = np.zeros(n * 2)
    z = y.reshape(n, 2)
    z[:, 1] = 1.0
    return y


def write_through_transpose() -> np.ndarray:
    y = np.zeros((2, 3))
    t = y.T
    t[2, 0] = 9.0
    return y


def copy_breaks_alias() -> np.ndarray:
    y = np.zeros(4)
    c = y.copy()
    c[0] = 1.0
    f = y.reshape(2, 2).flatten()
    f[1] = 2.0
    return y


def alias_argument(x: np.ndarray) -> np.ndarray:
    col = x[:, 0]
    col[1] = -1.0
    return col


# run: write_through_row(3)
# run: write_through_reshape(3)
# run: write_through_transpose()
# run: copy_breaks_alias()
# run: alias_argument(np.arange(6.0).reshape(3, 2))
