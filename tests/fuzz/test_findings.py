"""What the differential fuzzer found, minimized, as plain tests of the CPython/numpy
behaviour pts must have.

Each test is marked `xfail(strict=True)` while pts has the defect: the suite stays green,
and the test turns red when the defect is fixed — then remove the mark, and the defect's
entry in known.py (so the fuzzer watches for it again).  The first group are the
defects issue 27 listed, now fixed (plain tests); the second are new.  Where a defect
is native-only the test runs the native tiers, each on its own (PTS_TIER is read at every
compile, backend/jit.py), and with `interp` where that tier is right already, so that a
regression there is not hidden by the mark.
"""
from __future__ import annotations

import math
from typing import List

import numpy as np
import pytest

import pts

TIERS = ["fast", "opt"]


def native(fn, tier, monkeypatch):
    monkeypatch.setenv("PTS_TIER", tier)
    monkeypatch.setenv("PTS_CACHE", "0")           # the tier asked for, not the disk cache's code
    return pts.script(fn)


# ---------------------------------------------------------------------------- listed in issue 27

def zero_power(x: float, y: float) -> float:
    return x ** y


@pytest.mark.parametrize("backend", ["interp", "native"])
def test_zero_to_the_minus_inf(backend):
    f = pts.script(zero_power, backend=backend)
    assert f(0.0, -math.inf) == math.inf
    assert f(-0.0, -math.inf) == math.inf


def pop_in_loop(xs: List[int]) -> int:
    n = 0
    while 5 in xs:
        xs.pop()
        n += 1
    return n


@pytest.mark.parametrize("tier", TIERS)
def test_codegen_dominance_order(tier, monkeypatch):
    xs = [5, 1, 5]
    assert native(pop_in_loop, tier, monkeypatch)(xs) == pop_in_loop([5, 1, 5]) == 3
    assert xs == []


def inplace_or(a):
    t = a[:, ::2]
    t |= a
    return t


@pytest.mark.parametrize("tier", TIERS)
def test_inplace_broadcast_message(tier, monkeypatch):
    a = np.arange(20, dtype=np.int32).reshape(5, 4)
    with pytest.raises(ValueError) as want:
        inplace_or(a.copy())
    with pytest.raises(ValueError) as got:
        native(inplace_or, tier, monkeypatch)(a.copy())
    assert str(got.value).splitlines()[0] == str(want.value)


def power_half(x):
    return x ** 0.5


@pytest.mark.parametrize("tier", TIERS)
def test_array_power_half(tier, monkeypatch):
    x = np.array([-math.inf, -0.0, 4.0])
    got = native(power_half, tier, monkeypatch)(x)
    assert np.isnan(got[0]) and got[1] == 0.0 and math.copysign(1.0, got[1]) == -1.0 and got[2] == 2.0


def lists_equal(xs: List[float], ys: List[float]) -> bool:
    return xs == ys


def test_list_equality_nan_interp():
    assert pts.script(lists_equal, backend="interp")([math.nan], [math.nan]) is False


def test_list_equality_nan_native():
    assert pts.script(lists_equal)([math.nan], [math.nan]) is False


def every_other_column_plus_zero(y):
    return y[:, ::2] + 0


@pytest.mark.parametrize("tier", TIERS)
def test_last_axis_of_length_one(tier, monkeypatch):
    y = np.array([[10, 11], [20, 21]])
    got = native(every_other_column_plus_zero, tier, monkeypatch)(y)
    np.testing.assert_array_equal(got, [[10], [20]])


def bump_through_reshape(a):
    t = a.reshape(-1)
    t[0] = t[0] + 1


@pytest.mark.parametrize("tier", TIERS)
def test_reshape_minus_one_is_a_view(tier, monkeypatch):
    a = np.zeros(6, dtype=np.float32)[::3]
    native(bump_through_reshape, tier, monkeypatch)(a)
    assert a.tolist() == [1.0, 0.0]


def test_reshape_minus_one_is_a_view_interp():
    a = np.zeros(6, dtype=np.float32)[::3]
    pts.script(bump_through_reshape, backend="interp")(a)
    assert a.tolist() == [1.0, 0.0]


def store_scalar(a, s: float):
    a[0] = s


@pytest.mark.parametrize("tier", TIERS)
def test_nan_into_int_array(tier, monkeypatch):
    f = native(store_scalar, tier, monkeypatch)
    with pytest.raises(ValueError, match="cannot convert float NaN to integer"):
        f(np.zeros(2, dtype=np.int64), math.nan)
    with pytest.raises(OverflowError, match="cannot convert float infinity to integer"):
        f(np.zeros(2, dtype=np.int64), math.inf)


def mod_by_nan(a: int) -> float:
    return a % math.nan


def test_nan_modulo_fast(monkeypatch):
    assert math.isnan(native(mod_by_nan, "fast", monkeypatch)(3))


def test_nan_modulo_at_O3(monkeypatch):
    assert math.isnan(native(mod_by_nan, "opt", monkeypatch)(3))


def pop_at(xs: List[int]) -> int:
    return xs.pop(xs[0])


@pytest.mark.parametrize("backend", ["interp", "native"])
def test_pop_index_evaluated_first(backend):
    with pytest.raises(IndexError, match="list index out of range"):
        pts.script(pop_at, backend=backend)([])


# ---------------------------------------------------------------------------- new


def append_then_fail(xs: List[float], d: float) -> float:
    xs.append(2.0)
    return 1.0 / d


def list_mutation_after_exception(fn):
    xs = [1.0]
    with pytest.raises(ZeroDivisionError, match="float division by zero"):
        fn(xs, 0.0)
    return xs


def test_list_argument_mutation_survives_exception_interp():
    f = pts.script(append_then_fail, backend="interp")
    assert list_mutation_after_exception(f) == list_mutation_after_exception(append_then_fail) == [1.0, 2.0]


@pytest.mark.parametrize("tier", TIERS)
def test_list_argument_mutation_survives_exception(tier, monkeypatch):
    assert list_mutation_after_exception(native(append_then_fail, tier, monkeypatch)) == [1.0, 2.0]


def expand_scalar(a):
    t = np.expand_dims(0, 0)
    return t


def test_expand_dims_of_a_scalar_interp():
    np.testing.assert_array_equal(pts.script(expand_scalar, backend="interp")(np.zeros(2)), [0])


@pytest.mark.parametrize("tier", TIERS)
def test_expand_dims_of_a_scalar(tier, monkeypatch):
    got = native(expand_scalar, tier, monkeypatch)(np.zeros(2))
    assert got.dtype == np.int64 and got.shape == (1,) and got[0] == 0


def array_into_element(a, b):
    a[0] = b


@pytest.mark.parametrize("tier", TIERS)
def test_array_into_an_element(tier, monkeypatch):
    f = native(array_into_element, tier, monkeypatch)
    for b in (np.array([6]), np.array([6, 7, 8])):
        with pytest.raises(ValueError) as got:
            f(np.zeros(2, dtype=np.int64), b)
        assert str(got.value).splitlines()[0] == "setting an array element with a sequence."


@pytest.mark.parametrize("backend", ["fast", "opt", "interp"])
def test_array_into_a_bool_element(backend, monkeypatch):
    # numpy's exception: a bool array takes the truth of a size-1 array (fuzz seed 30650:
    # `a1[0] = a1` on a bool array of one element)
    f = pts.script(array_into_element, backend="interp") if backend == "interp" else \
        native(array_into_element, backend, monkeypatch)
    for b in (np.array([2.5]), np.array([0.0]), np.array([[True]])):
        want, got = np.zeros(2, dtype=bool), np.zeros(2, dtype=bool)
        array_into_element(want, b)
        f(got, b)
        assert got.tolist() == want.tolist()
    with pytest.raises(ValueError, match="setting an array element with a sequence"):
        f(np.zeros(2, dtype=bool), np.array([True, False]))


def test_array_into_an_element_interp():
    f = pts.script(array_into_element, backend="interp")
    for b in (np.array([6]), np.array([6, 7, 8])):
        with pytest.raises(ValueError, match="setting an array element with a sequence"):
            f(np.zeros(2, dtype=np.int64), b)


def maximum_minimum(a, b):
    return np.maximum(a, b), np.minimum(a, b)


@pytest.mark.parametrize("tier", TIERS)
def test_maximum_of_signed_zeros(tier, monkeypatch):
    a, b = np.array([0.0, -0.0]), np.array([-0.0, 0.0])
    got_max, got_min = native(maximum_minimum, tier, monkeypatch)(a, b)
    want_max, want_min = maximum_minimum(a, b)
    assert np.signbit(got_max).tolist() == np.signbit(want_max).tolist() == [True, False]
    assert np.signbit(got_min).tolist() == np.signbit(want_min).tolist() == [True, False]


def clip_both(a, b):
    return np.clip(a, b, 1.0), np.clip(a, -0.0, 1.0), np.clip(a, -1.0, b), np.clip(a, -1.0, -0.0)


@pytest.mark.parametrize("tier", TIERS)
def test_clip_of_signed_zeros(tier, monkeypatch):
    a, b = np.array([0.0, -0.0, np.nan]), np.array([-0.0, 0.0, 0.0])
    got = native(clip_both, tier, monkeypatch)(a, b)
    for g, w in zip(got, clip_both(a, b)):
        assert np.signbit(g).tolist() == np.signbit(w).tolist()
        assert np.isnan(g).tolist() == np.isnan(w).tolist()


def compares_itself(xs: List[float]) -> int:
    if xs == xs:
        return 1
    return 0


def passes_an_empty_list(n: int) -> int:
    return compares_itself([])


def test_empty_list_argument_compared_interp():
    assert pts.script(passes_an_empty_list, backend="interp")(0) == 1


@pytest.mark.parametrize("tier", TIERS)
def test_empty_list_argument_compared(tier, monkeypatch):
    assert native(passes_an_empty_list, tier, monkeypatch)(0) == 1


def assign_column(a, b):
    a[:, 0] = b


@pytest.mark.parametrize("tier", TIERS)
def test_slice_assignment_broadcast_message(tier, monkeypatch):
    a, b = np.zeros((1, 2, 4)), np.zeros((1, 2, 4))
    with pytest.raises(ValueError) as want:
        assign_column(a.copy(), b)
    with pytest.raises(ValueError) as got:
        native(assign_column, tier, monkeypatch)(a.copy(), b)
    assert str(want.value) == "could not broadcast input array from shape (2,4) into shape (1,4)"
    assert str(got.value).splitlines()[0] == str(want.value)


def test_slice_assignment_broadcast_message_interp():
    a, b = np.zeros((1, 2, 4)), np.zeros((1, 2, 4))
    with pytest.raises(ValueError, match=r"from shape \(2,4\) into shape \(1,4\)"):
        pts.script(assign_column, backend="interp")(a, b)
