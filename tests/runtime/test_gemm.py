"""The blocked gemm (backend/gemm.py) behind native matmul / dot, against numpy.

Shapes around the micro-tile and cache-block edges (tiles of 6 x 16 / 6 x 8, KC = 256,
MC = 144 / 72 on AVX2; 12 x 32 / 12 x 16 on AVX-512), empty dimensions and K = 0;
float32 / float64 within a tolerance that grows with K (the sum order differs from numpy's);
integer dtypes exactly (they keep the simple loop); operands that are transposed, sliced,
reversed or broadcast views; batched and broadcast-batched operands (one call per batch, or
one call when the batches collapse into rows).  The `+=` and bias epilogue, not reachable
from the language yet, is driven through the gemm entry directly."""
from __future__ import annotations

import ctypes

import numpy as np
import pytest

import pts

pytestmark = pytest.mark.filterwarnings("ignore")


def mm(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    return a @ b


def mm_and_dot(a: np.ndarray, b: np.ndarray):
    return a @ b, np.dot(a, b)


def dot(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    return np.dot(a, b)


def mm_views(a: np.ndarray, b: np.ndarray):
    """Views made inside the compiled code: transposes, steps, reversals."""
    return a.T @ b.T, a[::2, ::-1] @ b[::-1, 1:], a[:, 1:].T @ a[:, :-1]


def mm_vec(v: np.ndarray, b: np.ndarray, a: np.ndarray, w: np.ndarray):
    return v @ b, np.dot(v, b), a @ v, np.dot(a, v), v @ w, np.dot(v, w)


MM = pts.script(mm)
MM_AND_DOT = pts.script(mm_and_dot)
DOT = pts.script(dot)
MM_VIEWS = pts.script(mm_views)
MM_VEC = pts.script(mm_vec)
RNG = np.random.default_rng(0)


def rand(shape, dt):
    if np.dtype(dt).kind in "iu":
        return RNG.integers(-9, 10, size=shape).astype(dt)
    return RNG.standard_normal(shape).astype(dt)


def check(got, want, k: int = 1):
    assert isinstance(got, np.ndarray) == isinstance(want, np.ndarray)
    got, want = np.asarray(got), np.asarray(want)
    assert got.dtype == want.dtype and got.shape == want.shape, (got.dtype, got.shape, want.dtype, want.shape)
    if want.dtype.kind == "f":
        eps = np.finfo(want.dtype).eps
        # |sum differences| <= K * eps * sum |a||b| ~ K * eps * sqrt(K) for standard normals
        tol = 4 * eps * max(k, 1) ** 1.5 + eps
        np.testing.assert_allclose(got, want, rtol=tol, atol=tol)
    else:
        np.testing.assert_array_equal(got, want)


SHAPES = [(1, 1, 1), (1, 7, 13), (13, 7, 1), (17, 33, 65), (6, 16, 16), (6, 8, 8), (12, 5, 32),
          (5, 15, 17), (7, 17, 15), (11, 3, 9), (0, 3, 4), (3, 0, 4), (3, 4, 0), (0, 0, 0),
          (1, 300, 1), (150, 257, 20), (80, 520, 9), (3, 5, 4100), (2, 1, 2), (145, 2, 3),
          # K blocks (KC f32 512, f64 256 on AVX2), N blocks (B_BLOCK: NC 256-512 columns,
          # N cut into equal blocks: 1100 is 3 x 384 - 52), a last tile row of 1 or 2 rows
          # (the thin kernel) with N not a multiple of its 2 panels
          (13, 1100, 70), (8, 40, 2100), (128, 30, 70), (7, 600, 33), (7, 30, 1100),
          # one panel of B with A read in place (kernel.direct): a classifier's head
          (256, 512, 10), (37, 1030, 16), (5, 3, 1),
          # the edge kernels of a short last tile row (EDGE_KERNELS: up to 4 and 8 rows when
          # MR = 12) over several panels and N's edge, with A in place; rows of A 4 KiB
          # apart (f32 K = 1024, f64 K = 512) are packed when B has several panels
          (28, 40, 100), (19, 33, 75), (20, 70, 33), (256, 50, 70), (13, 1024, 40), (14, 512, 70),
          # K blocks of equal depth, deeper where N is narrow (Gemm.kcb)
          (5, 700, 1000), (9, 1300, 300)]


@pytest.mark.parametrize("dt", [np.float32, np.float64])
def test_float_shapes(dt):
    for m, k, n in SHAPES:
        a, b = rand((m, k), dt), rand((k, n), dt)
        for g, w in zip(MM_AND_DOT(a, b), mm_and_dot(a, b)):
            check(g, w, k)


@pytest.mark.parametrize("dt", [np.int32, np.int64])
def test_int_shapes_exact(dt):
    for m, k, n in [(1, 1, 1), (17, 33, 65), (0, 3, 4), (3, 0, 4), (7, 17, 15)]:
        a, b = rand((m, k), dt), rand((k, n), dt)
        check(MM(a, b), a @ b)


def test_bool_and_mixed_dtypes():
    a, b = RNG.random((5, 7)) > 0.5, RNG.random((7, 3)) > 0.5
    check(MM(a, b), a @ b)
    for da, db in [(np.float32, np.float64), (np.int64, np.float32), (np.float64, np.int32),
                   (np.int32, np.float32)]:
        a, b = rand((9, 20), da), rand((20, 18), db)
        check(MM(a, b), a @ b, 20)


@pytest.mark.parametrize("dt", [np.float32, np.float64])
def test_strided_inputs(dt):
    """Views from the caller (borrowed with their strides): transposes, steps, reversals,
    stride-0 broadcasts; and views made in the compiled code."""
    big = rand((40, 50), dt)
    cases = [(big[:17, :33], big[:33, 5:25]),
             (big.T[:20, :30], big[::-1, ::-2][:30, :]),
             (big[::3, ::-1][:, :40], big[:40, ::7]),
             (np.broadcast_to(rand((1, 30), dt), (9, 30)), np.broadcast_to(rand((30, 1), dt), (30, 11))),
             (big[5:6, :], big.T[:, 3:4]),
             # N <= one panel: A's rows in place (reversed: a negative row stride), or packed
             # when its columns are not contiguous
             (big[::-1][:17, :33], big[:33, :10]), (big.T[:20, :30], big[:30, 2:12]),
             # several panels of B: A's rows in place (reversed), or packed (A transposed)
             (big[::-1][:19, :40], rand((40, 70), dt)), (big.T[:28, :30], rand((30, 70), dt)),
             # A packed, several blocks of columns of B: each block of A packed once
             (big.T[:28, :30], rand((30, 1100), dt)), (rand((600, 20), dt).T, rand((600, 1300), dt))]
    for a, b in cases:
        check(MM(a, b), a @ b, a.shape[1])
    for m, k in [(8, 7), (33, 20), (1, 3)]:
        a, b = rand((m, k), dt), rand((m + 3, k), dt).T[:, 3:]
        got, want = MM_VIEWS(a, b), mm_views(a, b)
        for g, w in zip(got, want):
            check(g, w, max(m, k))


@pytest.mark.parametrize("dt", [np.float32, np.float64])
def test_vectors(dt):
    for k, n in [(7, 4), (1, 1), (33, 17), (0, 3), (300, 20), (5, 0)]:
        args = (rand((k,), dt), rand((k, n), dt), rand((n, k), dt), rand((k,), dt))
        for g, w in zip(MM_VEC(*args), mm_vec(*args)):
            check(g, w, k)


def batched(x3: np.ndarray, w2: np.ndarray, y3: np.ndarray, z3: np.ndarray, a4: np.ndarray,
            m2: np.ndarray, v: np.ndarray):
    """One signature for every rank pairing (one compile per dtype)."""
    return x3 @ w2, y3 @ z3, a4 @ z3, m2 @ z3, x3 @ v, v @ z3


BATCHED = pts.script(batched)


@pytest.mark.parametrize("dt", [np.float32, np.float64])
def test_batched(dt):
    k = 7
    x = rand((4, 5, k), dt)
    z = rand((3, k, 4), dt)
    # (x3, w2): 3-D @ 2-D, where the batches may collapse into rows of one gemm call
    pairs_32 = [(x, rand((k, 3), dt)),                            # collapses into 20 rows
                (x[:, ::2], rand((k, 3), dt)),                    # collapses (evenly spaced rows)
                (x[:, :4], rand((k, 3), dt)),                     # does not collapse
                (x[::-1], rand((k, 18), dt)),
                (rand((3, 0, k), dt), rand((k, 2), dt)),
                (np.broadcast_to(rand((1, 6, k), dt), (3, 6, k)), rand((k, 2), dt))]
    # (y3, z3): 3-D @ 3-D, one gemm call per batch
    pairs_33 = [(rand((3, 5, k), dt), z),
                (np.swapaxes(rand((3, k, 6), dt), -1, -2), rand((3, k, 17), dt)),
                (rand((1, 6, k), dt), z),                         # broadcast batch axis
                (rand((0, 4, k), dt), rand((0, k, 2), dt)),
                (np.broadcast_to(rand((1, 6, k), dt), (3, 6, k)), z[:, :, ::-1]),
                (rand((2, 3, k), dt), rand((2, k, 0), dt))]
    for (x3, w2), (y3, z3) in zip(pairs_32, pairs_33):
        args = (x3, w2, y3, z3, rand((2, 1, 5, k), dt), rand((5, k), dt), rand((k,), dt))
        for g, w in zip(BATCHED(*args), batched(*args)):
            check(g, w, k)
    kk = (rand((2, 3, 0), dt), rand((0, 4), dt), rand((2, 3, 0), dt), rand((2, 0, 5), dt),
          rand((2, 1, 5, 0), dt), rand((5, 0), dt), rand((0,), dt))          # K == 0
    for g, w in zip(BATCHED(*kk), batched(*kk)):
        check(g, w)


def test_errors_unchanged():
    a, b = rand((3, 4), np.float32), rand((5, 6), np.float32)
    with pytest.raises(ValueError, match="mismatch in its core dimension 0"):
        MM(a, b)
    with pytest.raises(ValueError, match=r"shapes \(3,4\) and \(5,6\) not aligned"):
        DOT(a, b)
    with pytest.raises(ValueError, match="could not be broadcast together with remapped shapes"):
        MM(rand((2, 3, 4), np.float64), rand((3, 4, 5), np.float64))


# ---------------------------------------------------------------- the entry directly

def _entry_harness(dt_name: str):
    """JIT a module holding `void run(M, N, K, A, rsa, csa, B, rsb, csb, C, rsc, bias, rowb,
    acc, relu, work)` that calls the gemm entry with a caller-owned workspace (no context
    needed)."""
    import llvmlite.binding as llvm
    from llvmlite import ir

    from pts.backend import gemm, jit
    from pts.backend.codegen import ModuleCodegen
    from pts.backend.llvm_types import I1T, I64T, PTR, VOID
    from pts.ir.core import Module

    mc = ModuleCodegen(Module(), jit.host_triple(), str(jit.target_machine().target_data))
    args = [I64T] * 3 + [PTR, I64T, I64T, PTR, I64T, I64T, PTR, I64T, PTR, I1T, I1T, I1T, PTR]
    fn = ir.Function(mc.m, ir.FunctionType(VOID, args), name="run")
    b = ir.IRBuilder(fn.append_basic_block("entry"))
    M, N, K, A, rsa, csa, B, rsb, csb, C, rsc, bias, rowb, acc, relu, work = fn.args
    gemm.call(mc, b, ir.Constant(PTR, None), dt_name, M, N, K, A, rsa, csa, B, rsb, csb, C, rsc,
              bias=bias, acc=acc, work=work, relu=relu, rowb=rowb)
    b.ret_void()
    size_fn = ir.Function(mc.m, ir.FunctionType(I64T, [I64T] * 3), name="size")
    sb = ir.IRBuilder(size_fn.append_basic_block("entry"))
    sb.ret(gemm.gemm(mc, dt_name).worksize(sb, *size_fn.args))
    mod = llvm.parse_assembly(str(mc.m))
    mod.verify()
    tm = jit.target_machine()
    jit.optimize(mod, tm)
    ee = llvm.create_mcjit_compiler(mod, jit._new_target_machine())
    ee.finalize_object()
    i64, p = ctypes.c_int64, ctypes.c_void_p
    run = ctypes.CFUNCTYPE(None, i64, i64, i64, p, i64, i64, p, i64, i64, p, i64, p, ctypes.c_bool,
                           ctypes.c_bool, ctypes.c_bool, p)(
        ee.get_function_address("run"))
    size = ctypes.CFUNCTYPE(i64, i64, i64, i64)(ee.get_function_address("size"))
    return ee, run, size


@pytest.mark.parametrize("dt", [np.float32, np.float64])
def test_entry_epilogue_and_accumulate(dt):
    """C (= or +=) A @ B, then + bias (one per column, or one per row), then ReLU: full tiles,
    edge tiles, thin last tile rows, several K blocks (k = 1030 > 2 KC) and N blocks, one
    panel of B; A read in place, or packed (rows 4 KiB apart: (13, 1024, 70)); the K == 0
    problem writes bias (or 0) through the epilogue too."""
    ee, run, size = _entry_harness("f32" if dt == np.float32 else "f64")
    item = np.dtype(dt).itemsize
    for m, k, n in [(1, 1, 1), (7, 5, 9), (17, 300, 33), (6, 0, 16), (150, 20, 70),
                    (14, 1030, 40), (13, 20, 2060), (14, 1030, 10), (9, 600, 16),
                    (13, 1024, 70),
                    # A in place with rows 4 KiB apart on AVX-512: tiles of 6 rows across
                    # pairs of panels, then a single panel (Gemm.range_fn's same_sets)
                    (25, 1024, 200),
                    # A packed (rows 4 KiB apart) and several blocks of B's columns: the
                    # K blocks outside, each block of A packed once
                    (13, 1024, 1100),
                    # swapped (Gemm.swapped: B read along k, 16 <= M <= 256, N >= 2 M, B of
                    # 8 MiB or more): one piece of C^T, and three (the last one short)
                    (40, 2100, 1000), (33, 700, 3000)]:
        a, b = rand((m, k), dt), rand((n, k), dt).T       # b: a transposed view
        biases = {"cols": rand((n,), dt), "rows": rand((m, 1), dt)}
        c0 = rand((m, n + 3), dt)                                         # C with a row stride
        work = np.empty(size(m, n, k), np.uint8)

        def call(c, bias, acc, relu):
            run(m, n, k, a.ctypes.data, a.strides[0] // item, a.strides[1] // item,
                b.ctypes.data, b.strides[0] // item, b.strides[1] // item,
                c.ctypes.data, c.strides[0] // item,
                biases[bias].ctypes.data if bias else None, bias == "rows",
                acc, relu, work.ctypes.data)
        for bias in (None, "cols", "rows"):
            for acc in (False, True):
                for relu in (False, True):
                    c = c0.copy()
                    call(c, bias, acc, relu)
                    want = c0.copy()
                    s = want[:, :n] + a @ b if acc else a @ b
                    s = s + (biases[bias] if bias else 0)
                    want[:, :n] = np.maximum(s, 0) if relu else s
                    check(c, want, k + 1)
                    assert (c[:, n:] == c0[:, n:]).all()        # nothing past column n
    del ee


@pytest.mark.parametrize("dt", [np.float32, np.float64])
def test_entry_swapped_sums_are_the_unswapped_ones(dt):
    """A problem computed as C^T = B^T @ A^T (B a transposed view: `x @ W.T`) has the same
    K blocks, so the same sums bit for bit, as with B row-major (not swapped); with a bias
    per column or per row, accumulating, ReLU."""
    ee, run, size = _entry_harness("f32" if dt == np.float32 else "f64")
    item = np.dtype(dt).itemsize
    for m, k, n in [(64, 2100, 1100), (256, 1100, 2048), (32, 4100, 600)]:
        a, w = rand((m, k), dt), rand((n, k), dt)
        biases = {None: None, "cols": rand((n,), dt), "rows": rand((m, 1), dt)}
        c0 = rand((m, n), dt)
        work = np.empty(size(m, n, k), np.uint8)
        for bias, acc, relu in [(None, False, False), ("cols", True, True), ("rows", False, True)]:
            got = {}
            for name, b in (("swapped", w.T), ("row-major B", np.ascontiguousarray(w.T))):
                c = c0.copy()
                run(m, n, k, a.ctypes.data, k, 1, b.ctypes.data, b.strides[0] // item,
                    b.strides[1] // item, c.ctypes.data, n,
                    None if bias is None else biases[bias].ctypes.data, bias == "rows", acc, relu,
                    work.ctypes.data)
                got[name] = c
            np.testing.assert_array_equal(got["swapped"], got["row-major B"])
            s = (c0 if acc else 0) + a @ w.T + (0 if bias is None else biases[bias])
            check(got["swapped"], np.maximum(s, 0) if relu else s, k + 1)
    del ee


def each_epilogue(run, size, a, b):
    """C (m x n, in an array 2 columns wider) = A @ B (their strides as they are) through the
    entry `run` with each epilogue: no bias, a bias per column or per row, each with (acc,
    relu) = (False, False), (True, True), (False, True).  Yields (C, C's old values, the bias or None, acc, relu)
    after checking that the 2 columns past n are untouched."""
    (m, k), n = a.shape, b.shape[1]
    dt, item = a.dtype.type, a.itemsize
    rsa, csa, rsb, csb = (s // item for s in a.strides + b.strides)
    biases = {None: None, "cols": rand((n,), dt), "rows": rand((m, 1), dt)}
    c0 = rand((m, n + 2), dt)
    work = np.empty(size(m, n, k), np.uint8)
    for bias in biases:
        for acc, relu in [(False, False), (True, True), (False, True)]:
            c = c0.copy()
            run(m, n, k, a.ctypes.data, rsa, csa, b.ctypes.data, rsb, csb, c.ctypes.data,
                n + 2, None if bias is None else biases[bias].ctypes.data, bias == "rows", acc,
                relu, work.ctypes.data)
            yield c[:, :n], c0[:, :n], biases[bias], acc, relu
            assert (c[:, n:] == c0[:, n:]).all()


@pytest.mark.parametrize("dt", [np.float32, np.float64])
def test_entry_few_rows_dot_products(dt):
    """A with fewer than 9 rows, or B with few columns, and B read along k (`v @ W.T`,
    `h @ W.T` for W of 10 rows: Gemm.dots): dot products of
    A's and W's rows, read in place.  K with a masked last vector (not a multiple of any
    vector width) or K == 0, N and M past a whole tile, one row of A (the one-row kernel,
    N past its tile and N below it), one pass over W (M <= 4) and two (short rows of W),
    each bias, += and ReLU; ReLU as np.maximum (NaN kept, -0.0 -> +0.0)."""
    ee, run, size = _entry_harness("f32" if dt == np.float32 else "f64")
    item = np.dtype(dt).itemsize
    for m, k, n in [(1, 1030, 37), (1, 33, 2), (1, 0, 3), (3, 1, 5), (4, 0, 6), (2, 4099, 9), (6, 2100, 10), (8, 17, 3),
                    # few columns of any M (Gemm.few_columns: a 10-class head), A's rows
                    # outside; K with a masked last vector
                    (64, 256, 10), (301, 133, 7), (37, 1030, 3)]:
        a, b = rand((m, k), dt), rand((n, k), dt).T
        for c, c0, bias, acc, relu in each_epilogue(run, size, a, b):
            s = (c0 if acc else 0) + a @ b + (0 if bias is None else bias)
            check(c, np.maximum(s, 0) if relu else s, k + 1)
    a = np.ones((3, 1), dt)
    b = np.array([[np.nan, -0.0, -2.0, 3.0, -np.inf]], dt)
    c = np.empty((3, 5), dt)
    run(3, 5, 1, a.ctypes.data, 1, 1, b.ctypes.data, 1, 1, c.ctypes.data, 5, None, False, False,
        True, np.empty(size(3, 5, 1), np.uint8).ctypes.data)
    want = np.maximum(a @ b, dt(0))
    np.testing.assert_array_equal(c, want)
    assert (np.signbit(c) == np.signbit(want)).all()
    del ee


@pytest.mark.parametrize("dt", [np.float32, np.float64])
def test_entry_blocked_dot_products(dt):
    """5 to 16 rows of A against rows of W too long to stay in L2 (`x @ W.T` at a batch of a
    few: Gemm.dot_blocked): dot products in K blocks, each block's sums added to C's, the
    bias and ReLU after the last.  Several blocks (the last with a masked vector), one
    block (M = 5), each bias, += and ReLU; against float64 sums with an error bound that a
    block read at the wrong offset or lost would exceed by far."""
    ee, run, size = _entry_harness("f32" if dt == np.float32 else "f64")
    k = 20001
    tol = 2e-3 if dt == np.float32 else 1e-9     # sums of ~141 (sqrt(K) standard normals)
    for m, n in [(16, 9), (12, 7), (5, 6), (9, 13)]:
        a, b = rand((m, k), dt), rand((n, k), dt).T
        for c, c0, bias, acc, relu in each_epilogue(run, size, a, b):
            s = (c0.astype(np.float64) if acc else 0) + \
                a.astype(np.float64) @ b.astype(np.float64) + \
                (0 if bias is None else bias.astype(np.float64))
            np.testing.assert_allclose(c, np.maximum(s, 0) if relu else s, rtol=0, atol=tol)
    del ee


@pytest.mark.parametrize("dt", [np.float32, np.float64])
def test_entry_streamed_rows(dt):
    """One row of A, or fewer than 5 with a B of 1 MiB or more, and B's rows contiguous
    (`x @ W` at batch 1, W row-major: Gemm.stream): B's rows added to C's in place, nothing
    packed.  N with a masked last vector and past one block of C's columns (STREAM_L1), K
    not a multiple of the rows per pass (STREAM_K) and K == 0, B's rows wider than N (a
    slice), A read with a column stride; each bias, += and ReLU."""
    ee, run, size = _entry_harness("f32" if dt == np.float32 else "f64")
    item = np.dtype(dt).itemsize
    big_k = (1 << 20) // (item * 300) + 7               # B of k x 300: over 1 MiB
    for m, k, n in [(1, 1, 1), (1, 13, 37), (1, 0, 5), (1, 1030, 4100), (2, big_k, 300),
                    (3, big_k, 301), (4, big_k, 300), (1, 7, 4099)]:
        a = rand((m, 2 * k), dt)[:, ::2]                  # column stride 2
        b = rand((k, n + 5), dt)[:, :n]                   # rows n + 5 apart
        for c, c0, bias, acc, relu in each_epilogue(run, size, a, b):
            s = (c0 if acc else 0) + a @ b + (0 if bias is None else bias)
            check(c, np.maximum(s, 0) if relu else s, k + 1)
    del ee


def bmm2(w: np.ndarray, x: np.ndarray) -> np.ndarray:
    return w @ x


BMM2 = pts.script(bmm2)


@pytest.mark.parametrize("threads", [2, 3])
def test_threads_give_one_threads_sums(threads):
    """Split over threads (by columns: M <= N, or by rows), a product has 1 thread's
    K blocks, so its sums bit for bit: where a thread's columns are few enough for deeper K
    blocks than the whole problem's (Gemm.kcb), where they are swapped, and where they are
    dot products (few rows, or few columns split by rows)."""
    old = pts.get_num_threads()
    try:
        for m, k, n, trans in [(256, 600, 1024, False), (128, 1100, 1024, False),
                               (1100, 600, 256, False), (128, 2100, 2048, True),
                               (3, 3000, 1500, True),
                               # dot products in K blocks (Gemm.dot_blocked), by columns
                               (12, 20001, 600, True), (16, 17000, 300, True),
                               # few columns (a classifier's head): split by rows
                               (4096, 256, 10, True),
                               # B's rows streamed (Gemm.stream): one row, and 3 over 2 MiB
                               (1, 3000, 1500, False), (3, 1000, 600, False)]:
            a = rand((m, k), np.float32)
            b = rand((n, k), np.float32).T if trans else rand((k, n), np.float32)
            pts.set_num_threads(1)
            one = MM(a, b)
            pts.set_num_threads(threads)
            np.testing.assert_array_equal(MM(a, b), one)
        # a 2-D operand against a batched one (W @ cols): split by batches (BatchedGemm),
        # and 2 batches each split by columns
        for w, x in [(rand((32, 144), np.float32), rand((9, 144, 200), np.float32)),
                     (rand((64, 300), np.float64), rand((2, 300, 140), np.float64))]:
            pts.set_num_threads(1)
            one = BMM2(w, x)
            pts.set_num_threads(threads)
            np.testing.assert_array_equal(BMM2(w, x), one)
            check(one, w @ x, w.shape[1])
    finally:
        pts.set_num_threads(old)


def test_entry_relu_nan_and_signed_zero():
    """The ReLU is numpy's np.maximum(s, 0.0) (and the unfused kernels'): NaN stays NaN (any
    lane of a full tile or an edge tile), -0.0 and negatives become +0.0 (numpy's maximum
    returns its second operand on a tie)."""
    ee, run, size = _entry_harness("f32")
    m, k, n = 13, 1, 37                  # two full 6 x 16 tiles per row block, and edges
    a = np.ones((m, k), np.float32)
    b = np.tile(np.array([np.nan, -0.0, -2.0, 3.0, -np.inf], np.float32), 8)[:n].reshape(1, n)
    c = np.empty((m, n), np.float32)
    work = np.empty(size(m, n, k), np.uint8)
    run(m, n, k, a.ctypes.data, k, 1, b.ctypes.data, n, 1, c.ctypes.data, n, None, False, False,
        True, work.ctypes.data)
    want = np.maximum(a @ b, np.float32(0))
    np.testing.assert_array_equal(c, want)
    assert not np.signbit(c[~np.isnan(c)]).any()
    del ee


def test_portable_images_build():
    """Archive images (baseline x86-64 and aarch64, 128-bit vectors) compile the gemm."""
    from pts import compiler
    from pts.backend import link
    from pts.ir.types import F32, TensorType
    a = np.ones((2, 2), np.float32)
    module = compiler.compile(mm, (TensorType(F32, 2), TensorType(F32, 2)), (a, a)).module
    for target in link.TARGETS:
        obj, _mc = link.compile_object(module, target)
        assert obj[:4] == b"\x7fELF"
