""".T, transpose() with no axes, with an axes tuple, with separate ints, np.transpose."""
import numpy as np


def t2(x: np.ndarray):
    return x.T, x.transpose(), np.transpose(x)


def t3(x: np.ndarray):
    return x.transpose((1, 0, 2)), x.transpose(2, 0, 1), np.transpose(x, (0, 2, 1)), x.T


def t4(x: np.ndarray) -> np.ndarray:
    return x.transpose(0, 2, 1, 3).reshape(x.shape[0], x.shape[2], -1)


def t1(x: np.ndarray):
    return x.T, x.transpose(0)


# run: t2(np.arange(6.0).reshape(2, 3))
# run: t2(np.arange(6, dtype=np.int32).reshape(3, 2)[::-1])
# run: t3(np.arange(24.0).reshape(2, 3, 4))
# run: t3(np.arange(24, dtype=np.float32).reshape(2, 3, 4))
# run: t4(np.arange(120.0).reshape(2, 3, 4, 5))
# run: t1(np.arange(3.0))
