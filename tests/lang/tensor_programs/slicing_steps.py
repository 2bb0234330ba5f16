"""Slices with steps: positive, negative, reversed ranges, on rows and columns."""
import numpy as np


def steps(x: np.ndarray):
    return x[::2], x[1::2], x[::-1], x[::-2], x[5:1:-2], x[-1:0:-3], x[1:-1:3]


def grid(x: np.ndarray):
    return x[::2, ::2], x[::-1, :], x[:, ::-1], x[::-2, 1::2]


def reverse_sum(x: np.ndarray):
    return (x + x[::-1]).sum()


def every_other_assign(n: int) -> np.ndarray:
    y = np.zeros(n)
    y[::2] = 1.0
    y[1::4] = 2.0
    y[::-3] = -1.0
    return y


# run: steps(np.arange(10.0))
# run: steps(np.arange(7, dtype=np.int32))
# run: steps(np.arange(20.0)[::-2])
# run: grid(np.arange(20.0).reshape(4, 5))
# run: grid(np.arange(20, dtype=np.float32).reshape(5, 4).T)
# run: reverse_sum(np.arange(9, dtype=np.int32))
# run: every_other_assign(10)
# run: every_other_assign(1)
