"""pts.softmax / log_softmax / sigmoid / tanh / exp / log / sqrt with torch's dim argument,
float32 and float64 (tolerances: transcendental functions)."""
import numpy as np

import pts


def heads(x):
    return (pts.softmax(x, dim=-1), pts.log_softmax(x, 1), pts.softmax(x, 0),
            pts.sigmoid(x), pts.tanh(x), pts.exp(x), pts.log(pts.exp(x) + 1.0),
            pts.sqrt(pts.abs(x)))


def attention(q, k, v):
    t = q.shape[-2]
    att = pts.matmul(q, pts.transpose(k, -2, -1)) * (1.0 / np.sqrt(k.shape[-1]))
    att = pts.masked_fill(att, pts.tril(pts.ones(t, t)) == 0, float("-inf"))
    att = pts.softmax(att, dim=-1)
    return pts.matmul(att, v)


# run: heads(np.linspace(-3, 3, 12).reshape(3, 4))
# run: heads(np.linspace(-3, 3, 12, dtype=np.float32).reshape(4, 3))
# run: attention(np.sin(np.arange(24.0)).reshape(1, 2, 3, 4), np.cos(np.arange(24.0)).reshape(1, 2, 3, 4), np.arange(24.0).reshape(1, 2, 3, 4))
# run: attention(np.sin(np.arange(48, dtype=np.float32)).reshape(2, 4, 6), np.cos(np.arange(48, dtype=np.float32)).reshape(2, 4, 6), np.ones((2, 4, 6), np.float32))
