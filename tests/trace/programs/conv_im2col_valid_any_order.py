"""A 'valid' 2x3 convolution in float64, no padding, whose im2col takes the six windows
column by column (j outer, i inner) — another row order of the weight than conv2d's — and
writes the sizes as H - kh + 1.  Rewritten to the library's conv2d with the weight's taps
put back in row-major order (tests/trace/test_trace_convolutions.py)."""
import numpy as np

rng = np.random.default_rng(212)


class ValidConv:
    def __init__(self, c_in, c_out, kh=2, kw=3):
        self.kh, self.kw = kh, kw
        self.w = rng.standard_normal((c_out, kh * kw * c_in))

    def __call__(self, x):
        n, c, h, w = x.shape
        oh, ow = h - self.kh + 1, w - self.kw + 1
        taps = [x[:, :, i:i + oh, j:j + ow] for j in range(self.kw) for i in range(self.kh)]
        cols = np.concatenate(taps, axis=1).reshape(n, -1, oh * ow)
        return np.tanh(self.w @ cols).reshape(n, -1, oh, ow)


TRACE = ValidConv(2, 3)
INPUTS = [(rng.standard_normal((2, 2, 5, 6)),),
          (rng.standard_normal((1, 2, 2, 3)),),
          (rng.standard_normal((4, 2, 7, 4)),)]
