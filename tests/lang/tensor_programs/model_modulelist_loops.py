"""Loops over ModuleLists in scripted code: enumerate (with start), zip of two lists,
range(len(...)) with `self.layers[i]`, negative indices, slices (`self.layers[1:]`,
`[::-1]`), a tuple of constants indexed by the loop's index, len of a slice."""
import numpy as np

import pts
import pts.nn as nn


class Stack(nn.Module):
    def __init__(self, n: int):
        super().__init__()
        self.layers = nn.ModuleList([nn.Linear(4, 4, dtype=np.float64) for _ in range(n)])
        self.norms = nn.ModuleList([nn.LayerNorm(4, dtype=np.float64) for _ in range(n)])
        self.gains = tuple(0.5 + 0.25 * k for k in range(n))
        self.sizes = [2, 3, 5]

    def forward(self, x):
        for i, layer in enumerate(self.layers):
            x = np.tanh(layer(x)) * self.gains[i]
        for lin, norm in zip(self.layers, self.norms):
            x = norm(lin(x))
        for i in range(len(self.layers)):
            x = x + self.layers[i](x) * float(i)
        for k, layer in enumerate(self.layers[::-1], 1):
            x = np.tanh(layer(x)) / float(k)
        for layer in self.layers[1:]:
            x = layer(x)
        x = self.layers[-1](x) + self.norms[0](x)
        return x * float(len(self.layers[:2]) + self.sizes[1] + len(self.sizes))


pts.manual_seed(2)
stack3 = Stack(3)
stack1 = Stack(1)

# run: stack3(np.linspace(-1, 1, 8).reshape(2, 4))
# run: stack3(np.ones((5, 4)))
# run: stack1(np.linspace(-1, 1, 8).reshape(2, 4))
