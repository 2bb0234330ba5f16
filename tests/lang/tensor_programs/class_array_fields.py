"""User classes whose fields are numpy arrays: a tiny SGD-with-momentum optimizer object
updating a weight array in place, a running-statistics object, and a list of layer
objects applied in turn."""
import numpy as np
from typing import List


class Momentum:
    def __init__(self, w: np.ndarray, lr: float, beta: float):
        self.w = w
        self.v = np.zeros_like(w)
        self.lr = lr
        self.beta = beta
        self.steps = 0

    def step(self, g: np.ndarray) -> None:
        self.v = self.beta * self.v + g
        self.w -= self.lr * self.v
        self.steps += 1


class Running:
    def __init__(self, n: int):
        self.mean = np.zeros(n)
        self.count = 0

    def update(self, x: np.ndarray) -> None:
        self.count += 1
        self.mean += (x - self.mean) / self.count


class Dense:
    def __init__(self, w: np.ndarray, b: np.ndarray):
        self.w = w
        self.b = b

    def __call__(self, x: np.ndarray) -> np.ndarray:
        return np.maximum(x @ self.w + self.b, 0.0)


def fit(target: np.ndarray, iters: int) -> np.ndarray:
    w = np.zeros_like(target)
    opt = Momentum(w, 0.1, 0.5)
    for _ in range(iters):
        opt.step(2.0 * (opt.w - target))
    return opt.w * opt.steps


def running(xs: np.ndarray) -> np.ndarray:
    r = Running(xs.shape[1])
    for i in range(xs.shape[0]):
        r.update(xs[i])
    return r.mean


def mlp(x: np.ndarray, n: int) -> np.ndarray:
    layers: List[Dense] = []
    for i in range(n):
        w = np.eye(x.shape[1]) * (i + 1.0) - 0.25
        layers.append(Dense(w, np.full(x.shape[1], 0.5 * i)))
    for layer in layers:
        x = layer(x)
    return x


# run: fit(np.array([1.0, -2.0, 3.0]), 20)
# run: fit(np.array([[0.5, 1.5], [2.0, -1.0]], dtype=np.float32), 5)
# run: running(np.arange(12.0).reshape(4, 3))
# run: mlp(np.array([[1.0, -1.0, 2.0], [0.5, 0.0, -3.0]]), 3)
