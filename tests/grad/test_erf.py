"""erf and GELU in float64 at full precision (issue 28): pts.nn.functional.erf of a float64
array is fdlibm's erf (stdlib/vmath.py erf_array), the same formula eagerly, interpreted
and natively (up to native exp's last bit), within a few 1e-16 of CPython's math.erf;
GELU's float64 values follow; the gradient through it is checked against central
differences and against erf's derivative 2/sqrt(pi) exp(-x*x)."""
import math

import numpy as np
import pytest

import pts
import pts.nn.functional as F
from grad_helpers import BACKENDS, check
from pts import Tensor

X = np.concatenate([np.linspace(-7.0, 7.0, 4001),
                    [0.0, -0.0, 5e-324, -1e-300, 1e-9, 0.84375, -0.84375, 1.25, -1.25,
                     2.857142857142857, 6.0, -6.0, 27.0, -1e300]])


def erf(x: Tensor) -> Tensor:
    return F.erf(x)


def gelu(x: Tensor) -> Tensor:
    return F.gelu(x)


RUNS = [("eager", lambda f: f), ("interp", lambda f: pts.script(f, backend="interp")),
        ("native", pts.script)]


@pytest.mark.parametrize("how,make", RUNS, ids=[r[0] for r in RUNS])
def test_float64_erf_is_math_erf(how, make):
    got = make(erf)(X)
    want = np.array([math.erf(v) for v in X])
    assert np.abs(got - want).max() <= 2.5e-16
    if how != "native":
        # (native np.exp is stdlib/vmath.py's, within an ulp or two of numpy's)
        assert np.array_equal(got, erf(X))
    assert np.signbit(got[X.size - 13]) and got[X.size - 13] == 0.0      # erf(-0) = -0


@pytest.mark.parametrize("how,make", RUNS, ids=[r[0] for r in RUNS])
def test_float64_erf_special_values(how, make):
    got = make(erf)(np.array([np.inf, -np.inf, np.nan]))
    assert got[0] == 1.0 and got[1] == -1.0 and np.isnan(got[2])


@pytest.mark.parametrize("how,make", RUNS, ids=[r[0] for r in RUNS])
def test_float64_gelu_follows_math_erf(how, make):
    got = make(gelu)(X)
    want = np.array([0.5 * v * (1.0 + math.erf(v / math.sqrt(2.0))) for v in X])
    assert np.all(np.abs(got - want) <= 1e-15 * np.maximum(1.0, np.abs(X)))


def test_float32_erf_stays_float32_grade():
    x = np.linspace(-4.0, 4.0, 801).astype(np.float32)
    got = pts.script(erf)(x)
    assert got.dtype == np.float32
    assert np.abs(got - np.array([math.erf(v) for v in x.astype(np.float64)])).max() < 4e-7


def erf_weighted(x: Tensor, w: Tensor) -> float:
    return float((F.erf(x) * w).sum())


def gelu_weighted(x: Tensor, w: Tensor) -> float:
    return float((F.gelu(x) * w).sum())


R = np.random.default_rng(284)
# points in each of fdlibm's intervals, on both sides of 0
POINTS = np.array([-6.5, -3.1, -2.0, -1.1, -0.9, -0.3, 0.0, 0.2, 0.8, 1.0, 1.3, 2.5, 4.0, 5.9])


@BACKENDS
@pytest.mark.parametrize("fn", [erf_weighted, gelu_weighted])
def test_gradients(fn, backend):
    check(fn, POINTS, R.uniform(-1.0, 1.0, POINTS.shape), backend=backend)


@BACKENDS
def test_erf_derivative_is_exact(backend):
    # d erf(x) = 2/sqrt(pi) exp(-x*x), also at 0 (no sign() kink in the formula there)
    d = pts.grad(erf_weighted, backend=backend)(POINTS, np.ones_like(POINTS))
    want = 2.0 / math.sqrt(math.pi) * np.exp(-POINTS * POINTS)
    assert np.abs(d - want).max() <= 1e-13
