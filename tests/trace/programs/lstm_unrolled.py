"""An LSTM cell unrolled over a Python loop, its four gates cut from one matmul by column
slices, returning (h, c) after the last step; both start as zeros sized from the batch."""
import numpy as np

rng = np.random.default_rng(106)


def sigmoid(z):
    return 1.0 / (1.0 + np.exp(-z))


class LSTM:
    def __init__(self, d_in, d_h, steps=3):
        self.d_h, self.steps = d_h, steps
        self.w = (rng.standard_normal((d_in + d_h, 4 * d_h)) * 0.3).astype(np.float32)
        self.b = np.zeros(4 * d_h, np.float32)
        self.b[d_h:2 * d_h] = 1.0                      # forget bias

    def __call__(self, x):
        B, H = x.shape[0], self.d_h
        h = np.zeros((B, H), np.float32)
        c = np.zeros((B, H), np.float32)
        for t in range(self.steps):
            g = np.concatenate([x[:, t, :], h], axis=1) @ self.w + self.b
            i, f, o = sigmoid(g[:, :H]), sigmoid(g[:, H:2 * H]), sigmoid(g[:, 2 * H:3 * H])
            c = f * c + i * np.tanh(g[:, 3 * H:])
            h = o * np.tanh(c)
        return h, c


TRACE = LSTM(5, 6)
INPUTS = [(rng.standard_normal((4, 3, 5)).astype(np.float32),),
          (rng.standard_normal((1, 3, 5)).astype(np.float32),),
          (rng.standard_normal((10, 3, 5)).astype(np.float32),)]
