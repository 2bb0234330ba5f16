"""@ with 1-D operands: vector.vector is a scalar, matrix@vector and vector@matrix are 1-D."""
import numpy as np


def mv(a: np.ndarray, b: np.ndarray):
    return a @ b


def dot_forms(a: np.ndarray, b: np.ndarray):
    return np.dot(a, b), np.matmul(a, b)


def norm2(v: np.ndarray):
    return v @ v


# run: mv(np.arange(3.0), np.arange(3.0))
# run: mv(np.arange(3, dtype=np.float32), np.arange(3, dtype=np.float32))
# run: mv(np.arange(3, dtype=np.int32), np.arange(3, dtype=np.int32))
# run: mv(np.arange(6.0).reshape(2, 3), np.array([1.0, -1.0, 2.0]))
# run: mv(np.array([1.0, -1.0]), np.arange(6.0).reshape(2, 3))
# run: mv(np.arange(24.0).reshape(2, 3, 4), np.arange(4.0))
# run: mv(np.arange(3.0), np.arange(24.0).reshape(2, 3, 4))
# run: dot_forms(np.linspace(0, 1, 5), np.linspace(1, 2, 5))
# run: dot_forms(np.arange(6.0).reshape(2, 3), np.arange(3.0))
# run: norm2(np.sin(np.arange(50.0)))
# run: norm2(np.zeros(0))
