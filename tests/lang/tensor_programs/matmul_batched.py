"""Batched matmul: 3-D @ 3-D, 3-D @ 2-D, 2-D @ 3-D, 4-D with broadcast batch axes."""
import numpy as np


def bmm(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    return a @ b


def bmm_fn(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    return np.matmul(a, b)


# run: bmm(np.arange(24.0).reshape(2, 3, 4), np.arange(40.0).reshape(2, 4, 5))
# run: bmm(np.arange(24, dtype=np.float32).reshape(2, 3, 4), np.arange(40, dtype=np.float32).reshape(2, 4, 5))
# run: bmm(np.arange(24.0).reshape(2, 3, 4), np.arange(8.0).reshape(4, 2))
# run: bmm(np.arange(6.0).reshape(2, 3), np.arange(24.0).reshape(2, 3, 4))
# run: bmm(np.arange(48.0).reshape(2, 2, 3, 4), np.arange(24.0).reshape(2, 4, 3))
# run: bmm(np.arange(36.0).reshape(3, 1, 3, 4), np.arange(40.0).reshape(2, 4, 5))
# run: bmm(np.sin(np.arange(96.0)).reshape(2, 3, 4, 4), np.cos(np.arange(16.0)).reshape(4, 4))
# run: bmm_fn(np.arange(24, dtype=np.int32).reshape(2, 3, 4), np.arange(24, dtype=np.int32).reshape(2, 4, 3))
# run: bmm_fn(np.arange(12.0).reshape(3, 4, 1), np.arange(6.0).reshape(3, 1, 2))
