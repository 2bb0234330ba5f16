"""Differential fuzzing in the test suite: random programs (progen.py) run in CPython/numpy,
the IR interpreter and both native tiers (differ.py) must agree.

- test_seed: SEEDS, in `make test`;  test_seed_more: MORE_SEEDS, marked slow (`make
  test-all`).  A difference fails the test unless known.py names the known defect it is an
  instance of (each such defect has a strict-xfail test in test_findings.py).  The failure
  message is the program and the differences; `python -m tests.fuzz.run --seeds N --reduce`
  minimizes it.
- the generator: reproducible, and its programs mostly accepted (refusals are counted, not
  failures, but a generator whose programs pts mostly refuses tests little).
- the harness itself: the comparison, the reference's emulation of pts's documented
  differences, crash isolation and the reducer, on planted differences.

A longer campaign: `.venv/bin/python -m tests.fuzz.run --seeds 0:5000` (see run.py).
"""
from __future__ import annotations

import math
import os
import signal
from functools import lru_cache

import numpy as np
import pytest

import differ
import progen
from known import known_defect
from reduce_prog import reduce

SEEDS = range(0, 110)
MORE_SEEDS = range(110, 1500)


@lru_cache(maxsize=None)
def report(seed: int) -> differ.Report:
    return differ.check(progen.generate(seed))


def assert_no_new_difference(seed: int) -> None:
    program = progen.generate(seed)
    new = [d for d in report(seed).differences if known_defect(d, program.source) is None]
    assert not new, f"seed {seed}:\n{program.source}\n" + "\n".join(d.describe(program) for d in new)


@pytest.mark.parametrize("seed", SEEDS)
def test_seed(seed):
    assert_no_new_difference(seed)


@pytest.mark.slow
@pytest.mark.parametrize("seed", MORE_SEEDS)
def test_seed_more(seed):
    assert_no_new_difference(seed)


def test_refusals_are_rare():
    """Over the fixed seeds, no more than one program in six is refused by a backend."""
    refused = [s for s in SEEDS if report(s).refusals]
    assert len(refused) <= len(SEEDS) / 6, \
        f"{len(refused)} of {len(SEEDS)} programs refused, e.g. {report(refused[0]).refusals}"


def test_both_kinds_of_program_and_many_calls():
    kinds = {progen.generate(s).kind for s in SEEDS}
    assert kinds == {"scalar", "array"}
    assert sum(report(s).calls for s in SEEDS) >= 3 * len(SEEDS)


def test_generator_is_reproducible():
    for seed in (0, 7, 123):
        a, b = progen.generate(seed), progen.generate(seed)
        assert a.source == b.source
        assert repr(a.arg_sets) == repr(b.arg_sets)
    assert progen.generate(1).source != progen.generate(2).source


def test_array_arguments_are_views_of_the_layout_asked_for():
    values = np.arange(6.0).reshape(2, 3)
    c, f, s, r, t = (progen.ArrayArg(values, lay).make() for lay in progen.LAYOUTS)
    assert c.flags.c_contiguous and f.flags.f_contiguous and not f.flags.c_contiguous
    assert s.base is not None and s.strides == (2 * 3 * 3 * 8, 3 * 8)
    assert r.strides[0] < 0 and r.strides[1] < 0
    assert t.flags.f_contiguous and not t.flags.c_contiguous
    for a in (c, f, s, r, t):
        np.testing.assert_array_equal(a, values)
        a[...] = -1                                   # a fresh copy every time
    np.testing.assert_array_equal(values, np.arange(6.0).reshape(2, 3))


# -- the comparison --------------------------------------------------------------------

def test_same_compares_bits_and_types():
    assert differ.same(math.nan, float("nan"))
    assert not differ.same(0.0, -0.0)
    assert not differ.same(1, 1.0) and not differ.same(True, 1)
    assert not differ.same(np.float64(1.0), 1.0)
    assert differ.same(np.array([np.nan, -0.0]), np.array([np.nan, -0.0]))
    assert not differ.same(np.array([0.0]), np.array([-0.0]))
    assert not differ.same(np.array([1.0], dtype=np.float32), np.array([1.0]))
    assert not differ.same(np.zeros((2, 1)), np.zeros((1, 2)))
    assert differ.same(np.arange(4).reshape(2, 2).T, np.array([[0, 2], [1, 3]]))
    assert not differ.same((1, [2.0]), (1, [2.5]))
    one_ulp = np.nextafter(np.float32(1), np.float32(2))
    assert not differ.same(np.float32(1), one_ulp)
    assert differ.same(np.float32(1), one_ulp, differ.VMATH_TOL)
    assert not differ.same(np.float32(1), np.float32(1.001), differ.VMATH_TOL)
    assert not differ.same(np.float32(np.inf), np.float32(3e38), differ.PROGRAM_TOL)
    assert not differ.same(1.0, math.nextafter(1.0, 2.0), differ.VMATH_TOL)   # Python floats: bits


def test_compare_names_what_differs():
    ok = differ.Outcome("ok", 1, stdout="x\n", args_after=([1],))
    assert differ.compare(ok, differ.Outcome("ok", 1, stdout="x\n", args_after=([1],))) is None
    assert differ.compare(ok, differ.Outcome("ok", 2, stdout="x\n", args_after=([1],))) == "value"
    assert differ.compare(ok, differ.Outcome("ok", 1, stdout="y\n", args_after=([1],))) == "stdout"
    assert differ.compare(ok, differ.Outcome("ok", 1, stdout="x\n", args_after=([2],))) == "arguments"
    assert differ.compare(ok, differ.Outcome("raise", exc=("ValueError", "m"))) == "outcome"
    a, b = differ.Outcome("raise", exc=("ValueError", "m")), differ.Outcome("raise", exc=("ValueError", "n"))
    assert differ.compare(a, b) == "exception"
    assert differ.compare(a, differ.Outcome("refused", exc=("CompileError", "no"))) is None


REFERENCE_SOURCE = '''
import math
from typing import List


def wraps(a: int) -> int:
    b = a * 4
    b <<= 70
    return (a + 1) * 2 + b


def divides(a: int, b: int) -> float:
    return a / b


def mixed(a: int, b: float) -> float:
    return min(a, b) + max(b, a)


def too_big(x: float) -> int:
    return int(x)


def floor_big(x: float) -> int:
    return math.floor(x)


def literal_power(a: int) -> float:
    return a ** -1


def literal_power_of_float(x: float) -> float:
    return x ** -2.5


def wrapped_power(a: int) -> int:
    return a ** 5


def complex_power(x: float) -> float:
    x **= 0.5
    return x


def ieee_lists(xs: List[float]) -> bool:
    return xs[0] in xs or xs == xs
'''


def test_reference_emulates_the_documented_differences():
    """README "Where pts differs from Python": what the reference computes instead."""
    ns = differ.reference_namespace(REFERENCE_SOURCE, "<reference test>")
    assert ns["wraps"](2**62) == -2**63 + 2             # (2**62 + 1) * 2 wraps; 0 << 70 is 0
    assert ns["divides"](2**53 + 1, 1) == float(2**53)  # both operands through float first
    assert type(ns["mixed"](1, 2.0)) is float
    with pytest.raises(OverflowError, match="int too large for a 64-bit pts int"):
        ns["too_big"](1e19)
    with pytest.raises(OverflowError, match="int too large for a 64-bit pts int"):
        ns["floor_big"](-1e19)
    with pytest.raises(ValueError, match="negative number cannot be raised to a fractional power"):
        ns["complex_power"](-2.0)
    assert ns["ieee_lists"]([math.nan]) is False          # CPython: True (identity first)
    assert ns["literal_power"](2) == 0.5                  # a literal negative exponent: float
    with pytest.raises(ValueError, match="negative number cannot be raised to a fractional power"):
        ns["literal_power_of_float"](-1.5)
    assert ns["wrapped_power"](2**62) == 0                # a positive one: an int, wrapped


# -- the harness on planted differences ---------------------------------------------------

def test_a_crashing_backend_is_an_outcome(monkeypatch):
    """A backend whose child dies by a signal gives "crash" outcomes, not a dead campaign."""
    def die(module, jobs, backend, tier):
        os.kill(os.getpid(), signal.SIGSEGV)
    monkeypatch.setattr(differ, "_run_backend", die)
    program = progen.Program(0, "def main(x: int) -> int:\n    return x\n", "main", [(1,), (2,)])
    r = differ.check(program, backends=[differ.BACKENDS[0]])
    assert [d.got.kind for d in r.differences] == ["crash", "crash"]
    assert r.differences[0].got.exc == ("signal", "SIGSEGV")


PLANTED = '''
import math
from typing import List


def helper(a: int) -> int:
    return a - 1


def main(p0: int, p1: float, xs: List[int]) -> int:
    v1 = p0 + 3
    v2 = p1 * 2.0
    xs.append(v1)
    if v2 > 1.0:
        v1 = helper(v1)
    for i in range(3):
        v1 = v1 + i
    big = p0 * 4611686018427387904
    v3 = len(xs) + v1
    print(v3)
    return v3 + big
'''


def test_reducer_keeps_the_difference_and_shrinks(monkeypatch):
    """A backend planted to compute with unbounded ints differs from the reference on the
    overflowing multiply only; the reducer must boil the program down to that."""
    def unbounded_ints(module, jobs, backend, tier):
        return [[differ.call_capturing(getattr(module, e), args) for args in arg_sets]
                for e, arg_sets in jobs]
    monkeypatch.setattr(differ, "run_isolated", unbounded_ints)
    program = progen.Program(0, PLANTED, "main", [(3, 0.5, [1, 2]), (5, 3.0, [])])
    diffs = differ.check(program, backends=[differ.BACKENDS[0]]).differences
    assert [d.what for d in diffs] == ["value", "value"]
    small = reduce(program, diffs[0], budget=60)
    assert len(small.source) < len(PLANTED) / 2, small.source
    assert "4611686018427387904" in small.source
    again = differ.check(small, backends=[differ.BACKENDS[0]]).differences
    assert [d.signature() for d in again] == [diffs[0].signature()]


def test_every_known_defect_has_its_regression_test():
    import test_findings
    from known import DEFECTS
    for defect in DEFECTS:
        test = getattr(test_findings, defect.test, None)
        assert test is not None, f"{defect.name}: no test_findings.{defect.test}"
