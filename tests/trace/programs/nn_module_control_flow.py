"""A pts.nn.Module subclass whose forward has Python control flow: a loop over a
ModuleList, a config flag, a residual taken only where the widths match, a branch on
the input's rank (a guard-free decision: ranks are part of a trace's key)."""
import numpy as np

import pts
import pts.nn as nn

rng = np.random.default_rng(212)
pts.manual_seed(212)


class Net(nn.Module):
    def __init__(self, widths, residual=True):
        super().__init__()
        self.layers = nn.ModuleList([nn.Linear(a, b) for a, b in zip(widths, widths[1:])])
        self.residual = residual

    def forward(self, x):
        if x.ndim == 1:
            x = x[None, :]
        for i, layer in enumerate(self.layers):
            h = layer(x)
            if i < len(self.layers) - 1:
                h = nn.functional.relu(h)
            if self.residual and h.shape[-1] == x.shape[-1]:
                h = h + x
            x = h
        return x


TRACE = Net([5, 8, 8, 2])
INPUTS = [(rng.standard_normal((3, 5)).astype(np.float32),),
          (rng.standard_normal((1, 5)).astype(np.float32),),
          (rng.standard_normal((40, 5)).astype(np.float32),)]
