"""int32 with int64 arrays gives int64; int with float arrays gives float64 (even float32 + int32)."""
import numpy as np


def add(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    return a + b


def mul(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    return a * b


# run: add(np.array([2147483647, 1], dtype=np.int32), np.array([1, 1], dtype=np.int64))
# run: add(np.array([1, 2], dtype=np.int64), np.array([3, 4], dtype=np.int32))
# run: add(np.array([1, 2], dtype=np.int32), np.array([0.5, 0.25], dtype=np.float32))
# run: add(np.array([1, 2], dtype=np.int64), np.array([0.5, 0.25], dtype=np.float32))
# run: add(np.array([16777217, 3], dtype=np.int32), np.array([0.0, 0.0], dtype=np.float32))
# run: mul(np.arange(6, dtype=np.int32).reshape(2, 3), np.array([1, -1, 2]))
# run: mul(np.arange(6, dtype=np.int32).reshape(2, 3), np.array([1.5, -1.0, 2.0]))
