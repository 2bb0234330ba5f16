"""An Elman RNN over a fixed number of steps that returns every step's output stacked on
a time axis and the last hidden state, as a tuple."""
import numpy as np

rng = np.random.default_rng(105)
STEPS = 5


class RNN:
    def __init__(self, d_in, d_h):
        self.wx = (rng.standard_normal((d_in, d_h)) * 0.4).astype(np.float32)
        self.wh = (rng.standard_normal((d_h, d_h)) * 0.4).astype(np.float32)

    def __call__(self, x, h0):
        h, outs = h0, []
        for t in range(STEPS):
            h = np.tanh(x[:, t] @ self.wx + h @ self.wh)
            outs.append(h)
        return np.stack(outs, axis=1), h


TRACE = RNN(4, 8)
INPUTS = [(rng.standard_normal((2, STEPS, 4)).astype(np.float32),
           rng.standard_normal((2, 8)).astype(np.float32)),
          (rng.standard_normal((1, STEPS, 4)).astype(np.float32),
           rng.standard_normal((1, 8)).astype(np.float32)),
          (rng.standard_normal((9, STEPS, 4)).astype(np.float32),
           np.zeros((9, 8), np.float32))]
