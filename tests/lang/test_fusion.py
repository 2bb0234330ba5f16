"""Fused tensor kernels (ir.passes.fuse_tensors + backend.kernel_codegen).

Each function runs eagerly (numpy), through the interpreter and natively, with fusion on;
results must agree in dtype, shape and value (float tolerances as in tensor_programs).  The
inputs are chosen to take each path of a kernel: the flat loop (C-contiguous leaves of one
shape), the row loop (broadcast leaves, row reductions), and the fallback call (a
transposed input, an (N, 1) leaf, empty arrays, errors).  The IR shows what was fused, and
PTS_FUSION=0 turns fusion off.
"""
from __future__ import annotations

import math
import subprocess
import sys
import textwrap

import numpy as np
import pytest

import pts


def gelu(x: np.ndarray) -> np.ndarray:
    return 0.5 * x * (1.0 + np.tanh(0.7978845608 * (x + 0.044715 * x * x * x)))


def softmax(x: np.ndarray) -> np.ndarray:
    m = x.max(axis=-1, keepdims=True)
    e = np.exp(x - m)
    return e / e.sum(axis=-1, keepdims=True)


def exp_over_mean(x: np.ndarray) -> np.ndarray:
    e = np.exp(x - x.max(axis=-1, keepdims=True))
    return e / e.mean(axis=-1, keepdims=True)


def log_softmax(x: np.ndarray) -> np.ndarray:
    m = np.max(x, axis=-1, keepdims=True)
    s = x - m
    return s - np.log(np.sum(np.exp(s), axis=-1, keepdims=True))


def layer_norm(x: np.ndarray, w: np.ndarray, b: np.ndarray) -> np.ndarray:
    mean = x.mean(axis=-1, keepdims=True)
    c = x - mean
    var = (c * c).mean(axis=-1, keepdims=True)
    return c / np.sqrt(var + 1e-5) * w + b


def affine_relu(x: np.ndarray, w: np.ndarray, b: float) -> np.ndarray:
    return np.maximum(x * w + b, 0.0)


def mixed(x: np.ndarray, k: np.ndarray) -> np.ndarray:
    y = np.where(x > 0.5, x, -x).astype(np.float32)
    return np.clip(y * 3.0, -1.0, 2.0) + (k % 3).astype(np.float32)


def int_chain(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    return (a * 3 + b) // 2 - (a % 5)


def row_max_minus_min(x: np.ndarray) -> np.ndarray:
    return x.max(axis=-1, keepdims=True) - x.min(axis=-1, keepdims=True)


def row_center(x: np.ndarray) -> np.ndarray:
    return x - x.mean(axis=1, keepdims=True)


def two_chains(x: np.ndarray, y: np.ndarray) -> np.ndarray:
    a = np.exp(x) * 2.0
    c = a + y
    return c * c


def batch_norm_relu(x: np.ndarray, scale: np.ndarray, shift: np.ndarray) -> np.ndarray:
    c = x.shape[1]
    return np.maximum(x * scale.reshape(1, c, 1, 1) + shift.reshape(1, c, 1, 1), 0.0)


def narrow_root(m: np.ndarray, x: np.ndarray) -> np.ndarray:
    return m * 2.0 - x.sum(axis=-1, keepdims=True)


def int32_against_big_int(x: np.ndarray) -> np.ndarray:
    return np.logical_and(x < 10000000000, x * 2 > -5)


def gelu_softmax(x: np.ndarray) -> np.ndarray:
    """tanh is needed by three phases of each row: computed once into scratch."""
    g = 0.5 * x * (1.0 + np.tanh(0.7978845608 * (x + 0.044715 * x * x * x)))
    e = np.exp(g - g.max(axis=-1, keepdims=True))
    return e / e.sum(axis=-1, keepdims=True)


def scaled_center(x: np.ndarray, g: np.ndarray, b: np.ndarray) -> np.ndarray:
    return (x - x.mean(axis=-1, keepdims=True)) * g + b


def linear_relu(x: np.ndarray, w: np.ndarray, b: np.ndarray) -> np.ndarray:
    return np.maximum(x @ w + b, 0.0)


def linear_relu_where(x: np.ndarray, w: np.ndarray, b: np.ndarray) -> np.ndarray:
    y = x @ w + b                     # pts.nn.functional.relu's spelling
    return np.where(y <= 0, 0, y)


def bias_first(x: np.ndarray, w: np.ndarray, b: np.ndarray) -> np.ndarray:
    return b + x @ w


def relu_of_product(x: np.ndarray, w: np.ndarray) -> np.ndarray:
    return np.maximum(x @ w, 0.0)


def product_used_twice(x: np.ndarray, w: np.ndarray, b: np.ndarray) -> np.ndarray:
    y = x @ w
    return np.maximum(y + b, 0.0) * y


def lone_max(x: np.ndarray) -> np.ndarray:
    # not fused (no keepdims): tensor_reductions' reduction
    return x.max(axis=-1)


def lone_min_all(x: np.ndarray) -> np.ndarray:
    return x - x.min() * x.max()


def rng(*shape, dtype=np.float32, seed=0):
    return np.random.default_rng(seed).standard_normal(shape).astype(dtype)


CASES = [
    ("gelu 1-D f32", gelu, lambda: (rng(1000),), 1e-5),
    ("gelu 2-D f64", gelu, lambda: (rng(7, 9, dtype=np.float64),), 1e-12),
    ("gelu transposed", gelu, lambda: (rng(9, 7).T,), 1e-5),
    ("gelu negative stride", gelu, lambda: (rng(31)[::-2],), 1e-5),
    ("gelu 0-size", gelu, lambda: (rng(0, 4),), 1e-5),
    ("softmax rows", softmax, lambda: (rng(16, 33),), 1e-5),
    ("softmax 1-D", softmax, lambda: (rng(100),), 1e-5),
    ("softmax 3-D f64", softmax, lambda: (rng(2, 3, 5, dtype=np.float64),), 1e-12),
    ("softmax rows of 1", softmax, lambda: (rng(5, 1),), 1e-5),
    ("softmax with inf and nan", softmax,
     lambda: (np.array([[1.0, np.inf, 2.0], [np.nan, 0.0, 1.0], [-np.inf, 0.0, 1.0]],
                       np.float32),), 1e-5),
    ("softmax empty rows", softmax, lambda: (rng(0, 3),), 1e-5),
    ("softmax transposed", softmax, lambda: (rng(6, 4).T,), 1e-5),
    ("log_softmax", log_softmax, lambda: (rng(8, 20),), 1e-5),
    ("layer_norm", layer_norm, lambda: (rng(12, 64), rng(64, seed=1), rng(64, seed=2)), 1e-4),
    ("layer_norm f64 3-D", layer_norm,
     lambda: (rng(2, 3, 8, dtype=np.float64), rng(8, dtype=np.float64, seed=1),
              rng(8, dtype=np.float64, seed=2)), 1e-10),
    ("layer_norm broadcast weight of 1", layer_norm,
     lambda: (rng(4, 8), rng(1, seed=1), rng(8, seed=2)), 1e-4),
    ("affine_relu broadcast", affine_relu, lambda: (rng(5, 6), rng(6, seed=1), 0.25), 1e-5),
    ("affine_relu (N,1) leaf", affine_relu, lambda: (rng(5, 6), rng(5, 1, seed=1), 0.25), 1e-5),
    ("affine_relu grows the shape", affine_relu, lambda: (rng(1, 6), rng(5, 1, seed=1), 0.25), 1e-5),
    ("mixed dtypes", mixed, lambda: (rng(4, 5, dtype=np.float64),
                                     np.arange(20, dtype=np.int32).reshape(4, 5)), 1e-5),
    ("int chain", int_chain, lambda: (np.arange(-12, 12, dtype=np.int64).reshape(4, 6),
                                      np.arange(6, dtype=np.int64)), 0),
    ("row max - min", row_max_minus_min, lambda: (rng(7, 11),), 1e-5),
    ("row max - min with nan, inf and -0 at any lane", row_max_minus_min, lambda: specials_in_rows(), 1e-5),
    ("softmax with nan at any lane", softmax, lambda: specials_in_rows(), 1e-5),
    ("row_center axis=1 of 2-D", row_center, lambda: (rng(3, 10, dtype=np.float64),), 1e-12),
    ("two chains", two_chains, lambda: (rng(10), rng(10, seed=3)), 1e-5),
    ("batch norm + relu (1,C,1,1) leaves", batch_norm_relu,
     lambda: (rng(2, 3, 4, 5), rng(3, seed=1), rng(3, seed=2)), 1e-5),
    ("batch norm + relu, (H, W) rows split over threads", batch_norm_relu,
     lambda: (rng(4, 8, 30, 30), rng(8, seed=1), rng(8, seed=2)), 1e-5),
    ("batch norm + relu, H sliced (H and W not run as one axis)", batch_norm_relu,
     lambda: (rng(2, 3, 8, 5)[:, :, ::2], rng(3, seed=1), rng(3, seed=2)), 1e-5),
    ("affine_relu, a (1,1,H,1) leaf (H and W not run as one axis)", affine_relu,
     lambda: (rng(2, 3, 4, 5), rng(1, 1, 4, 1, seed=1), 0.5), 1e-5),
    ("affine_relu, a (1,1,1,W) leaf", affine_relu,
     lambda: (rng(2, 3, 4, 5), rng(1, 1, 1, 5, seed=1), 0.5), 1e-5),
    ("affine_relu, a (N,C,H,W) leaf and rows of 3", affine_relu,
     lambda: (rng(2, 3, 4, 3), rng(2, 3, 4, 3, seed=1), 0.5), 1e-5),
    ("a root narrower than its reduction", narrow_root, lambda: (rng(4, 1), rng(4, 6, seed=1)), 1e-5),
    ("int32 compared with a Python int beyond int32", int32_against_big_int,
     lambda: (np.array([0, 2147483647, -7], dtype=np.int32),), 0),
    ("gelu then softmax (scratch rows)", gelu_softmax, lambda: (rng(9, 70),), 1e-5),
    ("gelu then softmax, strided", gelu_softmax, lambda: (rng(70, 9).T,), 1e-5),
    ("softmax of a column slice", softmax, lambda: (rng(5, 12)[:, 1:10:2],), 1e-5),
    ("batch norm + relu of a channels-last view", batch_norm_relu,
     lambda: (channels_last(3, 5, 4, 6), rng(5, seed=1), rng(5, seed=2)), 1e-5),
    ("affine_relu of a channels-last view, rows of 1 channel", affine_relu,
     lambda: (channels_last(2, 1, 3, 4)[:, 0], rng(4, seed=1), 0.5), 1e-5),
    ("rows of sliced outer axes (row index steps, carries)", affine_relu,
     lambda: (rng(4, 7, 5, 6)[1:, ::2, 1:4, :], rng(6, seed=1), -0.25), 1e-5),
    ("row sums over several float32 blocks", row_center, lambda: (rng(3, 2500),), 1e-4),
    # the exp phase stores e, a second loop per block sums it back (FusedKernel.reduce_row)
    ("softmax, float32 rows over several blocks", softmax, lambda: (rng(3, 2500),), 1e-5),
    ("e / mean(e), float32 rows over several blocks", exp_over_mean,
     lambda: (rng(4, 1500)[:, ::-1],), 1e-5),
    ("(N,1) leaves filled into rows, with a reduction", scaled_center,
     lambda: (rng(6, 300), rng(6, 1, seed=1), rng(300, seed=2)), 1e-5),
    ("(N,1) leaf of a 3-D kernel", affine_relu, lambda: (rng(2, 3, 40), rng(3, 1, seed=1), 0.5), 1e-5),
    ("layer_norm, float32 rows longer than a block", layer_norm,
     lambda: (rng(3, 2049), rng(2049, seed=1), rng(2049, seed=2)), 1e-4),
    # the gemm's epilogue (bias, ReLU); on multiples of 1/4 every sum is exact in any order
    ("x @ w + b, relu", linear_relu, lambda: (grid(17, 300), grid(300, 33, seed=1), grid(33, seed=2)), 0),
    ("x @ w + b, relu, f64", linear_relu,
     lambda: (grid(9, 20, dtype=np.float64), grid(20, 7, dtype=np.float64, seed=1),
              grid(7, dtype=np.float64, seed=2)), 0),
    ("x @ w.T + b, relu, transposed operands", linear_relu,
     lambda: (grid(40, 6).T, grid(11, 40, seed=1).T, grid(11, seed=2)), 0),
    ("x @ w + b, bias a strided view", linear_relu,
     lambda: (grid(5, 8), grid(8, 6, seed=1), grid(12, seed=2)[::2]), 0),
    ("x @ w + b, bias of 1 broadcast (the call)", linear_relu,
     lambda: (grid(5, 8), grid(8, 6, seed=1), grid(1, seed=2)), 0),
    ("x @ w + b, one column", linear_relu, lambda: (grid(5, 8), grid(8, 1, seed=1), grid(1, seed=2)), 0),
    ("x @ w + b, no rows", linear_relu, lambda: (grid(0, 8), grid(8, 6, seed=1), grid(6, seed=2)), 0),
    ("x @ w + b, inner size 0", linear_relu, lambda: (grid(4, 0), grid(0, 6, seed=1), grid(6, seed=2)), 0),
    ("x @ w + b, relu as where", linear_relu_where,
     lambda: (grid(17, 300), grid(300, 33, seed=1), grid(33, seed=2)), 0),
    ("b + x @ w", bias_first, lambda: (grid(30, 70), grid(70, 20, seed=1), grid(20, seed=2)), 0),
    # a 2-D bias: (M, 1) one per row and (1, N) one per column go to the gemm's epilogue,
    # any other shape calls the kernel function
    ("x @ w + b, bias per row (M, 1)", linear_relu,
     lambda: (grid(17, 300), grid(300, 33, seed=1), grid(17, 1, seed=2)), 0),
    ("b + x @ w, bias per row, f64", bias_first,
     lambda: (grid(13, 9, dtype=np.float64), grid(9, 40, dtype=np.float64, seed=1),
              grid(13, 1, dtype=np.float64, seed=2)), 0),
    ("x @ w + b, bias per row, a strided view", linear_relu,
     lambda: (grid(7, 8), grid(8, 20, seed=1), grid(14, 1, seed=2)[::2]), 0),
    ("x @ w + b, bias (1, N)", linear_relu, lambda: (grid(7, 8), grid(8, 20, seed=1), grid(1, 20, seed=2)), 0),
    ("x @ w + b, bias (1, 1)", linear_relu, lambda: (grid(7, 8), grid(8, 20, seed=1), grid(1, 1, seed=2)), 0),
    ("x @ w + b, bias (M, N) (the call)", linear_relu,
     lambda: (grid(7, 8), grid(8, 20, seed=1), grid(7, 20, seed=2)), 0),
    ("x @ w + b, bias per row of one row", linear_relu,
     lambda: (grid(1, 8), grid(8, 20, seed=1), grid(1, 1, seed=2)), 0),
    ("x @ w + b, bias per row, split over threads by rows", linear_relu,
     lambda: (grid(300, 100), grid(100, 40, seed=1), grid(300, 1, seed=2)), 0),
    ("x @ w + b, bias per row, split over threads by columns", linear_relu,
     lambda: (grid(40, 100), grid(100, 300, seed=1), grid(40, 1, seed=2)), 0),
    ("relu(x @ w)", relu_of_product, lambda: (grid(30, 70), grid(70, 20, seed=1)), 0),
    ("relu(x @ w) with nan, inf and -0", relu_of_product,
     lambda: (np.ones((7, 1), np.float32),
              np.array([[np.nan, -0.0, -2.0, 3.0, -np.inf, np.inf] * 4], np.float32)), 0),
    ("lone row max with nan, inf and -0 at any lane", lone_max, lambda: specials_in_rows(), 0),
    ("lone row max, f64, reversed columns", lone_max,
     lambda: (specials_in_rows()[0].astype(np.float64)[:, ::-3],), 0),
    ("lone min and max of everything", lone_min_all, lambda: (rng(30, 70),), 0),
    ("lone min and max of everything with a nan", lone_min_all, lambda: (specials_in_rows()[0][1:2],), 0),
    ("int x @ w + b (not the gemm's)", linear_relu,
     lambda: (np.arange(12).reshape(3, 4), np.arange(8).reshape(4, 2) - 3, np.arange(2)), 0),
    ("a product used twice", product_used_twice,
     lambda: (grid(6, 5), grid(5, 4, seed=1), grid(4, seed=2)), 0),
]


def grid(*shape, dtype=np.float32, seed=0):
    """Multiples of 1/4 below 16 in magnitude: their products and sums are exact."""
    return (np.round(rng(*shape, dtype=dtype, seed=seed) * 4) / 4).astype(dtype)


def specials_in_rows():
    """float32 rows of 67 (vector lanes and a remainder) with a NaN in the middle, a NaN
    last, a -NaN, +-inf, all -inf and -0.0: row max and min see NaN whatever its lane."""
    x = rng(7, 67)
    x[0, 33] = np.nan
    x[1, 66] = np.nan
    x[2, 5] = -np.nan
    x[3, 0], x[3, 40] = np.inf, -np.inf
    x[4, :] = -np.inf
    x[5, :] = np.float32(-0.0)
    return (x,)


def channels_last(n, c, h, w):
    """An (n, c, h, w) view of channels-last data (a conv2d result's layout)."""
    return rng(n, h, w, c).transpose(0, 3, 1, 2)


def same(got, want, rtol):
    assert type(got) is type(want)
    assert got.dtype == want.dtype and got.shape == want.shape, (got.dtype, got.shape, want.dtype, want.shape)
    if want.dtype.kind == "f":
        atol = 1e-6 if want.dtype == np.float32 else 1e-14
        np.testing.assert_allclose(got, want, rtol=rtol, atol=atol, equal_nan=True)
    else:
        np.testing.assert_array_equal(got, want)


@pytest.mark.parametrize("backend", ["native", "interp"])
@pytest.mark.parametrize("name,fn,make,rtol", CASES, ids=[c[0] for c in CASES])
def test_fused_equals_eager(name, fn, make, rtol, backend):
    with np.errstate(all="ignore"):
        want = fn(*make())
    got = pts.script(fn, backend=backend)(*make())
    same(got, want, rtol)


def test_chains_become_kernels():
    x = rng(4, 8)
    text = pts.script(gelu).ir(x)
    entry = text.split("func @gelu.k0")[0]
    assert entry.count("kernel @gelu.k0") == 1 and "np." not in entry
    text = pts.script(layer_norm).ir(x, rng(8), rng(8))
    entry = text.split("func @layer_norm.k0")[0]
    assert "kernel @layer_norm.k0" in entry and "np." not in entry


def test_products_take_their_bias_and_relu():
    """x @ w + b and its ReLU are one kernel whose function starts with the product (the
    gemm applies the epilogue); a product that something else reads is left alone."""
    x, w, b = rng(4, 8), rng(8, 3), rng(3)
    text = pts.script(linear_relu).ir(x, w, b)
    entry, kernel = text.split("func @linear_relu.k0")
    assert "kernel @linear_relu.k0(%x, %w, %b)" in entry and "np." not in entry
    assert [ln.split("= ")[1].split()[0] for ln in kernel.splitlines() if "= np." in ln] == \
        ["np.matmul", "np.add", "np.maximum"]
    entry = pts.script(product_used_twice).ir(x, w, b).split("func @")[1]
    assert "= np.matmul" in entry


@pytest.mark.parametrize("fn", [linear_relu, linear_relu_where])
@pytest.mark.parametrize("backend", ["native", "interp"])
def test_product_relu_signed_zero_and_nan_as_numpy(fn, backend):
    """The gemm's ReLU gives what numpy gives: +0.0 for -0.0 and for negatives (np.maximum
    returns its second operand on a tie), NaN for NaN; both spellings are one kernel."""
    x = np.ones((13, 1), np.float32)
    w = np.tile(np.array([np.nan, -0.0, -2.0, 3.0, -np.inf], np.float32), 8)[:37].reshape(1, 37)
    b = np.full(37, -0.0, np.float32)
    want = fn(x, w, b)
    f = pts.script(fn, backend=backend)
    got = f(x, w, b)
    np.testing.assert_array_equal(got, want)
    assert (np.signbit(got) == np.signbit(want)).all()
    assert f"kernel @{fn.__name__}.k0(%x, %w, %b)" in f.ir(x, w, b)


def shifted_relu(x: np.ndarray) -> np.ndarray:
    return np.maximum(x * 2.0 + 1.0, 0.0)


def three_layers(x: np.ndarray, w: np.ndarray) -> np.ndarray:
    return shifted_relu(shifted_relu(shifted_relu(x) @ w) @ w)


def test_a_repeated_kernel_has_one_function():
    """Inlined three times, the same ops from the same lines are one kernel function called
    three times (compiled once); the results are the eager ones."""
    x, w = grid(5, 7), grid(7, 7, seed=1) / 4
    text = pts.script(three_layers).ir(x, w)
    entry = text.split("func @three_layers.k")[0]
    assert entry.count("kernel @three_layers.k0(") == 3 and "func @three_layers.k1" not in text
    for backend in ("native", "interp"):
        same(pts.script(three_layers, backend=backend)(x, w), three_layers(x, w), 0)


def test_bias_that_does_not_broadcast_raises_like_numpy():
    with pytest.raises(ValueError, match=r"operands could not be broadcast together with "
                                         r"shapes \(5,6\) \(4,\) "):
        pts.script(linear_relu)(rng(5, 8), rng(8, 6), rng(4))
    with pytest.raises(ValueError, match="matmul: Input operand 1 has a mismatch"):
        pts.script(linear_relu)(rng(5, 8), rng(7, 6), rng(6))
    with pytest.raises(ValueError, match=r"operands could not be broadcast together with "
                                         r"shapes \(5,6\) \(4,1\) "):
        pts.script(linear_relu)(rng(5, 8), rng(8, 6), rng(4, 1))


def test_a_fused_chain_allocates_only_its_output():
    """Before fusion GELU makes 9 arrays (8 temporaries); after, the function allocates one."""
    x = rng(16)
    unfused = pts.script(gelu).ir(x, after="simplify_cfg")
    fused = pts.script(gelu).ir(x)
    entry = fused.split("func @gelu.k0")[0]
    assert unfused.count("= np.") == 9
    assert entry.count("= np.") + entry.count("= kernel") == 1


def test_broadcast_error_inside_a_kernel_names_the_op():
    def bad(x: np.ndarray, y: np.ndarray) -> np.ndarray:
        return np.exp(x) * 2.0 + y

    f = pts.script(bad)
    with pytest.raises(ValueError, match=r"operands could not be broadcast together with "
                                         r"shapes \(3,\) \(4,\) "):
        f(rng(3), rng(4))


def test_max_of_empty_rows_raises_like_numpy():
    with pytest.raises(ValueError, match="zero-size array to reduction operation maximum"):
        pts.script(softmax)(rng(3, 0))


def test_fusion_switch_off():
    """PTS_FUSION=0 leaves every op on its own, and the results are the same."""
    code = textwrap.dedent("""
        import numpy as np, pts, sys
        sys.path.insert(0, %r)
        from test_fusion import softmax, gelu, rng
        x = rng(6, 10)
        assert "kernel" not in pts.script(softmax).ir(x)
        np.testing.assert_allclose(pts.script(softmax)(x), softmax(x), rtol=1e-5, atol=1e-6)
        np.testing.assert_allclose(pts.script(gelu)(x), gelu(x), rtol=1e-5, atol=1e-6)
        print("ok")
    """ % str(__import__("pathlib").Path(__file__).parent))
    import os
    env = dict(os.environ, PTS_FUSION="0")
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env,
                       timeout=300)
    assert r.returncode == 0, r.stderr
    assert r.stdout.strip() == "ok"


def test_large_rows_match_numpy():
    """Long rows (the vectorized loops' main bodies and remainders) still match numpy."""
    x = rng(64, 1027)
    same(pts.script(softmax)(x), softmax(x), 1e-5)
    w, b = rng(1027, seed=1), rng(1027, seed=2)
    same(pts.script(layer_norm)(x, w, b), layer_norm(x, w, b), 1e-4)
    y = rng(100_003)
    same(pts.script(gelu)(y), gelu(y), 1e-5)
    assert math.isfinite(float(pts.script(gelu)(y).sum()))


def row_above_mean(x: np.ndarray) -> np.ndarray:
    return x > x.mean(axis=-1, keepdims=True)


def exp_centered(x: np.ndarray) -> np.ndarray:
    return np.exp(x - x.mean(axis=-1, keepdims=True))


@pytest.mark.parametrize("threads", [1, 2])
def test_streamed_outputs_match_numpy(threads):
    """Outputs of 4 MiB and more are written with non-temporal stores from a scratch row
    (kernel_codegen.STREAM_BYTES), and every row's later phases prefetch the next row.
    Rows of 1001 elements start off the 64-byte boundaries (the streamer's plain head and
    tail), float64 and bool outputs take other vector shapes, a 3-D input wraps the row
    odometer (the prefetch past its end is harmless), and two threads see each other's
    streamed rows."""
    old = pts.get_num_threads()
    pts.set_num_threads(threads)
    try:
        x = rng(1100, 1001)
        assert x.nbytes >= 4 << 20
        same(pts.script(softmax)(x), softmax(x), 1e-5)
        w, b = rng(1001, seed=1), rng(1001, seed=2)
        same(pts.script(layer_norm)(x, w, b), layer_norm(x, w, b), 1e-4)
        x64 = rng(2, 300, 1001, dtype=np.float64)
        same(pts.script(softmax)(x64), softmax(x64), 1e-12)
        big = rng(4200, 1001)
        same(pts.script(row_above_mean)(big), row_above_mean(big), 0)
    finally:
        pts.set_num_threads(old)


@pytest.mark.parametrize("threads", [1, 2])
def test_spooled_rows_match_numpy(threads):
    """Where a row's phase 1 computes math (softmax's exp), each streamed row is written out
    during the next row's phase 1 (kernel_codegen.SPOOL), and the last row after the loop;
    softmax's e / sum is multiplied by the reciprocal as it is stored (no output phase).
    Rows on 64-byte boundaries (stored in place) and off them (the streamer), float64, a
    kernel whose phase 1 is its output, one row, and an odd row count over two threads."""
    old = pts.get_num_threads()
    pts.set_num_threads(threads)
    try:
        for shape in [(1025, 1024), (1100, 1001), (1, 1 << 20), (3, 349, 1024)]:
            x = rng(*shape)
            same(pts.script(softmax)(x), softmax(x), 1e-5)
            same(pts.script(exp_centered)(x), exp_centered(x), 1e-5)
        x64 = rng(600, 1024, dtype=np.float64)
        same(pts.script(softmax)(x64), softmax(x64), 1e-12)
    finally:
        pts.set_num_threads(old)


def test_large_row_kernels_stream_and_prefetch():
    """The row loops of softmax carry the streamer's non-temporal stores and the prefetches
    of the next row (backend/kernel_codegen.py: STREAM_BYTES, PREFETCH_BYTES)."""
    text = pts.script(softmax).llvm_ir(rng(4, 64))
    assert "!nontemporal" in text
    assert "call void @\"llvm.prefetch.p0\"" in text or "@llvm.prefetch.p0(" in text


def test_channels_last_result_keeps_the_layout():
    """An elementwise kernel on a channels-last view runs along the channels and, like
    numpy (order "K"), returns channels-last data: same strides as numpy's result."""
    x, s, t = channels_last(2, 8, 3, 5), rng(8, seed=1), rng(8, seed=2)
    want = batch_norm_relu(x, s, t)
    got = pts.script(batch_norm_relu)(x, s, t)
    same(got, want, 1e-5)
    assert got.strides == want.strides == x.strides


def test_float32_softmax_as_accurate_as_numpy():
    """Fused float32 softmax sums in float32 blocks and multiplies by the reciprocal of the
    row sum (README: fused kernels): against the float64 result, its error in float32 ulps
    stays within 2 of numpy's own."""
    x = rng(256, 3000)
    ref = softmax(x.astype(np.float64))
    ulp = np.spacing(ref.astype(np.float32)).astype(np.float64)

    def err(y):
        return np.max(np.abs(y - ref) / ulp)
    assert err(pts.script(softmax)(x)) <= err(softmax(x)) + 2


def scale(x: np.ndarray) -> np.ndarray:
    return x * 2.0


def test_native_fused_chain_calls_malloc_like_one_op(monkeypatch):
    """Count the native code's calls of the runtime's malloc: GELU fused allocates what
    `x * 2.0` allocates (its output); unfused, it allocates 8 temporaries more."""
    import ctypes
    from pts.backend.abi import IMPORTS
    from pts.runtime import native

    libc_malloc = ctypes.CFUNCTYPE(ctypes.c_void_p, ctypes.c_size_t)(native._IMPORT_ADDRS["malloc"])
    calls = []

    @ctypes.CFUNCTYPE(ctypes.c_void_p, ctypes.c_size_t)
    def counting_malloc(n):
        calls.append(n)
        return libc_malloc(n)

    x = rng(64)
    funcs = {}
    for fused in (True, False):
        monkeypatch.setenv("PTS_FUSION", "1" if fused else "0")
        for fn in (gelu, scale):
            f = pts.script(fn)
            f(x)                                    # compile first: compiling mallocs too
            funcs[fn.__name__, fused] = f
    slot = IMPORTS.index("malloc")
    counts = {}
    saved = native.IMPORT_TABLE[slot]
    native.IMPORT_TABLE[slot] = ctypes.cast(counting_malloc, ctypes.c_void_p).value
    try:
        for key, f in funcs.items():
            calls.clear()
            f(x)
            counts[key] = len(calls)
    finally:
        native.IMPORT_TABLE[slot] = saved
    assert counts["gelu", True] == counts["scale", True] > 0
    assert counts["gelu", False] >= counts["scale", False] + 8


def test_math_loops_ask_for_four_vector_iterations_side_by_side():
    """A row loop computing stdlib math (GELU's tanh, softmax's exp phase) carries
    llvm.loop.interleave.count 4 (backend/kernel_codegen.py MATH_INTERLEAVE); one without
    (an affine map) leaves the choice to LLVM."""
    hint = '!"llvm.loop.interleave.count", i32 4'
    assert hint in pts.script(gelu).llvm_ir(rng(64))
    text = pts.script(softmax).llvm_ir(rng(4, 64))
    # the exp phase's loops (whole prefetch chunks, the tail); not max's, not the output's
    assert text.count("!llvm.loop ") == 2
    assert hint not in pts.script(affine_relu).llvm_ir(rng(4, 6), rng(6, seed=1), 0.5)
