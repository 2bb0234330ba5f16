"""stdlib/vmath.py against numpy, in ulps, over the whole float range — run three ways:
eagerly (the Python functions on numpy scalars), natively inside tensor kernels (np.exp(x)
now inlines vmath), and natively as scalar functions called from a scripted loop.  Plus:
the native np.exp kernel on float32 is vectorized by LLVM (no call left in the loop)."""
import math
import re

import numpy as np
import pytest

import pts
from pts.ir.types import F32
from pts.stdlib import vmath

NAMES = ("exp", "log", "log1p", "expm1", "tanh", "sigmoid", "erf", "sin", "cos")
UFUNCS = ("exp", "log", "log1p", "expm1", "tanh", "sin", "cos")    # np.<name> on tensors
DTYPES = (np.float32, np.float64)
MAX_ULP = 4


def ulps(a, b) -> np.ndarray:
    """|a - b| in units in the last place: the distance of their bit patterns laid out on
    a monotonic integer line (so -0.0 == 0.0 and inf is one past the largest finite).  Two
    nans are 0 apart; a nan against a number is infinitely far."""
    a, b = np.asarray(a), np.asarray(b)
    it = np.int64 if a.dtype == np.float64 else np.int32

    def line(x):
        i = x.view(it).astype(np.int64)
        return np.where(i < 0, np.int64(np.iinfo(it).min) - i, i)
    with np.errstate(over="ignore"):
        d = np.abs(line(a).astype(np.longdouble) - line(b).astype(np.longdouble))
    d = np.where(np.isnan(a) & np.isnan(b), 0.0, d)
    return np.where(np.isnan(a) != np.isnan(b), np.inf, d)


def test_ulps_helper():
    one = np.float32(1)
    assert ulps(np.array([one]), np.array([np.nextafter(one, np.float32(2))]))[0] == 1
    assert ulps(np.array([0.0]), np.array([-0.0]))[0] == 0
    assert ulps(np.array([np.nan]), np.array([np.nan]))[0] == 0
    assert ulps(np.array([np.nan]), np.array([1.0]))[0] == np.inf
    assert ulps(np.array([np.finfo(np.float64).max]), np.array([np.inf]))[0] == 1


def sweep(dt, name: str, n: int = 40_000) -> np.ndarray:
    """Uniform in bit patterns over all finite floats, dense ranges where functions turn
    (0, 1, -1, the exp overflow/underflow thresholds, subnormals), and the specials."""
    rng = np.random.default_rng(1234)
    it, bits = (np.int64, 64) if dt == np.float64 else (np.int32, 32)
    x = rng.integers(np.iinfo(it).min, np.iinfo(it).max, n, dtype=it).view(dt)
    fin = np.finfo(dt)
    hi = np.log(fin.max)                           # exp overflows past this
    lo = np.log(fin.smallest_subnormal)            # and underflows to 0 past this
    dense = [rng.uniform(-3, 3, n // 4), rng.uniform(-1e-4, 1e-4, n // 8),
             rng.uniform(0.5, 2, n // 8), rng.uniform(-1, -0.5, n // 16),
             rng.uniform(hi - 1, hi + 1, n // 16), rng.uniform(lo - 1, lo + 1, n // 16),
             rng.uniform(np.log(fin.tiny) - 1, np.log(fin.tiny) + 1, n // 16),
             rng.uniform(-30, 30, n // 8), rng.uniform(-800, 800, n // 8)]
    sub = rng.integers(1, 1 << (fin.nmant), n // 16).astype(it).view(dt)
    special = [0.0, -0.0, np.inf, -np.inf, np.nan, 1.0, -1.0, fin.max, -fin.max, fin.tiny,
               -fin.tiny, fin.smallest_subnormal, -fin.smallest_subnormal, hi, lo,
               np.nextafter(dt(-1), dt(0)), np.nextafter(dt(-1), dt(-2))]
    with np.errstate(all="ignore"):
        x = np.concatenate([x, np.concatenate(dense).astype(dt), sub, -sub,
                            np.array(special, dt)])
    return x[~np.isnan(x) | (np.arange(x.size) == x.size - 13)]   # one nan is enough


def reference(name: str, x: np.ndarray) -> np.ndarray:
    with np.errstate(all="ignore"):
        if name == "sigmoid":      # no numpy function: computed wider, rounded once
            wide = np.longdouble if x.dtype == np.float64 else np.float64
            return (1 / (1 + np.exp(-x.astype(wide)))).astype(x.dtype)
        if name == "erf":
            return np.array([math.erf(v) for v in x.astype(np.float64).tolist()]).astype(x.dtype)
        return getattr(np, name)(x)


def suffix(dt) -> str:
    return "f32" if dt == np.float32 else "f64"


def assert_close(name, dt, x, got, way):
    d = ulps(got, reference(name, x))
    i = int(np.argmax(d))
    assert d[i] <= MAX_ULP, (f"{name} {dt.__name__} {way}: {d[i]} ulp at x={x[i]!r}: "
                             f"{got[i]!r}, numpy {reference(name, x[i:i + 1])[0]!r}")


# ---------------------------------------------------------------- the language: .view

def flip_sign_f32(x):
    return (x.view(np.int32) ^ np.int32(-2147483648)).view(np.float32)


def exponent_f64(x):
    return (np.float64(x).view(np.int64) >> 52) & 0x7FF     # np.float64 args arrive as floats


def from_bits_f64(i):
    return (i | 0x3FF0000000000000).view(np.float64)


def bad_view(x):
    return x.view(np.int64)


@pytest.mark.parametrize("backend", ["native", "interp"])
def test_scalar_view(backend):
    cases = [(flip_sign_f32, np.float32(-2.5)), (flip_sign_f32, np.float32(np.inf)),
             (exponent_f64, np.float64(1e-310)), (exponent_f64, np.float64(-3e300)),
             (from_bits_f64, np.int64(12345))]
    for fn, v in cases:
        got, want = pts.script(fn, backend=backend)(v), fn(v)
        assert type(got) is type(want) and got == want, (fn.__name__, v, got, want)


def test_view_needs_same_size():
    with pytest.raises(pts.CompileError, match="same size"):
        pts.script(bad_view)(np.float32(1))


# ---------------------------------------------------------------- (a) eagerly

@pytest.mark.parametrize("dt", DTYPES, ids=suffix)
@pytest.mark.parametrize("name", NAMES)
def test_eager(name, dt):
    x = sweep(dt, name)
    rng = np.random.default_rng(7)
    x = np.concatenate([rng.choice(x, 250), x[-17:]])    # a sample plus the specials
    fn = getattr(vmath, f"{name}_{suffix(dt)}")
    with np.errstate(all="ignore"):
        got = np.array([fn(dt(v)) for v in x], dt)
    assert_close(name, dt, x, got, "eager")


# ---------------------------------------------------------------- (b) tensor kernels


def np_exp(x):
    return np.exp(x)


def np_log(x):
    return np.log(x)


def np_log1p(x):
    return np.log1p(x)


def np_expm1(x):
    return np.expm1(x)


def np_tanh(x):
    return np.tanh(x)


def np_sin(x):
    return np.sin(x)


def np_cos(x):
    return np.cos(x)


def _tensor_fn(name):
    return globals()[f"np_{name}"]


@pytest.mark.parametrize("dt", DTYPES, ids=suffix)
@pytest.mark.parametrize("name", UFUNCS)
def test_tensor_kernel(name, dt):
    x = sweep(dt, name)
    got = pts.script(_tensor_fn(name))(x)
    assert got.dtype == dt
    assert_close(name, dt, x, got, "native tensor kernel")


# ---------------------------------------------------------------- softmax's exp

def exp_below_max(x: np.ndarray) -> np.ndarray:
    return np.exp(x - x.max(axis=-1, keepdims=True))


def exp_below_other_max(x: np.ndarray, y: np.ndarray) -> np.ndarray:
    return np.exp(x - y.max(axis=-1, keepdims=True))


def non_positive_rows(dt) -> np.ndarray:
    """The sweep's non-positive values (nan, -inf and the underflow range included) in rows
    of 64 that each hold a 0.0, so that x - max(x) is x itself."""
    x = sweep(dt, "exp")
    with np.errstate(invalid="ignore"):
        x = x[~(x > 0)]
    x = np.concatenate([x, np.full(-x.size % 63, dt(-1.0))]).reshape(-1, 63)
    return np.concatenate([np.zeros((x.shape[0], 1), dt), x], axis=1)


@pytest.mark.parametrize("dt", DTYPES, ids=suffix)
def test_exp_nonpos_gives_exps_bits(dt):
    """exp(x - max(x)) calls exp_nonpos (one multiply for 2**k): its bits are exp's, eagerly
    and natively, nan and the subnormal results included."""
    x = non_positive_rows(dt)
    fn = pts.script(exp_below_max)
    assert f"pts.vmath.exp_nonpos_{suffix(dt)}" in fn.llvm_ir(x)
    got = fn(x)
    want = pts.script(np_exp)(x)            # x - max(x) == x: row max 0 (or nan: all nan)
    nan_rows = np.isnan(x).any(axis=1)
    assert nan_rows.any() and np.isnan(got[nan_rows]).all()
    assert ulps(got[~nan_rows], want[~nan_rows]).max() == 0
    assert (got[~nan_rows] == 0).any() and (got[~nan_rows] < np.finfo(dt).tiny).any()
    assert_close("exp", dt, x[~nan_rows].ravel(), got[~nan_rows].ravel(), "exp(x - max(x))")
    eager, general = getattr(vmath, f"exp_nonpos_{suffix(dt)}"), getattr(vmath, f"exp_{suffix(dt)}")
    flat = x.ravel()[np.random.default_rng(5).choice(x.size, 300)]
    with np.errstate(all="ignore"):
        assert ulps(np.array([eager(v) for v in flat], dt),
                    np.array([general(v) for v in flat], dt)).max() == 0


@pytest.mark.parametrize("dt", DTYPES, ids=suffix)
def test_exp_of_another_rows_max_is_the_general_exp(dt):
    """x - max(y) can be positive: the general exp, overflow to inf included."""
    x = np.array([[50.0, 88.0, 100.0, -3.0], [700.0, 1.0, 0.5, -800.0]], dt)
    y = np.zeros((2, 4), dt)
    fn = pts.script(exp_below_other_max)
    assert "exp_nonpos" not in fn.llvm_ir(x, y)
    with np.errstate(over="ignore"):
        want = np.exp(x)
    assert ulps(fn(x, y), want).max() <= MAX_ULP


# ---------------------------------------------------------------- (c) native scalars

def scalar_loop_f32(x, out):
    for i in range(x.shape[0]):
        v = x[i]
        out[0, i] = vmath.exp_f32(v)
        out[1, i] = vmath.log_f32(v)
        out[2, i] = vmath.log1p_f32(v)
        out[3, i] = vmath.expm1_f32(v)
        out[4, i] = vmath.tanh_f32(v)
        out[5, i] = vmath.sigmoid_f32(v)
        out[6, i] = vmath.erf_f32(v)
        out[7, i] = vmath.sin_f32(v)
        out[8, i] = vmath.cos_f32(v)


def scalar_loop_f64(x, out):
    for i in range(x.shape[0]):
        v = x[i]
        out[0, i] = vmath.exp_f64(v)
        out[1, i] = vmath.log_f64(v)
        out[2, i] = vmath.log1p_f64(v)
        out[3, i] = vmath.expm1_f64(v)
        out[4, i] = vmath.tanh_f64(v)
        out[5, i] = vmath.sigmoid_f64(v)
        out[6, i] = vmath.erf_f64(v)
        out[7, i] = vmath.sin_f64(v)
        out[8, i] = vmath.cos_f64(v)


@pytest.fixture(scope="module")
def scalar_results():
    """Every function natively on scalars, one scripted loop per dtype (two compiles)."""
    results = {}
    for dt, loop in ((np.float32, scalar_loop_f32), (np.float64, scalar_loop_f64)):
        x = sweep(dt, "all")
        out = np.zeros((len(NAMES), x.size), dt)
        pts.script(loop)(x, out)
        results[dt] = (x, out)
    return results


@pytest.mark.parametrize("dt", DTYPES, ids=suffix)
@pytest.mark.parametrize("name", NAMES)
def test_native_scalar(scalar_results, name, dt):
    x, out = scalar_results[dt]
    got = out[NAMES.index(name)]
    assert_close(name, dt, x, got, "native scalar")
    # the eager functions compute the same IEEE operations in the same order: same bits
    fn = getattr(vmath, f"{name}_{suffix(dt)}")
    idx = np.random.default_rng(3).choice(x.size, 100)
    with np.errstate(all="ignore"):
        eager = np.array([fn(dt(v)) for v in x[idx]], dt)
    assert ulps(eager, got[idx]).max() == 0


# sin and cos of huge arguments (Payne-Hanek), values from mpmath at 600 bits.  The first
# is the double closest to a multiple of pi/2 (x - k*pi/2 ~ 4.7e-19): numpy/glibc's cos is
# 8 ulp off there, vmath's is correctly rounded.
HARD_SINCOS = [(5.319372648326541e+255, 1.0, -4.687165924254628e-19),
               (1e+22, -0.8522008497671888, 0.523214785395139),
               (1.7976931348623157e+308, 0.004961954789184062, -0.9999876894265599),
               (1.152921504606847e+18, -0.8306492176372546, -0.5567960822766417),
               (1647099.0, -0.3232532403530771, 0.9463124973290988)]


@pytest.mark.parametrize("x, sin, cos", HARD_SINCOS)
def test_sincos_huge_arguments(x, sin, cos):
    for sign in (1.0, -1.0):
        v = np.float64(sign * x)
        with np.errstate(all="ignore"):
            assert vmath.sin_f64(v) == sign * sin and vmath.cos_f64(v) == cos
        got = pts.script(np_sin)(np.array([v])), pts.script(np_cos)(np.array([v]))
        assert got[0][0] == sign * sin and got[1][0] == cos


# ---------------------------------------------------------------- vectorization

def optimized_llvm(fn, x) -> str:
    import llvmlite.binding as llvm
    from pts.backend import jit
    llmod = llvm.parse_assembly(pts.script(fn).llvm_ir(x))
    jit.optimize(llmod, jit.target_machine())
    return str(llmod)


def test_exp_kernel_is_vectorized():
    text = optimized_llvm(np_exp, np.ones(16, np.float32))
    assert re.search(r"load <\d+ x float>", text), "the float32 loads are not vectorized"
    assert re.search(r"fmul (\w+ )*<\d+ x float>", text), "exp's polynomial is not vectorized"
    # no math call left: not libm's, not vmath's (inlined)
    assert not re.search(r"call [^\n]*@(expf?|llvm\.exp\.[^(]*|pts\.vmath\.[^(]*)\(", text)
    assert "declare float @expf" not in text and "declare double @exp" not in text


@pytest.mark.parametrize("dt", DTYPES, ids=suffix)
def test_sin_kernel_is_vectorized(dt):
    """sin's rare huge-argument path is a call under a branch: LLVM vectorizes the loop
    through the masked vector variants backend/stdlib_math.py declares for it."""
    text = optimized_llvm(np_sin, np.ones(16, dt))
    assert "vector.body:" in text
    assert re.search(r"call <\d+ x double> @pts\.vmath\.sin_f(32|64)\._sincos_slow\.x\d+\.v\d+\(",
                     text), "the huge-argument path is not a masked vector call"
    assert not re.search(r"call [^\n]*@(sinf?|llvm\.sin\.[^(]*)\(", text)


def loop_sigmoid_f32(x, out):
    for i in range(x.shape[0]):
        out[i] = vmath.sigmoid_f32(x[i])


def loop_erf_f32(x, out):
    for i in range(x.shape[0]):
        out[i] = vmath.erf_f32(x[i])


def _vector_body(text: str) -> str:
    """The loop vectorizer's main loop block of an optimized LLVM module ("" if none)."""
    start = text.find("vector.body:")
    if start < 0:
        return ""
    end = text.find("\n\n", start)
    return text[start:end if end >= 0 else len(text)]


F32_NATIVE = ("exp", "log", "log1p", "expm1", "tanh", "sigmoid", "erf")   # computed in f32


@pytest.mark.parametrize("name", F32_NATIVE)
def test_f32_kernel_is_full_width(name):
    """The float32 functions compute in float32, so a kernel around them vectorizes at the
    full width of float32 (8 lanes with AVX2, 16 with AVX-512: backend.cpu.tuned_features)
    with no double arithmetic in the loop."""
    import llvmlite.binding as llvm
    from pts.backend import jit
    x = np.ones(64, np.float32)
    if name in UFUNCS:
        text = optimized_llvm(_tensor_fn(name), x)
    else:                                   # no ufunc: a scripted loop calling vmath
        llmod = llvm.parse_assembly(pts.script(globals()[f"loop_{name}_f32"]).llvm_ir(x, x.copy()))
        jit.optimize(llmod, jit.target_machine())
        text = str(llmod)
    body = _vector_body(text)
    assert body, f"{name}: the float32 loop is not vectorized"
    features = llvm.get_host_cpu_features().flatten().split(",")
    width = r"16" if "+avx512f" in features else r"8" if "+avx2" in features else r"\d+"
    assert re.search(rf"fmul (\w+ )*<{width} x float>", body), f"{name}: not at full float32 width"
    assert "double" not in body, f"{name}: double arithmetic in the float32 loop"


# ---------------------------------------------------------------- precompiled IR

def test_precompiled_ir_prints_back_the_same():
    """stdlib/vmath.ir holds the printed IR of every function: parsing it back gives the
    module that building from source gives."""
    from pts.backend import stdlib_math
    from pts.ir.parser import parse_module
    from pts.ir.printer import print_module
    for name in stdlib_math.NAMES:
        for dt in stdlib_math.SUFFIX:
            text = print_module(stdlib_math.build_ir(name, dt))
            assert print_module(parse_module(text)) == text


def fresh_table(monkeypatch, path):
    from pts.backend import stdlib_math
    monkeypatch.setattr(stdlib_math, "precompiled_path", lambda: str(path))
    monkeypatch.setattr(stdlib_math, "_PRECOMPILED", [])
    monkeypatch.setattr(stdlib_math, "_modules", {})
    monkeypatch.setenv("PTS_CACHE", "0")            # compile now, not from the disk cache
    return stdlib_math


def test_precompiled_ir_is_used(monkeypatch, tmp_path):
    sm = fresh_table(monkeypatch, tmp_path / "vmath.ir")
    sm.write_precompiled(str(tmp_path / "vmath.ir"))

    def no_build(name, dt):
        raise AssertionError("built from source")
    monkeypatch.setattr(sm, "build_ir", no_build)
    assert len(sm._precompiled()) == 2 * len(sm.FUNCTIONS)
    x = np.linspace(-3, 3, 101, dtype=np.float32)
    assert np.max(ulps(pts.script(kernel_exp)(x), np.exp(x))) <= MAX_ULP
    assert list(sm._modules) == [("exp", F32)]


@pytest.mark.parametrize("content", ["", "{not json", '{"fingerprint": "stale", "modules": {}}',
                                     '["a list"]'])
def test_stale_or_corrupt_precompiled_ir_is_ignored(monkeypatch, tmp_path, content):
    sm = fresh_table(monkeypatch, tmp_path / "vmath.ir")
    (tmp_path / "vmath.ir").write_text(content)
    assert sm._precompiled() == {}
    x = np.linspace(-3, 3, 101, dtype=np.float32)       # built from source instead
    assert np.max(ulps(pts.script(kernel_exp)(x), np.exp(x))) <= MAX_ULP
    assert list(sm._modules) == [("exp", F32)]


def kernel_exp(x: np.ndarray) -> np.ndarray:
    return np.exp(x) + 0.0
