"""pts.nn.functional (stdlib/nn.py): every function compiled, against its own eager run.

The functions are plain numpy code, so the eager call is the reference (torch's formulas
for the training-mode functions and the losses: tests/lang/test_nn_training.py); each is
scripted directly (arguments from Python, keywords and defaults bound like Python) and through a
caller that passes literal dims/modes (which become constants of the specialization).
"""
import numpy as np
import pytest

import pts
import pts.nn.functional as F

BACKENDS = ["interp", "native"]

rng = np.random.default_rng(0)
X4 = rng.standard_normal((2, 3, 8, 8)).astype(np.float32)
W4 = rng.standard_normal((4, 3, 3, 3)).astype(np.float32)
B4 = rng.standard_normal(4).astype(np.float32)
X2 = rng.standard_normal((5, 7)).astype(np.float32)
W2 = rng.standard_normal((6, 7)).astype(np.float32)
B2 = rng.standard_normal(6).astype(np.float32)
T = np.array([0, 1, 2, 3, 4])
ONES3, ZEROS3 = np.ones(3, np.float32), np.zeros(3, np.float32)

CASES = [
    (F.relu, (X2,), {}), (F.leaky_relu, (X2,), {"negative_slope": 0.2}), (F.sigmoid, (X2,), {}),
    (F.tanh, (X2,), {}), (F.gelu, (X2,), {}), (F.gelu, (X2,), {"approximate": "tanh"}),
    (F.softmax, (X2,), {}), (F.softmax, (X2, 0), {}), (F.log_softmax, (X2,), {"dim": 1}),
    (F.layer_norm, (X2, (7,), np.ones(7, np.float32), np.zeros(7, np.float32)), {}),
    (F.batch_norm, (X4, ZEROS3, ONES3, ONES3, ZEROS3), {}),
    (F.linear, (X2, W2, B2), {}), (F.dropout, (X2, 0.5, False, False, np.zeros(3, np.int64)), {}),
    (F.conv2d, (X4, W4, B4), {}), (F.conv2d, (X4, W4, B4), {"stride": 2, "padding": 1}),
    (F.conv2d, (X4, W4, B4), {"padding": 2, "dilation": 2}),
    (F.max_pool2d, (X4, 2), {}), (F.max_pool2d, (X4, 3), {"stride": 2, "padding": 1}),
    (F.avg_pool2d, (X4, 2), {}), (F.avg_pool2d, (X4, 3), {"stride": 1, "padding": 1}),
    (F.mse_loss, (X2, X2 * 0.5), {}),
]
# (functions with optional arrays (weight=None) are called from scripted code, which can
# pass None: tests/lang/test_nn_training.py)


def same(got, want):
    assert type(got) is type(want) or (np.isscalar(got) and np.isscalar(want))
    g, w = np.asarray(got), np.asarray(want)
    assert g.dtype == w.dtype and g.shape == w.shape
    np.testing.assert_allclose(g, w, rtol=1e-5, atol=1e-6)


@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize("fn,args,kwargs", CASES,
                         ids=[f"{c[0].__name__}{i}" for i, c in enumerate(CASES)])
def test_functional(fn, args, kwargs, backend):
    same(pts.script(fn, backend=backend)(*args, **kwargs), fn(*args, **kwargs))


def small_model(x: np.ndarray, w: np.ndarray, b: np.ndarray) -> np.ndarray:
    h = F.relu(F.conv2d(x, w, b, padding=1))
    h = F.max_pool2d(h, 2)
    flat = h.reshape(h.shape[0], -1)
    return F.log_softmax(flat, dim=1) + F.gelu(flat, approximate="tanh")


@pytest.mark.parametrize("backend", BACKENDS)
def test_called_from_scripted_code(backend):
    same(pts.script(small_model, backend=backend)(X4, W4, B4), small_model(X4, W4, B4))


def softmax_on(x: np.ndarray, d: int) -> np.ndarray:
    return F.softmax(x, d)


def forwarded(x: np.ndarray, d: int) -> np.ndarray:
    return softmax_on(x, d)


def computed(x: np.ndarray, d: int) -> np.ndarray:
    return softmax_on(x, d - 1)


def test_axis_arguments_specialize_on_their_values():
    # the value of d is known at the call from Python, and passes down through calls
    for d in (0, 1, -1):
        same(pts.script(softmax_on, backend="interp")(X2, d), F.softmax(X2, d))
        same(pts.script(forwarded, backend="interp")(X2, d), F.softmax(X2, d))
    # computed at run time, it cannot be an axis
    with pytest.raises(pts.CompileError, match="argument 'd' of softmax_on\\(\\) must be a constant"):
        pts.script(computed, backend="interp")(X2, 1)


def naive_conv2d(x, w, b, stride, padding, dilation):
    """The definition, one output element at a time (float64 sums)."""
    n, c, h, wd = x.shape
    co, _, kh, kw = w.shape
    xp = np.pad(x.astype(np.float64), ((0, 0), (0, 0), (padding, padding), (padding, padding)))
    oh = (h + 2 * padding - dilation * (kh - 1) - 1) // stride + 1
    ow = (wd + 2 * padding - dilation * (kw - 1) - 1) // stride + 1
    out = np.zeros((n, co, oh, ow))
    for y in range(oh):
        for z in range(ow):
            win = xp[:, :, y * stride:y * stride + dilation * (kh - 1) + 1:dilation,
                     z * stride:z * stride + dilation * (kw - 1) + 1:dilation]
            out[:, :, y, z] = np.einsum("nchw,ochw->no", win, w) + b
    return out


@pytest.mark.parametrize("xshape,wshape,kwargs", [
    ((2, 3, 8, 8), (4, 3, 3, 3), {"padding": 1}),      # stride 1: conv2d's wide rows
    ((2, 3, 5, 7), (4, 3, 2, 3), {}),                  # non-square input and kernel
    ((2, 3, 5, 7), (4, 3, 2, 3), {"padding": 2}),
    ((1, 2, 6, 4), (3, 2, 1, 1), {}),                  # 1 x 1
    ((1, 2, 4, 4), (3, 2, 4, 4), {}),                  # the kernel covers the image
    ((2, 3, 8, 8), (4, 3, 3, 3), {"stride": 2, "padding": 1}),
    ((2, 3, 9, 8), (4, 3, 3, 2), {"padding": 2, "dilation": 2}),
])
@pytest.mark.parametrize("backend", BACKENDS)
def test_conv2d_against_its_definition(xshape, wshape, kwargs, backend):
    r = np.random.default_rng(3)
    x = r.standard_normal(xshape).astype(np.float32)
    w = r.standard_normal(wshape).astype(np.float32)
    b = r.standard_normal(wshape[0]).astype(np.float32)
    want = naive_conv2d(x, w, b, kwargs.get("stride", 1), kwargs.get("padding", 0),
                        kwargs.get("dilation", 1))
    for got in (F.conv2d(x, w, b, **kwargs), pts.script(F.conv2d, backend=backend)(x, w, b, **kwargs)):
        assert got.dtype == np.float32 and got.shape == want.shape
        np.testing.assert_allclose(got, want, rtol=1e-5, atol=1e-5)
