"""Gradient descent for least squares: a loop of matmuls, reductions and array updates."""
import numpy as np


def fit(x: np.ndarray, y: np.ndarray, lr: float, steps: int) -> np.ndarray:
    n, d = x.shape
    w = np.zeros(d, dtype=x.dtype)
    for s in range(steps):
        r = x @ w - y
        g = x.T @ r / n
        w = w - lr * g
    return w


def loss(x: np.ndarray, y: np.ndarray, w: np.ndarray):
    r = x @ w - y
    return (r * r).mean()


def fit_until(x: np.ndarray, y: np.ndarray, tol: float):
    w = np.zeros(x.shape[1])
    steps = 0
    g = x.T @ (x @ w - y)
    while np.abs(g).max() > tol and steps < 500:
        w = w - 0.1 * g / x.shape[0]
        g = x.T @ (x @ w - y)
        steps += 1
    return w, steps


# run: fit(np.stack([np.ones(8), np.linspace(0, 1, 8)], axis=1), 2.0 + 3.0 * np.linspace(0, 1, 8), 0.5, 100)
# run: fit(np.stack([np.ones(8), np.linspace(0, 1, 8)], axis=1).astype(np.float32), (2.0 + 3.0 * np.linspace(0, 1, 8)).astype(np.float32), 0.5, 50)  # rtol=1e-4  # atol=1e-5
# run: loss(np.eye(3), np.array([1.0, 2.0, 3.0]), np.array([1.0, 1.0, 1.0]))
# run: fit_until(np.stack([np.ones(6), np.linspace(-1, 1, 6)], axis=1), np.linspace(-1, 1, 6) * 2.0 - 1.0, 1e-6)  # rtol=1e-9  # atol=1e-12
