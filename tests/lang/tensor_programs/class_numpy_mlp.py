"""A hand-written MLP in plain classes over numpy (a numpy tutorial's shape): Layer objects
with weight and cache array fields, forward/backward/step methods, an MLP holding a
`List[Layer]` and a `List[np.ndarray]` of activations (the annotation leaves rank and dtype
open: the stores decide), trained by gradient descent; float32 and float64 data."""
import numpy as np
from typing import List, Tuple


class Layer:
    def __init__(self, n_in: int, n_out: int, seed: int):
        self.W = np.linspace(-0.5, 0.5, n_in * n_out).reshape(n_in, n_out) * (seed + 1)
        self.b = np.zeros(n_out)
        self.x = np.zeros((1, n_in))
        self.dW = np.zeros_like(self.W)
        self.db = np.zeros_like(self.b)

    def forward(self, x: np.ndarray) -> np.ndarray:
        self.x = x
        return x @ self.W + self.b

    def backward(self, g: np.ndarray) -> np.ndarray:
        self.dW = self.x.T @ g
        self.db = g.sum(axis=0)
        return g @ self.W.T


class MLP:
    def __init__(self, sizes: List[int]):
        self.layers: List[Layer] = []
        for i in range(len(sizes) - 1):
            self.layers.append(Layer(sizes[i], sizes[i + 1], i))
        self.acts: List[np.ndarray] = []

    def forward(self, x: np.ndarray) -> np.ndarray:
        self.acts = []
        for i, layer in enumerate(self.layers):
            x = layer.forward(x)
            if i < len(self.layers) - 1:
                x = np.tanh(x)
                self.acts.append(x)
        return x

    def backward(self, g: np.ndarray) -> None:
        for i in range(len(self.layers) - 1, -1, -1):
            if i < len(self.layers) - 1:
                a = self.acts[i]
                g = g * (1.0 - a * a)
            g = self.layers[i].backward(g)

    def step(self, lr: float) -> None:
        for layer in self.layers:
            layer.W -= lr * layer.dW
            layer.b -= lr * layer.db


def train(x: np.ndarray, y: np.ndarray, steps: int) -> Tuple[float, float]:
    net = MLP([x.shape[1], 8, 1])
    first = 0.0
    loss = 0.0
    for s in range(steps):
        out = net.forward(x)
        d = out - y
        loss = float((d * d).mean())
        if s == 0:
            first = loss
        net.backward(2.0 * d / d.size)
        net.step(0.1)
    return first, loss


# run: train(np.linspace(-1, 1, 12).reshape(6, 2), np.linspace(0, 1, 6).reshape(6, 1), 50)  # rtol=1e-9
# run: train(np.linspace(-1, 1, 8).reshape(4, 2), np.ones((4, 1)), 5)  # rtol=1e-9
