"""Unary -, + and abs() on arrays; abs of int min wraps."""
import numpy as np


def unary(x: np.ndarray):
    return -x, +x, abs(x), np.abs(x)


def double_neg(x: np.ndarray) -> np.ndarray:
    return -(-x) - x


# run: unary(np.array([-1.5, -0.0, 0.0, 2.5]))
# run: unary(np.array([-1.5, 2.5], dtype=np.float32))
# run: unary(np.array([-3, 0, 3, -2147483648], dtype=np.int32))
# run: unary(np.arange(-2, 3).reshape(5, 1))
# run: double_neg(np.arange(6.0).reshape(2, 3))
