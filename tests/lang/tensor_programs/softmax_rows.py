"""Numerically stable softmax over the last axis (and over axis 0), for 1-D to 3-D."""
import numpy as np


def softmax(x: np.ndarray) -> np.ndarray:
    m = x.max(axis=-1, keepdims=True)
    e = np.exp(x - m)
    return e / e.sum(axis=-1, keepdims=True)


def softmax_cols(x: np.ndarray) -> np.ndarray:
    e = np.exp(x - np.max(x, axis=0))
    return e / np.sum(e, axis=0)


def row_sums_are_one(x: np.ndarray) -> bool:
    s = softmax(x).sum(axis=-1)
    return bool((np.abs(s - 1.0) < 1e-6).all())


# run: softmax(np.array([1.0, 2.0, 3.0]))
# run: softmax(np.arange(12.0).reshape(3, 4) / 3)
# run: softmax(np.arange(12, dtype=np.float32).reshape(3, 4) / 3)
# run: softmax(np.array([[1000.0, 1000.0], [-1000.0, 0.0]]))
# run: softmax(np.sin(np.arange(24.0)).reshape(2, 3, 4) * 5)
# run: softmax(np.array([-np.inf, 0.0, 1.0]))
# run: softmax_cols(np.cos(np.arange(12.0)).reshape(4, 3))
# run: row_sums_are_one(np.sin(np.arange(40.0)).reshape(5, 8).astype(np.float32))
