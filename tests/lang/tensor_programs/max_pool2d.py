"""max_pool2d and avg_pool2d over 2x2 windows with stride 2, written with loops; a reshape-based
version of max pooling for comparison."""
import numpy as np


def max_pool2d(x: np.ndarray) -> np.ndarray:
    c, h, w = x.shape
    out = np.zeros((c, h // 2, w // 2), dtype=x.dtype)
    for k in range(c):
        for i in range(h // 2):
            for j in range(w // 2):
                out[k, i, j] = x[k, 2 * i:2 * i + 2, 2 * j:2 * j + 2].max()
    return out


def max_pool2d_scalar(x: np.ndarray) -> np.ndarray:
    h, w = x.shape
    out = np.empty((h // 2, w // 2), dtype=x.dtype)
    for i in range(h // 2):
        for j in range(w // 2):
            m = x[2 * i, 2 * j]
            for a in range(2):
                for b in range(2):
                    if x[2 * i + a, 2 * j + b] > m:
                        m = x[2 * i + a, 2 * j + b]
            out[i, j] = m
    return out


def max_pool2d_reshape(x: np.ndarray) -> np.ndarray:
    c, h, w = x.shape
    return x[:, :h // 2 * 2, :w // 2 * 2].reshape(c, h // 2, 2, w // 2, 2).max(axis=(2, 4))


def avg_pool2d(x: np.ndarray) -> np.ndarray:
    c, h, w = x.shape
    out = np.zeros((c, h // 2, w // 2))
    for i in range(h // 2):
        for j in range(w // 2):
            out[:, i, j] = x[:, 2 * i:2 * i + 2, 2 * j:2 * j + 2].mean(axis=(1, 2))
    return out


# run: max_pool2d(np.sin(np.arange(64.0)).reshape(1, 8, 8))
# run: max_pool2d(np.arange(50, dtype=np.int32).reshape(2, 5, 5) % 7)
# run: max_pool2d(np.sin(np.arange(96, dtype=np.float32)).reshape(2, 6, 8))
# run: max_pool2d_scalar(np.sin(np.arange(64.0)).reshape(8, 8))
# run: max_pool2d_scalar(np.arange(36, dtype=np.int32).reshape(6, 6)[::-1])
# run: max_pool2d_reshape(np.sin(np.arange(64.0)).reshape(1, 8, 8))
# run: max_pool2d_reshape(np.arange(50, dtype=np.int32).reshape(2, 5, 5) % 7)
# run: avg_pool2d(np.arange(32.0).reshape(2, 4, 4))
# run: avg_pool2d(np.arange(32, dtype=np.int32).reshape(2, 4, 4))
