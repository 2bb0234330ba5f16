# Refused: .items() of a ModuleList (only ModuleDict has items/keys/values).
# call: f(np.ones(3))
# error: 15: 'ModuleList' object (self.layers) has no method 'items' pts can compile
import numpy as np

import pts.nn as nn


class Items(nn.Module):
    def __init__(self):
        super().__init__()
        self.layers = nn.ModuleList([nn.Identity()])

    def forward(self, x):
        for k, m in self.layers.items():
            x = m(x)
        return x


f = Items()
