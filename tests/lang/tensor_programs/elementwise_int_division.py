"""// and % on int arrays follow Python's floor semantics; / on ints gives float64;
division by zero in int arrays gives 0 (numpy only warns)."""
import numpy as np


def divmods(x: np.ndarray, y: np.ndarray):
    return x // y, x % y


def true_div(x: np.ndarray, y: np.ndarray) -> np.ndarray:
    return x / y


def by_scalar(x: np.ndarray, k: int):
    return x // k, x % k, x / k


# run: divmods(np.array([7, -7, 7, -7]), np.array([2, 2, -2, -2]))
# run: divmods(np.array([7, -7, 7, -7], dtype=np.int32), np.array([3, 3, -3, -3], dtype=np.int32))
# run: divmods(np.array([5, -5, 0], dtype=np.int32), np.array([0, 0, 0], dtype=np.int32))
# run: divmods(np.array([5, -5, 0]), np.array([0, 0, 0]))
# run: true_div(np.arange(-3, 4), np.array([2]))
# run: true_div(np.arange(4, dtype=np.int32), np.array([0, 0, 2, 2], dtype=np.int32))
# run: by_scalar(np.arange(-5, 6, dtype=np.int32), 3)
# run: by_scalar(np.arange(-5, 6), -4)
