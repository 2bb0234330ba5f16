"""`for row in x` iterates over the first axis, giving (n-1)-D arrays (or scalars for 1-D)."""
import numpy as np


def row_norms(x: np.ndarray) -> np.ndarray:
    out = np.zeros(x.shape[0])
    i = 0
    for row in x:
        out[i] = np.sqrt((row * row).sum())
        i += 1
    return out


def sum_elements(v: np.ndarray):
    total = v[0] * 0
    for e in v:
        total = total + e
    return total


def elements_are_numpy_scalars(v: np.ndarray):
    """Elements of a 1-D array are numpy scalars: dividing by zero gives inf/nan (numpy's
    rule), not Python's ZeroDivisionError."""
    total = v[0] * 0.0
    for e in v:
        total = total + e / 0.0
    return total


def count_rows(x: np.ndarray) -> int:
    n = 0
    for plane in x:
        n += plane.shape[0]
    return n


def max_row(x: np.ndarray) -> np.ndarray:
    best = x[0]
    for row in x:
        if row.sum() > best.sum():
            best = row
    return best


# run: row_norms(np.arange(12.0).reshape(4, 3))
# run: row_norms(np.arange(12, dtype=np.float32).reshape(3, 4))
# run: row_norms(np.arange(12.0).reshape(3, 4).T)
# run: sum_elements(np.arange(10, dtype=np.int32))
# run: sum_elements(np.linspace(0, 1, 11))
# run: sum_elements(np.arange(5, dtype=np.float32)[::-1])
# run: elements_are_numpy_scalars(np.linspace(0, 1, 11))
# run: elements_are_numpy_scalars(np.arange(1, 4))
# run: count_rows(np.zeros((2, 3, 4)))
# run: max_row(np.sin(np.arange(12.0)).reshape(4, 3))
