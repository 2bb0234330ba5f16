"""Hand-written backward functions (VJPs) of stdlib/nn.py's convolution and pooling.

Differentiation (issue 28, DESIGN.md §9) goes through a library function's body unless a
rule here is faster: conv2d's body is an im2col and gemms, whose reverse sweep, op by op,
would keep every chunk's `cols` and scatter adjoints through slice assignments; its
gradient is better computed as two more gemms and a col2im, image by image like the
forward (MyConv's three convolutions, batch 128, one thread: backward ~1.9x the
forward's time for ~2.1x its flops; bench/conv_grad.py).

The registry, read by the differentiation pass:

    VJPS = {forward function's name in stdlib/nn.py: its VJP}
    vjp_of(fn) -> the VJP of forward function object fn, or None
    vjp_named(name, file) -> the VJP of the IR function `name` compiled from `file`, or None
                             (IR names of a second specialization carry a suffix: conv2d.1)

Contract of a VJP: its parameters are the forward's parameters, same names and order,
followed by `g`, the adjoint of the forward's result (its shape and dtype).  None has a
default: Python allows no parameter without one after one with one, so the caller passes
every argument, the forward's defaults bound (stride=1, padding=0, dilation=1 for conv2d;
stride=0, padding=0 for the pools).  It returns a tuple of the adjoints of the forward's
float tensor parameters, in order, each of that parameter's shape and dtype; int
parameters get none: conv2d -> (gx, gweight, gbias), the pools -> (gx,).

Sums into an array are written `a = a + b` or `a[s] += b`, not `a += b`: pts compiles the
first two into a fused kernel (and a copy), the last into an unfused in-place loop that
ran ~3.5x slower (a (64, 840) float32 add: 6 against 22 us).

Like stdlib/nn.py this is ordinary numpy in the pts subset: it runs eagerly, interpreted
and natively with the same results (tests/lang/test_nn_grad.py checks each against central
differences of its forward in the three modes).
"""
import os

import numpy as np

from pts.stdlib.nn import avg_pool2d, conv2d, conv2d_relu, max_pool2d


def conv2d_vjp(x: np.ndarray, weight: np.ndarray, bias: np.ndarray, stride: int,
               padding: int, dilation: int, g: np.ndarray):
    """Adjoints of conv2d(x, weight, bias, stride, padding, dilation) = out, given g = dL/dout.

    Per image, out = W (C_out, K) @ cols (K, OH*OW) + bias, K = C_in*KH*KW, so
        # d bias   = sum of g over (N, OH, OW)
        # d W      = sum over images of g_img (C_out, OH*OW) @ cols_img.T
        # d cols   = W.T (K, C_out) @ g_img, and d x = col2im(d cols): each tap's row of
        #            d cols added back where the forward's im2col copied it from (the
        #            padded input), the padding then cropped off.
    One path for every stride and dilation (_conv2d_phase_vjp): the forward's wide rows,
    generalized."""
    n, c, h, w = x.shape
    c_out, c_in, kh, kw = weight.shape
    if c != c_in:
        raise ValueError("conv2d: input channels do not match the weight")
    oh = (h + 2 * padding - dilation * (kh - 1) - 1) // stride + 1
    ow = (w + 2 * padding - dilation * (kw - 1) - 1) // stride + 1
    if g.shape[0] != n or g.shape[1] != c_out or g.shape[2] != oh or g.shape[3] != ow:
        raise ValueError("conv2d_vjp: the adjoint's shape is not the output's")
    k = c * kh * kw
    wm = weight.reshape(c_out, k)
    # per image and channel, then over images: last-axis sums (fused row reductions)
    gb = g.reshape(n, c_out, oh * ow).sum(axis=2, keepdims=True).sum(axis=0).reshape(c_out)
    gx, gwt = _conv2d_phase_vjp(x, wm, g, kh, kw, stride, padding, dilation, oh, ow)
    return gx, gwt.T.reshape(c_out, c_in, kh, kw), gb


def conv2d_relu_vjp(x: np.ndarray, weight: np.ndarray, bias: np.ndarray, stride: int,
                    padding: int, dilation: int, g: np.ndarray):
    """Adjoints of conv2d_relu = relu(conv2d(...)): conv2d's at relu's adjoint of g, which
    is g where the output is positive or NaN (relu's `where(x <= 0, 0, x)`: out <= 0 exactly
    where conv2d's result is).  The output is computed again: the contract passes the
    forward's arguments, not its result."""
    out = conv2d_relu(x, weight, bias, stride, padding, dilation)
    return conv2d_vjp(x, weight, bias, stride, padding, dilation, np.where(out <= 0, 0, g))


def _conv2d_phase_vjp(x: np.ndarray, wm: np.ndarray, g: np.ndarray, kh: int, kw: int,
                      stride: int, padding: int, dilation: int, oh: int, ow: int):
    """(d x, d W transposed: (K, C_out)), one image at a time, in buffers of one image.

    The padded image is stored by phase: its element (r, s) at xq[r % stride, s % stride,
    r // stride, s // stride] (plane (0, 0) alone for stride 1).  Then the window of kernel
    tap (i, j) is a (OH, OW) block of one phase plane, and computed on rows as wide as the
    plane's (wq = OW + a column or so; nn._conv2d_wide's trick, for which stride is 1) it
    is one contiguous run of it: tap (i, j) of channel ci is xq[ci].flat[off:off + OH*wq],
    off = its plane's start + (i*dilation // stride) * wq + j*dilation // stride.  So the
    im2col of the forward's input is copies of long runs, and d x's col2im adds of d cols'
    rows to the same runs of d xq (against strided windows: MyConv's convolutions with
    stride 2, batch 128: 11.2 -> 6.2 ms (16->32) and 27.1 -> 16.9 ms (32->64); the forward
    takes 3.5 and 9.5).  The adjoint is g on those wide rows, zeros in the extra columns;
    each plane has one more row, so that the last row's extra columns read inside it.

    The extra columns of cols hold input values from further along the plane, multiplied
    by g's zeros, and those of d cols (weights times those zeros) are added to d xq: so an
    inf or NaN in x or the weight can make NaNs where the exact sums would not have them
    (zeroing them costs ~3%, for inputs whose loss is not finite anyway).

    d W is accumulated transposed, d W.T += cols_img @ g_img.T: the gemm then reads cols'
    rows in place instead of packing cols transposed (MyConv's 16->32 convolution's
    backward ~12% faster, 32->64 ~4%).  One image's buffers stay in L2 (against a padded
    copy of the whole batch: ~3% faster)."""
    n, c, h, w = x.shape
    c_out = wm.shape[0]
    hp = h + 2 * padding
    wp = w + 2 * padding
    hq = (hp - 1) // stride + 2
    wq = (wp - 1) // stride + 1
    plane = hq * wq
    k = c * kh * kw
    m = oh * wq
    xq = np.zeros((c, stride, stride, hq, wq), dtype=x.dtype)  # the padding stays zero
    flat = xq.reshape(c, stride * stride * plane)
    cols = np.empty((c, kh, kw, m), dtype=x.dtype)             # every element written below
    gwide = np.zeros((c_out, oh, wq), dtype=x.dtype)           # columns ow: stay zero
    gxq = np.empty((c, stride * stride * plane), dtype=x.dtype)
    gq4 = gxq.reshape(c, stride, stride, hq, wq)
    gx = np.empty((n, c, h, w), dtype=x.dtype)
    gwt = np.zeros((k, c_out), dtype=x.dtype)
    wt = wm.T
    for q in range(n):
        for a in range(stride):
            t0, t1, r = _phase_span(padding, h, a, stride)
            for e in range(stride):
                u0, u1, s0 = _phase_span(padding, w, e, stride)
                if t1 > t0 and u1 > u0:
                    xq[:, a, e, t0:t1, u0:u1] = x[q, :, r:r + stride * (t1 - t0 - 1) + 1:stride,
                                                  s0:s0 + stride * (u1 - u0 - 1) + 1:stride]
        for i in range(kh):
            for j in range(kw):
                off = _tap_offset(i * dilation, j * dilation, stride, plane, wq)
                cols[:, i, j, :] = flat[:, off:off + m]
        gwide[:, :, :ow] = g[q]
        gq = gwide.reshape(c_out, m)
        gwt = gwt + cols.reshape(k, m) @ gq.T
        gc = (wt @ gq).reshape(c, kh, kw, m)
        gxq[:, :] = 0.0
        for i in range(kh):
            for j in range(kw):
                off = _tap_offset(i * dilation, j * dilation, stride, plane, wq)
                gxq[:, off:off + m] += gc[:, i, j, :]
        for a in range(stride):
            t0, t1, r = _phase_span(padding, h, a, stride)
            for e in range(stride):
                u0, u1, s0 = _phase_span(padding, w, e, stride)
                if t1 > t0 and u1 > u0:
                    gx[q, :, r:r + stride * (t1 - t0 - 1) + 1:stride,
                       s0:s0 + stride * (u1 - u0 - 1) + 1:stride] = gq4[:, a, e, t0:t1, u0:u1]
    return gx, gwt


def _phase_span(padding: int, size: int, a: int, stride: int) -> tuple[int, int, int]:
    """The rows t0 <= t < t1 of phase plane `a` (padded rows a + stride*t) that lie inside
    the image (not in the padding), and the image row of the first: a + stride*t0 - padding.
    The same for columns."""
    t0 = (padding - a + stride - 1) // stride
    t1 = (padding + size - a + stride - 1) // stride
    return t0, t1, a + stride * t0 - padding


def _tap_offset(di: int, dj: int, stride: int, plane: int, wq: int) -> int:
    """Where the window of the tap at (di, dj) = (i*dilation, j*dilation) starts in the
    phase-stored image (_conv2d_phase_vjp): its plane, then its row and column there."""
    return ((di % stride) * stride + dj % stride) * plane + di // stride * wq + dj // stride


def max_pool2d_vjp(x: np.ndarray, kernel_size: int, stride: int, padding: int, g: np.ndarray):
    """Adjoint of max_pool2d(x, kernel_size, stride, padding), given g = dL/dout.

    # d x[p] = sum of g over the windows whose max is taken at p
    As torch's CPU kernel decides which element that is: the window's elements in row-major
    order, the running max starting at -inf, an element taking over when it is greater or
    NaN, the first in-image element where none is (a window of -infs); padding is never
    taken.  So of equal maxima the first gets all of g."""
    if stride == 0:
        stride = kernel_size
    n, c, h, w = x.shape
    oh = (h + 2 * padding - kernel_size) // stride + 1
    ow = (w + 2 * padding - kernel_size) // stride + 1
    if g.shape[0] != n or g.shape[1] != c or g.shape[2] != oh or g.shape[3] != ow:
        raise ValueError("max_pool2d_vjp: the adjoint's shape is not the output's")
    xp = x
    if padding > 0:
        xp = np.full((n, c, h + 2 * padding, w + 2 * padding), -np.inf, dtype=x.dtype)
        xp[:, :, padding:padding + h, padding:padding + w] = x
    # the first in-image tap of each window: rows and columns of the padding skipped
    i0 = np.maximum(padding - stride * np.arange(oh), 0)
    j0 = np.maximum(padding - stride * np.arange(ow), 0)
    # the tap index in x's dtype (exact: < 2**24): kernels of one dtype, half int64's bytes
    first = (i0.reshape(oh, 1) * kernel_size + j0.reshape(1, ow)).astype(x.dtype)
    v = xp[:, :, 0:stride * (oh - 1) + 1:stride, 0:stride * (ow - 1) + 1:stride]
    # tap 0 against the starting -inf: taken unless it is -inf itself
    best = v
    arg = np.where(v != -np.inf, 0.0, first).astype(x.dtype)
    for t in range(1, kernel_size * kernel_size):
        i = t // kernel_size
        j = t % kernel_size
        v = xp[:, :, i:i + stride * (oh - 1) + 1:stride, j:j + stride * (ow - 1) + 1:stride]
        take = (v > best) | (v != v)                 # v != v: v is NaN
        best = np.where(take, v, best)
        arg = np.where(take, float(t), arg).astype(x.dtype)
    if padding == 0 and stride >= kernel_size:
        # disjoint windows: each element of x gets one tap's share, or none
        gx = np.zeros((n, c, h, w), dtype=x.dtype)
        for i in range(kernel_size):
            for j in range(kernel_size):
                mine = np.where(arg == i * kernel_size + j, g, 0)
                gx[:, :, i:i + stride * (oh - 1) + 1:stride,
                   j:j + stride * (ow - 1) + 1:stride] = mine
        return (gx,)
    gxp = np.zeros((n, c, h + 2 * padding, w + 2 * padding), dtype=x.dtype)
    for i in range(kernel_size):
        for j in range(kernel_size):
            mine = np.where(arg == i * kernel_size + j, g, 0)
            gxp[:, :, i:i + stride * (oh - 1) + 1:stride,
                j:j + stride * (ow - 1) + 1:stride] += mine
    gx = gxp[:, :, padding:padding + h, padding:padding + w].copy()
    return (gx,)


def avg_pool2d_vjp(x: np.ndarray, kernel_size: int, stride: int, padding: int, g: np.ndarray):
    """Adjoint of avg_pool2d(x, kernel_size, stride, padding) (count_include_pad=True).

    # d x[p] = sum over the windows covering p of g / kernel_size**2
    (the padding's share is cropped off)."""
    if stride == 0:
        stride = kernel_size
    n, c, h, w = x.shape
    oh = (h + 2 * padding - kernel_size) // stride + 1
    ow = (w + 2 * padding - kernel_size) // stride + 1
    if g.shape[0] != n or g.shape[1] != c or g.shape[2] != oh or g.shape[3] != ow:
        raise ValueError("avg_pool2d_vjp: the adjoint's shape is not the output's")
    share = g / (kernel_size * kernel_size)
    if padding == 0 and stride >= kernel_size:
        # disjoint windows: each element of x gets one share, or none
        gx = np.zeros((n, c, h, w), dtype=x.dtype)
        for i in range(kernel_size):
            for j in range(kernel_size):
                gx[:, :, i:i + stride * (oh - 1) + 1:stride,
                   j:j + stride * (ow - 1) + 1:stride] = share
        return (gx,)
    gxp = np.zeros((n, c, h + 2 * padding, w + 2 * padding), dtype=x.dtype)
    for i in range(kernel_size):
        for j in range(kernel_size):
            gxp[:, :, i:i + stride * (oh - 1) + 1:stride,
                j:j + stride * (ow - 1) + 1:stride] += share
    gx = gxp[:, :, padding:padding + h, padding:padding + w].copy()
    return (gx,)


VJPS = {"conv2d": conv2d_vjp, "conv2d_relu": conv2d_relu_vjp, "max_pool2d": max_pool2d_vjp,
        "avg_pool2d": avg_pool2d_vjp}
_FORWARDS = {"conv2d": conv2d, "conv2d_relu": conv2d_relu, "max_pool2d": max_pool2d,
             "avg_pool2d": avg_pool2d}


def vjp_of(fn):
    """The VJP of forward function fn (stdlib/nn.py's own function object, as pts.nn.functional
    exports it), or None: a function of the same name from elsewhere has none."""
    name = getattr(fn, "__name__", "")
    if name in _FORWARDS and _FORWARDS[name] is fn:
        return VJPS[name]
    return None


def vjp_named(name: str, file: str):
    """The VJP of IR function `name` (its Python name, or that with a specialization's
    suffix: "conv2d.1") whose source is `file`, or None: only stdlib/nn.py's have one."""
    base = name.split(".")[0]
    source = _FORWARDS[base].__code__.co_filename if base in VJPS else None
    if source is not None and os.path.abspath(file) == os.path.abspath(source):
        return VJPS[base]
    return None
