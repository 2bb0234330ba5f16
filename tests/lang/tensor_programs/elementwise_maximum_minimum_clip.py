"""np.maximum / np.minimum / np.clip with arrays and python scalars; nan propagates."""
import numpy as np


def relu(x: np.ndarray) -> np.ndarray:
    return np.maximum(x, 0)


def between(x: np.ndarray, lo: np.ndarray, hi: np.ndarray) -> np.ndarray:
    return np.minimum(np.maximum(x, lo), hi)


def clipped(x: np.ndarray):
    return np.clip(x, -1.0, 1.0), np.clip(x, 0, 2)


def clip_int(x: np.ndarray) -> np.ndarray:
    return np.clip(x, 0, 5)


def nan_prop(x: np.ndarray, y: np.ndarray):
    return np.maximum(x, y), np.minimum(x, y)


# run: relu(np.linspace(-2, 2, 9))
# run: relu(np.linspace(-2, 2, 9).astype(np.float32))
# run: relu(np.arange(-3, 4, dtype=np.int32))
# run: between(np.arange(6.0), np.full(6, 1.0), np.array([4.0]))
# run: clipped(np.linspace(-3, 3, 7))
# run: clipped(np.linspace(-3, 3, 7).astype(np.float32))
# run: clip_int(np.arange(-2, 9, dtype=np.int32))
# run: clip_int(np.arange(-2, 9))
# run: nan_prop(np.array([1.0, np.nan, 3.0, -0.0]), np.array([np.nan, 2.0, 1.0, 0.0]))
