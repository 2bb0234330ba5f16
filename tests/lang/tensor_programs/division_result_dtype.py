"""True division: int/int -> float64, float32/int -> float32, int32/float32 -> float64."""
import numpy as np


def div(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    return a / b


def div_scalar(a: np.ndarray):
    return a / 2, a / 2.0, 1 / (a + 1)


def floor_dtype(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    return a // b


# run: div(np.arange(1, 5, dtype=np.int32), np.arange(1, 5, dtype=np.int32))
# run: div(np.arange(1, 5), np.array([3, 3, 3, 3], dtype=np.int32))
# run: div(np.arange(1, 5, dtype=np.float32), np.array([3, 3, 3, 3], dtype=np.int32))
# run: div(np.arange(1, 5, dtype=np.float32), np.array([3.0, 3.0, 3.0, 3.0], dtype=np.float32))
# run: div(np.array([True, False]), np.array([True, True]))
# run: div_scalar(np.arange(4, dtype=np.int32))
# run: div_scalar(np.arange(4, dtype=np.float32))
# run: floor_dtype(np.arange(5, dtype=np.int32), np.array([2.0]))
# run: floor_dtype(np.arange(5, dtype=np.float32), np.array([2], dtype=np.int32))
