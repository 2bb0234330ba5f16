"""Small matrix utilities written with the language: outer product, trace, diagonal by loop,
upper-triangular mask, symmetric part."""
import numpy as np


def outer(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    return a[:, None] * b[None, :]


def trace(x: np.ndarray):
    return (x * np.eye(x.shape[0], x.shape[1], dtype=x.dtype)).sum()


def diag(x: np.ndarray) -> np.ndarray:
    n = min(x.shape[0], x.shape[1])
    out = np.zeros(n, dtype=x.dtype)
    for i in range(n):
        out[i] = x[i, i]
    return out


def triu(x: np.ndarray) -> np.ndarray:
    n, m = x.shape
    rows = np.arange(n)[:, None]
    cols = np.arange(m)[None, :]
    return np.where(cols >= rows, x, 0)


def symmetric_part(x: np.ndarray) -> np.ndarray:
    return (x + x.T) / 2


# run: outer(np.arange(3.0), np.arange(4.0))
# run: outer(np.arange(3, dtype=np.int32), np.arange(2, dtype=np.int32))
# run: trace(np.arange(9.0).reshape(3, 3))
# run: trace(np.arange(12, dtype=np.int32).reshape(3, 4))
# run: diag(np.arange(12.0).reshape(4, 3))
# run: triu(np.arange(16.0).reshape(4, 4))
# run: triu(np.arange(12, dtype=np.int32).reshape(3, 4))
# run: symmetric_part(np.arange(9, dtype=np.int32).reshape(3, 3))
