"""Creation functions with the small dtypes: np.zeros / ones / empty / full / arange /
linspace / eye and the *_like forms with dtype=, x.dtype comparisons, np.array of lists."""
import numpy as np


def made(n: int):
    return (np.zeros((2, n), dtype=np.uint8), np.ones(n, dtype=np.int8),
            np.full(n, 7, dtype=np.uint16), np.full((n,), 2.5, dtype=np.float16),
            np.eye(n, dtype=np.int16), np.empty(0, dtype=np.uint32))


def ranges(n: int):
    return (np.arange(n, dtype=np.uint8), np.arange(-n, n, 3, dtype=np.int8),
            np.arange(0, n, 0.5, dtype=np.float16), np.linspace(0, 1, n, dtype=np.float16),
            np.arange(n, dtype=np.uint64))


def likes(x: np.ndarray):
    return np.zeros_like(x), np.ones_like(x), np.full_like(x, 3), np.zeros_like(x, dtype=np.float16)


def kind(x: np.ndarray):
    return x.dtype == np.uint8, x.dtype == np.int8, x.dtype == np.float16


def listed(n: int):
    return np.array([i * 50 for i in range(n)], dtype=np.uint8), \
        np.array([[1.5, 2.5], [3.5, 4.5]], dtype=np.float16)


# run: made(3)
# run: ranges(6)
# run: likes(np.array([[1, 2], [3, 4]], dtype=np.uint16))
# run: likes(np.array([1.5, 2.5], dtype=np.float16))
# run: kind(np.array([1], dtype=np.uint8))
# run: kind(np.array([1], dtype=np.float16))
# run: listed(4)


def filled(n: int, v: int):
    return np.full(n, v, dtype=np.uint8), np.full_like(np.zeros(n, dtype=np.int8), v)


# run: filled(3, 100)
# run: filled(3, 200)
# run: filled(3, -1)
