"""Counting and histogramming with loops over elements (ints as indices into an output)."""
import numpy as np


def histogram(x: np.ndarray, bins: int, lo: float, hi: float) -> np.ndarray:
    counts = np.zeros(bins, dtype=np.int64)
    width = (hi - lo) / bins
    for i in range(x.shape[0]):
        k = int((x[i] - lo) / width)
        if k >= 0 and k < bins:
            counts[k] += 1
    return counts


def bincount(labels: np.ndarray, n: int) -> np.ndarray:
    out = np.zeros(n, dtype=np.int32)
    for i in range(labels.shape[0]):
        out[labels[i]] += 1
    return out


def count_sign_changes(x: np.ndarray) -> int:
    n = 0
    for i in range(1, x.shape[0]):
        if (x[i - 1] < 0) != (x[i] < 0):
            n += 1
    return n


# run: histogram(np.sin(np.arange(200.0)), 8, -1.0, 1.0)
# run: histogram(np.linspace(0, 1, 50).astype(np.float32), 5, 0.0, 1.0)
# run: bincount(np.arange(20) % 3, 4)
# run: bincount(np.array([2, 2, 0], dtype=np.int32), 3)
# run: count_sign_changes(np.sin(np.arange(50.0)))
