"""Integer-array writes: x[idx] = v (scalar or broadcast array, cast to x's dtype; with
repeated indices the last write wins, as numpy), x[:, idx] = v, x[rows, cols] = v,
x[idx] += 1 (a repeated index adds once, as numpy), out-of-bounds IndexError."""
import numpy as np


def put(x: np.ndarray, idx: np.ndarray, v: float):
    x[idx] = v
    return x


def put_array(x: np.ndarray, idx: np.ndarray, v: np.ndarray):
    x[idx] = v
    return x


def put_cols(x: np.ndarray, idx: np.ndarray, v: np.ndarray):
    x[:, idx] = v
    return x


def put_pairs(x: np.ndarray, rows: np.ndarray, cols: np.ndarray):
    x[rows, cols] = -1
    return x


def increment(x: np.ndarray, idx: np.ndarray):
    x[idx] += 1
    return x


def one_hot(y: np.ndarray, k: int):
    out = np.zeros((y.shape[0], k))
    out[np.arange(y.shape[0]), y] = 1.0
    return out


# run: put(np.zeros(5), np.array([0, 3, -1]), 2.5)
# run: put(np.zeros(5, dtype=np.int64), np.array([1, 1]), 7.0)
# run: put(np.zeros((3, 2)), np.array([2, 0]), -1.0)
# run: put(np.zeros(5), np.array([5]), 1.0)
# run: put(np.zeros(5), np.array([-6, 0]), 1.0)
# run: put_array(np.zeros(5), np.array([4, 0, 4]), np.array([1.0, 2.0, 3.0]))
# run: put_array(np.zeros(5, dtype=np.int32), np.array([4, 0]), np.array([1.9, -2.9]))
# run: put_array(np.zeros((3, 2)), np.array([2, 0]), np.array([5.0, 6.0]))
# run: put_array(np.zeros((3, 2)), np.array([2, 0]), np.array([[5.0], [6.0]]))
# run: put_array(np.zeros((3, 2)), np.array([2, 0]), np.array([5.0, 6.0, 7.0]))
# run: put_array(np.zeros((3, 2)), np.array([[2], [0]]), np.ones((1, 2, 1, 2)))
# run: put_array(np.arange(6.0), np.array([0, 1, 2]), np.arange(6.0)[3:])
# run: put_cols(np.zeros((2, 4)), np.array([3, 1]), np.array([1.0, 2.0]))
# run: put_cols(np.zeros((2, 4)), np.array([3, 1]), np.arange(4.0).reshape(2, 2))
# run: put_pairs(np.zeros((3, 3)), np.array([0, 1, 2]), np.array([2, 1, 0]))
# run: put_pairs(np.zeros((3, 3), dtype=np.int32), np.array([[0], [2]]), np.array([0, 1, 2]))
# run: put_pairs(np.zeros((3, 3)), np.array([0, 1]), np.array([0, 1, 2]))
# run: increment(np.zeros(4), np.array([0, 0, 3]))
# run: increment(np.zeros((2, 2), dtype=np.int64), np.array([1]))
# run: one_hot(np.array([2, 0, 1, 2]), 3)
# run: one_hot(np.array([3]), 3)
