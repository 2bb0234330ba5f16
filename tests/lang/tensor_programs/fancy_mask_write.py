"""Boolean-mask writes: Z[Z < 0] = 0, x[m] = array (numpy's broadcasting of the values),
x[m] += 1, a mask on axis 0 combined with an int or a slice (A[labels == i, j]), values
cast to the target's dtype; the caller sees the writes."""
import numpy as np


def relu_in_place(z: np.ndarray):
    z[z < 0] = 0
    return z


def clamp(z: np.ndarray, hi: float):
    z[z > hi] = hi
    return z


def put_values(x: np.ndarray, m: np.ndarray, v: np.ndarray) -> None:
    x[m] = v


def bump(x: np.ndarray):
    x[x % 2 == 0] += 1
    return x


def class_column_mean(A: np.ndarray, labels: np.ndarray, i: int, j: int):
    return A[labels == i, j].mean()


def set_rows(A: np.ndarray, labels: np.ndarray, i: int):
    A[labels == i, :] = -1.0
    return A


def set_rows_tail(A: np.ndarray, labels: np.ndarray, i: int, v: np.ndarray):
    A[labels == i, 1:] = v
    return A


def centroids(X: np.ndarray, labels: np.ndarray, k: int):
    out = np.zeros((k, X.shape[1]))
    for c in range(k):
        out[c] = X[labels == c].mean(axis=0)
    return out


# run: relu_in_place(np.array([-1.0, 2.0, -3.0, 4.0]))
# run: relu_in_place(np.arange(-6, 6).reshape(3, 4))
# run: relu_in_place(np.arange(-6.0, 6.0, dtype=np.float32).reshape(4, 3)[::2])
# run: clamp(np.linspace(0, 10, 11), 7.5)
# run: clamp(np.arange(10), 7.5)
# run: put_values(np.zeros(5), np.array([True, False, True, False, True]), np.array([1.0, 2.0, 3.0]))
# run: put_values(np.zeros(5), np.array([True, False, True, False, True]), np.array([7.0]))
# run: put_values(np.zeros(5, dtype=np.int32), np.array([True, False, True, False, True]), np.array([1.5, 2.5, -3.5]))
# run: put_values(np.zeros((2, 3)), np.array([True, False]), np.array([1.0, 2.0, 3.0]))
# run: put_values(np.zeros((3, 2)), np.array([[True, False], [False, True], [True, True]]), np.arange(4.0))
# run: bump(np.arange(10))
# run: bump(np.arange(12).reshape(3, 4))
# run: class_column_mean(np.arange(12.0).reshape(4, 3), np.array([1, 0, 1, 1]), 1, 2)
# run: class_column_mean(np.arange(12.0).reshape(4, 3), np.array([1, 0, 1, 1]), 0, -1)
# run: class_column_mean(np.arange(12.0).reshape(4, 3), np.array([1, 0, 1, 1]), 0, 3)
# run: set_rows(np.arange(12.0).reshape(4, 3), np.array([2, 0, 2, 1]), 2)
# run: set_rows_tail(np.arange(12.0).reshape(4, 3), np.array([2, 0, 2, 1]), 2, np.array([8.0, 9.0]))
# run: set_rows_tail(np.arange(12.0).reshape(4, 3), np.array([2, 0, 2, 1]), 2, np.array([[8.0, 9.0], [10.0, 11.0]]))
# run: centroids(np.arange(20.0).reshape(10, 2), np.array([0, 1, 2, 0, 1, 2, 0, 1, 2, 0]), 3)
