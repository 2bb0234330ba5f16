"""Data preparation: np.array of Python lists of rows, standardizing columns, dropping rows
with a mask, one-hot labels, splitting into train/test with np.split."""
import numpy as np
from typing import List


def table(rows: List[List[float]]):
    return np.array(rows)


def standardize(rows: List[List[float]]):
    X = np.array(rows)
    return (X - X.mean(axis=0)) / X.std(axis=0)


def drop_negative_rows(X: np.ndarray):
    keep = (X >= 0).all(axis=1)
    return X[keep]


def one_hot(labels: List[int], k: int):
    y = np.array(labels)
    out = np.zeros((y.shape[0], k), dtype=np.float32)
    out[np.arange(y.shape[0]), y] = 1
    return out


def train_test(X: np.ndarray, n_train: int):
    train, test = np.split(X, [n_train])
    return train.mean(axis=0), test.mean(axis=0)


# run: table([[1.0, 2.0], [3.0, 4.0]])
# run: standardize([[1.0, 10.0], [2.0, 20.0], [3.0, 60.0]])
# run: drop_negative_rows(np.array([[1.0, 2.0], [-1.0, 0.0], [3.0, 4.0]]))
# run: one_hot([2, 0, 1], 3)
# run: one_hot([2, 0, 3], 3)
# run: train_test(np.arange(10.0).reshape(5, 2), 3)
