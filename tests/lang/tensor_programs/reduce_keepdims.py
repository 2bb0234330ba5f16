"""keepdims=True keeps the reduced axes as size 1, so the result broadcasts back."""
import numpy as np


def center_rows(x: np.ndarray) -> np.ndarray:
    return x - x.mean(axis=1, keepdims=True)


def center_cols(x: np.ndarray) -> np.ndarray:
    return x - x.mean(axis=0, keepdims=True)


def scale_max(x: np.ndarray) -> np.ndarray:
    return x / np.max(np.abs(x), axis=-1, keepdims=True)


def all_keep(x: np.ndarray):
    return x.sum(axis=None, keepdims=True), x.max(keepdims=True), x.argmax(axis=None, keepdims=True)


def keep_false(x: np.ndarray):
    return x.sum(axis=0, keepdims=False), x.any(axis=1, keepdims=False)


# run: center_rows(np.arange(12.0).reshape(3, 4))
# run: center_rows(np.arange(12, dtype=np.float32).reshape(3, 4))
# run: center_cols(np.arange(12, dtype=np.int32).reshape(3, 4))
# run: scale_max(np.sin(np.arange(24.0)).reshape(2, 3, 4))
# run: all_keep(np.arange(24.0).reshape(2, 3, 4))
# run: keep_false(np.arange(6).reshape(2, 3))
