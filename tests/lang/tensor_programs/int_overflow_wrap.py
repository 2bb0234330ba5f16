"""Integer arrays wrap around silently on overflow (two's complement), unlike Python ints."""
import numpy as np


def double(x: np.ndarray) -> np.ndarray:
    return x + x


def square(x: np.ndarray) -> np.ndarray:
    return x * x


def negate(x: np.ndarray) -> np.ndarray:
    return -x


def total(x: np.ndarray):
    return x.sum()


# run: double(np.array([2147483647, -2147483648, 1], dtype=np.int32))
# run: square(np.array([65536, 46341, 3], dtype=np.int32))
# run: square(np.array([4294967296, 3037000500], dtype=np.int64))
# run: negate(np.array([-2147483648, 5], dtype=np.int32))
# run: total(np.array([2147483647, 2147483647], dtype=np.int32))
# run: total(np.array([9223372036854775807, 1]))
