"""np.where with array/scalar branches: result dtype follows promotion of the branches."""
import numpy as np


def relu_where(x: np.ndarray) -> np.ndarray:
    return np.where(x > 0, x, 0.0)


def pick(c: np.ndarray, a: np.ndarray, b: np.ndarray) -> np.ndarray:
    return np.where(c, a, b)


def consts(x: np.ndarray) -> np.ndarray:
    return np.where(x > 2, 1, -1)


def mixed(x: np.ndarray) -> np.ndarray:
    return np.where(x % 2 == 0, x, 0.5)


def nested(x: np.ndarray) -> np.ndarray:
    return np.where(x < -1.0, -1.0, np.where(x > 1.0, 1.0, x))


# run: relu_where(np.linspace(-2, 2, 9))
# run: relu_where(np.linspace(-2, 2, 9).astype(np.float32))
# run: relu_where(np.arange(-3, 3, dtype=np.int32))
# run: pick(np.array([True, False, True]), np.array([1.0, 2.0, 3.0]), np.array([-1.0, -2.0, -3.0]))
# run: pick(np.array([[True], [False]]), np.arange(6.0).reshape(2, 3), np.array([9.0, 8.0, 7.0]))
# run: pick(np.array([True, False]), np.array([1, 2], dtype=np.int32), np.array([0.5, 0.25], dtype=np.float32))
# run: consts(np.arange(6))
# run: mixed(np.arange(6, dtype=np.int32))
# run: nested(np.linspace(-3, 3, 13))
# run: nested(np.linspace(-3, 3, 13).astype(np.float32))
