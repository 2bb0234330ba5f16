"""BatchNorm over NCHW in inference mode (per-channel mean/var broadcast over N, H, W) and the
training-mode statistics over axes (0, 2, 3)."""
import numpy as np


def batch_norm(x: np.ndarray, mean: np.ndarray, var: np.ndarray, g: np.ndarray, b: np.ndarray) -> np.ndarray:
    c = x.shape[1]
    inv = g / np.sqrt(var + 1e-5)
    return (x - mean.reshape(1, c, 1, 1)) * inv.reshape(1, c, 1, 1) + b.reshape(1, c, 1, 1)


def batch_stats(x: np.ndarray):
    return x.mean(axis=(0, 2, 3)), x.var(axis=(0, 2, 3))


def train_norm(x: np.ndarray) -> np.ndarray:
    m = x.mean(axis=(0, 2, 3), keepdims=True)
    v = x.var(axis=(0, 2, 3), keepdims=True)
    return (x - m) / np.sqrt(v + 1e-5)


# run: batch_norm(np.sin(np.arange(96.0)).reshape(2, 3, 4, 4), np.array([0.1, -0.2, 0.0]), np.array([1.0, 0.5, 2.0]), np.ones(3), np.zeros(3))
# run: batch_norm(np.sin(np.arange(96, dtype=np.float32)).reshape(2, 3, 4, 4), np.zeros(3, np.float32), np.ones(3, np.float32), np.linspace(0.5, 1.5, 3, dtype=np.float32), np.ones(3, np.float32))
# run: batch_stats(np.cos(np.arange(96.0)).reshape(2, 3, 4, 4))
# run: train_norm(np.cos(np.arange(48.0)).reshape(2, 2, 3, 4))
