"""The issue's example: a loop over a weight's size unrolled at trace time, a shape read
that stays symbolic (x.shape[-1]), and extra positional arguments."""
import numpy as np

rng = np.random.default_rng(1)


class Block:
    def __init__(self, cfg: dict):
        self.w = rng.standard_normal((cfg["d"], cfg["d"])).astype(np.float32) * 0.1
        self.act = {"relu": lambda x: np.maximum(x, 0), "tanh": np.tanh}[cfg["act"]]

    def __call__(self, x, *extra):
        for _ in range(self.w.shape[0] // 32):
            x = self.act(x @ self.w)
        return x / x.shape[-1]


TRACE = Block({"d": 64, "act": "relu"})
INPUTS = [(np.ones((8, 64), np.float32),),
          (rng.standard_normal((200, 64)).astype(np.float32),),
          (rng.standard_normal((1, 64)).astype(np.float32),)]
