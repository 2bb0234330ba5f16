"""Scripted models called through the C dispatcher (runtime/_dispatch.c `model_call`).

After a method's first call, `m(x, h)` goes from C to the method's entry: the guards of
what the code folded in from the model (constants, classes, dtypes and ranks of arrays,
layer structure) are checked on the live model, its arrays are read from it (no copies)
and the result — the TorchScript tutorial's `(new_h, new_h)` — is made in C.  A changed
attribute must give what Python gives (a recompile, or the variant compiled before), a
call with wrong arguments the Python path's TypeError, and 100k calls no leak.
"""
from __future__ import annotations

import os
import sys

import numpy as np
import pytest

import pts
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from dispatch_probe import needs_c, from_c_only, counting  # noqa: E402

pytestmark = needs_c


class Linear:
    def __init__(self, n_in: int, n_out: int, seed: int = 0):
        rng = np.random.default_rng(seed)
        self.weight = rng.standard_normal((n_out, n_in))
        self.bias = rng.standard_normal(n_out)

    def forward(self, x: np.ndarray) -> np.ndarray:
        return x @ self.weight.T + self.bias


class MyCell:
    """The TorchScript tutorial's cell: Linear, then tanh; the new state twice."""

    def __init__(self):
        self.linear = Linear(4, 4)
        self.scale = 1.0

    def forward(self, x: np.ndarray, h: np.ndarray) -> tuple:
        new_h = np.tanh(self.linear.forward(x) * self.scale + h)
        return new_h, new_h


class Stats:
    def __init__(self):
        self.offset = 2

    def forward(self, x: np.ndarray, k: int) -> tuple:
        if k > x.shape[0]:
            raise ValueError("k too large")
        return (float(x[:k].sum()) + self.offset, (k, None)), "done"


def _inputs():
    rng = np.random.default_rng(1)
    return rng.random((3, 4)), rng.random((3, 4))


def test_tuple_result_model_runs_from_c():
    cell = MyCell()
    m = pts.script(cell)
    x, h = _inputs()
    slow = m(x, h)
    from_c_only(m._methods["forward"])
    for _ in range(3):
        fast = m(x, h)
        assert type(fast) is tuple and len(fast) == 2
        want = cell.forward(x, h)
        for got, w in zip(fast, want):
            np.testing.assert_allclose(got, w, rtol=1e-12)
        # as on the Python path: two arrays over the one result
        assert np.shares_memory(fast[0], fast[1]) and np.shares_memory(slow[0], slow[1])
        assert (fast[0] is fast[1]) == (slow[0] is slow[1])


def test_linear_model_and_in_place_updates_from_c():
    lin = Linear(4, 2)
    m = pts.script(lin)
    x, _ = _inputs()
    m(x)
    from_c_only(m._methods["forward"])
    np.testing.assert_allclose(m(x), lin.forward(x))
    lin.weight *= 2.0                        # in place: read at each call
    np.testing.assert_allclose(m(x), lin.forward(x))
    lin.bias = np.zeros(2)                   # a new array of the same dtype and rank
    np.testing.assert_allclose(m(x), lin.forward(x))


def test_changed_attributes_are_guarded():
    cell = MyCell()
    m = pts.script(cell)
    fwd = counting(m._methods["forward"])
    x, h = _inputs()
    m(x, h)
    m(x, h)
    assert fwd.slow_calls == 1
    cell.scale = 0.5                         # a folded constant: compiled again
    np.testing.assert_allclose(m(x, h)[0], cell.forward(x, h)[0])
    assert fwd.slow_calls == 2
    m(x, h)
    cell.scale = 1.0                         # back: the first code, from C
    np.testing.assert_allclose(m(x, h)[0], cell.forward(x, h)[0])
    assert fwd.slow_calls == 2
    cell.linear.weight = cell.linear.weight.astype(np.float32)     # another dtype
    np.testing.assert_allclose(m(x, h)[0], cell.forward(x, h)[0], rtol=1e-6)
    assert fwd.slow_calls == 3
    cell.linear = Linear(4, 4, seed=5)       # another layer object, same class
    np.testing.assert_allclose(m(x, h)[0], cell.forward(x, h)[0])
    cell.scale = 2                           # an int where a float was: compiled again
    np.testing.assert_allclose(m(x, h)[0], cell.forward(x, h)[0])
    del cell.linear                          # gone: the Python path's error
    with pytest.raises(Exception):
        m(x, h)


def test_errors_and_bad_arguments_after_the_fast_path_is_warm():
    model = Stats()
    m = pts.script(model)
    x = np.arange(5.0)
    assert m(x, 2) == ((3.0, (2, None)), "done") == model.forward(x, 2)
    from_c_only(m._methods["forward"])
    assert m(x, 3) == model.forward(x, 3)
    with pytest.raises(ValueError, match="k too large") as fast:
        m(x, 9)
    cold = pts.script(Stats())
    with pytest.raises(ValueError) as slow:
        cold(x, 9)
    assert str(fast.value) == str(slow.value)
    assert m(x, 1) == model.forward(x, 1)    # a failed call changes nothing

    m2 = pts.script(Stats())
    m2(x, 2)
    with pytest.raises(TypeError) as warm:
        m2(x, "2")
    with pytest.raises(TypeError) as cold_err:
        pts.script(Stats())(x, "2")
    assert str(warm.value) == str(cold_err.value)
    assert "'k'" in str(warm.value) and "str" in str(warm.value)


def test_many_model_calls_leak_nothing():
    cell = MyCell()
    m = pts.script(cell)
    x, h = _inputs()
    m(x, h)
    from_c_only(m._methods["forward"])
    w = cell.linear.weight
    for _ in range(1000):
        m(x, h)
    counts = lambda: (sys.getrefcount(x), sys.getrefcount(h), sys.getrefcount(w),  # noqa: E731
                      sys.getrefcount(cell.linear))
    before, rss, nones = counts(), _rss(), sys.getrefcount(None)
    for _ in range(100_000):
        m(x, h)
    assert counts() == before
    # (None's count also moves with whatever else runs: a background compile, the other
    # tests of this worker; a leak per call would be 100k)
    assert abs(sys.getrefcount(None) - nones) < 1000
    assert _rss() - rss < 8 << 20


def _rss() -> int:
    import os
    with open("/proc/self/statm") as fh:
        return int(fh.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")
