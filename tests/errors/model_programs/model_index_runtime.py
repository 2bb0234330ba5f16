# Refused: a container of modules indexed by a value known only at run time (pts unrolls
# loops over objects; `for i in range(n)` with n an argument is not one).
# call: f(np.ones(3), 1)
# error: 16: the index of a container of objects must be a constant int
import numpy as np

import pts.nn as nn


class Pick(nn.Module):
    def __init__(self):
        super().__init__()
        self.layers = nn.ModuleList([nn.Identity(), nn.Identity()])

    def forward(self, x, k: int):
        return self.layers[k](x)


f = Pick()
