"""int32 index arrays (and indices computed in int32) for reads and writes, mixed with
int64 ones; results of int32 arrays stay int32."""
import numpy as np


def take(x: np.ndarray, idx: np.ndarray):
    return x[idx]


def pairs(x: np.ndarray, r: np.ndarray, c: np.ndarray):
    return x[r, c]


def put(x: np.ndarray, idx: np.ndarray):
    x[idx] = idx
    return x


# run: take(np.arange(6.0), np.array([5, -6, 0], dtype=np.int32))
# run: take(np.arange(6, dtype=np.int32), np.arange(6, dtype=np.int32)[::-1])
# run: take(np.arange(6.0), np.array([6], dtype=np.int32))
# run: pairs(np.arange(9.0).reshape(3, 3), np.array([0, 2], dtype=np.int32), np.array([1, 1]))
# run: put(np.zeros(4), np.array([3, 1], dtype=np.int32))
# run: put(np.zeros(4, dtype=np.int32), np.array([3, 1]))
