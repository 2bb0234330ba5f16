"""Masks made with & | ~ and comparisons, on float32, int32, int64 and bool arrays; the
count and sum of what they select; nan found as x != x and replaced."""
import numpy as np


def between(x: np.ndarray, lo: float, hi: float):
    return x[(x >= lo) & (x < hi)]


def outside(x: np.ndarray, lo: float, hi: float):
    return x[~((x >= lo) & (x <= hi))]


def either(x: np.ndarray):
    return x[(x % 3 == 0) | (x % 5 == 0)].sum()


def clean_nan(x: np.ndarray, fill: float):
    x[x != x] = fill
    return x


def true_values(b: np.ndarray):
    return b[b]


def count(x: np.ndarray, v: int):
    return x[x == v].size


# run: between(np.linspace(0, 1, 11), 0.25, 0.75)
# run: between(np.arange(10, dtype=np.float32), 2.0, 5.0)
# run: between(np.arange(10, dtype=np.int32), 2.0, 5.0)
# run: outside(np.arange(-3.0, 4.0), -1.0, 1.0)
# run: either(np.arange(16))
# run: either(np.arange(16, dtype=np.int32))
# run: clean_nan(np.array([1.0, np.nan, 3.0, np.nan]), 0.0)
# run: clean_nan(np.array([[np.nan, 2.0], [3.0, 4.0]], dtype=np.float32), -1.0)
# run: true_values(np.array([True, False, True]))
# run: count(np.array([1, 2, 1, 1]), 1)
