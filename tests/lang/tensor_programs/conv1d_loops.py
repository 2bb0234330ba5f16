"""1-D convolution (valid, with padding done by concatenation), moving average, and a
sliced/vectorized equivalent."""
import numpy as np


def conv1d(x: np.ndarray, k: np.ndarray) -> np.ndarray:
    n = x.shape[0] - k.shape[0] + 1
    out = np.zeros(n)
    for i in range(n):
        out[i] = (x[i:i + k.shape[0]] * k).sum()
    return out


def conv1d_same(x: np.ndarray, k: np.ndarray) -> np.ndarray:
    p = k.shape[0] // 2
    xp = np.concatenate([np.zeros(p), x, np.zeros(p)])
    return conv1d(xp, k)


def conv1d_vec(x: np.ndarray, k: np.ndarray) -> np.ndarray:
    m = k.shape[0]
    n = x.shape[0] - m + 1
    out = np.zeros(n)
    for t in range(m):
        out = out + k[t] * x[t:t + n]
    return out


def multi_channel(x: np.ndarray, w: np.ndarray) -> np.ndarray:
    # x: (C, L), w: (K, C, M) -> (K, L - M + 1)
    k, c, m = w.shape
    n = x.shape[1] - m + 1
    out = np.zeros((k, n), dtype=x.dtype)
    for i in range(n):
        out[:, i] = (w * x[None, :, i:i + m]).sum(axis=(1, 2))
    return out


# run: conv1d(np.arange(10.0), np.array([1.0, 0.0, -1.0]))
# run: conv1d_same(np.sin(np.arange(12.0)), np.array([0.25, 0.5, 0.25]))
# run: conv1d_vec(np.sin(np.arange(12.0)), np.array([0.25, 0.5, 0.25]))
# run: multi_channel(np.sin(np.arange(30.0)).reshape(3, 10), np.cos(np.arange(18.0)).reshape(2, 3, 3))
# run: multi_channel(np.sin(np.arange(30, dtype=np.float32)).reshape(3, 10), np.cos(np.arange(18, dtype=np.float32)).reshape(2, 3, 3))  # rtol=1e-4  # atol=1e-5
