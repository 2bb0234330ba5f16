"""A dict-of-layers model: named residual blocks (Linear -> ReLU -> Linear, plus the
input), an input stem and a head, run in the order of a list of names."""
import numpy as np

rng = np.random.default_rng(112)


def dense(a, b):
    return {"w": (rng.standard_normal((a, b)) / np.sqrt(a)).astype(np.float32),
            "b": (0.05 * rng.standard_normal(b)).astype(np.float32)}


class ResNetMLP:
    def __init__(self, d_in, width, n_blocks, d_out):
        self.layers = {"stem": dense(d_in, width), "head": dense(width, d_out)}
        self.order = []
        for i in range(n_blocks):
            self.layers[f"block{i}.fc1"] = dense(width, width)
            self.layers[f"block{i}.fc2"] = dense(width, width)
            self.order.append(f"block{i}")

    def apply(self, name, x):
        p = self.layers[name]
        return x @ p["w"] + p["b"]

    def __call__(self, x):
        h = self.apply("stem", x)
        for name in self.order:
            h = h + self.apply(name + ".fc2", np.maximum(self.apply(name + ".fc1", h), 0))
        return self.apply("head", h)


TRACE = ResNetMLP(5, 12, 3, 2)
INPUTS = [(rng.standard_normal((4, 5)).astype(np.float32),),
          (rng.standard_normal((1, 5)).astype(np.float32),),
          (rng.standard_normal((33, 5)).astype(np.float32),)]
