"""GELU in its tanh form, and its derivative, on float32 and float64."""
import math
import numpy as np


def gelu(x: np.ndarray) -> np.ndarray:
    c = math.sqrt(2.0 / math.pi)
    return 0.5 * x * (1.0 + np.tanh(c * (x + 0.044715 * x ** 3)))


def gelu_grad(x: np.ndarray) -> np.ndarray:
    c = math.sqrt(2.0 / math.pi)
    u = c * (x + 0.044715 * x * x * x)
    t = np.tanh(u)
    du = c * (1.0 + 3.0 * 0.044715 * x * x)
    return 0.5 * (1.0 + t) + 0.5 * x * (1.0 - t * t) * du


# run: gelu(np.linspace(-4, 4, 17))
# run: gelu(np.linspace(-4, 4, 17).astype(np.float32))
# run: gelu(np.sin(np.arange(24.0)).reshape(2, 3, 4) * 3)
# run: gelu(np.array([-50.0, 50.0, 0.0]))
# run: gelu_grad(np.linspace(-3, 3, 13))
