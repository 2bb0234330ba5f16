"""Element loops writing outputs: prefix sums, running max, differences (out[i] = acc)."""
import numpy as np


def prefix_sum(x: np.ndarray) -> np.ndarray:
    out = np.zeros_like(x)
    acc = x[0] * 0
    for i in range(x.shape[0]):
        acc = acc + x[i]
        out[i] = acc
    return out


def running_max(x: np.ndarray) -> np.ndarray:
    out = np.empty_like(x)
    best = x[0]
    for i in range(x.shape[0]):
        if x[i] > best:
            best = x[i]
        out[i] = best
    return out


def diffs(x: np.ndarray) -> np.ndarray:
    out = np.zeros(x.shape[0] - 1, dtype=x.dtype)
    for i in range(1, x.shape[0]):
        out[i - 1] = x[i] - x[i - 1]
    return out


def row_prefix(x: np.ndarray) -> np.ndarray:
    out = x.copy()
    for j in range(1, x.shape[1]):
        out[:, j] = out[:, j - 1] + x[:, j]
    return out


# run: prefix_sum(np.arange(10.0))
# run: prefix_sum(np.arange(10, dtype=np.int32))
# run: prefix_sum(np.linspace(0, 1, 100).astype(np.float32))
# run: running_max(np.sin(np.arange(20.0)))
# run: running_max(np.array([3, 1, 4, 1, 5, 9, 2, 6], dtype=np.int32))
# run: diffs(np.arange(10.0) ** 2)
# run: diffs(np.array([5, 3, 8], dtype=np.int32))
# run: row_prefix(np.arange(12.0).reshape(3, 4))
