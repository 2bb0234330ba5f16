"""nn.ModuleDict as torch models use it: construction from a dict and from pairs, `d[key]`,
`d.key`, loops over items(), keys(), values() and the dict itself (its keys), nested
ModuleDict/ModuleList (nanoGPT's `transformer.h`)."""
import numpy as np

import pts
import pts.nn as nn


class Heads(nn.Module):
    def __init__(self):
        super().__init__()
        self.trunk = nn.ModuleDict(dict(
            inp=nn.Linear(5, 6),
            h=nn.ModuleList([nn.Linear(6, 6) for _ in range(3)]),
            ln_f=nn.LayerNorm(6),
        ))
        self.heads = nn.ModuleDict([("cls", nn.Linear(6, 3)), ("reg", nn.Linear(6, 1))])
        self.acts = nn.ModuleDict({"a": nn.Tanh(), "b": nn.ReLU(), "c": nn.Sigmoid()})

    def forward(self, x):
        y = self.trunk.inp(x)
        for block in self.trunk.h:
            y = y + self.trunk["ln_f"](block(y))
        y = self.trunk.ln_f(y)
        total = 0.0
        for name, act in self.acts.items():
            total = total + act(y).sum()
        for name in self.acts:
            y = self.acts[name](y)
        for act in self.acts.values():
            y = act(y) * 0.5
        for key in self.acts.keys():
            total = total + float(len(key))
        return self.heads["cls"](y), self.heads.reg(y), total


pts.manual_seed(1)
heads = Heads()

# run: heads(np.linspace(-2, 2, 20, dtype=np.float32).reshape(4, 5))
# run: heads(np.ones((1, 5), np.float32))
# run: heads(np.sin(np.arange(30, dtype=np.float32)).reshape(2, 3, 5))
