"""Calls with numpy arrays through the C dispatcher (runtime/_dispatch.c).

The first call of a signature with arrays compiles it and registers it; later calls with
plain ndarrays of the same dtypes and ranks are made from C, which writes the argument
descriptors and makes the result array itself.  `from_c_only` makes a function fail if a
call leaves the C path, so each test shows which path ran.  Arrays the C path does not
take (byte-swapped, subclasses, strides that are not whole items, high ranks) must still
give numpy's results, through the Python path.
"""
from __future__ import annotations

import sys
import os
import threading

import numpy as np
import pytest

import pts
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from dispatch_probe import needs_c, from_c_only, counting  # noqa: E402

pytestmark = needs_c


def scaled(x: np.ndarray, k: float) -> np.ndarray:
    return x * k + 1.0


def same(x: np.ndarray) -> np.ndarray:
    return x


def transposed(x: np.ndarray) -> np.ndarray:
    return x.T


def none_of(x: np.ndarray) -> np.ndarray:
    return x[:0] * 2.0


def put(x: np.ndarray, i: int, v: float):
    x[i] = v


def at(x: np.ndarray, i: int) -> float:
    return float(x[i]) * 2.0       # raises-here


def test_array_calls_run_from_c_after_the_first():
    f = pts.script(scaled)
    x = np.arange(12, dtype=np.float32).reshape(3, 4)
    first = f(x, 2.0)
    assert f._entry_count() == 1
    from_c_only(f)
    for _ in range(3):
        out = f(x, 2.0)
        assert out.dtype == np.float32 and out.shape == (3, 4)
        np.testing.assert_array_equal(out, first)
        np.testing.assert_array_equal(out, x * np.float32(2.0) + np.float32(1.0))
        assert out.flags.c_contiguous and out.flags.writeable
        assert not np.shares_memory(out, x)
        out[0, 0] = -5.0                    # its own memory
        assert x[0, 0] == 0.0


def test_each_dtype_and_rank_is_its_own_entry():
    f = counting(pts.script(scaled))
    x32 = np.linspace(-1, 1, 10, dtype=np.float32)
    x64 = np.linspace(-1, 1, 12).reshape(3, 4)
    for x in (x32, x64, x32.reshape(2, 5), x64[0]):
        for _ in range(2):
            out = f(x, 0.5)
            assert out.dtype == x.dtype and out.shape == x.shape
            np.testing.assert_array_equal(out, x * x.dtype.type(0.5) + x.dtype.type(1.0))
    assert f._entry_count() == 4 and f.slow_calls == 4


def test_views_and_strides_from_c():
    f = pts.script(scaled)
    base = np.arange(48, dtype=np.float32).reshape(6, 8)
    f(base, 3.0)
    from_c_only(f)
    for x in (base[::-1, ::2], base[1:4, 2:7], base.T, base[:, 3:4], base[::2][:, ::-3]):
        np.testing.assert_array_equal(f(x, 3.0), x * np.float32(3.0) + np.float32(1.0))


def test_arrays_the_c_path_hands_back_still_run():
    f = counting(pts.script(scaled))
    x = np.linspace(-2, 2, 12, dtype=np.float32).reshape(3, 4)
    want = x * np.float32(1.5) + np.float32(1.0)
    np.testing.assert_array_equal(f(x, 1.5), want)
    rec = np.zeros((3, 4), dtype=[("a", "f4"), ("b", "i1")])    # byte stride 5: copied
    rec["a"] = x

    class Sub(np.ndarray):
        pass

    for odd in (x.astype(">f4"), rec["a"], x.view(Sub)):
        np.testing.assert_array_equal(np.asarray(f(odd, 1.5)), want)
    assert f.slow_calls == 4 and f._entry_count() == 1
    deep = np.arange(2 ** 9, dtype=np.float32).reshape((2,) * 9)   # above MAX_RANK
    for _ in range(2):
        np.testing.assert_array_equal(f(deep, 2.0), deep * np.float32(2.0) + np.float32(1.0))
    assert f.slow_calls == 6


def test_results_that_are_views_of_arguments():
    g, t = pts.script(same), pts.script(transposed)
    x = np.arange(6.0).reshape(2, 3)
    g(x), t(x)
    from_c_only(g), from_c_only(t)
    y, z = g(x), t(x)
    assert np.shares_memory(y, x) and np.shares_memory(z, x)
    assert z.shape == (3, 2)
    z[0, 1] = 99.0                       # a returned view writes into the argument
    assert x[1, 0] == 99.0
    del x
    assert z[0, 1] == 99.0 and y[1, 0] == 99.0      # and keeps it alive


def test_empty_results_and_in_place_writes():
    e, p = pts.script(none_of), pts.script(put)
    x = np.arange(5.0)
    e(x), p(x, 0, 0.0)
    from_c_only(e), from_c_only(p)
    out = e(x)
    assert out.shape == (0,) and out.dtype == np.float64
    assert p(x, 3, -1.0) is None
    assert x.tolist() == [0.0, 1.0, 2.0, -1.0, 4.0]
    assert p(x[::-1], 0, 7.0) is None               # through a reversed view
    assert x[4] == 7.0


def test_errors_from_c_path_name_the_scripted_line():
    f = pts.script(at)
    x = np.arange(4.0)
    assert f(x, 1) == 2.0
    from_c_only(f)
    for _ in range(2):
        with pytest.raises(IndexError) as info:
            f(x, 4)
        assert "return float(x[i]) * 2.0       # raises-here" in str(info.value)
    assert f(x, -1) == 6.0


def _rss() -> int:
    with open("/proc/self/statm") as fh:
        return int(fh.read().split()[1]) * 4096


def test_result_memory_goes_back_when_the_arrays_die():
    f = pts.script(scaled)
    x = np.ones(4096)                    # 32 KiB results
    for _ in range(200):
        f(x, 2.0)
    from_c_only(f)
    before = _rss()
    for _ in range(20_000):             # 640 MiB if none were freed
        out = f(x, 2.0)
    grown = _rss() - before
    assert out[0] == 3.0
    assert grown < 8 << 20, f"RSS grew by {grown / 2**20:.1f} MiB over 20000 calls"


def test_two_threads_with_arrays():
    f = pts.script(scaled)
    xs = [np.full(1000, float(i)) for i in range(2)]
    f(xs[0], 1.0)
    from_c_only(f)
    bad = []

    def run(i):
        for _ in range(2000):
            out = f(xs[i], 2.0)
            if out[0] != 2.0 * i + 1.0 or out.shape != (1000,):
                bad.append(i)

    threads = [threading.Thread(target=run, args=(i,)) for i in range(2)]
    for th in threads:
        th.start()
    for th in threads:
        th.join()
    assert bad == []


def test_longlong_arrays_are_int64_arrays():
    def inc(x: np.ndarray) -> np.ndarray:
        return x + 1
    f = pts.script(inc)
    x = np.arange(5, dtype=np.int64)
    f(x)
    from_c_only(f)
    for a in (x, x.astype(np.longlong)):         # buffer formats "l" and "q"
        out = f(a)
        assert out.dtype == np.int64 and out.tolist() == [1, 2, 3, 4, 5]


def test_model_calls_run_from_c_and_see_the_model_change():
    """A scripted model's method, called again with arguments of the same kinds, is called
    from C with the model's arrays read at the call (its guards hold); a change the code
    depends on (a dtype, a layer) recompiles it, through the Python path."""
    import pts.nn as nn
    pts.manual_seed(0)
    model = nn.Sequential(nn.Linear(8, 16), nn.ReLU(), nn.Linear(16, 4)).eval()
    m = pts.script(model)
    x = np.random.default_rng(1).standard_normal((3, 8)).astype(np.float32)
    np.testing.assert_allclose(m(x), model(x), rtol=1e-5, atol=1e-6)
    callers = [call for _, call in m.forward._fast.values()]
    assert len(callers) == 1
    for call in callers:
        from_c_only(call)
    np.testing.assert_allclose(m(x), model(x), rtol=1e-5, atol=1e-6)
    model[0].weight = model[0].weight * 2.0             # a new array of the same type
    np.testing.assert_allclose(m(x), model(x), rtol=1e-5, atol=1e-6)
    model[2].bias += 1.0                                # in place
    np.testing.assert_allclose(m(x), model(x), rtol=1e-5, atol=1e-6)
    model[0].weight = model[0].weight.astype(np.float64)   # the dtype: compiled again
    np.testing.assert_allclose(m(x), model(x), rtol=1e-5, atol=1e-6)
    setattr(model, "1", nn.Identity())                  # a layer: compiled again
    np.testing.assert_allclose(m(x), model(x), rtol=1e-5, atol=1e-6)
    np.testing.assert_allclose(m(input=x), model(x), rtol=1e-5, atol=1e-6)   # keywords


def test_default_arguments_of_models_and_functions():
    """A call that leaves out defaulted arguments binds them as Python does; a model's
    method is then called from C as when they are given."""
    import pts.nn as nn

    class Scaled(nn.Module):
        def __init__(self):
            super().__init__()
            self.w = np.arange(4, dtype=np.float32)

        def forward(self, x: np.ndarray, k: float = 2.0, shift: float = 0.5) -> np.ndarray:
            return x * self.w * k + shift

    model = Scaled()
    m = pts.script(model)
    x = np.ones(4, np.float32)
    for args in [(x,), (x, 3.0), (x, 3.0, 1.0), (x,)]:
        np.testing.assert_array_equal(m(*args), model(*args))
    for call in [c for _, c in m.forward._fast.values()]:
        from_c_only(call)
    np.testing.assert_array_equal(m(x), model(x))
    np.testing.assert_array_equal(m(x, shift=4.0), model(x, shift=4.0))
    with pytest.raises(TypeError):
        m()

    def f(x: np.ndarray, k: float = 2.0) -> np.ndarray:
        return x * k
    g = pts.script(f)
    for args in [(x,), (x, 3.0), (x,)]:
        np.testing.assert_array_equal(g(*args), f(*args))
    with pytest.raises(TypeError):
        g()


def total_of(x: np.ndarray, y: np.ndarray):
    return x.sum() + y.sum()


def test_arrays_read_from_their_head_and_those_that_are_not():
    """A known dtype's aligned arrays are read from the array's head (array_view, no
    buffer protocol); the same dtype unaligned, or of strides that are not whole items,
    takes the Python path as before;
    read-only and empty arrays are read like others.  Results equal numpy's."""
    f = counting(pts.script(total_of))
    x, y = np.arange(6.0), np.linspace(0.0, 1.0, 4).reshape(2, 2)
    assert f(x, y) == x.sum() + y.sum()
    f(x, y)
    assert f.slow_calls == 1
    raw = np.zeros(6 * 8 + 1, dtype=np.uint8)
    odd = raw[1:].view(np.float64)                    # unaligned float64
    assert not odd.flags.aligned
    odd[:] = x
    assert f(odd, y) == x.sum() + y.sum() and f.slow_calls == 2
    ro = x.copy()
    ro.flags.writeable = False
    assert f(ro, y) == x.sum() + y.sum() and f(x[:0], y[:, :0]) == 0.0
    assert f.slow_calls == 2
    packed = np.zeros(6, dtype=[("v", np.float64), ("w", np.float32)])["v"]
    packed[:] = x                                     # byte stride 12: 1.5 items
    assert f(packed, y) == x.sum() + y.sum() and f.slow_calls == 3
