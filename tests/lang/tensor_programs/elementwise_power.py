"""** and np.power: float and int bases, int exponents, negative int powers of ints raise."""
import numpy as np


def square_cube(x: np.ndarray):
    return x ** 2, x ** 3, np.power(x, 2)


def pow_arrays(x: np.ndarray, y: np.ndarray) -> np.ndarray:
    return np.power(x, y)


def fractional(x: np.ndarray) -> np.ndarray:
    return x ** 0.5 + x ** -1.0


def reciprocal_int(x: np.ndarray, k: int) -> np.ndarray:
    return x ** k


# run: square_cube(np.arange(-3, 4))
# run: square_cube(np.arange(-3, 4, dtype=np.int32))
# run: square_cube(np.linspace(-1, 1, 5).astype(np.float32))
# run: square_cube(np.linspace(-1, 1, 5))
# run: pow_arrays(np.array([2.0, 3.0, 0.5, -2.0]), np.array([3.0, 0.5, -2.0, 2.0]))
# run: pow_arrays(np.array([2, 3, 4], dtype=np.int32), np.array([0, 1, 5], dtype=np.int32))
# run: pow_arrays(np.array([2, 3, 4]), np.array([2.0, 0.5, -1.0]))
# run: pow_arrays(np.array([-8.0, 0.0]), np.array([0.5, -1.0]))
# run: fractional(np.array([0.25, 1.0, 4.0, 9.0]))
# run: fractional(np.array([0.25, 1.0, 4.0], dtype=np.float32))
# run: reciprocal_int(np.array([1, 2, 3]), 2)
# run: reciprocal_int(np.array([1, 2, 3]), -1)
# run: reciprocal_int(np.array([1.0, 2.0, 4.0]), -1)
