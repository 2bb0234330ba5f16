"""A plain Python class (not a pts.nn.Module) holding pts.nn layers in a dict and a list:
Linear, LayerNorm, GELU, Dropout (eval mode), Sequential."""
import numpy as np

import pts
import pts.nn as nn

rng = np.random.default_rng(211)
pts.manual_seed(211)


class Head:
    def __init__(self, d, classes):
        self.parts = {"proj": nn.Linear(d, 2 * d), "norm": nn.LayerNorm(2 * d)}
        self.blocks = [nn.Sequential(nn.Linear(2 * d, 2 * d), nn.GELU()) for _ in range(2)]
        self.drop = nn.Dropout(0.5).eval()
        self.out = nn.Linear(2 * d, classes)

    def __call__(self, x):
        h = self.parts["norm"](self.parts["proj"](x))
        for block in self.blocks:
            h = h + block(h)
        return nn.functional.log_softmax(self.out(self.drop(h)), dim=-1)


TRACE = Head(6, 3)
INPUTS = [(rng.standard_normal((4, 6)).astype(np.float32),),
          (rng.standard_normal((1, 6)).astype(np.float32),),
          (rng.standard_normal((17, 6)).astype(np.float32),)]
