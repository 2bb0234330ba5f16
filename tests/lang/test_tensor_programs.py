"""Tensor programs run three ways — numpy eagerly, the IR interpreter, native — and compared.

Every file in `tensor_programs/` (except check_eager.py) is an ordinary Python module written
in the pts tensor subset: the scalar language plus numpy arrays (`import numpy as np`).
Its `# run: EXPR` lines name the calls to make.  EXPR is a call of a top-level function of
that file; each argument is a Python expression that may use `np` and `math`, e.g.

    # run: row_sums(np.arange(6, dtype=np.float32).reshape(2, 3))
    # run: flip(np.arange(10.0)[::-2])                 a non-contiguous view
    # run: gelu(np.linspace(-3, 3, 13))  # rtol=1e-6   a tolerance marker

Markers follow the expression, each introduced by two spaces and `#`:
    rtol=X   relative tolerance for every floating comparison of this run line
    atol=X   absolute tolerance for every floating comparison of this run line

Default tolerances (when no marker is given), by the dtype of the value compared:
    int and bool arrays / scalars        exact
    float32 (arrays and np.float32)      rtol 1e-5,  atol 1e-6
    float64 (arrays, np.float64, float)  rtol 1e-12, atol 1e-14
    float16 (arrays and np.float16)      rtol 1e-12, atol 1e-14: bit for bit in practice
                                         (pts rounds after every op, as numpy does)
Floating comparisons are np.isclose(got, want, rtol, atol) elementwise, with nan only
matching nan and inf only matching an inf of the same sign.

The eager numpy run is the reference.  For each run line:
- test_interp / test_native: the scripted function (backend "interp" / "native") must raise
  the same exception type with the same first message line (numpy's messages, e.g. the
  trailing space of "operands could not be broadcast together with shapes (2,3) (4,) "), or
  return a result of the same structure:
    ndarray          same dtype, same shape, equal values (within the tolerance for floats)
    numpy scalar     same numpy type (np.float32 is not np.float64 is not float), equal value
    Python scalar    same Python type (bool is not int), equal value
    tuple / list     same length, elementwise
  After a successful call the arguments are compared the same way: mutation through
  subscript assignment (`x[0] = 1.0`) must be visible in the caller exactly as in numpy.
  Stdout must match too.
- test_ir_roundtrip: the IR text for the run's signature, both final and after "lower",
  survives print(parse(text)) unchanged.
- test_eager_deterministic: the corpus itself — two eager runs agree exactly.

Arguments are rebuilt (the EXPR re-evaluated) for every call, so a program may mutate them.
All calls run under np.errstate(all="ignore") with warnings ignored: warnings are not part
of the comparison (int // 0 gives 0 in numpy, with a warning that pts does not reproduce).

Native calls run in a forked child (see test_programs.py, PTS_LANG_ISOLATE/PTS_LANG_TIMEOUT).
"""
from __future__ import annotations

import ast
import importlib.util
import math
import os
import sys
import warnings
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

import numpy as np
import pytest

HERE = Path(__file__).resolve().parent
try:                                    # pytest's default (prepend) import mode puts HERE on sys.path
    import test_programs as tp
except ImportError:                     # run some other way: load it by path under the same name
    _spec = importlib.util.spec_from_file_location("test_programs", HERE / "test_programs.py")
    tp = importlib.util.module_from_spec(_spec)
    sys.modules[_spec.name] = tp
    _spec.loader.exec_module(tp)

TENSOR_PROGRAMS = HERE / "tensor_programs"
NOT_PROGRAMS = {"check_eager.py"}
ARG_NAMES = {"np": np, "math": math}
TOLERANCE_MARKERS = ("rtol", "atol")
DEFAULT_TOL = {          # dtype kind -> (rtol, atol)
    np.dtype(np.float32): (1e-5, 1e-6),
    np.dtype(np.float64): (1e-12, 1e-14),
}


@dataclass(frozen=True)
class RunLine(tp.RunCall):
    """A run line with its tolerances, e.g. "softmax(np.arange(6.0).reshape(2, 3))"."""
    rtol: float | None
    atol: float | None

    def args(self) -> tuple:
        """Fresh argument objects: every argument expression is evaluated again."""
        out = []
        for arg in self.call.args:
            code = compile(ast.Expression(arg), f"<run-arg {self.path.name}:{self.lineno}>", "eval")
            out.append(eval(code, {"__builtins__": {}}, dict(ARG_NAMES)))
        return tuple(out)

    def tolerance(self, dtype: np.dtype) -> tuple[float, float]:
        rtol, atol = DEFAULT_TOL.get(np.dtype(dtype), (1e-12, 1e-14))
        return (rtol if self.rtol is None else self.rtol,
                atol if self.atol is None else self.atol)


def parse_run_lines(path: Path) -> list[RunLine]:
    runs = []
    for lineno, line in enumerate(path.read_text().splitlines(), 1):
        stripped = line.strip()
        if not stripped.startswith("# run:"):
            continue
        parts = stripped[len("# run:"):].split("  #")
        expr = parts[0].strip()
        tol = {}
        for marker in parts[1:]:
            key, eq, value = marker.strip().partition("=")
            if key not in TOLERANCE_MARKERS or not eq:
                raise ValueError(f"{path.name}:{lineno}: unknown run marker {marker.strip()!r}")
            tol[key] = float(value)
        runs.append(RunLine(path, lineno, expr, tol.get("rtol"), tol.get("atol")))
    return runs


def program_paths() -> list[Path]:
    return [p for p in sorted(TENSOR_PROGRAMS.glob("*.py")) if p.name not in NOT_PROGRAMS]


def all_run_lines() -> list[RunLine]:
    return [r for p in program_paths() for r in parse_run_lines(p)]


@lru_cache(maxsize=None)
def load_module(path: Path):
    """Import a program file under a unique module name (registered, so inspect finds it)."""
    name = f"pts_tensor_program_{path.stem}"
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


def py_function(run: RunLine):
    return getattr(load_module(run.path), run.func_name)


def with_args_after(fn):
    """fn(*args) -> (result, args): the arguments come back so mutation can be compared."""
    def call(*args):
        with np.errstate(all="ignore"), warnings.catch_warnings():
            warnings.simplefilter("ignore")       # "Mean of empty slice" and the like
            return fn(*args), args
    return call


# ---------------------------------------------------------------------------- comparison

def describe(v) -> str:
    if isinstance(v, np.ndarray):
        body = np.array2string(v, threshold=40, precision=17 if v.dtype == np.float64 else 9)
        return f"ndarray[{v.dtype}, shape={v.shape}] {body}"
    if isinstance(v, (tuple, list)):
        inner = ", ".join(describe(x) for x in v)
        return f"{type(v).__name__}({inner})"
    return f"{type(v).__module__}.{type(v).__qualname__}({v!r})"


def _float_close(want, got, rtol: float, atol: float):
    """Elementwise: within tolerance, nan only at nan, inf only at the same inf."""
    want = np.asarray(want)
    got = np.asarray(got)
    return np.isclose(got, want, rtol=rtol, atol=atol, equal_nan=True)


def difference(want, got, run: RunLine, path: str = "result") -> str | None:
    """None when `got` matches `want`, else a description of the first mismatch."""
    if type(want) is not type(got):
        return f"{path}: type {type(got).__module__}.{type(got).__qualname__}, " \
               f"expected {type(want).__module__}.{type(want).__qualname__} " \
               f"(got {describe(got)}, expected {describe(want)})"
    if isinstance(want, (tuple, list)):
        if len(want) != len(got):
            return f"{path}: length {len(got)}, expected {len(want)}"
        for i, (w, g) in enumerate(zip(want, got)):
            d = difference(w, g, run, f"{path}[{i}]")
            if d:
                return d
        return None
    if isinstance(want, np.ndarray):
        if want.dtype != got.dtype:
            return f"{path}: dtype {got.dtype}, expected {want.dtype}"
        if want.shape != got.shape:
            return f"{path}: shape {got.shape}, expected {want.shape}"
        if want.dtype.kind == "f":
            ok = _float_close(want, got, *run.tolerance(want.dtype))
        else:
            ok = want == got
        if not np.all(ok):
            bad = tuple(int(i) for i in np.argwhere(~np.asarray(ok))[0])
            return f"{path}: values differ first at {bad}: got {got[bad]!r}, expected {want[bad]!r}\n" \
                   f"  got      {describe(got)}\n  expected {describe(want)}"
        return None
    if isinstance(want, (float, np.floating)):        # float, np.float32, np.float64
        dtype = want.dtype if isinstance(want, np.generic) else np.dtype(np.float64)
        if not bool(_float_close(want, got, *run.tolerance(dtype))):
            return f"{path}: {got!r}, expected {want!r}"
        return None
    if want != got:
        return f"{path}: {describe(got)}, expected {describe(want)}"
    return None


# ---------------------------------------------------------------------------- outcomes

@lru_cache(maxsize=None)
def expected(run: RunLine) -> tp.Outcome:
    """The eager numpy outcome; .value is (result, args after the call) on success."""
    return tp.call_capturing(with_args_after(py_function(run)), run.args())


def exc_text(out: tp.Outcome) -> str:
    return f"{type(out.exc).__name__}({tp.first_line(out.exc)!r})"


def assert_same_outcome(run: RunLine, want: tp.Outcome, got: tp.Outcome, how: str) -> None:
    where = f"{run.path.name}:{run.lineno} {run.expr} [{how}]"
    if want.exc is not None or got.exc is not None:
        if got.exc is None:
            pytest.fail(f"{where}: numpy raised {exc_text(want)}, pts returned {describe(got.value[0])}")
        if want.exc is None:
            pytest.fail(f"{where}: numpy returned {describe(want.value[0])}, pts raised {exc_text(got)}")
        assert type(got.exc) is type(want.exc) and tp.first_line(got.exc) == str(want.exc), \
            f"{where}: numpy raised {type(want.exc).__name__}({str(want.exc)!r}), pts raised {exc_text(got)}"
    else:
        want_result, want_args = want.value
        got_result, got_args = got.value
        d = difference(want_result, got_result, run)
        assert d is None, f"{where}: {d}"
        d = difference(tuple(want_args), tuple(got_args), run, "arguments after the call")
        assert d is None, f"{where}: {d}"
    assert got.stdout == want.stdout, f"{where}: stdout {got.stdout!r}, expected {want.stdout!r}"


RUNS = all_run_lines()
RUN_IDS = [r.id for r in RUNS]


def scripted(run: RunLine, backend: str):
    return _scripted(run.path, run.func_name, backend)


@lru_cache(maxsize=None)
def _scripted(path: Path, func_name: str, backend: str):
    """One ScriptFunction per program function and backend: run lines with the same
    signature share its compiled code, as a user's repeated calls would."""
    import pts
    return pts.script(getattr(load_module(path), func_name), backend=backend)


def run_scripted(run: RunLine, backend: str) -> tp.Outcome:
    # Tensor programs run in this process unless PTS_LANG_ISOLATE asks for forked children:
    # forking per call doubles the suite's time, and the scalar corpus already guards
    # against crashes of the native code path that both share.
    if os.environ.get("PTS_LANG_ISOLATE"):
        return tp.call_isolated(lambda: with_args_after(scripted(run, backend)), run.args(),
                                backend)
    return tp.call_capturing(with_args_after(scripted(run, backend)), run.args())


@pytest.mark.parametrize("run", RUNS, ids=RUN_IDS)
def test_eager_deterministic(run: RunLine):
    want = expected(run)
    again = tp.call_capturing(with_args_after(py_function(run)), run.args())
    exact = RunLine(run.path, run.lineno, run.expr, 0.0, 0.0)
    assert_same_outcome(exact, want, again, "eager twice")


@pytest.mark.parametrize("run", RUNS, ids=RUN_IDS)
def test_interp(run: RunLine):
    assert_same_outcome(run, expected(run), run_scripted(run, "interp"), "interp")


@pytest.mark.parametrize("run", RUNS, ids=RUN_IDS)
def test_native(run: RunLine):
    with tp.verified_elsewhere():
        got = run_scripted(run, "native")
    assert_same_outcome(run, expected(run), got, "native")


@pytest.mark.parametrize("run", tp.roundtrip_params(RUNS))
def test_ir_roundtrip(run: RunLine):
    from pts.ir.parser import parse_module
    from pts.ir.printer import print_module
    f = scripted(run, "native")
    for after in (None, "lower"):
        with tp.verified_elsewhere():
            text = f.ir(*run.args(), after=after)
        assert isinstance(text, str) and text.strip(), f"{run.id}: empty IR (after={after})"
        again = print_module(parse_module(text))
        assert again == text, f"{run.id}: IR text changes on re-parse (after={after})"


def test_tensor_programs_exist():
    assert len(program_paths()) >= 85, "expected the tensor program corpus under tests/lang/tensor_programs"
    assert len(RUNS) >= 300
    for path in program_paths():
        assert parse_run_lines(path), f"{path.name}: no `# run:` lines"
