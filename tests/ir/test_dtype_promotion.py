"""The op table's type rule for the tensor dtypes is numpy 2's promotion (NEP 50), checked
pair by pair against np.result_type: arrays of any two dtypes, an array with a numpy scalar
of another dtype (strong), an array with a Python int / float (weak: the array's dtype
wins, ints with floats give float64), and the reductions' result dtypes (sum of a small
int is int64 or uint64).  Also: every dtype names itself the same way in the IR text."""
from __future__ import annotations

import itertools

import numpy as np
import pytest

from pts.ir.ops import result_type
from pts.ir.types import (DTYPE_NAMES, DTYPES, F64, I64, SCALAR_OF_DTYPE, TensorType,
                          parse_type)

NAMES = sorted(DTYPES)


@pytest.mark.parametrize("a, b", list(itertools.combinations_with_replacement(NAMES, 2)))
def test_arrays_promote_as_numpy(a, b):
    got = result_type("np.add", [TensorType(DTYPES[a], 1), TensorType(DTYPES[b], 2)])
    want = np.result_type(np.dtype(a), np.dtype(b))
    assert got == TensorType(DTYPES[want.name], 2), (a, b, got, want)


@pytest.mark.parametrize("a, b", list(itertools.product(NAMES, NAMES)))
def test_array_with_numpy_scalar(a, b):
    got = result_type("np.multiply", [TensorType(DTYPES[a], 1), SCALAR_OF_DTYPE[DTYPES[b]]])
    want = (np.ones(1, a) * np.dtype(b).type(1)).dtype
    assert got == TensorType(DTYPES[want.name], 1), (a, b)


@pytest.mark.parametrize("a", NAMES)
def test_python_scalars_are_weak(a):
    x = TensorType(DTYPES[a], 1)
    for py, t in ((1, I64), (1.5, F64)):
        want = (np.ones(1, a) + py).dtype
        assert result_type("np.add", [x, t]) == TensorType(DTYPES[want.name], 1), (a, py)


@pytest.mark.parametrize("a", NAMES)
def test_reductions(a):
    x = TensorType(DTYPES[a], 2)
    for op in ("sum", "prod", "max", "mean"):
        want = getattr(np, op)(np.ones((1, 1), a)).dtype
        got = result_type("np." + op, [x])
        assert got == SCALAR_OF_DTYPE[DTYPES[want.name]], (a, op, got, want)


@pytest.mark.parametrize("a", NAMES)
def test_type_text_round_trips(a):
    t = TensorType(DTYPES[a], 3)
    assert parse_type(str(t)) == t and DTYPE_NAMES[t.dtype] == a
