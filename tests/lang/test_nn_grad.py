"""stdlib/nn_grad.py: the hand-written VJPs of conv2d, max_pool2d and avg_pool2d against
central differences of their forwards (stdlib/nn.py, eager numpy, float64), each VJP run
three ways: eagerly, through the IR interpreter and natively.

The loss is L = sum(forward(...) * r) for a fixed random r, so dL/dinput is the VJP at
g = r; central differences perturb one element at a time (eps 1e-6), or, for a case too
large for that, along random directions (the derivative along v is <gradient, v>).  Max
pooling also gets torch's tie rule checked against a loop-by-loop reference of it (ties
have no derivative to difference).
"""
import functools
import inspect

import numpy as np
import pytest

import pts
import pts.nn.functional as F
from pts.stdlib import nn, nn_grad

MODES = ["eager", "interp", "native"]
EPS = 1e-6


@functools.lru_cache(maxsize=None)
def scripted(fn, mode):
    return pts.script(fn, backend=mode)


def run(fn, mode, *args):
    return fn(*args) if mode == "eager" else scripted(fn, mode)(*args)


def central_differences(forward, args, r, wrt):
    """d sum(forward(*args) * r) / d args[wrt], one element at a time."""
    args = [a.copy() if isinstance(a, np.ndarray) else a for a in args]
    a = args[wrt]
    out = np.zeros_like(a)
    for idx in np.ndindex(a.shape):
        old = a[idx]
        a[idx] = old + EPS
        up = float((forward(*args) * r).sum())
        a[idx] = old - EPS
        down = float((forward(*args) * r).sum())
        a[idx] = old
        out[idx] = (up - down) / (2 * EPS)
    return out


def assert_adjoint(got, want, like):
    assert isinstance(got, np.ndarray) and got.dtype == like.dtype and got.shape == like.shape
    np.testing.assert_allclose(got, want, rtol=1e-5, atol=1e-6)


# (x shape, weight shape, stride, padding, dilation): batch 1 and 3, C_in != C_out,
# non-square images and kernels, strides and dilations that leave phase planes empty
CONV_CASES = [
    ((1, 2, 5, 7), (3, 2, 3, 3), 1, 1, 1),
    ((3, 3, 6, 5), (2, 3, 2, 3), 1, 0, 1),
    ((3, 2, 5, 6), (4, 2, 3, 3), 1, 2, 1),          # padding wider than the kernel reaches
    ((3, 2, 5, 4), (3, 2, 1, 1), 1, 0, 1),          # 1 x 1
    ((1, 2, 4, 4), (3, 2, 4, 4), 1, 0, 1),          # the kernel covers the image
    ((1, 3, 9, 8), (4, 3, 3, 2), 2, 1, 1),          # strided: the im2col path
    ((3, 2, 8, 9), (3, 2, 3, 3), 1, 2, 2),          # dilated
    ((3, 2, 7, 7), (2, 2, 2, 3), 3, 1, 2),          # both, windows that skip columns
    ((2, 2, 5, 5), (2, 2, 1, 1), 3, 0, 1),          # 1 x 1 strided: rows never read
    ((1, 2, 6, 5), (3, 2, 3, 3), 2, 4, 1),          # padding wider than the kernel
]


@functools.lru_cache(maxsize=None)
def conv_case(i):
    """(args, r, numerical adjoints of x, weight, bias) of CONV_CASES[i], float64."""
    xs, ws, stride, padding, dilation = CONV_CASES[i]
    rng = np.random.default_rng(i)
    x, w, b = rng.standard_normal(xs), rng.standard_normal(ws), rng.standard_normal(ws[0])
    args = (x, w, b, stride, padding, dilation)
    r = rng.standard_normal(nn.conv2d(*args).shape)
    return args, r, [central_differences(nn.conv2d, args, r, k) for k in range(3)]


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("case", range(len(CONV_CASES)),
                         ids=["x{}w{}s{}p{}d{}".format("x".join(map(str, c[0])),
                                                       "x".join(map(str, c[1])), *c[2:])
                              for c in CONV_CASES])
def test_conv2d_vjp_against_central_differences(case, mode):
    args, r, want = conv_case(case)
    got = run(nn_grad.conv2d_vjp, mode, *args, r)
    assert isinstance(got, tuple) and len(got) == 3
    for g, w, a in zip(got, want, args):
        assert_adjoint(g, w, a)


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("case", [0, 2, 5])
def test_conv2d_relu_vjp_against_central_differences(case, mode):
    """relu(conv2d) (a Sequential's Conv2d, BatchNorm2d, ReLU in eval mode): its VJP
    against central differences of its forward; about half the outputs are cut."""
    xs, ws, stride, padding, dilation = CONV_CASES[case]
    rng = np.random.default_rng(100 + case)
    x, w, b = rng.standard_normal(xs), rng.standard_normal(ws), rng.standard_normal(ws[0])
    args = (x, w, b, stride, padding, dilation)
    out = nn.conv2d_relu(*args)
    assert 0.2 < (out == 0).mean() < 0.8
    r = rng.standard_normal(out.shape)
    got = run(nn_grad.conv2d_relu_vjp, mode, *args, r)
    for k, g in enumerate(got):
        assert_adjoint(g, central_differences(nn.conv2d_relu, args, r, k), args[k])


@pytest.mark.parametrize("mode", MODES)
def test_conv2d_vjp_larger_strided_image(mode):
    """Odd and even sizes over stride 2 (phase planes of different sizes), 3 images.  Too
    large for differences one element at a time: along random directions instead."""
    rng = np.random.default_rng(7)
    x, w, b = (rng.standard_normal((3, 2, 41, 40)), rng.standard_normal((3, 2, 3, 3)),
               rng.standard_normal(3))
    args = [x, w, b, 2, 1, 1]
    r = rng.standard_normal(nn.conv2d(*args).shape)
    got = run(nn_grad.conv2d_vjp, mode, *args, r)
    for k in range(3):
        assert got[k].shape == args[k].shape
        for _ in range(3):
            v = rng.standard_normal(args[k].shape)
            up, down = list(args), list(args)
            up[k], down[k] = args[k] + EPS * v, args[k] - EPS * v
            numeric = float(((nn.conv2d(*up) - nn.conv2d(*down)) * r).sum()) / (2 * EPS)
            assert abs(float((got[k] * v).sum()) - numeric) <= 1e-6 * max(1.0, abs(numeric))


@pytest.mark.parametrize("mode", ["interp", "native"])
@pytest.mark.parametrize("case", [0, 5])
def test_conv2d_vjp_float32(case, mode):
    """float32 in, float32 adjoints out, close to the float64 ones."""
    args, r, want = conv_case(case)
    a32 = [a.astype(np.float32) if isinstance(a, np.ndarray) else a for a in args]
    got = run(nn_grad.conv2d_vjp, mode, *a32, r.astype(np.float32))
    for g, w in zip(got, want):
        assert g.dtype == np.float32
        np.testing.assert_allclose(g, w, rtol=1e-4, atol=1e-4)


# (x shape, kernel_size, stride (0: kernel_size), padding)
POOL_CASES = [
    ((1, 2, 5, 7), 2, 0, 0),          # the last row and column fall outside every window
    ((3, 2, 8, 7), 3, 2, 1),
    ((3, 1, 6, 6), 3, 1, 1),          # overlapping windows
    ((1, 3, 7, 5), 2, 1, 1),
    ((3, 2, 4, 6), 1, 1, 0),
    ((2, 2, 8, 7), 2, 3, 0),          # windows with gaps between them
]
POOLS = [(nn.max_pool2d, nn_grad.max_pool2d_vjp), (nn.avg_pool2d, nn_grad.avg_pool2d_vjp)]


@functools.lru_cache(maxsize=None)
def pool_case(i, which):
    xs, k, stride, padding = POOL_CASES[i]
    forward = POOLS[which][0]
    rng = np.random.default_rng(100 + i)
    # distinct values at least 0.01 apart: no window's max changes within EPS
    x = (rng.permutation(int(np.prod(xs))) * 0.01 - 1.0).reshape(xs) \
        + rng.uniform(0, 1e-3, xs)
    args = (x, k, stride, padding)
    r = rng.standard_normal(forward(*args).shape)
    return args, r, central_differences(forward, args, r, 0)


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("which", [0, 1], ids=["max", "avg"])
@pytest.mark.parametrize("case", range(len(POOL_CASES)),
                         ids=["x{}k{}s{}p{}".format("x".join(map(str, c[0])), *c[1:])
                              for c in POOL_CASES])
def test_pool_vjp_against_central_differences(case, which, mode):
    args, r, want = pool_case(case, which)
    got = run(POOLS[which][1], mode, *args, r)
    assert isinstance(got, tuple) and len(got) == 1
    assert_adjoint(got[0], want, args[0])


def torch_max_pool_grad(x, k, stride, padding, g):
    """torch's CPU rule, one window at a time: the in-image elements in row-major order,
    the running max from -inf, taken over by a greater element or a NaN; the window's
    first in-image element when none is."""
    stride = stride or k
    n, c, h, w = x.shape
    oh, ow = (h + 2 * padding - k) // stride + 1, (w + 2 * padding - k) // stride + 1
    gx = np.zeros_like(x)
    for b in range(n):
        for ch in range(c):
            for y in range(oh):
                for z in range(ow):
                    r0, c0 = y * stride - padding, z * stride - padding
                    rows = range(max(r0, 0), min(r0 + k, h))
                    cols = range(max(c0, 0), min(c0 + k, w))
                    best, at = -np.inf, (rows[0], cols[0])
                    for i in rows:
                        for j in cols:
                            v = x[b, ch, i, j]
                            if v > best or np.isnan(v):
                                best, at = v, (i, j)
                    gx[b, ch, at[0], at[1]] += g[b, ch, y, z]
    return gx


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("k,stride,padding", [(2, 0, 0), (3, 1, 1), (3, 2, 1), (2, 1, 1),
                                               (2, 3, 0)])
def test_max_pool2d_vjp_ties_go_to_the_first_maximum(k, stride, padding, mode):
    rng = np.random.default_rng(k * 10 + stride)
    x = rng.integers(0, 3, (3, 2, 7, 6)).astype(np.float64)      # many equal maxima
    x[0, 0] = 1.0                                                 # a constant image
    x[0, 1, :3, :3] = -np.inf                                     # windows of -inf only
    # integer adjoints: their sums are exact in any order, so the test can ask equality
    r = rng.integers(-9, 10, nn.max_pool2d(x, k, stride, padding).shape).astype(np.float64)
    (got,) = run(nn_grad.max_pool2d_vjp, mode, x, k, stride, padding, r)
    np.testing.assert_array_equal(got, torch_max_pool_grad(x, k, stride, padding, r))


@pytest.mark.parametrize("mode", MODES)
def test_max_pool2d_vjp_constant_window_gives_all_to_its_first_element(mode):
    x = np.ones((1, 1, 4, 4))
    g = np.array([[[[1.0, 2.0], [3.0, 4.0]]]])
    (got,) = run(nn_grad.max_pool2d_vjp, mode, x, 2, 2, 0, g)
    want = np.zeros((1, 1, 4, 4))
    want[0, 0, 0, 0], want[0, 0, 0, 2], want[0, 0, 2, 0], want[0, 0, 2, 2] = 1, 2, 3, 4
    np.testing.assert_array_equal(got, want)


@pytest.mark.parametrize("mode", MODES)
def test_max_pool2d_vjp_nan_takes_the_gradient(mode):
    x = np.zeros((1, 1, 2, 2))
    x[0, 0, 0, 1] = np.nan
    x[0, 0, 1, 0] = 5.0
    (got,) = run(nn_grad.max_pool2d_vjp, mode, x, 2, 0, 0, np.full((1, 1, 1, 1), 3.0))
    np.testing.assert_array_equal(got, [[[[0.0, 3.0], [0.0, 0.0]]]])


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("fn,args", [
    (nn_grad.conv2d_vjp, (np.ones((2, 3, 5, 5)), np.ones((4, 3, 3, 3)), np.ones(4), 1, 0, 1,
                          np.ones((2, 4, 5, 5)))),
    (nn_grad.conv2d_vjp, (np.ones((2, 3, 5, 5)), np.ones((4, 3, 3, 3)), np.ones(4), 2, 1, 1,
                          np.ones((2, 3, 3, 3)))),
    (nn_grad.max_pool2d_vjp, (np.ones((2, 3, 4, 4)), 2, 0, 0, np.ones((2, 3, 3, 2)))),
    (nn_grad.avg_pool2d_vjp, (np.ones((2, 3, 4, 4)), 2, 0, 0, np.ones((1, 3, 2, 2)))),
], ids=["conv-wide", "conv-strided", "max", "avg"])
def test_an_adjoint_of_the_wrong_shape_is_a_value_error(fn, args, mode):
    with pytest.raises(ValueError, match="the adjoint's shape is not the output's"):
        run(fn, mode, *args)


def test_registry():
    """Each VJP takes its forward's parameters, then g; vjp_of finds it from the forward
    function object that pts.nn.functional exports, and nothing else."""
    assert set(nn_grad.VJPS) == {"conv2d", "conv2d_relu", "max_pool2d", "avg_pool2d"}
    for name, vjp in nn_grad.VJPS.items():
        forward = getattr(nn, name)
        params = list(inspect.signature(forward).parameters)
        assert list(inspect.signature(vjp).parameters) == params + ["g"]
        assert nn_grad.vjp_of(forward) is vjp
    assert nn_grad.vjp_of(F.relu) is None

    def conv2d(x, weight, bias):          # same name, not the library's
        return x
    assert nn_grad.vjp_of(conv2d) is None
    assert nn_grad.vjp_of(len) is None
    # from an IR function's name and file
    assert nn_grad.vjp_named("conv2d", nn.__file__) is nn_grad.conv2d_vjp
    assert nn_grad.vjp_named("max_pool2d.1", nn.__file__) is nn_grad.max_pool2d_vjp
    assert nn_grad.vjp_named("conv2d", __file__) is None
    assert nn_grad.vjp_named("relu", nn.__file__) is None


def two_convolutions(x1, w1, b1, g1, x2, w2, b2, g2):
    first = nn_grad.conv2d_vjp(x1, w1, b1, 1, 1, 1, g1)
    second = nn_grad.conv2d_vjp(x2, w2, b2, 2, 0, 1, g2)
    return first[0], first[1], second[1], second[2]


@pytest.mark.parametrize("dtype", [np.float32, np.float64])
def test_conv2d_vjp_comes_from_the_kernel_library(dtype, monkeypatch):
    """Called more than once (a training step's convolutions), conv2d_vjp stays a function
    and the module calls the library's precompiled copy instead of compiling it (and its
    fused kernels); the results are still the eager function's."""
    from pts import compiler
    from pts.backend import jit, kernel_library
    from pts.backend.codegen import generate
    from pts.ir.types import F32, F64
    monkeypatch.setenv("PTS_CACHE", "0")
    rng = np.random.default_rng(11)
    args = tuple(rng.standard_normal(s).astype(dtype) for s in
                 [(2, 3, 6, 5), (4, 3, 3, 3), (4,), (2, 4, 6, 5),
                  (1, 4, 7, 7), (2, 4, 2, 2), (2,), (1, 2, 3, 3)])
    got = pts.script(two_convolutions)(*args)
    tol = 1e-4 if dtype == np.float32 else 1e-12
    for a, w in zip(got, two_convolutions(*args)):
        np.testing.assert_allclose(a, w, rtol=tol, atol=tol)
    module = compiler.compile(two_convolutions,
                              pts.script(two_convolutions).signature(args)).module
    mc = generate(module, jit.host_triple(), str(jit.target_machine().target_data),
                  library=True)
    sym = kernel_library.spec_symbol("conv2d_vjp", F32 if dtype == np.float32 else F64)
    assert mc.library_used and f'@"{sym}"' in str(mc.m)
    # nothing that conv2d_vjp calls (its helper, fused kernels) is generated in the module
    assert {f.name for f in module} - mc.skipped == {"two_convolutions", "conv2d_vjp"}
