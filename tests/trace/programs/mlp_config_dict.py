"""An MLP built from a config dict, its activation picked by name through a dict of
lambdas, layers in a list, a Python loop over them: all of it runs at trace time."""
import numpy as np

rng = np.random.default_rng(0)


class MLP:
    def __init__(self, cfg):
        dims = [cfg["d_in"]] + cfg["hidden"] + [cfg["d_out"]]
        self.layers = [(rng.standard_normal((a, b)).astype(np.float32) / np.sqrt(a),
                        np.zeros(b, np.float32)) for a, b in zip(dims, dims[1:])]
        self.act = {"relu": lambda x: np.maximum(x, 0), "tanh": np.tanh}[cfg["act"]]

    def __call__(self, x):
        for i, (w, b) in enumerate(self.layers):
            x = x @ w + b
            if i < len(self.layers) - 1:
                x = self.act(x)
        return x


TRACE = MLP({"d_in": 16, "hidden": [32, 32], "d_out": 4, "act": "tanh"})
INPUTS = [(rng.standard_normal((8, 16)).astype(np.float32),),
          (rng.standard_normal((1, 16)).astype(np.float32),),
          (rng.standard_normal((300, 16)).astype(np.float32),)]
