# Source: PyTorch tutorials, "Introduction to TorchScript" (MyDecisionGate, MyCell, the
#   scripted gate kept in the cell, MyRNNLoop and WrapRNN)
#   https://pytorch.org/tutorials/beginner/Intro_to_TorchScript_tutorial.html
#   (pytorch/tutorials beginner_source/Intro_to_TorchScript_tutorial.py)
# Licence: BSD-3-Clause (pytorch/tutorials)
# Changes: the imports (`import torch` -> `import numpy as np`, `import pts`; `torch.nn` ->
#   `pts.nn`, `torch.tanh` / `torch.zeros` / `torch.relu` / `torch.manual_seed` ->
#   `pts.*`, `torch.jit.script` and `torch.jit.trace(m, inputs)` -> `pts.script(m)`);
#   `xs.size(0)` -> `xs.shape[0]` (README's spelling table); the tutorial's prints of
#   `.code` / `.graph` and its `torch.rand` inputs are left out: the run lines pass the
#   inputs.  The classes are as published.
import numpy as np
import pts
import pts.nn

pts.manual_seed(191009)  # set the seed for reproducibility


class MyDecisionGate(pts.nn.Module):
    def forward(self, x):
        if x.sum() > 0:
            return x
        else:
            return -x


class MyCell(pts.nn.Module):
    def __init__(self, dg):
        super(MyCell, self).__init__()
        self.dg = dg
        self.linear = pts.nn.Linear(4, 4)

    def forward(self, x, h):
        new_h = pts.tanh(self.dg(self.linear(x)) + h)
        return new_h, new_h


scripted_gate = pts.script(MyDecisionGate())

my_cell = MyCell(scripted_gate)
scripted_cell = pts.script(my_cell)


class MyRNNLoop(pts.nn.Module):
    def __init__(self):
        super(MyRNNLoop, self).__init__()
        self.cell = pts.script(MyCell(scripted_gate))

    def forward(self, xs):
        h, y = pts.zeros(3, 4), pts.zeros(3, 4)
        for i in range(xs.shape[0]):
            y, h = self.cell(xs[i], h)
        return y, h


rnn_loop = pts.script(MyRNNLoop())


class WrapRNN(pts.nn.Module):
    def __init__(self):
        super(WrapRNN, self).__init__()
        self.loop = pts.script(MyRNNLoop())

    def forward(self, xs):
        y, h = self.loop(xs)
        return pts.relu(y)


traced = pts.script(WrapRNN())

# run: my_cell(np.linspace(0, 1, 12, dtype=np.float32).reshape(3, 4), np.linspace(1, 0, 12, dtype=np.float32).reshape(3, 4))
# run: my_cell(-np.linspace(1, 2, 12, dtype=np.float32).reshape(3, 4), np.zeros((3, 4), np.float32))
# run: scripted_cell(np.linspace(0, 1, 12, dtype=np.float32).reshape(3, 4), np.linspace(1, 0, 12, dtype=np.float32).reshape(3, 4))
# run: rnn_loop(np.sin(np.arange(120, dtype=np.float32)).reshape(10, 3, 4))
# run: traced(np.cos(np.arange(120, dtype=np.float32)).reshape(10, 3, 4))
