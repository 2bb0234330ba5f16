"""Accumulating numpy scalars in a python-float variable: NEP 50 makes 0.0 + np.float32 a
np.float32, so the sum runs in float32 after the first step and comes back as np.float32."""
import numpy as np


def acc_elements(x: np.ndarray):
    s = 0.0
    for i in range(x.shape[0]):
        s = s + x[i]
    return s


def acc_as_python(x: np.ndarray) -> float:
    s = 0.0
    for i in range(x.shape[0]):
        s = s + float(x[i])
    return s


def acc_in_array(x: np.ndarray) -> np.ndarray:
    out = np.zeros(1, dtype=x.dtype)
    for i in range(x.shape[0]):
        out[0] = out[0] + x[i]
    return out


def scaled_element(x: np.ndarray):
    return x[0] * 0.1, 0.1 * x[0], x[0] / 3, x[0] + x.sum()


# run: acc_elements(np.full(3000, 0.1, dtype=np.float32))
# run: acc_elements(np.full(300, 0.1))
# run: acc_elements(np.arange(5, dtype=np.int32))
# run: acc_as_python(np.full(3000, 0.1, dtype=np.float32))
# run: acc_in_array(np.full(1000, 0.1, dtype=np.float32))
# run: scaled_element(np.array([1.0, 2.0], dtype=np.float32))
# run: scaled_element(np.array([1, 2], dtype=np.int32))
