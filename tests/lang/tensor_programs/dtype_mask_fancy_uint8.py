"""Boolean masks and integer-array indexing on uint8 and int16 arrays, reads and writes; index
arrays of uint8 and int16 themselves; np.where and np.nonzero-free selections."""
import numpy as np


def mask_write(x: np.ndarray, level: int):
    x[x > level] = 0
    return x


def mask_read(x: np.ndarray):
    return x[x % 2 == 1]


def gather(x: np.ndarray, idx: np.ndarray):
    return x[idx]


def scatter(x: np.ndarray, idx: np.ndarray, v: int):
    x[idx] = v
    return x


def rows(x: np.ndarray, idx: np.ndarray):
    return x[idx, 1:]


def select(x: np.ndarray, y: np.ndarray):
    return np.where(x > y, x, y), np.where(x > 100, x, np.uint8(7))


# run: mask_write(np.array([10, 200, 50, 255, 0], dtype=np.uint8), 100)
# run: mask_read(np.array([10, 201, 51, 255, 0], dtype=np.uint8))
# run: mask_read(np.array([-3, 4, -128, 127], dtype=np.int16))
# run: gather(np.arange(10, 20, dtype=np.uint8), np.array([0, 9, 3, 3], dtype=np.uint8))
# run: gather(np.arange(10, 20, dtype=np.int8), np.array([-1, 2], dtype=np.int16))
# run: gather(np.arange(10, 20, dtype=np.uint16), np.array([12], dtype=np.uint8))
# run: scatter(np.zeros(6, dtype=np.uint8), np.array([1, 4], dtype=np.int16), 99)
# run: scatter(np.zeros(6, dtype=np.uint8), np.array([1, 4]), 999)
# run: rows(np.arange(12, dtype=np.uint8).reshape(4, 3), np.array([3, 0], dtype=np.uint8))
# run: select(np.array([1, 200, 50], dtype=np.uint8), np.array([5, 100, 150], dtype=np.uint8))
