"""A GRU cell with matmuls (torch.nn.GRUCell's equations), gates by pts.split, weights as
parameters used with pts.matmul and a transposed weight; float64."""
import numpy as np

import pts
import pts.nn as nn


class GRUCell(nn.Module):
    def __init__(self, n_in: int, n_hid: int):
        super().__init__()
        self.n_hid = n_hid
        rng = np.random.default_rng(4)
        self.w_ih = nn.Parameter(rng.standard_normal((3 * n_hid, n_in)) * 0.3)
        self.w_hh = nn.Parameter(rng.standard_normal((3 * n_hid, n_hid)) * 0.3)
        self.b = nn.Parameter(np.zeros(3 * n_hid))

    def forward(self, x, h):
        gi = pts.matmul(x, pts.transpose(self.w_ih, 0, 1)) + self.b
        gh = pts.matmul(h, self.w_hh.T)
        i_r, i_z, i_n = pts.split(gi, self.n_hid, dim=1)
        h_r, h_z, h_n = pts.split(gh, self.n_hid, 1)
        r = pts.sigmoid(i_r + h_r)
        z = pts.sigmoid(i_z + h_z)
        n = pts.tanh(i_n + r * h_n)
        return (1 - z) * n + z * h


gru = GRUCell(3, 4)

# run: gru(np.linspace(-1, 1, 6).reshape(2, 3), np.zeros((2, 4)))
# run: gru(np.ones((1, 3)), np.full((1, 4), 0.5))
