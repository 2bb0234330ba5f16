"""An LSTM cell written with matmuls, as ported models write it: the gates of one matmul
split with pts.chunk, pts.sigmoid / pts.tanh, unrolled over a sequence with pts.stack;
float32 and float64."""
import numpy as np

import pts
import pts.nn as nn


class LSTMCell(nn.Module):
    def __init__(self, input_size: int, hidden_size: int, dtype=None):
        super().__init__()
        self.hidden_size = hidden_size
        self.ih = nn.Linear(input_size, 4 * hidden_size, dtype=dtype)
        self.hh = nn.Linear(hidden_size, 4 * hidden_size, dtype=dtype)

    def forward(self, x, h, c):
        gates = self.ih(x) + self.hh(h)
        i, f, g, o = pts.chunk(gates, 4, 1)
        i = pts.sigmoid(i)
        f = pts.sigmoid(f)
        g = pts.tanh(g)
        o = pts.sigmoid(o)
        c = f * c + i * g
        h = o * pts.tanh(c)
        return h, c


class LSTM(nn.Module):
    def __init__(self, input_size: int, hidden_size: int, dtype=None):
        super().__init__()
        self.cell = LSTMCell(input_size, hidden_size, dtype)
        self.hidden_size = hidden_size

    def forward(self, xs):
        h = pts.zeros(xs.shape[1], self.hidden_size, dtype=xs.dtype)
        c = pts.zeros_like(h)
        outs = []
        for t in range(xs.shape[0]):
            h, c = self.cell(xs[t], h, c)
            outs.append(h)
        return pts.stack(outs), h, c


pts.manual_seed(3)
lstm32 = LSTM(3, 5)
lstm64 = LSTM(3, 5, np.float64)

# run: lstm32(np.sin(np.arange(24, dtype=np.float32)).reshape(4, 2, 3))
# run: lstm32(np.ones((1, 1, 3), np.float32))
# run: lstm64(np.sin(np.arange(24, dtype=np.float64)).reshape(4, 2, 3))
# run: lstm64(np.cos(np.arange(60, dtype=np.float64)).reshape(10, 2, 3))
