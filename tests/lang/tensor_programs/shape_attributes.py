"""x.shape, unpacking it, x.ndim, x.size, len(x), x.dtype == np.float32 in conditions."""
import numpy as np


def info(x: np.ndarray):
    return x.shape, x.ndim, x.size, len(x)


def unpack(x: np.ndarray) -> int:
    n, m = x.shape
    return n * 100 + m


def dims_3d(x: np.ndarray):
    a, b, c = x.shape
    return a + b + c, x.shape[-1], x.shape[0]


def kind(x: np.ndarray) -> int:
    if x.dtype == np.float32:
        return 32
    if x.dtype == np.float64:
        return 64
    if x.dtype == np.int32:
        return -32
    if x.dtype == np.bool_:
        return 1
    return 0


def same_shape(a: np.ndarray, b: np.ndarray) -> bool:
    return a.shape[0] == b.shape[0] and a.shape[1] == b.shape[1]


# run: info(np.zeros((2, 3, 4)))
# run: info(np.arange(5.0))
# run: info(np.zeros((0, 7), np.int32))
# run: unpack(np.zeros((3, 7)))
# run: unpack(np.zeros((3, 7)).T)
# run: dims_3d(np.zeros((2, 3, 4), np.float32))
# run: kind(np.zeros(2, np.float32))
# run: kind(np.zeros(2, np.float64))
# run: kind(np.zeros(2, np.int32))
# run: kind(np.zeros(2, np.int64))
# run: kind(np.zeros(2, np.bool_))
# run: same_shape(np.zeros((2, 3)), np.ones((2, 3), np.int32))
# run: same_shape(np.zeros((2, 3)), np.ones((3, 2)))
