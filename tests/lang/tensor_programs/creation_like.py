"""zeros_like / ones_like / full_like / empty_like keep shape and dtype (or take dtype=), and
produce contiguous arrays even from views."""
import numpy as np


def likes(x: np.ndarray):
    return np.zeros_like(x), np.ones_like(x), np.full_like(x, 7)


def like_with_dtype(x: np.ndarray):
    return np.zeros_like(x, dtype=np.float32), np.ones_like(x, dtype=np.int32), np.full_like(x, 2.5, dtype=np.float64)


def full_like_cast(x: np.ndarray) -> np.ndarray:
    return np.full_like(x, 2.7)


def empty_like_filled(x: np.ndarray) -> np.ndarray:
    y = np.empty_like(x)
    y[:] = x * 2
    return y


# run: likes(np.arange(6.0).reshape(2, 3))
# run: likes(np.arange(6, dtype=np.int32).reshape(3, 2).T)
# run: likes(np.array([True, False]))
# run: like_with_dtype(np.arange(4.0))
# run: full_like_cast(np.arange(3, dtype=np.int32))
# run: full_like_cast(np.arange(3, dtype=np.float32))
# run: empty_like_filled(np.arange(6.0).reshape(2, 3)[:, ::-1])
