# Refused: zip of a container of modules and a run-time list (the loop over objects is
# unrolled; every zipped value must be a container of objects).
# call: f(np.ones(3))
# error: 16: zip over objects takes containers of objects only
import numpy as np

import pts.nn as nn


class Zipped(nn.Module):
    def __init__(self):
        super().__init__()
        self.layers = nn.ModuleList([nn.Identity(), nn.Identity()])

    def forward(self, x):
        for m, w in zip(self.layers, [1.0, 2.0]):
            x = m(x) * w
        return x


f = Zipped()
