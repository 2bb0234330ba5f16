"""The TorchScript tutorial's models (pytorch/tutorials, "Introduction to TorchScript"),
torch spelled as pts: a scripted MyDecisionGate kept as a submodule of MyCell, MyRNNLoop
calling a scripted cell in a loop, and WrapRNN around it; run as module-level models."""
import numpy as np

import pts
import pts.nn as nn


class MyDecisionGate(nn.Module):
    def forward(self, x):
        if x.sum() > 0:
            return x
        else:
            return -x


class MyCell(nn.Module):
    def __init__(self, dg):
        super().__init__()
        self.dg = dg
        self.linear = nn.Linear(4, 4)

    def forward(self, x, h):
        new_h = pts.tanh(self.dg(self.linear(x)) + h)
        return new_h, new_h


class MyRNNLoop(nn.Module):
    def __init__(self):
        super().__init__()
        self.cell = pts.script(MyCell(pts.script(MyDecisionGate())))

    def forward(self, xs):
        h, y = pts.zeros(3, 4), pts.zeros(3, 4)
        for i in range(xs.shape[0]):
            y, h = self.cell(xs[i], h)
        return y, h


class WrapRNN(nn.Module):
    def __init__(self):
        super().__init__()
        self.loop = pts.script(MyRNNLoop())

    def forward(self, xs):
        y, h = self.loop(xs)
        return pts.relu(y)


pts.manual_seed(0)
cell = MyCell(pts.script(MyDecisionGate()))
plain_cell = MyCell(MyDecisionGate())
rnn_loop = MyRNNLoop()
wrapped = WrapRNN()

# run: cell(np.linspace(-1, 1, 12, dtype=np.float32).reshape(3, 4), np.full((3, 4), 0.5, np.float32))
# run: cell(-np.linspace(1, 2, 12, dtype=np.float32).reshape(3, 4), np.zeros((3, 4), np.float32))
# run: plain_cell(np.linspace(-1, 1, 12, dtype=np.float32).reshape(3, 4), np.ones((3, 4), np.float32))
# run: rnn_loop(np.linspace(-1, 1, 60, dtype=np.float32).reshape(5, 3, 4))
# run: rnn_loop(np.zeros((0, 3, 4), np.float32))
# run: wrapped(np.cos(np.arange(120, dtype=np.float32)).reshape(10, 3, 4))
