"""A two-layer MLP forward: x @ W1 + b1, relu, @ W2 + b2; weights built from sin/cos."""
import numpy as np


def relu(x: np.ndarray) -> np.ndarray:
    return np.maximum(x, 0.0)


def mlp(x: np.ndarray, w1: np.ndarray, b1: np.ndarray, w2: np.ndarray, b2: np.ndarray) -> np.ndarray:
    h = relu(x @ w1 + b1)
    return h @ w2 + b2


def mlp_built(n: int) -> np.ndarray:
    x = np.sin(np.arange(n * 4.0)).reshape(n, 4)
    w1 = np.cos(np.arange(32.0)).reshape(4, 8) * 0.5
    b1 = np.linspace(-0.1, 0.1, 8)
    w2 = np.sin(np.arange(24.0) * 0.7).reshape(8, 3)
    b2 = np.zeros(3)
    return mlp(x, w1, b1, w2, b2)


def predict(x: np.ndarray, w1: np.ndarray, b1: np.ndarray, w2: np.ndarray, b2: np.ndarray) -> np.ndarray:
    return mlp(x, w1, b1, w2, b2).argmax(axis=-1)


# run: mlp(np.sin(np.arange(20.0)).reshape(5, 4), np.cos(np.arange(32.0)).reshape(4, 8), np.linspace(-0.1, 0.1, 8), np.sin(np.arange(24.0)).reshape(8, 3), np.array([0.1, 0.2, 0.3]))
# run: mlp(np.sin(np.arange(20, dtype=np.float32)).reshape(5, 4), np.cos(np.arange(32, dtype=np.float32)).reshape(4, 8), np.linspace(-0.1, 0.1, 8, dtype=np.float32), np.sin(np.arange(24, dtype=np.float32)).reshape(8, 3), np.array([0.1, 0.2, 0.3], dtype=np.float32))  # rtol=1e-4  # atol=1e-5
# run: mlp(np.sin(np.arange(4.0)), np.cos(np.arange(32.0)).reshape(4, 8), np.zeros(8), np.eye(8)[:, :3], np.zeros(3))
# run: mlp_built(6)
# run: predict(np.sin(np.arange(20.0)).reshape(5, 4), np.cos(np.arange(32.0)).reshape(4, 8), np.linspace(-0.1, 0.1, 8), np.sin(np.arange(24.0)).reshape(8, 3), np.array([0.1, 0.2, 0.3]))
