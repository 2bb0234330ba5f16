"""Attributes and markers of scripted models: Final[...] annotations, a list of numbers
folded as constants, pts.is_scripting() (False eagerly, True compiled: the other branch is
not checked), `with pts.no_grad():`, an @pts.unused method in a branch not taken, a
pts.script function kept as an attribute and a plain function called from a method."""
from typing import Final

import numpy as np

import pts
import pts.nn as nn


@pts.script
def scaled(x, k: float):
    return x * k


def shifted(x):
    return x + 1.0


class Marked(nn.Module):
    depth: Final[int]

    def __init__(self):
        super().__init__()
        self.depth = 2
        self.widths = [1.0, 2.0, 4.0]
        self.fn = scaled
        self.lin = nn.Linear(3, 3)
        self.eval()

    def forward(self, x):
        k: Final[float] = 0.5
        y = self.lin(x)
        if pts.is_scripting():
            y = y + 1.0
        else:
            y = y + 1.0
        with pts.no_grad():
            z = shifted(y) * k
        for w in self.widths:
            z = z + w
        if self.training:
            return self.debug_only(z)
        return self.fn(z, float(self.depth)) + float(pts.is_scripting()) * 0.0

    @pts.unused
    def debug_only(self, z):
        return z.this_is_not_numpy()


marked = Marked()

# run: marked(np.linspace(-1, 1, 6, dtype=np.float32).reshape(2, 3))
# run: marked(np.ones((4, 3), np.float32))
