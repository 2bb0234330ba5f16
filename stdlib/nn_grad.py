"""Hand-written backward functions (VJPs) of stdlib/nn.py's convolution and pooling.

Differentiation (issue 28, DESIGN.md §9) goes through a library function's body unless a
rule here is faster: conv2d's body is an im2col and gemms, whose reverse sweep, op by op,
would keep every chunk's `cols` and scatter adjoints through slice assignments; its
gradient is better computed as two more gemms and a col2im, chunked like the forward.

The registry, read by the differentiation pass:

    VJPS = {forward function's name in stdlib/nn.py: its VJP}
    vjp_of(fn) -> the VJP of forward function object fn, or None

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
import numpy as np

from pts.stdlib.nn import avg_pool2d, conv2d, max_pool2d, pad2d


def conv2d_vjp(x: np.ndarray, weight: np.ndarray, bias: np.ndarray, stride: int,
               padding: int, dilation: int, g: np.ndarray):
    """Adjoints of conv2d(x, weight, bias, stride, padding, dilation) = out, given g = dL/dout.

    Per image, out = W (C_out, K) @ cols (K, OH*OW) + bias, K = C_in*KH*KW, so
        # d bias   = sum of g over (N, OH, OW)
        # d W      = sum over images of g_img (C_out, OH*OW) @ cols_img.T, accumulated
        #            transposed, d W.T += cols_img @ g_img.T: the gemm then reads cols'
        #            rows in place instead of packing cols transposed (MyConv's 16->32
        #            convolution's backward ~12% faster, 32->64 ~4%)
        # d cols   = W.T (K, C_out) @ g_img, and d x = col2im(d cols): each tap's row of
        #            d cols added back where the forward's im2col copied it from (the
        #            padded input), the padding then cropped off.
    The same two paths as the forward: stride 1 and dilation 1 on wide rows, else im2col
    of strided windows, chunks of ~1024 output pixels."""
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
    if stride == 1 and dilation == 1:
        gx, gwt = _conv2d_wide_vjp(x, wm, g, kh, kw, padding, oh, ow)
        return gx, gwt.T.reshape(c_out, c_in, kh, kw), gb
    xp = pad2d(x, padding)
    hp = h + 2 * padding
    wp = w + 2 * padding
    nb = max(1, min(n, 1024 // max(oh * ow, 1)))
    cols = np.empty((nb, c, kh, kw, oh, ow), dtype=x.dtype)    # every element written below
    gxp = np.zeros((n, c, hp, wp), dtype=x.dtype)
    gwt = np.zeros((k, c_out), dtype=x.dtype)                  # d W, transposed
    wt = wm.T
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
            gq = g[b0 + q].reshape(c_out, oh * ow)
            gwt = gwt + cb[q].reshape(k, oh * ow) @ gq.T
            gc = (wt @ gq).reshape(c, kh, kw, oh, ow)
            for i in range(kh):
                for j in range(kw):
                    r0 = i * dilation
                    c0 = j * dilation
                    gxp[b0 + q, :, r0:r0 + stride * (oh - 1) + 1:stride,
                        c0:c0 + stride * (ow - 1) + 1:stride] += gc[:, i, j, :, :]
    gx = gxp[:, :, padding:padding + h, padding:padding + w].copy()
    return gx, gwt.T.reshape(c_out, c_in, kh, kw), gb


def _conv2d_wide_vjp(x: np.ndarray, wm: np.ndarray, g: np.ndarray, kh: int, kw: int,
                     padding: int, oh: int, ow: int):
    """(d x, d W transposed: (K, C_out)) of nn._conv2d_wide: the forward's output rows are
    wp wide, their last kw - 1 columns discarded, so the adjoint is g on wide rows with
    zeros in those columns; then tap (i, j) of channel ci is one contiguous run of the
    padded image both ways: its im2col row is a copy of xp[ci].flat[i * wp + j:][:oh * wp],
    its col2im an add of d cols' row to the same run of d xp.  (The wide columns of cols hold input
    values of the next row, multiplied by g's zeros, and those of d cols, added to d xp,
    are weights times those zeros: so an inf or NaN in x or the weight can make NaNs
    where the exact sums would not have them.  Zeroing the columns cost ~3%, for inputs
    whose loss is not finite anyway.)

    One image at a time, in buffers of one image (they stay in L2: against whole-batch
    padded buffers, MyConv's three ~3% faster)."""
    n, c, h, w = x.shape
    c_out = wm.shape[0]
    hp = h + 2 * padding + 1
    wp = w + 2 * padding
    k = c * kh * kw
    m = oh * wp
    xp = np.zeros((c, hp, wp), dtype=x.dtype)                  # the border stays zero
    flat = xp.reshape(c, hp * wp)
    cols = np.empty((c, kh, kw, m), dtype=x.dtype)             # every element written below
    gwide = np.zeros((c_out, oh, wp), dtype=x.dtype)           # columns ow: stay zero
    gxp = np.empty((c, hp * wp), dtype=x.dtype)
    gx = np.empty((n, c, h, w), dtype=x.dtype)
    gwt = np.zeros((k, c_out), dtype=x.dtype)
    wt = wm.T
    for q in range(n):
        xp[:, padding:padding + h, padding:padding + w] = x[q]
        for i in range(kh):
            for j in range(kw):
                cols[:, i, j, :] = flat[:, i * wp + j:i * wp + j + m]
        gwide[:, :, :ow] = g[q]
        gq = gwide.reshape(c_out, m)
        gwt = gwt + cols.reshape(k, m) @ gq.T
        gc = (wt @ gq).reshape(c, kh, kw, m)
        gxp[:, :] = 0.0
        for i in range(kh):
            for j in range(kw):
                gxp[:, i * wp + j:i * wp + j + m] += gc[:, i, j, :]
        gx[q] = gxp.reshape(c, hp, wp)[:, padding:padding + h, padding:padding + w]
    return gx, gwt


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
    best = np.full((n, c, oh, ow), -np.inf, dtype=x.dtype)
    arg = np.zeros((n, c, oh, ow), dtype=np.int64) + (i0.reshape(oh, 1) * kernel_size
                                                      + j0.reshape(1, ow))
    for i in range(kernel_size):
        for j in range(kernel_size):
            v = xp[:, :, i:i + stride * (oh - 1) + 1:stride, j:j + stride * (ow - 1) + 1:stride]
            take = (v > best) | (v != v)             # v != v: v is NaN
            best = np.where(take, v, best)
            arg = np.where(take, i * kernel_size + j, arg)
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
    gxp = np.zeros((n, c, h + 2 * padding, w + 2 * padding), dtype=x.dtype)
    for i in range(kernel_size):
        for j in range(kernel_size):
            gxp[:, :, i:i + stride * (oh - 1) + 1:stride,
                j:j + stride * (ow - 1) + 1:stride] += share
    gx = gxp[:, :, padding:padding + h, padding:padding + w].copy()
    return (gx,)


VJPS = {"conv2d": conv2d_vjp, "max_pool2d": max_pool2d_vjp, "avg_pool2d": avg_pool2d_vjp}
_FORWARDS = {"conv2d": conv2d, "max_pool2d": max_pool2d, "avg_pool2d": avg_pool2d}


def vjp_of(fn):
    """The VJP of forward function fn (stdlib/nn.py's own function object, as pts.nn.functional
    exports it), or None: a function of the same name from elsewhere has none."""
    name = getattr(fn, "__name__", "")
    if name in _FORWARDS and _FORWARDS[name] is fn:
        return VJPS[name]
    return None
