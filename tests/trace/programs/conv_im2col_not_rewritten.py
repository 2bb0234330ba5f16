"""im2col products the compiler must leave as written (ir.passes.recognize_convolutions):
the windows' columns matrix also summed (used twice), windows one row shorter than a
valid convolution's (a cropped output), and a stride-2 window; each still equals numpy."""
import numpy as np

rng = np.random.default_rng(213)
W = rng.standard_normal((3, 4 * 2)).astype(np.float32)


def im2col_twice(x):
    n, c, h, w = x.shape
    cols = np.concatenate([x[:, :, i:i + h - 1, j:j + w - 1] for i in range(2) for j in range(2)],
                          axis=1)
    out = W @ cols.reshape(n, 4 * c, (h - 1) * (w - 1))
    return out, cols.sum(axis=1)


def cropped(x):
    n, c, h, w = x.shape
    cols = np.concatenate([x[:, :, i:i + h - 2, j:j + w - 1] for i in range(2) for j in range(2)],
                          axis=1)
    return W @ cols.reshape(n, 4 * c, (h - 2) * (w - 1))


def strided(x):
    n, c, h, w = x.shape
    oh, ow = (h - 2) // 2 + 1, w - 1
    cols = np.concatenate([x[:, :, i:i + 2 * oh - 1:2, j:j + ow] for i in range(2)
                           for j in range(2)], axis=1)
    return W @ cols.reshape(n, 4 * c, oh * ow)


def run(x):
    a, s = im2col_twice(x)
    return a, s, cropped(x), strided(x)


TRACE = run
INPUTS = [(rng.standard_normal((2, 2, 6, 5)).astype(np.float32),),
          (rng.standard_normal((1, 2, 4, 4)).astype(np.float32),)]
