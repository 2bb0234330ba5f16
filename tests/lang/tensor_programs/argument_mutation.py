"""Subscript assignment to an argument mutates the caller's array (also through a view
argument); rebinding the name does not."""
import numpy as np


def zero_first(x: np.ndarray) -> None:
    x[0] = 0


def clamp_in_place(x: np.ndarray, hi: float) -> int:
    n = 0
    for i in range(x.shape[0]):
        if x[i] > hi:
            x[i] = hi
            n += 1
    return n


def fill_row(x: np.ndarray, i: int, v: float) -> np.ndarray:
    x[i, :] = v
    return x


def rebind(x: np.ndarray) -> np.ndarray:
    x = x * 2
    x[0] = -1
    return x


def set_block(x: np.ndarray) -> None:
    x[1:, ::2] = x[:-1, ::2] + 100


# run: zero_first(np.arange(1.0, 4.0))
# run: zero_first(np.arange(1, 4, dtype=np.int32).reshape(3, 1))
# run: clamp_in_place(np.linspace(0, 2, 9), 1.0)
# run: clamp_in_place(np.linspace(0, 2, 9)[::-2], 1.0)
# run: fill_row(np.zeros((3, 2)), 1, 7.0)
# run: fill_row(np.zeros((3, 2)).T, -1, 7.0)
# run: rebind(np.arange(3.0))
# run: set_block(np.arange(12.0).reshape(3, 4))
# run: set_block(np.arange(12, dtype=np.int32).reshape(3, 4))
