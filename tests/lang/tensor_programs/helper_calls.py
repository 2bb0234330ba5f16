"""Tensor functions calling tensor functions: specialization per dtype/rank at each call site,
helpers returning tensors and scalars, recursion on sizes."""
import numpy as np


def square(x: np.ndarray) -> np.ndarray:
    return x * x


def norm(x: np.ndarray):
    return np.sqrt(square(x).sum())


def normalize(x: np.ndarray) -> np.ndarray:
    return x / norm(x)


def both_dtypes(x: np.ndarray):
    return normalize(x), normalize(x.astype(np.float32)), square(x.astype(np.int32))


def halve_sum(x: np.ndarray):
    if x.shape[0] == 1:
        return x[0]
    n = x.shape[0] // 2
    return halve_sum(x[:n]) + halve_sum(x[n:])


# run: normalize(np.array([3.0, 4.0]))
# run: normalize(np.arange(1, 7, dtype=np.float32).reshape(2, 3))
# run: both_dtypes(np.arange(1.0, 5.0))
# run: halve_sum(np.arange(16.0))
# run: halve_sum(np.arange(7, dtype=np.int32))
