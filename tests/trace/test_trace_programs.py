"""Traced programs (pts.trace) run at several sizes, compared with the eager function.

Every module in `programs/` is plain Python + numpy.  It names what is traced (`TRACE`: a
function or an object with `__call__`) and its inputs (`INPUTS`: a list of argument tuples,
made with a seeded generator).  The test traces `TRACE` on `INPUTS[0]` and calls the trace
on every tuple of `INPUTS`, interpreted and natively: each result must equal the eager
call's (the structure, dtypes and shapes exactly; floats within the tolerances below).  A
program whose Python branches or loops on a size sets `TRACES`: how many traces the calls
must have made (each broken guard traces again); the others must keep one trace, so the
sizes really stayed symbolic.  The eager and the traced call each get their own copy of
the inputs: what they write into them must be the same too.
"""
from __future__ import annotations

import copy
import importlib.util
import sys
from pathlib import Path

import numpy as np
import pytest

import pts

HERE = Path(__file__).resolve().parent
PROGRAMS = sorted((HERE / "programs").glob("*.py"))
sys.path.insert(0, str(HERE.parent / "lang"))
import test_tensor_programs as ttp  # noqa: E402 - its comparison of results

TOLERANCE = {np.dtype(np.float32): (2e-5, 2e-6), np.dtype(np.float64): (1e-12, 1e-13)}


class Tolerance:
    def tolerance(self, dtype) -> tuple[float, float]:
        return TOLERANCE.get(np.dtype(dtype), (1e-12, 1e-13))


def difference(want, got, path: str) -> str | None:
    """tests/lang's comparison of results, with dicts (keys in order, then values)."""
    if isinstance(want, dict):
        if not isinstance(got, dict) or list(got) != list(want):
            return f"{path}: {got!r}, expected a dict with keys {list(want)}"
        for k in want:
            d = difference(want[k], got[k], f"{path}[{k!r}]")
            if d:
                return d
        return None
    if isinstance(want, (tuple, list)) and type(want) is type(got) and len(want) == len(got):
        for i, (w, g) in enumerate(zip(want, got)):
            d = difference(w, g, f"{path}[{i}]")
            if d:
                return d
        return None
    return ttp.difference(want, got, Tolerance(), path)


def load(path: Path):
    spec = importlib.util.spec_from_file_location(f"trace_program_{path.stem}", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _cases():
    """Every program interpreted; natively every fourth in `make test` (the native compile
    is most of the time), the others in `make test-all` (slow)."""
    for k, p in enumerate(PROGRAMS):
        yield pytest.param(p, "interp", id=f"{p.stem}-interp")
        yield pytest.param(p, "native", id=f"{p.stem}-native",
                           marks=() if k % 4 == 0 else pytest.mark.slow)


@pytest.mark.parametrize("path,backend", _cases())
def test_traced_program(path: Path, backend: str):
    m = load(path)
    f = pts.trace(m.TRACE, m.INPUTS[0], backend=backend)
    for i, args in enumerate(m.INPUTS):
        eager_args, traced_args = copy.deepcopy(args), copy.deepcopy(args)
        want = m.TRACE(*eager_args)
        got = f(*traced_args)
        d = difference(want, got, f"inputs[{i}] result")
        assert d is None, f"{path.name} [{backend}]: {d}\n{f.explain()}"
        # what the code wrote into its input arrays, the caller sees, as eagerly
        d = difference(eager_args, traced_args, f"inputs[{i}] after the call")
        assert d is None, f"{path.name} [{backend}]: {d}"
    assert len(f.traces) == getattr(m, "TRACES", 1), f.explain()


def test_corpus_size():
    assert len(PROGRAMS) >= 60
