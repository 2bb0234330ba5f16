"""A shape error raised in a scripted callee, caught in its caller by a base class."""
import numpy as np


def combine(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    return a * b + 1.0


def safe_combine(a: np.ndarray, b: np.ndarray) -> float:
    try:
        return float(combine(a, b).sum())
    except Exception as e:
        print(str(e))
        return 0.0


# run: safe_combine(np.ones((2, 2)), np.ones(2))
# run: safe_combine(np.ones((2, 2)), np.ones(3))
