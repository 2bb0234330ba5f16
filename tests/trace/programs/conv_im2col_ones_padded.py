"""A 3x3 im2col convolution whose padding is ones, not zeros (and only along the rows: the
columns are a 'valid' convolution's): the product still becomes the library's conv2d, on
the padded array as the code made it (conv2d's own padding is zeros) — checked in
tests/trace/test_trace_convolutions.py."""
import numpy as np

rng = np.random.default_rng(214)


class OnesPadConv:
    def __init__(self, c_in, c_out):
        self.w = rng.standard_normal((c_out, 9 * c_in)).astype(np.float32)

    def __call__(self, x):
        n, c, h, w = x.shape
        edge = np.ones((n, c, 1, w), dtype=x.dtype)
        xp = np.concatenate([edge, x, edge], axis=2)
        ow = w - 2
        cols = np.concatenate([xp[:, :, i:i + h, j:j + ow] for i in range(3) for j in range(3)],
                              axis=1)
        return (self.w @ cols.reshape(n, 9 * c, h * ow)).reshape(n, -1, h, ow)


TRACE = OnesPadConv(2, 3)
INPUTS = [(rng.standard_normal((2, 2, 5, 6)).astype(np.float32),),
          (rng.standard_normal((1, 2, 3, 3)).astype(np.float32),)]
