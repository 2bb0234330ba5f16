"""numpy's shape errors inside a try are ValueErrors with numpy's message; the handler
runs and the function goes on."""
import numpy as np


def add_or_zero(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    try:
        c = a + b
    except ValueError as e:
        print("caught:", str(e))
        c = a * 0.0
    return c


def matmul_or_none(a: np.ndarray, b: np.ndarray) -> float:
    try:
        return float((a @ b).sum())
    except ValueError:
        return -1.0


def chained(a: np.ndarray, b: np.ndarray) -> float:
    total = 0.0
    try:
        total = float(np.sum(a * 2.0))
        total += float(np.sum(np.exp(a) * b))
    except ValueError:
        print("partial total", total)
    return total


# run: add_or_zero(np.arange(6.0).reshape(2, 3), np.arange(3.0))
# run: add_or_zero(np.arange(6.0).reshape(2, 3), np.arange(4.0))
# run: matmul_or_none(np.ones((2, 3)), np.ones((3, 2)))
# run: matmul_or_none(np.ones((2, 3)), np.ones((2, 2)))
# run: chained(np.arange(3.0), np.arange(3.0))
# run: chained(np.arange(3.0), np.arange(4.0))
