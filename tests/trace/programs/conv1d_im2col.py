"""A 1-d convolution layer written with slicing + concatenate (im2col) and one matmul:
the output length L - K + 1 follows the input's length.  Channels-last (B, L, C)."""
import numpy as np

rng = np.random.default_rng(107)


class Conv1d:
    def __init__(self, c_in, c_out, k):
        self.k = k
        self.w = (rng.standard_normal((k * c_in, c_out)) / np.sqrt(k * c_in)).astype(np.float32)
        self.b = (0.1 * rng.standard_normal(c_out)).astype(np.float32)

    def __call__(self, x):
        L = x.shape[1]
        n = L - self.k + 1
        cols = np.concatenate([x[:, j:j + n, :] for j in range(self.k)], axis=-1)
        return np.maximum(cols @ self.w + self.b, 0)


TRACE = Conv1d(3, 8, 3)
INPUTS = [(rng.standard_normal((2, 10, 3)).astype(np.float32),),
          (rng.standard_normal((1, 3, 3)).astype(np.float32),),
          (rng.standard_normal((5, 17, 3)).astype(np.float32),)]
