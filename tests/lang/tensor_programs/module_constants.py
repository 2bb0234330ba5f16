"""Module-level number constants used with tensors (arrays built inside the function)."""
import numpy as np

EPS = 1e-5
SCALE = 2.0
N = 4


def scaled(x: np.ndarray) -> np.ndarray:
    return x * SCALE + EPS


def grid() -> np.ndarray:
    return np.arange(N * N).reshape(N, N) * SCALE


def safe_div(x: np.ndarray, y: np.ndarray) -> np.ndarray:
    return x / (y + EPS)


# run: scaled(np.arange(3.0))
# run: scaled(np.arange(3, dtype=np.float32))
# run: grid()
# run: safe_div(np.ones(3), np.array([0.0, 1.0, 2.0]))
