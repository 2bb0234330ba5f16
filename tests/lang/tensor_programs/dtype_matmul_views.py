"""Matrix products, joins and views of the small dtypes: uint8 @ uint8 wraps in uint8, int8
@ int16 computes in int16, float16 @ float16 sums its products in float32 and rounds each
result once (numpy's float16 loop); concatenate / stack promote; transposes, reversed
slices and reshapes of float16 are views as in numpy; in-place updates wrap."""
import numpy as np


def product(a: np.ndarray, b: np.ndarray):
    return a @ b, np.dot(a, b)


def joined(a: np.ndarray, b: np.ndarray):
    return np.concatenate([a, b]), np.stack([a, b], axis=1)


def viewed(a: np.ndarray):
    t = a.T
    t[0, 0] = 9
    return a, a[::-1, 1:].copy(), a.reshape(-1), a.ravel()


def updated(a: np.ndarray, b: np.ndarray):
    a += b
    a *= 2
    return a


# run: product(np.arange(6, dtype=np.uint8).reshape(2, 3), np.arange(6, dtype=np.uint8).reshape(3, 2) * 50)
# run: product(np.arange(6, dtype=np.int8).reshape(2, 3), np.arange(6, dtype=np.int16).reshape(3, 2) * 1000)
# run: product(np.arange(6, dtype=np.float16).reshape(2, 3) / 3, np.arange(6, dtype=np.float16).reshape(3, 2) / 7)
# run: product(np.arange(3, dtype=np.uint16), np.arange(3, dtype=np.uint16) * 30000)
# run: joined(np.arange(3, dtype=np.uint8), np.arange(3, dtype=np.uint8) + 250)
# run: joined(np.arange(3, dtype=np.uint8), np.arange(-3, 0, dtype=np.int8))
# run: viewed(np.arange(6, dtype=np.float16).reshape(2, 3) / 3)
# run: viewed(np.arange(6, dtype=np.uint32).reshape(2, 3))
# run: updated(np.arange(6, dtype=np.uint8), np.full(6, 250, dtype=np.uint8))
# run: updated(np.arange(6, dtype=np.int16), np.arange(6, dtype=np.int8))
# run: updated(np.arange(4, dtype=np.float16) / 3, np.full(4, 0.1, dtype=np.float16))
