"""NEP 50: python int/float scalars are weak — a float32 array stays float32."""
import numpy as np


def with_float(x: np.ndarray):
    return x * 2.0, x + 0.1, 1.0 / x, x - 3.5


def with_int(x: np.ndarray):
    return x * 2, x + 1, 7 // 2 + x, x / 3


def big_scalar(x: np.ndarray) -> np.ndarray:
    return x * 1e300


def scalar_from_int(x: np.ndarray, k: int) -> np.ndarray:
    return x * k + k


# run: with_float(np.array([1.0, 2.0, 4.0], dtype=np.float32))
# run: with_float(np.array([1.0, 2.0, 4.0]))
# run: with_int(np.array([1.0, 2.0, 4.0], dtype=np.float32))
# run: with_int(np.arange(1, 7, dtype=np.float32).reshape(2, 3))
# run: big_scalar(np.array([1.0, 0.0, -1.0], dtype=np.float32))
# run: scalar_from_int(np.linspace(0, 1, 5).astype(np.float32), 3)
