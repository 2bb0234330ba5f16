"""x ** e with one exponent for the whole array (a Python or numpy scalar, a 0-d array):
numpy's power loop takes e = -1, 0, 0.5, 1, 2 as 1 / x, 1, sqrt(x), x, x * x, so
(-inf) ** 0.5 is nan and (-0.0) ** 0.5 is -0.0 where pow gives inf and 0.0 (native code
gave pow's values; found by differential fuzzing).  An exponent array takes pow."""
import numpy as np


def half(x: np.ndarray):
    return x ** 0.5


def by(x: np.ndarray, e: float):
    return x ** e


def power_fn(x: np.ndarray, e: float):
    return np.power(x, e)


def by_array(x: np.ndarray, e: np.ndarray):
    return x ** e


def in_chain(x: np.ndarray, e: float):
    return (x * 1.0) ** e - x



# run: half(np.array([-np.inf, -0.0, 0.0, 4.0, -4.0, np.inf, np.nan, 3.0, 1e-300]))
# run: half(np.array([-np.inf, -0.0, 0.0, 4.0, -4.0, np.inf, np.nan, 3.0], dtype=np.float32))
# run: half(np.array([0, 1, 2, 9]))
# run: by(np.array([-np.inf, -0.0, 0.0, 4.0, -4.0, np.inf, np.nan, 3.0, 1e-300]), 0.5)
# run: by(np.array([-np.inf, -0.0, 0.0, 4.0, -4.0, np.inf, np.nan, 3.0, 1e-300]), -0.5)
# run: by(np.array([-np.inf, -0.0, 0.0, 4.0, -4.0, np.inf, np.nan, 3.0, 1e-300]), -1.0)
# run: by(np.array([-np.inf, -0.0, 0.0, 4.0, -4.0, np.inf, np.nan, 3.0, 1e-300]), 0.0)
# run: by(np.array([-np.inf, -0.0, 0.0, 4.0, -4.0, np.inf, np.nan, 3.0, 1e-300]), 1.0)
# run: by(np.array([-np.inf, -0.0, 0.0, 4.0, -4.0, np.inf, np.nan, 3.0, 1e-300]), 2.0)
# run: by(np.array([-np.inf, -0.0, 0.0, 4.0, -4.0, np.inf, np.nan, 3.0, 1e-300]), 3.0)
# run: power_fn(np.array([[-np.inf, -0.0], [4.0, np.nan]]), 0.5)
# run: by_array(np.array([-np.inf, -0.0, 4.0]), np.array(0.5))
# run: by_array(np.array([-np.inf, -0.0, 4.0]), np.array([0.5, 0.5, 0.5]))
# run: in_chain(np.array([-np.inf, -0.0, 0.0, 4.0, np.nan]), 0.5)
