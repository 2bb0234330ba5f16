"""Results of every kind through the C dispatcher (runtime/_dispatch.c `box_value`).

A function whose result is several slots or memory of the call — a tuple (nested), None,
an Optional, a str, a list, a complex, a dict, arrays — is registered with a result
program after its first call; later calls are made from C (`from_c_only` fails a call that
takes the Python path).  Each result must equal what Python computes and what the first
(Python-path) call returned, with the same types; errors raised in compiled code and bad
arguments after the fast path is warm must be the exceptions of the Python path.
"""
from __future__ import annotations

import sys
import os
from typing import List, Optional, Tuple

import numpy as np
import pytest

import pts
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from dispatch_probe import needs_c, from_c_only  # noqa: E402

pytestmark = needs_c


def pair(a: int, b: float) -> tuple:
    return a + 1, b * 2.0


def nested(a: int, b: float) -> tuple:
    return (a, (b, a > 2)), (None, b - a)


def text(n: int) -> str:
    return "é" * n + str(n)


def nothing(n: int) -> None:
    n += 1


def maybe(n: int) -> Optional[int]:
    if n > 2:
        return n * 10
    return None


def maybe_pair(n: int) -> Optional[Tuple[int, float]]:
    if n > 2:
        return n, n / 2
    return None


def ints(n: int) -> List[int]:
    return [i * i for i in range(n)]


def floats(n: int) -> List[float]:
    return [i / 2 for i in range(n)]


def flags(n: int) -> List[bool]:
    return [i % 2 == 0 for i in range(n)]


def words(n: int) -> List[str]:
    return [str(i) * 2 for i in range(n)]


def counts(n: int) -> dict:
    d = {}
    for i in range(n):
        d[str(i)] = i
    return d


def cplx(a: float, b: float) -> complex:
    return complex(a, b) * 2


def with_text(n: int) -> tuple:
    return str(n), [n, n + 1], n * 0.5


def arrays(x: np.ndarray, k: float) -> tuple:
    y = x * k
    return y, y, x + 1.0, x


def array_and_number(x: np.ndarray) -> tuple:
    return x.sum(), x * 2.0


CASES = [
    (pair, (3, 1.5)), (nested, (3, 1.5)), (nested, (1, 0.5)), (text, (3,)), (text, (0,)),
    (nothing, (2,)), (maybe, (3,)), (maybe, (1,)), (maybe_pair, (4,)), (maybe_pair, (1,)),
    (ints, (5,)), (ints, (0,)), (floats, (4,)), (flags, (3,)), (words, (3,)),
    (counts, (3,)), (cplx, (1.5, -2.0)), (with_text, (7,)),
]


def _same(got, want):
    assert type(got) is type(want), (got, want)
    if isinstance(want, (tuple, list)):
        assert len(got) == len(want)
        for g, w in zip(got, want):
            _same(g, w)
    elif isinstance(want, np.ndarray):
        assert got.dtype == want.dtype and got.shape == want.shape
        np.testing.assert_array_equal(got, want)
    else:
        assert got == want


@pytest.mark.parametrize("fn,args", CASES, ids=lambda v: getattr(v, "__name__", repr(v)))
def test_results_from_c_equal_python(fn, args):
    f = pts.script(fn)
    first = f(*args)                        # compiles; the Python path
    _same(first, fn(*args))
    assert f._entry_count() == 1
    from_c_only(f)
    for _ in range(2):
        _same(f(*args), fn(*args))


def test_optional_result_both_ways_from_c():
    f = pts.script(maybe_pair)
    f(4)
    from_c_only(f)
    assert f(1) is None and f(5) == (5, 2.5) and f(2) is None


def test_array_results_alias_as_on_the_python_path():
    f = pts.script(arrays)
    x = np.arange(6.0).reshape(2, 3)
    slow = f(x, 2.0)
    from_c_only(f)
    fast = f(x, 2.0)
    for got in (slow, fast):
        y1, y2, z, same = got
        _same(list(got), [x * 2.0, x * 2.0, x + 1.0, x])
        # the same allocation twice: two arrays sharing its memory (TensorCall.unbox)
        assert np.shares_memory(y1, y2)
        y1[0, 0] = -7.0
        assert y2[0, 0] == -7.0
        assert not np.shares_memory(y1, z)
    assert np.shares_memory(fast[3], x) == np.shares_memory(slow[3], x)
    del slow, x
    import gc
    gc.collect()
    y1, y2 = fast[0], fast[1]
    del fast
    gc.collect()
    np.testing.assert_array_equal(y2, y1)      # the memory outlives the first array


def test_array_and_number():
    f = pts.script(array_and_number)
    x = np.arange(4, dtype=np.float32)
    f(x)
    from_c_only(f)
    s, y = f(x)
    assert s == 6.0 and y.dtype == np.float32
    np.testing.assert_array_equal(y, x * 2)


def divide(a: int, b: int) -> tuple:
    return a // b, a % b


def pick(xs: np.ndarray, i: int) -> tuple:
    return xs[i], i


def test_errors_from_c_are_the_python_paths():
    f = pts.script(divide)
    assert f(7, 2) == (3, 1)
    with pytest.raises(ZeroDivisionError) as slow:
        pts.script(divide)(1, 0)            # a fresh function: the Python path's error
    from_c_only(f)
    with pytest.raises(ZeroDivisionError) as fast:
        f(1, 0)
    assert str(fast.value) == str(slow.value)
    assert f(9, 4) == (2, 1)                # a failed call changes nothing

    g = pts.script(pick)
    x = np.arange(3.0)
    assert g(x, 1) == (1.0, 1)
    with pytest.raises(IndexError) as slow:
        pts.script(pick)(x, 5)
    from_c_only(g)
    with pytest.raises(IndexError) as fast:
        g(x, 5)
    assert str(fast.value) == str(slow.value)


def test_wrong_argument_types_after_the_fast_path_is_warm():
    f = pts.script(pair)
    f(1, 2.0)
    assert f._entry_count() == 1
    with pytest.raises(TypeError) as warm:
        f([1], 2.0)
    with pytest.raises(TypeError) as cold:
        pts.script(pair)([1], 2.0)
    assert str(warm.value) == str(cold.value)
    assert "'a'" in str(warm.value) and "list" in str(warm.value)
    assert f(1, 2.0) == (2, 4.0)


def test_many_calls_leak_nothing():
    """Refcounts of the arguments and of shared singletons stay where they were, and
    the process's memory stays flat over 100k calls (counts, not time)."""
    import sys
    f = pts.script(with_text)
    g = pts.script(arrays)
    x = np.ones(3)
    f(5)
    g(x, 2.0)
    from_c_only(f)
    from_c_only(g)
    for _ in range(1000):
        f(5)
        g(x, 2.0)
    before = sys.getrefcount(x), sys.getrefcount(None), sys.getrefcount(True), _rss()
    for _ in range(100_000):
        f(5)
        g(x, 2.0)
    after = sys.getrefcount(x), sys.getrefcount(None), sys.getrefcount(True), _rss()
    assert after[0] == before[0]
    # (None's and True's counts also move with whatever else runs: a background compile,
    # the other tests of this worker; a leak per call would be 100k)
    assert abs(after[1] - before[1]) < 1000 and abs(after[2] - before[2]) < 1000, (before, after)
    assert after[3] - before[3] < 8 << 20, (before, after)


def _rss() -> int:
    import os
    with open("/proc/self/statm") as fh:
        return int(fh.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")


def span(p: tuple, scale: float) -> float:
    (a, b), c = p
    return (b - a) * scale + c


def total(p: Tuple[float, float], flag: bool) -> tuple:
    if flag:
        return p[0] + p[1], p
    return p[0] - p[1], p


def shift(n: int, by: Optional[int] = None) -> int:
    if by is None:
        return n
    return n + by


def both(x: np.ndarray, p: tuple) -> np.ndarray:
    return x * p[0] + p[1]


def test_tuple_and_none_arguments_from_c():
    f = pts.script(span)
    assert f(((1, 4), 0.5), 2.0) == span(((1, 4), 0.5), 2.0)
    assert f._entry_count() == 1
    from_c_only(f)
    assert f(((2, 9), 1.5), 3.0) == span(((2, 9), 1.5), 3.0)

    g = pts.script(total)
    assert g((1, 2), True) == (3.0, (1.0, 2.0)) == g.py_func((1.0, 2.0), True)
    from_c_only(g)
    assert g((1, 2), False) == (-1.0, (1.0, 2.0))          # ints into the float slots

    h = pts.script(shift)
    assert h(3, None) == 3 and h(3, 4) == 7
    assert h._entry_count() == 2
    from_c_only(h)
    assert h(5, None) == 5 and h(5, 2) == 7

    k = pts.script(both)
    x = np.arange(3.0)
    np.testing.assert_array_equal(k(x, (2.0, 1.0)), x * 2.0 + 1.0)
    from_c_only(k)
    np.testing.assert_array_equal(k(x, (3.0, -1.0)), x * 3.0 - 1.0)


def test_tuple_arguments_of_other_types_take_the_python_path():
    f = pts.script(span)
    f(((1, 4), 0.5), 2.0)
    slow = f._slow_call
    calls = []
    f._slow_call = lambda *a, **k: calls.append(a) or slow(*a, **k)
    assert f(((1.5, 4), 0.5), 2.0) == span(((1.5, 4), 0.5), 2.0)   # float item: another signature
    assert f(((1, 4), 0.5), 2) == span(((1, 4), 0.5), 2)          # int for a float: too
    with pytest.raises(TypeError) as warm:
        f([(1, 4), 0.5], 2.0)
    with pytest.raises(TypeError) as cold:
        pts.script(span)([(1, 4), 0.5], 2.0)
    assert str(warm.value) == str(cold.value)
    assert len(calls) == 3


def twice(n: int) -> tuple:
    xs = [n, n + 1]
    return xs, xs


def arrays_in_list(x: np.ndarray) -> List[np.ndarray]:
    return [x * 2.0, x + 1.0]


def test_results_the_python_path_reads_as_one_stay_one():
    """A list returned twice is one list, as in CPython; arrays inside lists come back
    as arrays (both through the Python path's Marshal, which the C path leaves them)."""
    f = pts.script(twice)
    for _ in range(3):
        a, b = f(4)
        assert a == [4, 5] and a is b
    g = pts.script(arrays_in_list)
    x = np.arange(3.0)
    for _ in range(3):
        out = g(x)
        assert type(out) is list and len(out) == 2
        np.testing.assert_array_equal(out[0], x * 2.0)
        np.testing.assert_array_equal(out[1], x + 1.0)


def scalars(x: np.ndarray, y: np.ndarray, k: np.ndarray, u: np.ndarray, i: int) -> tuple:
    return x[i], y[i], k[i], u[i], x[i] > 0.0, x[i] * 2.0


def scalar_f64(x: np.ndarray, i: int):
    return x[i] + x[i + 1]


def test_numpy_scalar_results_are_made_in_c():
    """np.float64, np.float32, the fixed-width ints and np.bool_ results (alone or in a
    tuple) come from box_value's 'x' and 'y' ops, not from the unbox hook: same types and
    values as CPython's, numpy's own np.True_ and np.False_, no reference leaked."""
    from pts.runtime import native
    x = np.array([1.5, -2.25, np.nan, -0.0, 1e-310])
    y = x.astype(np.float32)
    k = np.array([-128, 127, -1, 5, 0], dtype=np.int8)
    u = np.array([65535, 0, 1, 2, 3], dtype=np.uint16)
    f, g = pts.script(scalars), pts.script(scalar_f64)
    f(x, y, k, u, 0)
    g(x, 0)
    from_c_only(f)
    from_c_only(g)

    def refuse(raw, t):
        raise AssertionError(f"the unbox hook made a {t}")
    native.DISPATCH.set_unbox_hook(refuse)
    try:
        for i in range(5):
            got, want = f(x, y, k, u, i), scalars(x, y, k, u, i)
            assert [type(v) for v in got] == [type(v) for v in want]
            for a, b in zip(got, want):
                assert a == b or (np.isnan(a) and np.isnan(b)), (i, got, want)
            assert np.signbit(got[0]) == np.signbit(want[0])
            assert got[4] is want[4]                          # np.True_ / np.False_
        assert type(g(x, 0)) is np.float64 and g(x, 0) == -0.75
        before = sys.getrefcount(np.True_), sys.getrefcount(np.False_)
        for _ in range(10_000):
            f(x, y, k, u, 0)
            f(x, y, k, u, 1)
        after = sys.getrefcount(np.True_), sys.getrefcount(np.False_)
        assert abs(after[0] - before[0]) < 100 and abs(after[1] - before[1]) < 100
    finally:
        native.DISPATCH.set_unbox_hook(native.unbox_leaf)
