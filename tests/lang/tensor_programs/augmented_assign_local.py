"""Augmented assignment on fresh local arrays and on subscripts of them (+= -= *= /= //=)."""
import numpy as np


def accumulate(x: np.ndarray) -> np.ndarray:
    acc = np.zeros(x.shape[1])
    for i in range(x.shape[0]):
        acc += x[i]
    acc *= 2.0
    acc -= 1.0
    acc /= 4.0
    return acc


def int_ops(n: int) -> np.ndarray:
    y = np.arange(n)
    y += 3
    y *= 2
    y //= 3
    y %= 5
    return y


def sub_aug(n: int) -> np.ndarray:
    y = np.ones((n, n))
    y[0] += 1.0
    y[:, -1] *= 3.0
    y[1:, 1:] -= np.eye(n - 1)
    y[0, 0] /= 4.0
    return y


def float_into_int(n: int) -> np.ndarray:
    y = np.arange(n, dtype=np.int32)
    y[1] += 2
    return y


# run: accumulate(np.arange(12.0).reshape(3, 4))
# run: accumulate(np.arange(12, dtype=np.float32).reshape(3, 4))
# run: int_ops(7)
# run: sub_aug(3)
# run: float_into_int(3)
