"""float32 with float64 arrays promotes to float64, whatever the order and shapes."""
import numpy as np


def add(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    return a + b


def mixed_chain(a: np.ndarray, b: np.ndarray):
    c = a * b
    return c, c.dtype == np.float64, (a * 2.0).dtype == np.float32


def where_mixed(c: np.ndarray, a: np.ndarray, b: np.ndarray) -> np.ndarray:
    return np.where(c, a, b)


# run: add(np.arange(3, dtype=np.float32) + 0.1, np.arange(3, dtype=np.float64))
# run: add(np.arange(3, dtype=np.float64), np.arange(3, dtype=np.float32) / 3)
# run: add(np.ones((2, 3), np.float32), np.array([0.1, 0.2, 0.3]))
# run: mixed_chain(np.array([1.5, 2.5], dtype=np.float32), np.array([0.1, 0.2]))
# run: where_mixed(np.array([True, False]), np.array([1.1, 2.2], dtype=np.float32), np.array([3.3, 4.4]))
