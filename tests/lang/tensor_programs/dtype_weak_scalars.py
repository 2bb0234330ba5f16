"""NEP 50: a Python int or float meeting an array of a small dtype is weak.  uint8 + 1 stays
uint8 (wrapping), uint8 + 300 raises OverflowError, int8 * -129 too; comparisons with any
Python int compare the true values; a Python float turns an int array float64 and keeps
float16 float16."""
import numpy as np


def plus(x: np.ndarray, k: int):
    return x + k


def times(x: np.ndarray, k: int):
    return x * k


def compare(x: np.ndarray, k: int):
    return x < k, x == k, x >= k


def plus_float(x: np.ndarray, f: float):
    return x + f


def scale(x: np.ndarray):
    return x * 2 + 1


# run: plus(np.array([1, 250, 255], dtype=np.uint8), 10)
# run: plus(np.array([1, 250, 255], dtype=np.uint8), 300)
# run: plus(np.array([1, 250, 255], dtype=np.uint8), -1)
# run: times(np.array([1, -100, 127], dtype=np.int8), 3)
# run: times(np.array([1, -100, 127], dtype=np.int8), -129)
# run: times(np.array([1, 60000], dtype=np.uint16), 70000)
# run: plus(np.array([1, 2**63 + 5], dtype=np.uint64), -1)
# run: compare(np.array([1, 200, 255], dtype=np.uint8), 300)
# run: compare(np.array([1, 200, 255], dtype=np.uint8), -1)
# run: compare(np.array([-128, 0, 127], dtype=np.int8), 127)
# run: plus_float(np.array([1, 200], dtype=np.uint8), 0.5)
# run: plus_float(np.array([1.0, 200.0], dtype=np.float16), 0.1)
# run: plus_float(np.array([1.0, 200.0], dtype=np.float16), 1e6)
# run: scale(np.array([1, 200], dtype=np.uint8))
# run: scale(np.array([1, -100], dtype=np.int8))
# run: scale(np.array([0.1, 3.3], dtype=np.float16))
