"""Comparisons give bool arrays; & | ^ ~ combine them; comparisons across dtypes."""
import numpy as np


def compare(x: np.ndarray, y: np.ndarray):
    return x < y, x <= y, x == y, x != y, x > y, x >= y


def logic(x: np.ndarray) -> np.ndarray:
    return (x > 1) & (x < 4) | (x == 0)


def negate(x: np.ndarray):
    m = x > 2
    return ~m, m ^ (x < 4)


def in_range_count(x: np.ndarray, lo: float, hi: float):
    inside = (x >= lo) & (x <= hi)
    return inside.sum()


# run: compare(np.array([1.0, 2.0, 3.0, np.nan]), np.array([2.0, 2.0, 2.0, 2.0]))
# run: compare(np.arange(4, dtype=np.int32), np.array([3, 2, 1, 0]))
# run: compare(np.arange(4, dtype=np.int32), np.array([0.5, 1.0, 2.5, 3.0], dtype=np.float32))
# run: compare(np.arange(6).reshape(2, 3), np.array([1, 1, 4]))
# run: logic(np.arange(6))
# run: logic(np.linspace(0, 5, 11))
# run: negate(np.arange(6, dtype=np.int32))
# run: in_range_count(np.linspace(0, 1, 21), 0.25, 0.75)
