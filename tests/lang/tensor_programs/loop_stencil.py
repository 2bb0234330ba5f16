"""Stencils with element loops: 1-D 3-point smoothing, 2-D 5-point Laplacian, compared with the
sliced (vectorized) form of the same stencil."""
import numpy as np


def smooth_loop(x: np.ndarray) -> np.ndarray:
    n = x.shape[0]
    out = x.copy()
    for i in range(1, n - 1):
        out[i] = 0.25 * x[i - 1] + 0.5 * x[i] + 0.25 * x[i + 1]
    return out


def smooth_sliced(x: np.ndarray) -> np.ndarray:
    out = x.copy()
    out[1:-1] = 0.25 * x[:-2] + 0.5 * x[1:-1] + 0.25 * x[2:]
    return out


def laplace_loop(u: np.ndarray) -> np.ndarray:
    n, m = u.shape
    out = np.zeros_like(u)
    for i in range(1, n - 1):
        for j in range(1, m - 1):
            out[i, j] = u[i - 1, j] + u[i + 1, j] + u[i, j - 1] + u[i, j + 1] - 4.0 * u[i, j]
    return out


def laplace_sliced(u: np.ndarray) -> np.ndarray:
    out = np.zeros_like(u)
    out[1:-1, 1:-1] = u[:-2, 1:-1] + u[2:, 1:-1] + u[1:-1, :-2] + u[1:-1, 2:] - 4.0 * u[1:-1, 1:-1]
    return out


def heat(u: np.ndarray, steps: int) -> np.ndarray:
    v = u.copy()
    for s in range(steps):
        v = v + 0.1 * laplace_sliced(v)
    return v


# run: smooth_loop(np.sin(np.arange(16.0)))
# run: smooth_sliced(np.sin(np.arange(16.0)))
# run: smooth_loop(np.sin(np.arange(16.0)).astype(np.float32))
# run: laplace_loop(np.arange(30.0).reshape(5, 6) ** 2)
# run: laplace_sliced(np.arange(30.0).reshape(5, 6) ** 2)
# run: laplace_loop(np.cos(np.arange(64.0)).reshape(8, 8).astype(np.float32))
# run: heat(np.eye(6), 10)
