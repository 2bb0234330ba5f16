"""An MLP of Linear layer objects in a list (plain classes, weights drawn in __init__),
ReLU between them: traced at batch 8, called at batch 1 and 64."""
import numpy as np

rng = np.random.default_rng(101)


class Linear:
    def __init__(self, d_in, d_out):
        self.w = (rng.standard_normal((d_in, d_out)) / np.sqrt(d_in)).astype(np.float32)
        self.b = (0.1 * rng.standard_normal(d_out)).astype(np.float32)

    def __call__(self, x):
        return x @ self.w + self.b


class MLP:
    def __init__(self, sizes):
        self.layers = [Linear(a, b) for a, b in zip(sizes, sizes[1:])]

    def __call__(self, x):
        *hidden, last = self.layers
        for layer in hidden:
            x = np.maximum(layer(x), 0.0)
        return last(x)


TRACE = MLP([12, 32, 16, 3])
INPUTS = [(rng.standard_normal((8, 12)).astype(np.float32),),
          (rng.standard_normal((1, 12)).astype(np.float32),),
          (rng.standard_normal((64, 12)).astype(np.float32),)]
