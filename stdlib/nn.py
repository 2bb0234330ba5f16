"""Neural-network functions written in the pts language (exposed as `pts.nn.functional`).

Every function here is ordinary numpy code: called directly it runs eagerly; called from a
scripted function (or scripted itself) it is compiled like user code.  Signatures follow
`torch.nn.functional` where they can (NCHW layouts, `dim=` for the axis, `weight` of
`linear` shaped (out_features, in_features)).

Only the language subset is used: no dicts, no fancy indexing, ranks fixed by the code.
"""
import math

import numpy as np


def relu(x: np.ndarray) -> np.ndarray:
    return np.maximum(x, 0)


def leaky_relu(x: np.ndarray, negative_slope: float = 0.01) -> np.ndarray:
    return np.where(x >= 0, x, x * negative_slope)


def sigmoid(x: np.ndarray) -> np.ndarray:
    # 1 / (1 + exp(-x)) without overflow warnings for large negative x
    e = np.exp(-np.abs(x))
    return np.where(x >= 0, 1 / (1 + e), e / (1 + e))


def tanh(x: np.ndarray) -> np.ndarray:
    return np.tanh(x)


def erf(x: np.ndarray) -> np.ndarray:
    """Error function, Abramowitz & Stegun 7.1.26 (absolute error < 1.5e-7), branch-free."""
    s = np.sign(x)
    a = np.abs(x)
    t = 1 / (1 + 0.3275911 * a)
    poly = t * (0.254829592 + t * (-0.284496736 + t * (1.421413741
                                                        + t * (-1.453152027 + t * 1.061405429))))
    return s * (1 - poly * np.exp(-a * a))


def gelu(x: np.ndarray, approximate: str = "none") -> np.ndarray:
    """GELU: x * Phi(x); approximate="tanh" uses the tanh form as torch does."""
    if approximate == "tanh":
        c = math.sqrt(2.0 / math.pi)
        return 0.5 * x * (1 + np.tanh(c * (x + 0.044715 * x * x * x)))
    return 0.5 * x * (1 + erf(x * (1 / math.sqrt(2.0))))


def softmax(x: np.ndarray, dim: int = -1) -> np.ndarray:
    m = x.max(axis=dim, keepdims=True)
    e = np.exp(x - m)
    return e / e.sum(axis=dim, keepdims=True)


def log_softmax(x: np.ndarray, dim: int = -1) -> np.ndarray:
    m = x.max(axis=dim, keepdims=True)
    shifted = x - m
    return shifted - np.log(np.exp(shifted).sum(axis=dim, keepdims=True))


def layer_norm(x: np.ndarray, weight: np.ndarray, bias: np.ndarray,
               eps: float = 1e-5) -> np.ndarray:
    """Normalizes over the last axis (normalized_shape = weight.shape, 1-D)."""
    mean = x.mean(axis=-1, keepdims=True)
    centered = x - mean
    var = (centered * centered).mean(axis=-1, keepdims=True)
    return centered / np.sqrt(var + eps) * weight + bias


def batch_norm(x: np.ndarray, running_mean: np.ndarray, running_var: np.ndarray,
               weight: np.ndarray, bias: np.ndarray, eps: float = 1e-5) -> np.ndarray:
    """Inference-mode batch norm over axis 1 of an (N, C, ...) input, 4-D (N, C, H, W)."""
    c = x.shape[1]
    scale = weight / np.sqrt(running_var + eps)
    shift = (bias - running_mean * scale).reshape(1, c, 1, 1)
    # both reshapes before the arithmetic on x: it fuses into one kernel (with a ReLU after)
    return x * scale.reshape(1, c, 1, 1) + shift


def linear(x: np.ndarray, weight: np.ndarray, bias: np.ndarray) -> np.ndarray:
    """x @ weight.T + bias, weight shaped (out_features, in_features)."""
    return x @ weight.T + bias


def dropout(x: np.ndarray, p: float = 0.5, training: bool = False) -> np.ndarray:
    """Inference: the identity (training-mode dropout is not supported)."""
    if training:
        raise ValueError("dropout in training mode is not supported")
    return x


def pad2d(x: np.ndarray, padding: int) -> np.ndarray:
    """Zero padding of the last two axes of an (N, C, H, W) tensor."""
    if padding == 0:
        return x
    n, c, h, w = x.shape
    out = np.zeros((n, c, h + 2 * padding, w + 2 * padding), dtype=x.dtype)
    out[:, :, padding:padding + h, padding:padding + w] = x
    return out


def conv2d(x: np.ndarray, weight: np.ndarray, bias: np.ndarray, stride: int = 1,
           padding: int = 0, dilation: int = 1) -> np.ndarray:
    """2-D convolution, NCHW input, weight (C_out, C_in, KH, KW), groups=1.

    im2col and a matmul in the layout of the data, a chunk of images at a time: for each
    chunk, every kernel tap's strided window of the padded input is copied into
    cols[:, :, i, j, :, :] (rows of OW contiguous elements on both sides), and for each
    image, weight (C_out, C*KH*KW) @ cols (C*KH*KW, OH*OW) + bias (C_out, 1) is one gemm
    (bias in its epilogue) whose result is that output image, NCHW: no transposes of the
    input or the output (MyConv's three conv+BN+ReLU stacks: ~85 ms, against ~117 with the
    channels-last layout and the reshape's transposing copy after it).  Chunks of ~1024
    output pixels (at least one image) keep cols in L2 for the matmuls that read it right
    after the copies wrote it, and bound its size (it is reused).
    """
    n, c, h, w = x.shape
    c_out, c_in, kh, kw = weight.shape
    if c != c_in:
        raise ValueError("conv2d: input channels do not match the weight")
    oh = (h + 2 * padding - dilation * (kh - 1) - 1) // stride + 1
    ow = (w + 2 * padding - dilation * (kw - 1) - 1) // stride + 1
    k = c * kh * kw
    wm = weight.reshape(c_out, k)
    b2 = bias.reshape(c_out, 1)
    if stride == 1 and dilation == 1:
        return _conv2d_wide(x, wm, b2, kh, kw, padding, oh, ow)
    xp = pad2d(x, padding)
    nb = max(1, min(n, 1024 // max(oh * ow, 1)))
    cols = np.empty((nb, c, kh, kw, oh, ow), dtype=x.dtype)    # every element written below
    out = np.empty((n, c_out, oh, ow), dtype=x.dtype)
    for b0 in range(0, n, nb):
        b1 = min(b0 + nb, n)
        cb = cols[:b1 - b0]
        for i in range(kh):
            for j in range(kw):
                r0 = i * dilation
                c0 = j * dilation
                cb[:, :, i, j, :, :] = xp[b0:b1, :, r0:r0 + stride * (oh - 1) + 1:stride,
                                          c0:c0 + stride * (ow - 1) + 1:stride]
        for q in range(b1 - b0):
            r = wm @ cb[q].reshape(k, oh * ow) + b2     # the bias: the gemm's epilogue
            out[b0 + q] = r.reshape(c_out, oh, ow)
    return out


def _conv2d_wide(x: np.ndarray, wm: np.ndarray, b2: np.ndarray, kh: int, kw: int,
                 padding: int, oh: int, ow: int) -> np.ndarray:
    """conv2d with stride 1 and dilation 1, one image at a time, computed on output rows
    as wide as the padded input's (wp = ow + kw - 1 columns, the last kw - 1 of each row
    discarded at the end): then the window of kernel tap (i, j) over channel ci is one
    contiguous run of the padded image, xp[ci].flat[i * wp + j:][:oh * wp], so im2col is
    c * kh * kw long copies instead of c * kh * kw * oh rows of ow elements each (MyConv's
    three convolutions, each alone, batch 128: 5.8 / 23.6 / 63.5 ms -> 5.0 / 20.2 / 60.4;
    what is left is mostly the gemm, e.g. 48 of the last one's 60 ms).  The padded input
    has one more zero row, so that the discarded columns of the last row read inside it.
    The same sums as the other path, in the same order."""
    n, c, h, w = x.shape
    c_out = wm.shape[0]
    hp = h + 2 * padding + 1
    wp = w + 2 * padding
    xp = np.zeros((n, c, hp, wp), dtype=x.dtype)
    xp[:, :, padding:padding + h, padding:padding + w] = x
    flat = xp.reshape(n, c, hp * wp)
    cols = np.empty((c, kh, kw, oh * wp), dtype=x.dtype)       # every element written below
    out = np.empty((n, c_out, oh, ow), dtype=x.dtype)
    for q in range(n):
        for i in range(kh):
            for j in range(kw):
                cols[:, i, j, :] = flat[q, :, i * wp + j:i * wp + j + oh * wp]
        r = wm @ cols.reshape(c * kh * kw, oh * wp) + b2       # the bias: the gemm's epilogue
        out[q] = r.reshape(c_out, oh, wp)[:, :, :ow]
    return out


def max_pool2d(x: np.ndarray, kernel_size: int, stride: int = 0, padding: int = 0) -> np.ndarray:
    """Max pooling over square windows of an (N, C, H, W) tensor (stride 0 = kernel_size)."""
    if stride == 0:
        stride = kernel_size
    n, c, h, w = x.shape
    xp = x
    if padding > 0:
        xp = np.full((n, c, h + 2 * padding, w + 2 * padding), -np.inf, dtype=x.dtype)
        xp[:, :, padding:padding + h, padding:padding + w] = x
    oh = (h + 2 * padding - kernel_size) // stride + 1
    ow = (w + 2 * padding - kernel_size) // stride + 1
    out = xp[:, :, 0:stride * (oh - 1) + 1:stride, 0:stride * (ow - 1) + 1:stride].copy()
    for i in range(kernel_size):
        for j in range(kernel_size):
            out = np.maximum(out, xp[:, :, i:i + stride * (oh - 1) + 1:stride,
                                     j:j + stride * (ow - 1) + 1:stride])
    return out


def avg_pool2d(x: np.ndarray, kernel_size: int, stride: int = 0, padding: int = 0) -> np.ndarray:
    """Average pooling (count_include_pad=True, as torch's default)."""
    if stride == 0:
        stride = kernel_size
    n, c, h, w = x.shape
    xp = pad2d(x, padding)
    oh = (h + 2 * padding - kernel_size) // stride + 1
    ow = (w + 2 * padding - kernel_size) // stride + 1
    out = np.zeros((n, c, oh, ow), dtype=x.dtype)
    for i in range(kernel_size):
        for j in range(kernel_size):
            out += xp[:, :, i:i + stride * (oh - 1) + 1:stride, j:j + stride * (ow - 1) + 1:stride]
    return out / (kernel_size * kernel_size)


def nll_loss(log_probs: np.ndarray, target: np.ndarray) -> float:
    """Mean negative log-likelihood of (N, C) log-probabilities at int targets (N,)."""
    n = log_probs.shape[0]
    total = 0.0
    for i in range(n):
        total -= float(log_probs[i, int(target[i])])
    return total / n


def cross_entropy(logits: np.ndarray, target: np.ndarray) -> float:
    return nll_loss(log_softmax(logits, 1), target)


def mse_loss(input: np.ndarray, target: np.ndarray) -> float:
    d = input - target
    return float((d * d).mean())
