"""np.zeros / ones / full / empty with int and tuple shapes and dtype=; default dtypes
(float64 for zeros/ones, the fill value's kind for full)."""
import numpy as np


def basic(n: int):
    return np.zeros(n), np.ones(n), np.zeros((n, 2)), np.ones((2, n), dtype=np.int32)


def typed(n: int):
    return (np.zeros(n, dtype=np.float32), np.zeros(n, dtype=np.int64),
            np.ones(n, dtype=np.bool_), np.zeros((n, n), dtype=np.bool_))


def fulls(n: int):
    return np.full(n, 7), np.full((n, 2), 2.5), np.full(n, True), np.full((2, n), 3, dtype=np.float32)


def full_cast(n: int):
    return np.full(n, 2.9, dtype=np.int32), np.full(n, -1.5, dtype=np.int64)


def empty_filled(n: int):
    e = np.empty((n, 3))
    e[:] = 4.0
    f = np.empty(n, dtype=np.int32)
    for i in range(n):
        f[i] = i * i
    return e, f


def empty_shapes(n: int):
    return np.empty((n, 0)).shape, np.empty(n, dtype=np.float32).dtype == np.float32


# run: basic(3)
# run: basic(0)
# run: typed(2)
# run: fulls(3)
# run: full_cast(2)
# run: empty_filled(3)
# run: empty_shapes(4)
