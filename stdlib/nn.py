"""Neural-network functions written in the pts language (exposed as `pts.nn.functional`).

Every function here is ordinary numpy code: called directly it runs eagerly; called from a
scripted function (or scripted itself) it is compiled like user code.  Signatures follow
`torch.nn.functional` where they can (NCHW layouts, `dim=` for the axis, `weight` of
`linear` shaped (out_features, in_features)).

Only the language subset is used: no dicts, no fancy indexing, ranks fixed by the code.
Optional arguments (`weight=None`), `reduction=` strings and rank dispatch (`x.ndim == 4`)
are decided when a call is compiled: only the branch a specialization takes is compiled.

Training.  Every function is written with tensor operations that have derivative rules,
so that gradients flow through the bodies; where torch defines a kink, the formulation
gives torch's derivative there: relu'(0) = 0 and leaky_relu'(0) = negative_slope (through
`where`), abs'(0) = 0.  Dropout draws its mask from a Philox generator (stdlib/random.py):
an int64 array passed as `generator=` (a `pts.nn.Dropout` owns one), the same bits eagerly,
interpreted and natively; an eager call without one uses the default generator, which
`pts.manual_seed` seeds.  The losses are vectorized (a one-hot `where` instead of a loop
over the batch) and follow torch's formulas, `reduction="mean"|"sum"|"none"` (a float for
the first two, an array for "none").
"""
import math

import numpy as np

from pts.stdlib import random as _random
from pts.stdlib import vmath as _vmath


def relu(x: np.ndarray) -> np.ndarray:
    # torch's relu: relu'(0) = 0 (the gradient flows through `where`, not through maximum,
    # whose ties split it); NaN stays NaN (NaN <= 0 is false)
    return np.where(x <= 0, 0, x)


def leaky_relu(x: np.ndarray, negative_slope: float = 0.01) -> np.ndarray:
    # torch: x if x > 0 else x * negative_slope, the derivative at 0 is negative_slope
    return np.where(x > 0, x, x * negative_slope)


def sigmoid(x: np.ndarray) -> np.ndarray:
    # 1 / (1 + exp(-x)) without overflow warnings for large negative x
    e = np.exp(-np.abs(x))
    return np.where(x >= 0, 1 / (1 + e), e / (1 + e))


def tanh(x: np.ndarray) -> np.ndarray:
    return np.tanh(x)


def erf(x: np.ndarray) -> np.ndarray:
    """Error function.  float64: fdlibm's (stdlib/vmath.py erf_array, ~1 ulp); float32:
    Abramowitz & Stegun 7.1.26 (absolute error < 1.5e-7, under float32's), branch-free."""
    if x.dtype == np.float64:
        return _vmath.erf_array(x)
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


def layer_norm(input: np.ndarray, normalized_shape, weight=None, bias=None,
               eps: float = 1e-5) -> np.ndarray:
    """torch's layer_norm over the last axis: normalized_shape is a tuple (or list) of one
    int, the size of that axis; weight and bias (optional) of that shape."""
    if len(normalized_shape) != 1:
        raise ValueError("layer_norm: only the last axis can be normalized "
                         "(normalized_shape of one int)")
    if input.shape[-1] != normalized_shape[0]:
        raise RuntimeError("layer_norm: the last axis of the input does not have the size "
                           "given by normalized_shape")
    mean = input.mean(axis=-1, keepdims=True)
    centered = input - mean
    var = (centered * centered).mean(axis=-1, keepdims=True)
    if weight is None:
        if bias is None:
            return centered / np.sqrt(var + eps)
        else:
            return centered / np.sqrt(var + eps) + bias
    elif bias is None:
        return centered / np.sqrt(var + eps) * weight
    else:
        return centered / np.sqrt(var + eps) * weight + bias


def _per_channel(v: np.ndarray, x: np.ndarray) -> np.ndarray:
    """A (C,) vector shaped to broadcast along axis 1 of x: (N, C), (N, C, L), (N, C, H, W)."""
    c = v.shape[0]
    if x.ndim == 2:
        return v.reshape(1, c)
    elif x.ndim == 3:
        return v.reshape(1, c, 1)
    else:
        return v.reshape(1, c, 1, 1)


def _batch_mean(x: np.ndarray) -> np.ndarray:
    """The mean of each channel (axis 1) over the batch and the spatial axes."""
    if x.ndim == 2:
        return x.mean(axis=0)
    elif x.ndim == 3:
        return x.mean(axis=(0, 2))
    else:
        return x.mean(axis=(0, 2, 3))


def _batch_var(x: np.ndarray) -> np.ndarray:
    """The biased variance of each channel (axis 1), as _batch_mean."""
    if x.ndim == 2:
        return x.var(axis=0)
    elif x.ndim == 3:
        return x.var(axis=(0, 2))
    else:
        return x.var(axis=(0, 2, 3))


def batch_norm(input: np.ndarray, running_mean, running_var, weight=None, bias=None,
               training: bool = False, momentum: float = 0.1, eps: float = 1e-5) -> np.ndarray:
    """torch's batch_norm over axis 1 of an (N, C), (N, C, L) or (N, C, H, W) input.

    training (or no running statistics): normalize with the batch's mean and biased
    variance; running_mean/running_var, when given, are updated in place as torch does:
    r = momentum * batch + (1 - momentum) * r, the variance unbiased (n / (n - 1), n the
    values per channel).  Otherwise normalize with the running statistics.  The
    normalization is x * scale + shift per channel, scale = weight / sqrt(var + eps) and
    shift = bias - mean * scale: one fused pass over x (with a ReLU after it, too)."""
    if input.ndim < 2 or input.ndim > 4:
        raise ValueError("batch_norm: expected a 2D, 3D or 4D input")
    if running_mean is None or running_var is None:
        if input.size // input.shape[1] <= 1:
            raise ValueError("Expected more than 1 value per channel when training")
        return _normalize(input, _batch_mean(input), _batch_var(input), weight, bias, eps)
    elif training:
        n = input.size // input.shape[1]
        if n <= 1:
            raise ValueError("Expected more than 1 value per channel when training")
        mean = _batch_mean(input)
        var = _batch_var(input)
        running_mean[:] = momentum * mean + (1.0 - momentum) * running_mean
        running_var[:] = momentum * (var * (n / (n - 1))) + (1.0 - momentum) * running_var
        return _normalize(input, mean, var, weight, bias, eps)
    else:
        return _normalize(input, running_mean, running_var, weight, bias, eps)


def _normalize(input: np.ndarray, mean: np.ndarray, var: np.ndarray, weight, bias,
               eps: float) -> np.ndarray:
    """(input - mean) / sqrt(var + eps) * weight + bias per channel (axis 1), as
    input * scale + shift."""
    if weight is None:
        scale = 1.0 / np.sqrt(var + eps)
    else:
        scale = weight / np.sqrt(var + eps)
    if bias is None:
        shift = _per_channel(-(mean * scale), input)
    else:
        shift = _per_channel(bias - mean * scale, input)
    # both reshapes before the arithmetic on x: it fuses into one kernel (with a ReLU after)
    return input * _per_channel(scale, input) + shift


def linear(x: np.ndarray, weight: np.ndarray, bias: np.ndarray) -> np.ndarray:
    """x @ weight.T + bias, weight shaped (out_features, in_features)."""
    return x @ weight.T + bias


def embedding(input: np.ndarray, weight: np.ndarray) -> np.ndarray:
    """torch.nn.functional.embedding: the rows of weight (num_embeddings, dim) at the int
    indices `input` (any shape; out of range: torch's IndexError), as a one-hot matmul."""
    n = weight.shape[0]
    if (input < 0).any() or (input >= n).any():
        raise IndexError("index out of range in self")
    onehot = np.expand_dims(input, -1) == np.arange(n)
    return onehot.astype(weight.dtype) @ weight


def dropout(input: np.ndarray, p: float = 0.5, training: bool = True, inplace: bool = False,
            generator=None) -> np.ndarray:
    """torch's dropout: in training mode each element is zeroed with probability p and the
    rest scaled by 1 / (1 - p) — input * mask / (1 - p), so that the gradient is g * mask /
    (1 - p) through a multiply; p = 0 (or eval mode) returns the input, p = 1 zeros (times
    the input, as torch: NaN stays NaN).  The mask comes from `generator` (stdlib/random.py:
    an int64 array [seed, stream, offset], advanced in place), one 24-bit uniform u per
    element, kept where u < 1 - p.  Compiled code must be given a generator; an eager call
    without one uses the default generator (pts.manual_seed seeds it).  `inplace` is
    accepted and ignored (the result is a new array)."""
    if p < 0.0 or p > 1.0:
        raise ValueError("dropout probability has to be between 0 and 1")
    if not training or p == 0.0:
        return input
    if p == 1.0:
        return input * 0.0
    if generator is None:
        gen = _random.eager_default_generator()   # (compiled code: pass generator=)
    else:
        gen = generator
    u = (_random.random_bits(gen, input.size) >> 8).astype(np.float64) * (1.0 / 16777216.0)
    keep = (u < 1.0 - p).reshape(input.shape)
    return input * (keep.astype(input.dtype) / (1.0 - p))


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

    Stride 1 and dilation 1 with float32 or float64 operands of one dtype: `_conv2d_wide`,
    compiled as one native op (backend/conv.py: the images over the thread pool; MyConv's
    three convolutions at batch 128, CPU time on one thread ~76 -> ~61-65 ms, and ~1.8x
    faster on 2 threads, where the loop below did not use the second one).  Otherwise:
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
    # (decided when compiled: the op takes float32 or float64 operands of one dtype)
    if x.dtype == weight.dtype and x.dtype == bias.dtype and \
            (x.dtype == np.float32 or x.dtype == np.float64):
        if stride == 1 and dilation == 1:
            return _conv2d_wide(x, wm, bias, kh, kw, padding, False)
    return _conv2d_strided(x, wm, b2, kh, kw, stride, padding, dilation, oh, ow)


def conv2d_relu(x: np.ndarray, weight: np.ndarray, bias: np.ndarray, stride: int = 1,
                padding: int = 0, dilation: int = 1) -> np.ndarray:
    """relu(conv2d(x, weight, bias, stride, padding, dilation)), the ReLU in the
    convolution's epilogue where conv2d is one op (`_conv2d_wide`): the output is written
    once, not written, read and written again.  A Sequential's Conv2d, [BatchNorm2d,] ReLU
    in eval mode calls it (stdlib/modules.py: Conv2d._forward_relu)."""
    c_out, c_in, kh, kw = weight.shape
    # (decided when compiled, as conv2d's; _conv2d_wide checks the channels as conv2d does)
    if x.dtype == weight.dtype and x.dtype == bias.dtype and \
            (x.dtype == np.float32 or x.dtype == np.float64):
        if stride == 1 and dilation == 1:
            return _conv2d_wide(x, weight.reshape(c_out, c_in * kh * kw), bias, kh, kw, padding,
                                True)
    return relu(conv2d(x, weight, bias, stride, padding, dilation))


def _conv2d_strided(x: np.ndarray, wm: np.ndarray, b2: np.ndarray, kh: int, kw: int,
                    stride: int, padding: int, dilation: int, oh: int, ow: int) -> np.ndarray:
    """conv2d's im2col in chunks of images (conv2d's docstring), for the convolutions
    `_conv2d_wide` does not take.  A function of its own, precompiled in the kernel library
    (backend/kernel_library.py SPECS): conv2d is small enough to be inlined into a layer's
    forward, and its loops would otherwise be optimized in every module that has one."""
    n, c, h, w = x.shape
    c_out = wm.shape[0]
    k = c * kh * kw
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


def _conv2d_wide(x: np.ndarray, wm: np.ndarray, bias: np.ndarray, kh: int, kw: int,
                 padding: int, with_relu: bool) -> np.ndarray:
    """conv2d with stride 1 and dilation 1, wm the weight as (C_out, C * kh * kw), and a
    ReLU after it when `with_relu`.

    Compiled, a call of this function is one op (`np.conv2d_wide`, backend/conv.py): the
    images in parallel over the thread pool, each computed in buffers that stay in L2, the
    batch read once and the output written once.  This body is what runs eagerly and in
    the interpreter (the op's evaluation), the same algorithm one image at a time:

    The output rows are computed as wide as the padded input's (wp = ow + kw - 1 columns,
    the last kw - 1 of each row discarded at the end): then the window of kernel tap (i, j)
    over channel ci is one contiguous run of the padded image, xp[ci].flat[i * wp + j:][:oh
    * wp], so im2col is c * kh * kw long copies instead of c * kh * kw * oh rows of ow
    elements each.  The padded image has one more zero row, so that the discarded columns
    of the last row read inside it.  The bias is added to each sum (the gemm's epilogue)."""
    n, c, h, w = x.shape
    c_out = wm.shape[0]
    if kh < 1 or kw < 1 or padding < 0:
        raise ValueError("conv2d: kernel sizes must be positive and padding >= 0")
    if wm.shape[1] != c * kh * kw:
        raise ValueError("conv2d: input channels do not match the weight")
    if bias.shape[0] != c_out:
        raise ValueError("conv2d: the bias does not have one element per output channel")
    oh = h + 2 * padding - kh + 1
    ow = w + 2 * padding - kw + 1
    hp = h + 2 * padding + 1
    wp = w + 2 * padding
    out = np.empty((n, c_out, oh, ow), dtype=x.dtype)
    xp = np.zeros((c, hp, wp), dtype=x.dtype)
    flat = xp.reshape(c, hp * wp)
    cols = np.empty((c, kh, kw, oh * wp), dtype=x.dtype)       # every element written below
    b2 = bias.reshape(c_out, 1)
    for q in range(n):
        xp[:, padding:padding + h, padding:padding + w] = x[q]
        for i in range(kh):
            for j in range(kw):
                cols[:, i, j, :] = flat[:, i * wp + j:i * wp + j + oh * wp]
        r = wm @ cols.reshape(c * kh * kw, oh * wp) + b2       # the bias: the gemm's epilogue
        if with_relu:
            r = relu(r)
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


def _reduce(loss: np.ndarray, reduction: str):
    """loss.sum() or loss.mean() as a Python float, or the array itself for "none"."""
    if reduction == "none":
        return loss
    elif reduction == "sum":
        return float(loss.sum())
    elif reduction == "mean":
        return float(loss.mean())
    else:
        raise ValueError("reduction is not one of 'mean', 'sum', 'none'")


def _check_targets(target: np.ndarray, c: int, ignore_index: int) -> None:
    """torch's IndexError for a class index out of [0, c) (ignore_index aside; the
    message cannot name the index: strings are literals in the language)."""
    if target.size > 0 and (target.min() < 0 or target.max() >= c):     # (no temporaries)
        if (((target < 0) | (target >= c)) & (target != ignore_index)).any():
            raise IndexError("Target is out of bounds.")


def nll_loss(input: np.ndarray, target: np.ndarray, weight=None, ignore_index: int = -100,
             reduction: str = "mean"):
    """torch's nll_loss of (N, C) log-probabilities at int class indices (N,):
    loss_i = -weight[t_i] * input[i, t_i] (0 where t_i == ignore_index); "mean" divides
    the sum by the sum of the weights of the targets that count (NaN if none count).
    Vectorized: the picked log-probability is a `where` over a one-hot comparison (a
    multiply would turn -inf * 0 into NaN), summed along the classes."""
    if input.ndim != 2 or target.ndim != 1:
        raise ValueError("nll_loss: expected an (N, C) input and (N,) targets")
    if input.shape[0] != target.shape[0]:
        raise ValueError("Expected input batch_size to match target batch_size.")
    c = input.shape[1]
    _check_targets(target, c, ignore_index)
    onehot = np.expand_dims(target, 1) == np.arange(c)
    counted = np.expand_dims(target != ignore_index, 1)
    if weight is None:
        w = counted.astype(input.dtype)
    else:
        w = np.where(onehot, weight, 0).sum(axis=1, keepdims=True) * counted
    # (N, 1) columns: the where, its row sum and the product are one fused kernel
    loss = -(np.where(onehot, input, 0).sum(axis=1, keepdims=True) * w)
    if reduction == "mean":
        total = float(w.sum())
        return float(loss.sum()) / total if total != 0.0 else math.nan
    else:
        return _reduce(loss.reshape(target.shape[0]), reduction)


def cross_entropy(input: np.ndarray, target: np.ndarray, weight=None, ignore_index: int = -100,
                  reduction: str = "mean", label_smoothing: float = 0.0):
    """torch's cross_entropy of (N, C) logits at int class indices (N,): nll_loss of
    log_softmax, and with label_smoothing e, (1 - e) * that + e / C * smooth, smooth_i =
    -sum_c weight[c] * log_softmax(input)[i, c] (0 for ignored targets), reduced as torch
    does ("mean": divided by the number of counted targets, or by their weights' sum)."""
    if label_smoothing < 0.0 or label_smoothing > 1.0:
        raise ValueError("label_smoothing must be between 0.0 and 1.0")
    logp = log_softmax(input, 1)
    nll = nll_loss(logp, target, weight, ignore_index, reduction)
    if label_smoothing == 0.0:
        return nll
    c = input.shape[1]
    counts = (target != ignore_index).astype(input.dtype)
    if weight is None:
        smooth = -logp.sum(axis=1) * counts
        denominator = counts
    else:
        smooth = -(logp * weight).sum(axis=1) * counts
        onehot = np.expand_dims(target, 1) == np.arange(c)
        denominator = np.where(onehot, weight, 0).sum(axis=1) * counts
    if reduction == "mean":
        return (1.0 - label_smoothing) * nll \
            + float(smooth.sum()) / float(denominator.sum()) * (label_smoothing / c)
    else:
        return (1.0 - label_smoothing) * nll + _reduce(smooth, reduction) * (label_smoothing / c)


def mse_loss(input: np.ndarray, target: np.ndarray, reduction: str = "mean"):
    """torch's mse_loss: (input - target) ** 2, reduced."""
    d = input - target
    return _reduce(d * d, reduction)


def l1_loss(input: np.ndarray, target: np.ndarray, reduction: str = "mean"):
    """torch's l1_loss: |input - target|, reduced (abs'(0) = 0, as torch)."""
    return _reduce(np.abs(input - target), reduction)


def binary_cross_entropy_with_logits(input: np.ndarray, target: np.ndarray, weight=None,
                                     reduction: str = "mean", pos_weight=None):
    """torch's binary_cross_entropy_with_logits, in torch's stable form:
    (1 - y) * x - lw * log_sigmoid(x), log_sigmoid(x) = min(x, 0) - log1p(exp(-|x|)) and
    lw = (pos_weight - 1) * y + 1 (1 without pos_weight), times weight, reduced."""
    log_sigmoid = np.minimum(input, 0) - np.log1p(np.exp(-np.abs(input)))
    if pos_weight is None:
        loss = (1 - target) * input - log_sigmoid
    else:
        loss = (1 - target) * input - ((pos_weight - 1) * target + 1) * log_sigmoid
    if weight is None:
        return _reduce(loss, reduction)
    else:
        return _reduce(loss * weight, reduction)
