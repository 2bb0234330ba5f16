"""Chains of elementwise arithmetic on whole arrays: +, -, *, /, unary minus, python scalars."""
import numpy as np


def poly(x: np.ndarray) -> np.ndarray:
    return 3.0 * x * x - 2.0 * x + 1.0


def chain(x: np.ndarray, y: np.ndarray) -> np.ndarray:
    z = x + y
    z = z * (x - y)
    z = z / (1.0 + x * x)
    return -z + 0.5


def horner(x: np.ndarray) -> np.ndarray:
    acc = np.zeros_like(x)
    acc = acc * x + 1.0
    acc = acc * x - 0.5
    acc = acc * x + 0.25
    acc = acc * x - 0.125
    return acc


def reuse(x: np.ndarray) -> np.ndarray:
    a = x * 2
    b = a + x
    c = b - a
    return a * b * c


# run: poly(np.linspace(-2, 2, 9))
# run: poly(np.arange(6, dtype=np.float32).reshape(2, 3))
# run: poly(np.arange(-3, 4))
# run: chain(np.linspace(0, 1, 5), np.linspace(1, 2, 5))
# run: chain(np.arange(12, dtype=np.float32).reshape(3, 4), np.ones((3, 4), np.float32))
# run: horner(np.linspace(-1, 1, 11))
# run: horner(np.arange(4, dtype=np.float32))
# run: reuse(np.arange(5, dtype=np.int32))
# run: reuse(np.arange(24.0).reshape(2, 3, 4))
