"""np.outer (stdlib/nparrays.py): vectors, arrays it ravels, mixed dtypes (NEP 50), a
numpy scalar operand."""
import numpy as np


def outer(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    return np.outer(a, b)


def outer_scaled(a: np.ndarray, k: float) -> np.ndarray:
    return np.outer(a * k, a[::-1])


# run: outer(np.arange(3.0), np.arange(4.0))
# run: outer(np.arange(6.0).reshape(2, 3), np.array([1.0, -1.0]))
# run: outer(np.arange(3, dtype=np.float32), np.arange(2, dtype=np.int64))
# run: outer(np.arange(4), np.arange(3))
# run: outer(np.zeros(0), np.arange(3.0))
# run: outer_scaled(np.linspace(0.0, 1.0, 5), 2.5)
