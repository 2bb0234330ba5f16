"""Shape mismatches in matmul and dot raise ValueError with numpy's exact messages."""
import numpy as np


def mm(a: np.ndarray, b: np.ndarray):
    return a @ b


def dot(a: np.ndarray, b: np.ndarray):
    return np.dot(a, b)


def mm_fn(a: np.ndarray, b: np.ndarray):
    return np.matmul(a, b)


# run: mm(np.ones((2, 3)), np.ones((2, 3)))
# run: mm(np.ones(3), np.ones(4))
# run: mm(np.ones((2, 3)), np.ones(2))
# run: mm(np.ones(2), np.ones((3, 2)))
# run: mm(np.ones((2, 3, 4)), np.ones((3, 4, 5)))
# run: mm(np.ones((2, 3, 4)), np.ones((2, 5, 5)))
# run: mm(np.ones((2, 3), np.float32), np.ones((4, 3), np.float32))
# run: mm_fn(np.ones((4, 2, 3)), np.ones((2, 3, 2)))
# run: dot(np.ones((2, 3)), np.ones((2, 3)))
# run: dot(np.ones(3), np.ones(2))
# run: dot(np.ones((2, 3)), np.ones(4))
