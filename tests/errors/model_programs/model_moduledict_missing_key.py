# Refused: a ModuleDict key that is not there (found when compiling: the keys are fixed).
# call: f(np.ones(3))
# error: 15: 'ModuleDict' object (self.d) has no key 'c'
import numpy as np

import pts.nn as nn


class Keys(nn.Module):
    def __init__(self):
        super().__init__()
        self.d = nn.ModuleDict({"a": nn.Identity(), "b": nn.Tanh()})

    def forward(self, x):
        return self.d["c"](x)


f = Keys()
