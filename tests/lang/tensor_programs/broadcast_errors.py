"""Shapes that do not broadcast raise ValueError with numpy's message (note its trailing space)."""
import numpy as np


def add(a: np.ndarray, b: np.ndarray):
    return a + b


def where3(c: np.ndarray, a: np.ndarray, b: float):
    return np.where(c, a, b)


def maximum(a: np.ndarray, b: np.ndarray):
    return np.maximum(a, b)


# run: add(np.arange(6.0).reshape(2, 3), np.arange(4.0))
# run: add(np.arange(3.0), np.arange(4.0))
# run: add(np.arange(24.0).reshape(2, 3, 4), np.arange(6.0).reshape(2, 3))
# run: add(np.arange(120.0).reshape(2, 3, 4, 5), np.arange(8.0).reshape(2, 4))
# run: add(np.zeros((0, 3)), np.zeros(2))
# run: add(np.arange(6, dtype=np.int32).reshape(3, 2), np.arange(3, dtype=np.int32))
# run: where3(np.array([True, False]), np.arange(3.0), 0.0)
# run: maximum(np.ones((2, 2)), np.ones((3, 1)))
