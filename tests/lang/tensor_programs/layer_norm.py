"""layer_norm over the last axis with gain and bias; also a 2-axis normalization."""
import numpy as np


def layer_norm(x: np.ndarray, g: np.ndarray, b: np.ndarray, eps: float) -> np.ndarray:
    mu = x.mean(axis=-1, keepdims=True)
    var = ((x - mu) ** 2).mean(axis=-1, keepdims=True)
    return (x - mu) / np.sqrt(var + eps) * g + b


def layer_norm_var(x: np.ndarray) -> np.ndarray:
    return (x - x.mean(axis=-1, keepdims=True)) / np.sqrt(x.var(axis=-1, keepdims=True) + 1e-5)


def group_norm(x: np.ndarray) -> np.ndarray:
    mu = x.mean(axis=(1, 2), keepdims=True)
    sd = x.std(axis=(1, 2), keepdims=True)
    return (x - mu) / (sd + 1e-5)


# run: layer_norm(np.arange(12.0).reshape(3, 4), np.ones(4), np.zeros(4), 1e-5)
# run: layer_norm(np.sin(np.arange(24.0)).reshape(2, 3, 4), np.linspace(0.5, 2, 4), np.linspace(-1, 1, 4), 1e-5)
# run: layer_norm(np.sin(np.arange(24, dtype=np.float32)).reshape(6, 4), np.ones(4, np.float32), np.zeros(4, np.float32), 1e-5)  # rtol=1e-4  # atol=1e-5
# run: layer_norm_var(np.cos(np.arange(20.0)).reshape(4, 5))
# run: group_norm(np.sin(np.arange(60.0)).reshape(3, 4, 5))
