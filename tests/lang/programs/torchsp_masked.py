"""pts.masked_fill / pts.where / pts.clamp: nanoGPT's causal masking
(`att.masked_fill(bias[:, :, :T, :T] == 0, float('-inf'))`) and torch.clamp's optional
bounds."""
import math

import numpy as np

import pts


def causal_fill(t: int) -> tuple:
    att = np.ones((t, t), dtype=np.float64)
    bias = pts.tril(pts.ones(t, t))
    filled = pts.masked_fill(att, bias == 0, float("-inf"))
    finite = filled > -1e300
    return int(finite.sum()), math.isinf(float(filled[0, t - 1])) if t > 1 else True, \
        filled.dtype == np.float64


def chosen(n: int) -> tuple:
    x = np.arange(n, dtype=np.float64) - n / 2.0
    w = pts.where(x > 0, x, 0.0)
    c1 = pts.clamp(x, min=0.0)
    c2 = pts.clamp(x, -1.0, 1.0)
    c3 = pts.clamp(x, max=0.5)
    return float(w.sum()), float(c1.sum()), float(c2.sum()), float(c3.sum()), c2.dtype == x.dtype


def ints(n: int) -> int:
    x = np.arange(n, dtype=np.int64)
    return int(pts.clamp(x, 2, 5).sum() + pts.masked_fill(x, x % 2 == 0, -1).sum())


# run: causal_fill(4)
# run: causal_fill(1)
# run: causal_fill(6)
# run: chosen(6)
# run: chosen(1)
# run: chosen(9)
# run: ints(10)
# run: ints(3)
