"""Native tensor code against the interpreter and eager numpy: same dtype, shape and values
(floats within tolerance, ints and bools exactly), same mutation of arguments, same
exceptions (type and first message line); views share memory like numpy's; no leaks."""
from __future__ import annotations

import math
import warnings

import numpy as np
import pytest

import pts


# ---------------------------------------------------------------------------- programs

def chain(x: np.ndarray, y: np.ndarray):
    return np.maximum(x * 2.0 - y, 0.5) / (1.0 + np.abs(y)) + np.sqrt(np.abs(x))


def int_ops(a: np.ndarray, b: np.ndarray):
    return a // b, a % b, a * b - a, a ** 2, a & b, a | b, a ^ b, -a, np.abs(a), a > b, a == b


def float_ops(a: np.ndarray, b: np.ndarray):
    return (a // b, a % b, a ** b, np.exp(a), np.log1p(np.abs(a)), np.expm1(a), np.tanh(a),
            np.sin(a), np.cos(b), np.sign(a), np.floor(a), np.ceil(b), np.square(a),
            np.where(a > b, a, b), np.clip(a, -0.5, 0.5), np.minimum(a, b), a != b,
            np.logical_and(a > 0, b > 0), np.logical_not(a > 0))


def mixed_dtypes(a: np.ndarray, b: np.ndarray, k: int):
    return a + b, a * 1.5, a + k, (a < k) | (b > 2), a.astype(np.float64) / 3, b.astype(np.int32)


def reductions(x: np.ndarray):
    return (x.sum(), x.sum(axis=0), x.sum(axis=-1, keepdims=True), x.mean(axis=(0, 1)),
            x.max(axis=1), x.min(), np.prod(x, axis=0), x.argmax(), x.argmin(axis=1),
            x.std(axis=0), x.var(), x.var(axis=-1, ddof=1), np.any(x > 3, axis=0),
            np.all(x > -10.0), x.mean(axis=None, keepdims=True))


def int_reductions(x: np.ndarray):
    return x.sum(axis=1), x.mean(), x.prod(), x.max(axis=0), x.argmax(axis=0), x.std()


def matmuls(a: np.ndarray, b: np.ndarray, v: np.ndarray):
    return a @ b, a @ v, v @ b.T, v @ v, np.dot(a, b), np.dot(v, v), np.matmul(a, b)


def batched(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    return a @ b


def slicing(x: np.ndarray):
    return x[1], x[-1, ::-1], x[:, 1:3], x[::-2, ::2], x[None, 1, :], x[1:, None, -1], x[0, 0], x[-2:0:-1]


def write_slices(x: np.ndarray) -> np.ndarray:
    x[0] = 7.0
    x[1:, ::2] = -x[1:, ::2]
    x[:, -1] += 100.0
    x[-1, ::-1] = np.arange(x.shape[1], dtype=x.dtype)
    v = x[1:]
    v[0, 0] = 42.0            # a write through a view reaches x
    return x


def overlap_write(x: np.ndarray) -> np.ndarray:
    x[1:] = x[:-1]
    return x


def inplace(x: np.ndarray, y: np.ndarray) -> np.ndarray:
    x += y
    x *= 2.0
    x -= x[::-1]
    return x


def views(x: np.ndarray):
    return x.T, x[::-1], x.reshape(-1), np.swapaxes(x, 0, 1), np.expand_dims(x, 1), x[:, :1].squeeze(1)


def shapes(x: np.ndarray, n: int):
    a = x.reshape(n, -1)
    b = x.T.reshape(-1)                     # a copy: x.T is not contiguous
    c = np.transpose(x.reshape(2, 3, -1), (2, 0, 1))
    return (a, b, c, x.ravel(), x.T.flatten(), np.concatenate([x, x * 2], axis=1),
            np.concatenate((x, x), axis=None), np.stack([x, -x], axis=-1), x.shape, x.size,
            x.copy())


def creation(n: int):
    return (np.zeros((n, 2)), np.ones(n, dtype=np.int32), np.full((2, n), 2.5, dtype=np.float32),
            np.arange(n), np.arange(1.0, 2.0, 0.25), np.arange(n, 0, -2), np.linspace(0, 1, n),
            np.linspace(0, 10, n, dtype=np.int32), np.eye(n), np.eye(n, n + 1, dtype=np.int64),
            np.zeros_like(np.ones(n)), np.full_like(np.ones((n, 2)), 3), np.empty(n).shape)


def element_loop(x: np.ndarray) -> np.ndarray:
    n = x.shape[0]
    out = np.zeros(n, dtype=x.dtype)
    total = 0.0
    for i in range(n):
        total += float(x[i])
        out[i] = total * 0.5
    for i in range(n - 1, 0, -1):
        out[i] = out[i] - out[i - 1]
    return out


def softmax(x: np.ndarray) -> np.ndarray:
    e = np.exp(x - x.max(axis=-1, keepdims=True))
    return e / e.sum(axis=-1, keepdims=True)


def layer_norm(x: np.ndarray, g: np.ndarray, b: np.ndarray) -> np.ndarray:
    mu = x.mean(axis=-1, keepdims=True)
    var = x.var(axis=-1, keepdims=True)
    return (x - mu) / np.sqrt(var + 1e-5) * g + b


def mlp(x: np.ndarray, w1: np.ndarray, b1: np.ndarray, w2: np.ndarray, b2: np.ndarray) -> np.ndarray:
    h = np.maximum(x @ w1 + b1, 0.0)
    return softmax(h @ w2 + b2)


def scalar_out(x: np.ndarray) -> float:
    return float(x.sum()) + x[0, 1].item() + float(x.shape[0])


def numpy_scalars(x: np.ndarray):
    s = x[0] * np.float32(2)
    return s, x.max() - x.min(), np.int32(3) + np.int32(4)


def add(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    return a + b


def mm(a: np.ndarray, b: np.ndarray):
    return a @ b


def dot(a: np.ndarray, b: np.ndarray):
    return np.dot(a, b)


def read(x: np.ndarray, i: int):
    return x[i]


def read2(x: np.ndarray, i: int, j: int):
    return x[i, j]


def reshape_to(x: np.ndarray, a: int, b: int) -> np.ndarray:
    return x.reshape(a, b)


def fill_row(x: np.ndarray, v: np.ndarray) -> np.ndarray:
    x[0] = v
    return x


def max_of(x: np.ndarray):
    return x.max()


def cat(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    return np.concatenate([a, b], axis=1)


# ---------------------------------------------------------------------------- comparison

def same(want, got, rtol: float, where: str) -> None:
    assert type(got) is type(want), f"{where}: {type(got).__name__}, expected {type(want).__name__}"
    if isinstance(want, (tuple, list)):
        assert len(got) == len(want), where
        for i, (w, g) in enumerate(zip(want, got)):
            same(w, g, rtol, f"{where}[{i}]")
        return
    if isinstance(want, np.ndarray):
        assert got.dtype == want.dtype, f"{where}: dtype {got.dtype}, expected {want.dtype}"
        assert got.shape == want.shape, f"{where}: shape {got.shape}, expected {want.shape}"
        if want.dtype.kind == "f":
            np.testing.assert_allclose(got, want, rtol=rtol, atol=rtol, equal_nan=True, err_msg=where)
        else:
            np.testing.assert_array_equal(got, want, err_msg=where)
        return
    if isinstance(want, float):
        assert math.isclose(got, want, rel_tol=rtol, abs_tol=rtol) or (got != got and want != want), where
        return
    assert got == want, f"{where}: {got!r}, expected {want!r}"


def outcome(fn, args):
    with np.errstate(all="ignore"), warnings.catch_warnings():
        warnings.simplefilter("ignore")
        try:
            return fn(*args), args, None
        except Exception as e:        # noqa: BLE001 - compared below
            return None, args, e


def check(fn, make_args, rtol: float = 1e-6):
    """fn(*make_args()) natively == with the interpreter == eagerly (results, arguments
    after the call, exceptions)."""
    def args():
        a = make_args()
        return a if isinstance(a, tuple) else (a,)
    want = outcome(fn, args())
    for backend in ("interp", "native"):
        got = outcome(pts.script(fn, backend=backend), args())
        where = f"{fn.__name__} [{backend}]"
        if want[2] is not None or got[2] is not None:
            assert got[2] is not None, f"{where}: numpy raised {want[2]!r}, pts returned {got[0]!r}"
            assert want[2] is not None, f"{where}: numpy returned {want[0]!r}, pts raised {got[2]!r}"
            assert type(got[2]) is type(want[2]), f"{where}: {got[2]!r}, expected {want[2]!r}"
            assert str(got[2]).splitlines()[0] == str(want[2]), f"{where}: {got[2]!r}, expected {want[2]!r}"
        else:
            same(want[0], got[0], rtol, where)
            same(want[1], got[1], rtol, where + " arguments")


def rng():
    return np.random.default_rng(7)


# ---------------------------------------------------------------------------- tests

@pytest.mark.parametrize("shapes_", [((), ()), ((3,), ()), ((2, 3), (3,)), ((4, 1, 3), (2, 1)),
                                     ((2, 1, 3, 1), (1, 4, 1, 5)), ((2, 3), (2, 3))])
@pytest.mark.parametrize("dtype", [np.float64, np.float32])
def test_elementwise_broadcasting(shapes_, dtype):
    sa, sb = shapes_
    check(chain, lambda: (rng().standard_normal(sa).astype(dtype) if sa else np.array(1.5, dtype),
                          rng().standard_normal(sb).astype(dtype) if sb else np.array(-0.5, dtype)))


@pytest.mark.parametrize("dtype", [np.int64, np.int32])
def test_int_elementwise(dtype):
    check(int_ops, lambda: (np.array([[7, -7, 0, 5], [-9, 3, 12, -1]], dtype),
                            np.array([2, -3, 4, 0], dtype)))


def test_float_elementwise():
    check(float_ops, lambda: (np.linspace(-2, 2, 12).reshape(3, 4),
                              np.array([0.5, -1.5, 0.0, 2.0])))
    check(float_ops, lambda: (np.linspace(-2, 2, 12).reshape(3, 4).astype(np.float32),
                              np.array([0.5, -1.5, 0.0, 2.0], np.float32)), rtol=1e-5)


def test_mixed_dtypes_and_weak_scalars():
    check(mixed_dtypes, lambda: (np.arange(6, dtype=np.int32).reshape(2, 3),
                                 np.array([0.5, 2.5, 3.0], np.float32), 4))


@pytest.mark.parametrize("dtype", [np.float64, np.float32])
def test_reductions(dtype):
    check(reductions, lambda: rng().standard_normal((3, 4, 5)).astype(dtype) * 3, rtol=1e-5)
    check(reductions, lambda: np.arange(60, dtype=dtype).reshape(3, 4, 5).transpose(2, 0, 1)[::-1],
          rtol=1e-5)


def test_int_and_bool_reductions():
    check(int_reductions, lambda: np.arange(1, 13, dtype=np.int32).reshape(3, 4))
    check(int_reductions, lambda: np.arange(12).reshape(4, 3)[::-1])


def outer_reductions(x: np.ndarray):
    return (x.sum(axis=0), x.max(axis=0), x.min(axis=(0, 1), keepdims=True), x.mean(axis=1),
            np.prod(x, axis=0), np.any(x > 1, axis=0), np.all(x > -50, axis=1, keepdims=True),
            x.max(axis=1), x.var(axis=0), x.std(axis=(0, 1), keepdims=True),
            x.var(axis=1, ddof=1), x.std(axis=0, ddof=7))


@pytest.mark.parametrize("dtype", [np.float32, np.float64, np.int32, np.int64])
def test_reductions_keeping_the_last_axis(dtype):
    """Reductions over leading axes accumulate into the output in C order (as numpy does):
    every dtype, keepdims, transposed and sliced inputs."""
    make = lambda: (rng().standard_normal((5, 6, 7)) * 10).astype(dtype)    # noqa: E731
    check(outer_reductions, make, rtol=1e-5)
    check(outer_reductions, lambda: make().transpose(2, 0, 1)[::-1, :, 1::2], rtol=1e-5)


def test_outer_max_propagates_nan_and_sums_match_numpy_bit_for_bit():
    def f(x: np.ndarray):
        return x.max(axis=0), x.min(axis=0), x.sum(axis=0)
    x = rng().standard_normal((300, 17)).astype(np.float32)
    x[7, 3] = np.nan
    x[9, 5] = -np.inf
    got, want = pts.script(f)(x), f(x)
    for g, w in zip(got, want):
        np.testing.assert_array_equal(g, w)
    assert np.isnan(got[0][3]) and np.isnan(got[1][3]) and got[1][5] == -np.inf


def test_large_sums_match_numpy_pairwise():
    def total(x: np.ndarray):
        return x.sum(), x.mean(axis=0), x.sum(axis=1)
    check(total, lambda: rng().standard_normal((300, 1000)).astype(np.float32), rtol=1e-6)


def test_matmul_shapes():
    for dtype in (np.float64, np.float32, np.int64):
        check(matmuls, lambda: (np.arange(6, dtype=dtype).reshape(2, 3) - 2,
                                np.arange(12, dtype=dtype).reshape(3, 4) % 5,
                                np.arange(3, dtype=dtype)), rtol=1e-5)
    check(batched, lambda: (rng().standard_normal((2, 3, 4)), rng().standard_normal((4, 5))))
    check(batched, lambda: (rng().standard_normal((2, 1, 3, 4)), rng().standard_normal((5, 4, 2))))
    check(batched, lambda: (rng().standard_normal(4), rng().standard_normal((3, 4, 2))))


def mat_vec(x: np.ndarray, v: np.ndarray):
    return x @ v


@pytest.mark.parametrize("xs,vs", [((300, 257), (257,)), ((257,), (257, 300))])
@pytest.mark.parametrize("dtypes", [(np.float32, np.float32), (np.float64, np.float32),
                                    (np.int32, np.float64)])
def test_matrix_vector_products(xs, vs, dtypes):
    """matrix @ vector and vector @ matrix: a dot product per row / rows added up when the
    operands are contiguous, the gemm when they are not (reversed views)."""
    x, v = rng().standard_normal(xs).astype(dtypes[0]), rng().standard_normal(vs).astype(dtypes[1])
    check(mat_vec, lambda: (x, v), rtol=1e-4)
    check(mat_vec, lambda: (x[::-1], v[::-1]), rtol=1e-4)


def test_slicing_reads():
    check(slicing, lambda: np.arange(20.0).reshape(4, 5))
    check(slicing, lambda: np.arange(40, dtype=np.int32).reshape(8, 5)[::-2, ::-1])


def test_slicing_writes_and_views():
    check(write_slices, lambda: np.arange(20.0).reshape(4, 5))
    check(write_slices, lambda: np.arange(40, dtype=np.float32).reshape(5, 8).T[::-1])
    check(overlap_write, lambda: np.arange(6.0))
    check(inplace, lambda: (np.arange(6.0).reshape(2, 3), np.array([1.0, 2.0, 3.0])))


def test_views_share_memory():
    check(views, lambda: np.arange(6.0).reshape(2, 3))
    x = np.arange(6.0).reshape(2, 3)
    t, r, flat, sw, ex, sq = pts.script(views)(x)
    for v in (t, r, flat, sw, ex, sq):
        assert np.shares_memory(v, x)
    t[0, 1] = 99.0                       # a returned view of an argument writes into it
    assert x[1, 0] == 99.0


def test_returned_results_own_memory():
    def two(x: np.ndarray):
        y = x * 2.0
        return y, y.T, y[1:]
    a, b, c = pts.script(two)(np.arange(6.0).reshape(2, 3))
    assert np.shares_memory(a, b) and np.shares_memory(a, c)
    b[0, 1] = -1.0
    assert a[1, 0] == -1.0
    del a, b
    assert c.tolist() == [[-1.0, 8.0, 10.0]]


def test_noncontiguous_inputs():
    check(chain, lambda: (np.arange(12.0).reshape(3, 4).T, np.arange(10.0)[::-2][:3]))
    check(softmax, lambda: np.arange(24.0).reshape(4, 6)[::-1, ::2])
    x = np.arange(12.0).reshape(3, 4)
    misaligned = np.frombuffer(b"\0" + x.tobytes(), dtype=np.uint8)[1:].view(np.float64).reshape(3, 4)
    check(softmax, lambda: misaligned.copy())


@pytest.mark.parametrize("path", ["c", "ctypes"])
def test_arguments_and_results_cross_both_ways(path, monkeypatch):
    """Descriptors and result blocks are made in C (runtime/_dispatch.c) when pts._dispatch
    is built, else with ctypes: the same arrays either way."""
    from pts.runtime import tensors
    if path == "ctypes":
        monkeypatch.setattr(tensors, "_array_desc", None)
        monkeypatch.setattr(tensors, "_Block", None)
    elif tensors._array_desc is None:
        pytest.skip("pts._dispatch is not built")
    check(softmax, lambda: np.arange(24.0).reshape(4, 6)[::-1, ::2])
    rec = np.zeros(5, dtype=[("a", "f8"), ("b", "i4")])    # a field: byte stride 12, copied
    rec["a"] = np.arange(5.0)
    np.testing.assert_allclose(pts.script(softmax)(rec["a"]), softmax(rec["a"].copy()))
    x = np.arange(6.0).reshape(2, 3)
    t = pts.script(views)(x)[0]
    t[0, 1] = 99.0
    assert x[1, 0] == 99.0
    test_returned_results_own_memory()


def test_byte_swapped_and_repeated_calls():
    """A big-endian float32 array is a float32 tensor: it is read in native order (a copy),
    as numpy computes on it; calls with other dtypes and ranks compile their own code."""
    f = pts.script(chain)
    x = np.linspace(-2, 2, 12, dtype=np.float32).reshape(3, 4)
    y = np.linspace(0, 1, 12, dtype=np.float32).reshape(3, 4)
    want = chain(x, y)
    np.testing.assert_allclose(f(x.astype(">f4"), y), want, rtol=1e-6)
    np.testing.assert_allclose(f(x, y), want, rtol=1e-6)
    assert f(x.astype(np.float64), y.astype(np.float64)).dtype == np.float64
    assert f(x[0], y[0]).shape == (4,)


def test_shape_functions_and_creation():
    check(shapes, lambda: (np.arange(12.0).reshape(3, 4), 2))
    check(creation, lambda: (5,))
    check(creation, lambda: (1,))


def test_element_loops_and_models():
    check(element_loop, lambda: (np.arange(10.0) ** 1.5,))
    check(softmax, lambda: rng().standard_normal((4, 7)))
    check(layer_norm, lambda: (rng().standard_normal((3, 8)).astype(np.float32),
                               np.linspace(0.5, 1.5, 8).astype(np.float32),
                               np.zeros(8, np.float32)), rtol=1e-5)
    def mlp_args():
        r = rng()
        return (r.standard_normal((5, 4)), r.standard_normal((4, 8)), r.standard_normal(8),
                r.standard_normal((8, 3)), r.standard_normal(3))
    check(mlp, mlp_args)


def test_scalars_out():
    check(scalar_out, lambda: (np.arange(6.0).reshape(2, 3),))
    check(numpy_scalars, lambda: (np.arange(3, dtype=np.float32),), rtol=1e-6)


@pytest.mark.parametrize("fn,make", [
    (add, lambda: (np.ones((2, 3)), np.ones(4))),
    (add, lambda: (np.ones((2, 1, 3)), np.ones((4, 2)))),
    (mm, lambda: (np.ones((2, 3)), np.ones(2))),
    (mm, lambda: (np.ones((2, 3, 4)), np.ones((3, 4, 5)))),
    (mm, lambda: (np.ones(3), np.ones(4))),
    (dot, lambda: (np.ones((2, 3)), np.ones(4))),
    (read, lambda: (np.arange(3.0), 5)),
    (read, lambda: (np.arange(3.0), -4)),
    (read2, lambda: (np.arange(6.0).reshape(2, 3), 1, -4)),
    (reshape_to, lambda: (np.arange(6.0), 4, 2)),
    (reshape_to, lambda: (np.arange(7.0), 2, -1)),
    (reshape_to, lambda: (np.arange(6.0), -1, -1)),
    (fill_row, lambda: (np.zeros((2, 3)), np.ones(4))),
    (max_of, lambda: (np.zeros(0),)),
    (cat, lambda: (np.ones((2, 3)), np.ones((3, 3)))),
])
def test_errors(fn, make):
    check(fn, make)


def test_native_refusals_are_compile_errors():
    def squeeze_all(a: np.ndarray) -> np.ndarray:
        return np.squeeze(a)
    with pytest.raises(pts.CompileError, match="explicit axis"):
        pts.script(squeeze_all)(np.ones((1, 3)))


def _rss() -> int:
    with open("/proc/self/statm") as f:
        return int(f.read().split()[1]) * 4096


@pytest.mark.slow
def test_no_leak():
    f = pts.script(mlp)
    r = rng()
    args = (r.standard_normal((4, 8)), r.standard_normal((8, 16)), r.standard_normal(16),
            r.standard_normal((16, 4)), r.standard_normal(4))
    g = pts.script(views)
    x = np.arange(6.0).reshape(2, 3)
    for _ in range(500):
        f(*args)
        g(x)
    before = _rss()
    for _ in range(20000):
        out = f(*args)
        g(x)
    del out
    grown = _rss() - before
    assert grown < 4 << 20, f"RSS grew by {grown / 2**20:.1f} MiB over 20000 calls"


def row_sums(x: np.ndarray) -> np.ndarray:
    return x.sum(axis=-1)


def row_vars(x: np.ndarray) -> np.ndarray:
    return x.var(axis=-1)


@pytest.mark.parametrize("dt", [np.float32, np.float64])
def test_row_sums_are_numpys_bit_for_bit(dt):
    """Sums along the last axis are numpy's pairwise sums, addition for addition: on
    contiguous rows (the unit-stride copy of the pairwise function, vectorized) and strided
    ones, at every length around its 8- and 128-element thresholds."""
    rng = np.random.default_rng(1)
    for n in (1, 7, 8, 9, 100, 128, 129, 1000, 4097):
        x = rng.standard_normal((3, n)).astype(dt)
        for f in (row_sums, row_vars):
            np.testing.assert_array_equal(pts.script(f)(x), f(x))
        np.testing.assert_array_equal(pts.script(row_sums)(x[:, ::2]), row_sums(x[:, ::2]))


def scale_shift_relu(x: np.ndarray, s: np.ndarray, t: np.ndarray) -> np.ndarray:
    return np.maximum(x * s + t, 0)


def masked(x: np.ndarray, m: np.ndarray) -> np.ndarray:
    return np.where(m, x, 0.0)


@pytest.mark.parametrize("dt", [np.float32, np.float64, np.int32, np.int64])
def test_one_element_per_row_leaves_of_every_dtype(dt):
    """A fused kernel fills a row with an (N, 1) leaf's value (the kernel library's fill)
    for each dtype; bools as bytes."""
    x = (np.arange(2 * 3 * 40) - 50).astype(dt).reshape(2, 3, 40)
    s, t = np.array([[[2], [3], [-1]]], dt), np.ones((2, 3, 1), dt)
    np.testing.assert_array_equal(pts.script(scale_shift_relu)(x, s, t), scale_shift_relu(x, s, t))
    m = np.array([[True], [False], [True]])
    y = np.arange(3 * 40.0).reshape(3, 40)
    np.testing.assert_array_equal(pts.script(masked)(y, m), masked(y, m))


def exp_mul_add(x: np.ndarray, y: np.ndarray) -> np.ndarray:
    return np.exp(x) * y + 1.0


def vector_softmax(x: np.ndarray) -> np.ndarray:
    e = np.exp(x - x.max())
    return e / e.sum()


def dot_sum(x: np.ndarray, y: np.ndarray) -> float:
    return float((x * y).sum())


@pytest.mark.parametrize("dt", [np.float32, np.float64])
def test_one_axis_kernels_on_views(dt):
    """Kernels over one axis whose leaves are strided, reversed, a column or broadcast from
    one element run on contiguous copies broadcast to the kernel's shape (kernel_codegen
    copied_rows): numpy's results, elementwise and reduced."""
    rng = np.random.default_rng(2)
    a, b = rng.standard_normal(1001).astype(dt), rng.standard_normal(1001).astype(dt)
    m = rng.standard_normal((50, 40)).astype(dt)
    tol = dict(rtol=1e-5, atol=1e-6)
    cases = [(a[::2], b[::2]), (a[::-1], b), (a, b[:1]), (a[:1], b), (a[::3][:300], b[:300]),
             (a[5:6], b[7:8]), (m[:40, 3], m[7]), (m[::-1, 0], m[:, 1])]
    for x, y in cases:
        np.testing.assert_allclose(pts.script(exp_mul_add)(x, y), exp_mul_add(x, y), **tol)
        assert pts.script(dot_sum)(x, y) == pytest.approx(dot_sum(x, y), rel=1e-4, abs=1e-5)
        np.testing.assert_allclose(pts.script(vector_softmax)(x), vector_softmax(x), **tol)
    assert pts.script(exp_mul_add)(a[:0], b[:0]).shape == (0,)
