"""A numpy user's 3x3 convolution, NCHW (bench/trace.py's Conv2d): zero blocks concatenated
around the input, the nine shifted windows concatenated on the channel axis (im2col), one
product with the (O, 9*C) weight, a (O, 1, 1) bias; two layers with a ReLU between.  The
compiler makes the im2col a call of the library's conv2d (ir.passes.recognize_convolutions:
tests/trace/test_trace_convolutions.py checks that it did); odd sizes and batch 1."""
import numpy as np

rng = np.random.default_rng(211)


class Conv2d:
    def __init__(self, c_in, c_out, k=3):
        w = rng.standard_normal((c_out, c_in, k, k)).astype(np.float32) / 3.0
        self.k = k
        self.w = np.ascontiguousarray(w.transpose(0, 2, 3, 1).reshape(c_out, -1))
        self.b = rng.standard_normal(c_out).astype(np.float32).reshape(-1, 1, 1)

    def __call__(self, x):
        n, c, h, w = x.shape
        p = self.k // 2
        side = np.zeros((n, c, h, p), dtype=x.dtype)
        x = np.concatenate([side, x, side], axis=3)
        top = np.zeros((n, c, p, w + 2 * p), dtype=x.dtype)
        x = np.concatenate([top, x, top], axis=2)
        cols = np.concatenate([x[:, :, i:i + h, j:j + w]
                               for i in range(self.k) for j in range(self.k)], axis=1)
        out = self.w @ cols.reshape(n, self.k * self.k * c, h * w)
        return out.reshape(n, -1, h, w) + self.b


class Net:
    def __init__(self):
        self.c1, self.c2 = Conv2d(3, 4), Conv2d(4, 2, k=5)

    def __call__(self, x):
        return self.c2(np.maximum(self.c1(x), 0))


TRACE = Net()
INPUTS = [(rng.standard_normal((2, 3, 6, 7)).astype(np.float32),),
          (rng.standard_normal((1, 3, 5, 5)).astype(np.float32),),
          (rng.standard_normal((3, 3, 9, 4)).astype(np.float32),)]
