"""List == compares float elements with IEEE == in every backend (README, "Where pts differs
from Python"): a list holding a nan is not equal to a list holding the same nan, where
CPython's list == tests identity first (`x is y or x == y`) and says True.  The interpreter
had used Python's list == (found by differential fuzzing: native False, interpreter True),
so this rule is checked here, not against CPython as the program corpus is."""
import math
from typing import List

import pytest

import pts


def literal_nan() -> bool:
    return [math.nan] == [math.nan]


def same_value(x: float) -> bool:
    return [x] == [x]


def with_itself(xs: List[float]) -> bool:
    return xs == xs


def with_copy(xs: List[float]) -> bool:
    return xs == xs.copy()


def differs(xs: List[float], ys: List[float]) -> bool:
    return xs != ys


CASES = [
    (literal_nan, (), False),
    (same_value, (math.nan,), False),
    (same_value, (1.5,), True),
    (with_itself, ([1.0, math.nan],), False),
    (with_itself, ([1.0, 2.0],), True),
    (with_copy, ([math.nan],), False),
    (with_copy, ([-0.0, math.inf],), True),
    (differs, ([math.nan], [math.nan]), True),
    (differs, ([0.0], [-0.0]), False),
]


@pytest.mark.parametrize("backend", ["interp", "native"])
@pytest.mark.parametrize("fn,args,want", CASES, ids=[f"{c[0].__name__}{c[1]}" for c in CASES])
def test_ieee_rule(backend, fn, args, want):
    got = pts.script(fn, backend=backend)(*[list(a) if isinstance(a, list) else a for a in args])
    assert got is want
