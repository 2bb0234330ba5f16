"""conv2d (valid, stride 1 and 2, multi-channel) written with loops and slicing; also a version
with all loops down to single elements."""
import numpy as np


def conv2d(x: np.ndarray, w: np.ndarray, stride: int) -> np.ndarray:
    # x: (C, H, W), w: (K, C, R, S) -> (K, OH, OW)
    c, h, wd = x.shape
    k, c2, r, s = w.shape
    oh = (h - r) // stride + 1
    ow = (wd - s) // stride + 1
    out = np.zeros((k, oh, ow), dtype=x.dtype)
    for o in range(k):
        for i in range(oh):
            for j in range(ow):
                patch = x[:, i * stride:i * stride + r, j * stride:j * stride + s]
                out[o, i, j] = (patch * w[o]).sum()
    return out


def conv2d_scalar(x: np.ndarray, w: np.ndarray) -> np.ndarray:
    h, wd = x.shape
    r, s = w.shape
    out = np.zeros((h - r + 1, wd - s + 1))
    for i in range(h - r + 1):
        for j in range(wd - s + 1):
            acc = 0.0
            for a in range(r):
                for b in range(s):
                    acc += float(x[i + a, j + b]) * float(w[a, b])
            out[i, j] = acc
    return out


def conv2d_bias_relu(x: np.ndarray, w: np.ndarray, b: np.ndarray) -> np.ndarray:
    y = conv2d(x, w, 1) + b[:, None, None]
    return np.maximum(y, 0.0)


# run: conv2d(np.arange(48.0).reshape(3, 4, 4), np.sin(np.arange(54.0)).reshape(2, 3, 3, 3), 1)
# run: conv2d(np.arange(48, dtype=np.float32).reshape(3, 4, 4), np.sin(np.arange(54, dtype=np.float32)).reshape(2, 3, 3, 3), 1)  # rtol=1e-4  # atol=1e-5
# run: conv2d(np.cos(np.arange(98.0)).reshape(2, 7, 7), np.ones((2, 2, 3, 3)), 2)
# run: conv2d_scalar(np.arange(36.0).reshape(6, 6), np.array([[0.0, 1.0, 0.0], [1.0, -4.0, 1.0], [0.0, 1.0, 0.0]]))
# run: conv2d_scalar(np.sin(np.arange(64.0)).reshape(8, 8), np.cos(np.arange(9.0)).reshape(3, 3))
# run: conv2d_bias_relu(np.sin(np.arange(75.0)).reshape(3, 5, 5), np.cos(np.arange(108.0)).reshape(4, 3, 3, 3), np.linspace(-1, 1, 4))
