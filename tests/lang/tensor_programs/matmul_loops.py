"""Matrix product written with element loops, checked against @ inside the function."""
import numpy as np


def loop_mm(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    n, k = a.shape
    k2, m = b.shape
    out = np.zeros((n, m), dtype=a.dtype)
    for i in range(n):
        for j in range(m):
            acc = 0.0
            for t in range(k):
                acc = acc + float(a[i, t]) * float(b[t, j])
            out[i, j] = acc
    return out


def loop_mv(a: np.ndarray, v: np.ndarray) -> np.ndarray:
    n = a.shape[0]
    out = np.empty(n)
    for i in range(n):
        s = 0.0
        for j in range(v.shape[0]):
            s += a[i, j] * v[j]
        out[i] = s
    return out


def max_error(a: np.ndarray, b: np.ndarray) -> float:
    d = loop_mm(a, b) - a @ b
    return float(np.abs(d).max())


# run: loop_mm(np.arange(6.0).reshape(2, 3), np.arange(12.0).reshape(3, 4))
# run: loop_mm(np.arange(6, dtype=np.float32).reshape(2, 3), np.arange(6, dtype=np.float32).reshape(3, 2))
# run: loop_mm(np.sin(np.arange(64.0)).reshape(8, 8), np.cos(np.arange(64.0)).reshape(8, 8))
# run: loop_mv(np.arange(12.0).reshape(3, 4), np.linspace(0, 1, 4))
# run: loop_mv(np.arange(12.0).reshape(4, 3).T, np.linspace(0, 1, 4))
# run: max_error(np.arange(6.0).reshape(2, 3), np.arange(6.0).reshape(3, 2))
