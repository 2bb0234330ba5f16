"""Activation functions: relu, leaky_relu, sigmoid (stable), silu, softplus, hard tanh."""
import numpy as np


def relu(x: np.ndarray) -> np.ndarray:
    return np.maximum(x, 0)


def leaky_relu(x: np.ndarray, a: float) -> np.ndarray:
    return np.where(x > 0, x, a * x)


def sigmoid(x: np.ndarray) -> np.ndarray:
    e = np.exp(-np.abs(x))
    return np.where(x >= 0, 1.0 / (1.0 + e), e / (1.0 + e))


def silu(x: np.ndarray) -> np.ndarray:
    return x * sigmoid(x)


def softplus(x: np.ndarray) -> np.ndarray:
    return np.maximum(x, 0) + np.log1p(np.exp(-np.abs(x)))


def hardtanh(x: np.ndarray) -> np.ndarray:
    return np.clip(x, -1.0, 1.0)


def all_of(x: np.ndarray):
    return relu(x), leaky_relu(x, 0.01), sigmoid(x), silu(x), softplus(x), hardtanh(x)


# run: all_of(np.linspace(-5, 5, 11))
# run: all_of(np.linspace(-5, 5, 11).astype(np.float32))
# run: all_of(np.array([-1000.0, 1000.0]))
# run: all_of(np.sin(np.arange(12.0)).reshape(3, 4) * 4)
# run: relu(np.arange(-3, 3, dtype=np.int32))
