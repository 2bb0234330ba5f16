"""Float division by zero gives inf/nan; floor division and % on floats with signs."""
import numpy as np


def div(x: np.ndarray, y: np.ndarray) -> np.ndarray:
    return x / y


def floor_mod(x: np.ndarray, y: np.ndarray):
    return x // y, x % y


def by_scalar(x: np.ndarray, d: float) -> np.ndarray:
    return x / d


# run: div(np.array([1.0, -1.0, 0.0, 2.0]), np.array([0.0, 0.0, 0.0, -0.0]))
# run: div(np.array([1.0, -1.0, 0.0], dtype=np.float32), np.array([0.0, 0.0, 0.0], dtype=np.float32))
# run: floor_mod(np.array([7.5, -7.5, 7.5, -7.5]), np.array([2.0, 2.0, -2.0, -2.0]))
# run: floor_mod(np.array([7.5, -7.5, 1.0], dtype=np.float32), np.array([2.0, 2.0, 0.0], dtype=np.float32))
# run: by_scalar(np.arange(5.0), 4.0)
# run: by_scalar(np.arange(5.0), 0.0)
# run: by_scalar(np.arange(5, dtype=np.float32), 3.0)
