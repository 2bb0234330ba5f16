"""if/while conditions computed from tensors: reductions, element compares, .any()/.all()."""
import numpy as np


def sign_of_sum(x: np.ndarray) -> int:
    if x.sum() > 0:
        return 1
    elif x.sum() < 0:
        return -1
    return 0


def halve_until_small(x: np.ndarray, eps: float):
    y = x.copy()
    n = 0
    while (np.abs(y) > eps).any():
        y = y / 2
        n += 1
    return y, n


def all_positive_or_fix(x: np.ndarray) -> np.ndarray:
    if (x > 0).all():
        return x
    return np.abs(x) + 1.0


def newton_sqrt(a: np.ndarray) -> np.ndarray:
    x = np.ones_like(a)
    for i in range(30):
        nx = 0.5 * (x + a / x)
        if np.abs(nx - x).max() < 1e-15:
            return nx
        x = nx
    return x


# run: sign_of_sum(np.array([1.0, -2.0, 0.5]))
# run: sign_of_sum(np.array([1, 2], dtype=np.int32))
# run: sign_of_sum(np.zeros(3))
# run: halve_until_small(np.array([3.0, -5.0, 0.25]), 0.1)
# run: halve_until_small(np.array([3.0, -5.0], dtype=np.float32), 0.01)
# run: all_positive_or_fix(np.array([1.0, 2.0]))
# run: all_positive_or_fix(np.array([1.0, -2.0]))
# run: newton_sqrt(np.array([1.0, 2.0, 9.0, 1e-3, 100.0]))
