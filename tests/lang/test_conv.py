"""conv2d of stride 1 as one op (np.conv2d_wide, backend/conv.py): images over the thread
pool, against the definition, eagerly, interpreted and natively; the same bits on 1 and 2
threads; inputs of any strides; its errors the eager code's."""
import numpy as np
import pytest

import pts
import pts.nn.functional as F
from pts.stdlib import nn

from tests.lang.test_stdlib_nn import naive_conv2d

BACKENDS = ["interp", "native"]


def conv_args(xshape, c_out, k, dtype=np.float32, seed=0):
    r = np.random.default_rng(seed)
    x = r.standard_normal(xshape).astype(dtype)
    w = r.standard_normal((c_out, xshape[1], k, k)).astype(dtype)
    b = r.standard_normal(c_out).astype(dtype)
    return x, w, b


def test_stride_one_compiles_to_the_op():
    x, w, b = conv_args((2, 3, 8, 8), 4, 3)
    assert "np.conv2d_wide" in pts.script(F.conv2d).ir(x, w, b, 1, 1, 1)
    # mixed dtypes keep the language's loop (decided when compiled)
    assert "np.conv2d_wide" not in pts.script(F.conv2d).ir(x, w.astype(np.float64), b, 1, 1, 1)


@pytest.mark.parametrize("shape,c_out,k,padding", [
    ((5, 8, 12, 12), 16, 3, 1),      # images over the pool (Winograd's: test_winograd.py)
    ((1, 16, 16, 16), 32, 3, 1),     # one image: its product split over the pool
    ((3, 2, 5, 7), 3, 1, 0),         # 1 x 1
])
def test_one_and_two_threads_give_the_same_bits(shape, c_out, k, padding):
    x, w, b = conv_args(shape, c_out, k)
    f = pts.script(F.conv2d)
    got = []
    try:
        for threads in (1, 2):
            pts.set_num_threads(threads)
            got.append(np.asarray(f(x, w, b, 1, padding, 1)))
    finally:
        pts.set_num_threads(1)
    assert np.array_equal(got[0], got[1])
    want = naive_conv2d(x, w, b, 1, padding, 1)
    # (Winograd's transforms round to ~1e-5 of the output's scale: test_winograd.py)
    np.testing.assert_allclose(got[0], want, rtol=1e-5, atol=2e-5 * np.abs(want).max())


def views():
    x, w, b = conv_args((3, 8, 9, 10), 5, 3, seed=1)
    yield "channels strided", x[:, ::2], w[:, :4], b
    yield "columns strided", x[..., ::2], w[:, :8], b
    yield "transposed", x.transpose(0, 1, 3, 2), w[:, :8], b
    yield "weight a view", x[:, :4], w[:, 2:6], b
    x, w, b = conv_args((2, 3, 6, 6), 4, 3, dtype=np.float64, seed=2)
    yield "float64", x, w, b


@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize("case", list(views()), ids=lambda c: c[0])
def test_inputs_of_any_strides(case, backend):
    _, x, w, b = case
    want = naive_conv2d(x, w, b, 1, 1, 1)
    tol = 1e-12 if x.dtype == np.float64 else 1e-5
    for got in (F.conv2d(x, w, b, 1, 1), pts.script(F.conv2d, backend=backend)(x, w, b, 1, 1)):
        assert got.dtype == x.dtype and got.shape == want.shape
        np.testing.assert_allclose(got, want, rtol=tol, atol=tol)


@pytest.mark.parametrize("backend", BACKENDS)
def test_an_empty_batch_and_an_empty_output(backend):
    f = pts.script(F.conv2d, backend=backend)
    x, w, b = conv_args((0, 3, 5, 5), 4, 3)
    assert np.asarray(f(x, w, b, 1, 1, 1)).shape == (0, 4, 5, 5)
    x, w, b = conv_args((2, 3, 2, 2), 4, 3)           # the kernel one bigger than the image
    assert np.asarray(f(x, w, b, 1, 0, 1)).shape == F.conv2d(x, w, b, 1, 0, 1).shape == (2, 4, 0, 0)


def errors(fn, *args):
    out = []
    for run in (fn, pts.script(fn, backend="interp"), pts.script(fn, backend="native")):
        with pytest.raises(ValueError) as info:
            run(*args)
        out.append(str(info.value))
    return out


def test_errors_are_the_eager_codes():
    x, w, b = conv_args((2, 3, 2, 2), 4, 4)           # kernel 4 over a 2 x 2 image
    msgs = errors(F.conv2d, x, w, b, 1, 0, 1)
    assert all("negative dimensions are not allowed" in m for m in msgs), msgs
    x, w, b = conv_args((2, 3, 6, 6), 4, 3)
    msgs = errors(nn._conv2d_wide, x, w.reshape(4, 27), b, 3, 3, -1, False)
    assert all("padding >= 0" in m for m in msgs), msgs
    msgs = errors(nn._conv2d_wide, x, w.reshape(4, 27)[:, :18], b, 3, 3, 1, False)
    assert all("input channels do not match the weight" in m for m in msgs), msgs
