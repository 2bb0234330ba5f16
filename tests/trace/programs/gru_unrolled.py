"""A GRU cell unrolled over a Python loop of fixed length (the config's steps): each step
reads a time slice x[:, t, :], the gates are sigmoids written with np.exp, the hidden
state starts as zeros sized from the batch.  Called at batch 1 and 7."""
import numpy as np

rng = np.random.default_rng(104)


def sigmoid(z):
    return 1.0 / (1.0 + np.exp(-z))


class GRU:
    def __init__(self, d_in, d_h, steps):
        self.steps, self.d_h = steps, d_h
        self.wx = (rng.standard_normal((d_in, 3 * d_h)) * 0.3).astype(np.float32)
        self.wh = (rng.standard_normal((d_h, 3 * d_h)) * 0.3).astype(np.float32)
        self.b = np.zeros(3 * d_h, np.float32)

    def __call__(self, x):
        H = self.d_h
        h = np.zeros((x.shape[0], H), dtype=np.float32)
        for t in range(self.steps):
            gx = x[:, t, :] @ self.wx + self.b
            gh = h @ self.wh
            z = sigmoid(gx[:, :H] + gh[:, :H])
            r = sigmoid(gx[:, H:2 * H] + gh[:, H:2 * H])
            n = np.tanh(gx[:, 2 * H:] + r * gh[:, 2 * H:])
            h = (1.0 - z) * n + z * h
        return h


TRACE = GRU(6, 10, 4)
INPUTS = [(rng.standard_normal((3, 4, 6)).astype(np.float32),),
          (rng.standard_normal((1, 4, 6)).astype(np.float32),),
          (rng.standard_normal((7, 4, 6)).astype(np.float32),)]
