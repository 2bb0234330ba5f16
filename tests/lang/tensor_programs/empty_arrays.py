"""Zero-size arrays flow through elementwise ops, matmul, reshape, concatenate and loops."""
import numpy as np


def ops(x: np.ndarray):
    return x * 2.0 + 1.0, np.exp(x), x.reshape(0, 3), x.sum(), np.concatenate([x, x])


def loop(x: np.ndarray) -> int:
    n = 0
    for i in range(x.shape[0]):
        n += 1
    return n


def mm(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    return a @ b


# run: ops(np.zeros(0))
# run: ops(np.zeros(0, dtype=np.float32))
# run: loop(np.zeros((0, 4)))
# run: mm(np.zeros((0, 3)), np.ones((3, 2)))
# run: mm(np.ones((2, 0)), np.ones((0, 3)))
