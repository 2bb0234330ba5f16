"""Integer-array reads: x[idx] (idx of any rank: result idx.shape + x.shape[1:]), on an
inner axis among slices and ints (x[:, idx], x[0, :, idx] puts idx's axes first as numpy),
negative indices, int32 indices, views; numpy's IndexError out of bounds."""
import numpy as np


def take(x: np.ndarray, idx: np.ndarray):
    return x[idx]


def take_cols(x: np.ndarray, idx: np.ndarray):
    return x[:, idx]


def take_mid(x: np.ndarray, idx: np.ndarray):
    return x[:, idx, 1:]


def first_then(x: np.ndarray, idx: np.ndarray):
    return x[0, :, idx]


def next_to_int(x: np.ndarray, idx: np.ndarray):
    return x[:, 0, idx]


def pick(logits: np.ndarray, y: np.ndarray):
    return logits[np.arange(logits.shape[0]), y]


def permute_rows(x: np.ndarray):
    p = np.argmax(x, axis=0)
    return x[p]


# run: take(np.arange(5.0) * 10, np.array([0, 4, -1, 2, 2]))
# run: take(np.arange(12.0).reshape(4, 3), np.array([3, 0]))
# run: take(np.arange(12.0).reshape(4, 3), np.array([[3, 0], [1, -4]]))
# run: take(np.arange(12.0).reshape(4, 3), np.array([], dtype=np.int64))
# run: take(np.arange(5, dtype=np.int32), np.array([1, 1, 1], dtype=np.int32))
# run: take(np.arange(10.0)[::-3], np.array([0, 3]))
# run: take(np.arange(5.0), np.array([5]))
# run: take(np.arange(5.0), np.array([0, -6]))
# run: take(np.arange(12.0).reshape(4, 3), np.array([[0], [4]]))
# run: take_cols(np.arange(12.0).reshape(3, 4), np.array([3, 1, -1]))
# run: take_cols(np.arange(12.0).reshape(3, 4), np.array([4]))
# run: take_mid(np.arange(24.0).reshape(2, 3, 4), np.array([[2, 0], [1, 1]]))
# run: first_then(np.arange(24.0).reshape(2, 3, 4), np.array([0, 3]))
# run: first_then(np.arange(24.0).reshape(2, 3, 4), np.array([[0], [-1]]))
# run: first_then(np.zeros((2, 3, 4)), np.array([5]))
# run: next_to_int(np.arange(24.0).reshape(2, 3, 4), np.array([0, 3]))
# run: pick(np.arange(12.0).reshape(4, 3), np.array([0, 2, 1, 2]))
# run: pick(np.arange(12.0).reshape(4, 3), np.array([0, 2, 1, 3]))
# run: permute_rows(np.array([[1.0, 5.0], [3.0, 2.0], [0.0, 1.0]]))
