"""The Winograd F(4x4, 3x3) path of np.conv2d_wide (backend/winograd.py): 3x3 convolutions of
several images with at least 8 channels in and out.  Against the definition (float64 sums
of the same operands): float32 within the transforms' rounding (2e-5 of the output's largest
magnitude; measured ~4e-6), float64 to 1e-12; the same bits on 1 and 2 threads; tiles cut
by the image's edge, channels that are not whole vectors, inputs of any strides; a NaN or an
infinity kept where the definition keeps it (such images go the direct way); the ReLU
epilogue (NaN kept, as relu's `where`); output rows stored whole (nontemporal where they are
whole lines) and, in the portable archive image, 4 lanes at a time."""
import platform

import numpy as np
import pytest

import pts
import pts.nn.functional as F
from pts.stdlib import nn

from tests.lang.test_stdlib_nn import naive_conv2d


def operands(shape, c_out, dtype=np.float32, seed=0):
    r = np.random.default_rng(seed)
    x = r.standard_normal(shape).astype(dtype)
    w = r.standard_normal((c_out, shape[1], 3, 3)).astype(dtype)
    b = r.standard_normal(c_out).astype(dtype)
    return x, w, b


def definition(x, w, b, padding):
    return naive_conv2d(x.astype(np.float64), w.astype(np.float64), b.astype(np.float64), 1,
                        padding, 1)


def assert_close(got, want, dtype):
    scale = np.abs(want[np.isfinite(want)]).max()
    tol = (2e-5 if dtype == np.float32 else 1e-12) * scale
    np.testing.assert_allclose(got, want, rtol=0, atol=tol)


@pytest.mark.parametrize("dtype", [np.float32, np.float64])
@pytest.mark.parametrize("shape,c_out,padding", [
    ((4, 16, 28, 28), 32, 1),        # MyConv's second convolution: whole tiles, whole vectors
    ((3, 20, 13, 11), 24, 1),        # tiles cut by both edges; 20 channels: 16 + 4
    ((4, 8, 9, 10), 16, 0),          # no padding
    ((2, 12, 30, 7), 8, 2),          # padding 2; a row narrower than a vector
])
def test_against_the_definition(shape, c_out, padding, dtype):
    x, w, b = operands(shape, c_out, dtype)
    got = np.asarray(pts.script(F.conv2d)(x, w, b, 1, padding, 1))
    assert got.dtype == dtype
    assert_close(got, definition(x, w, b, padding), dtype)


@pytest.mark.skipif(platform.machine() != "x86_64", reason="the x86-64 baseline image")
def test_the_portable_archive_image(tmp_path, monkeypatch):
    """The baseline x86-64 image of an archive (128-bit vectors: 4 float32 lanes, where the
    host's have 16) transposes its output rows 4 lanes at a time, without the nontemporal
    stores (its vectors are not whole lines); MyConv's shape and one cut by every edge."""
    monkeypatch.setenv("PTS_SAVE_TARGETS", "x86_64-linux")
    f = pts.script(F.conv2d)
    cases = [(operands((3, 16, 28, 28), 32), 1), (operands((3, 20, 13, 11), 24, seed=2), 0)]
    path = tmp_path / "conv.pts"
    pts.save(f, path, example_inputs=[(x, w, b, 1, pad, 1) for (x, w, b), pad in cases])
    g = pts.load(path)
    assert g.image == "x86_64-linux"
    for (x, w, b), pad in cases:
        assert_close(np.asarray(g(x, w, b, 1, pad, 1)), definition(x, w, b, pad), np.float32)


def test_several_images_take_the_transforms():
    """A batch's images are rounded the transforms' way, one image alone the direct way
    (so the first differs from itself alone in the last bits, and both are close)."""
    x, w, b = operands((3, 32, 28, 28), 64)
    f = pts.script(F.conv2d)
    batch = np.asarray(f(x, w, b, 1, 1, 1))[0]
    alone = np.asarray(f(x[:1], w, b, 1, 1, 1))[0]
    assert not np.array_equal(batch, alone)
    assert_close(batch, definition(x[:1], w, b, 1)[0], np.float32)


def test_one_and_two_threads_give_the_same_bits():
    x, w, b = operands((7, 16, 20, 20), 16, seed=3)
    f = pts.script(F.conv2d)
    got = []
    try:
        for threads in (1, 2):
            pts.set_num_threads(threads)
            got.append(np.asarray(f(x, w, b, 1, 1, 1)))
    finally:
        pts.set_num_threads(1)
    assert np.array_equal(got[0], got[1])


@pytest.mark.parametrize("view", ["columns strided", "transposed", "channels strided"])
def test_inputs_of_any_strides(view):
    x, w, b = operands((3, 32, 20, 24), 16, seed=4)
    x = {"columns strided": x[..., ::2], "transposed": x.transpose(0, 1, 3, 2),
         "channels strided": x[:, ::2]}[view]
    w = np.ascontiguousarray(w[:, :x.shape[1]])
    got = np.asarray(pts.script(F.conv2d)(x, w, b, 1, 1, 1))
    assert_close(got, definition(x, w, b, 1), np.float32)


def assert_same_specials(got, want):
    """NaN and infinities where the definition has them, the finite rest close."""
    assert np.array_equal(np.isnan(got), np.isnan(want))
    assert np.array_equal(np.isposinf(got), np.isposinf(want))
    assert np.array_equal(np.isneginf(got), np.isneginf(want))
    ok = np.isfinite(want)
    assert_close(got[ok], want[ok], np.float32)


@pytest.mark.parametrize("backend", ["interp", "native"])
def test_nan_and_infinity_in_an_image_stay_in_their_windows(backend):
    x, w, b = operands((3, 16, 12, 12), 16, seed=5)
    x[1, 3, 5, 6] = np.nan
    x[2, 0, 0, 11] = np.inf
    got = np.asarray(pts.script(F.conv2d, backend=backend)(x, w, b, 1, 1, 1))
    want = definition(x, w, b, 1)
    assert np.isnan(want).sum() == 16 * 9 and np.isinf(want).sum() > 0
    assert_same_specials(got, want)


def test_a_weight_that_is_not_finite_sends_every_image_the_direct_way():
    x, w, b = operands((3, 16, 12, 12), 16, seed=6)
    w[2, 1, 0, 0] = -np.inf
    got = np.asarray(pts.script(F.conv2d)(x, w, b, 1, 1, 1))
    assert_same_specials(got, definition(x, w, b, 1))


@pytest.mark.parametrize("backend", ["interp", "native"])
def test_relu_epilogue(backend):
    x, w, b = operands((3, 16, 13, 13), 24, seed=7)
    x[0, 0, 4, 4] = np.nan
    got = np.asarray(pts.script(nn.conv2d_relu, backend=backend)(x, w, b, 1, 1, 1))
    want = definition(x, w, b, 1)
    want = np.where(want <= 0, 0, want)
    assert (got == 0).mean() > 0.3
    assert_same_specials(got, want)
    assert not np.signbit(got[got == 0]).any()           # +0.0, as np.where(x <= 0, 0, x)
