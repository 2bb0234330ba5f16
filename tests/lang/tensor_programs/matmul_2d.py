"""2-D matrix products with @, np.matmul and np.dot, square and rectangular."""
import numpy as np


def mm(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    return a @ b


def three_ways(a: np.ndarray, b: np.ndarray):
    return a @ b, np.matmul(a, b), np.dot(a, b)


def gram(a: np.ndarray) -> np.ndarray:
    return a.T @ a


def chain(a: np.ndarray, b: np.ndarray, c: np.ndarray) -> np.ndarray:
    return a @ b @ c


# run: mm(np.arange(6.0).reshape(2, 3), np.arange(12.0).reshape(3, 4))
# run: mm(np.arange(6, dtype=np.float32).reshape(2, 3), np.arange(12, dtype=np.float32).reshape(3, 4))
# run: mm(np.sin(np.arange(64.0)).reshape(8, 8), np.cos(np.arange(64.0)).reshape(8, 8))
# run: mm(np.sin(np.arange(400.0)).reshape(20, 20).astype(np.float32), np.eye(20, dtype=np.float32))
# run: mm(np.ones((1, 5)), np.ones((5, 1)))
# run: mm(np.ones((3, 0)), np.ones((0, 2)))
# run: three_ways(np.arange(4.0).reshape(2, 2), np.array([[0.0, 1.0], [1.0, 0.0]]))
# run: three_ways(np.arange(6.0).reshape(3, 2), np.arange(8.0).reshape(2, 4))
# run: gram(np.linspace(-1, 1, 12).reshape(4, 3))
# run: gram(np.arange(12.0).reshape(3, 4).T)
# run: chain(np.eye(3), np.arange(9.0).reshape(3, 3), np.arange(6.0).reshape(3, 2))
