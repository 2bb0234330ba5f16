"""Real-world programs from public sources, run three ways against CPython (issue 30).

Every file in `programs/` is a program as its authors published it (pyperformance, the
Benchmarks Game, Are We Fast Yet, Rosetta Code, Numba's and NumPy's documentation), changed
only by type annotations and the smallest driver that calls it; its header names the source,
the licence and the changes.  `README.md` tables them with their status.

A program's `# run: EXPR` lines are calls of its top-level functions, as in
tests/lang/test_programs.py (scalar programs: literal arguments) and
tests/lang/test_tensor_programs.py (a program that imports numpy: any expression over `np`
and `math`, with `rtol=`/`atol=` markers).  The runners' own helpers do the calling and the
comparing: for each run line the CPython call is the reference (the program run eagerly, as
plain Python + numpy), and the scripted function, through the IR interpreter and natively,
must return the same value (or raise the same exception) and print the same text.

Each program is loaded afresh for the reference and for each backend (a module of its own),
because some programs keep state in their module (pyperformance's nbody moves the planets of
its BODIES; the Benchmarks Game's fasta draws from a module-level generator): every way
starts from the published initial state.

A scalar program's run line takes tests/lang's markers: `  # float` compares an int result
of CPython as a float (pts's variable that is an int, then a float, is a float throughout),
`  # wraps` wraps it to 64 bits first.  `  # slow-interp` (any program) puts the run line's
interpreted run in `make test-all` only: a published driver that takes minutes through the
IR interpreter.

A program that pts cannot run yet is marked, in its header, with

    # xfail: waits for: <what> (<the exact first CompileError>)

(or `# xfail-native:` for the native backend only; a run line may carry its own
`  # xfail: ...` marker; a reason that starts with "(not run)" is not run at all: a program
that would take minutes, or hours through the interpreter).  The marks are strict: when the feature lands the test turns red
and the mark comes off (update README.md with it).  `python tests/realworld/status.py`
prints every program's first error, for the README's table.
"""
from __future__ import annotations

import importlib.util
import os
import re
import sys
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

import numpy as np
import pytest

HERE = Path(__file__).resolve().parent
PROGRAMS = HERE / "programs"
LANG = HERE.parent / "lang"


def _runner(name: str):
    """tests/lang's runner module `name`, imported once under its own name (as pytest does)."""
    if name not in sys.modules:
        if str(LANG) not in sys.path:
            sys.path.insert(0, str(LANG))       # test_tensor_programs imports test_programs
        spec = importlib.util.spec_from_file_location(name, LANG / f"{name}.py")
        module = importlib.util.module_from_spec(spec)
        sys.modules[name] = module
        spec.loader.exec_module(module)
    return sys.modules[name]


tp = _runner("test_programs")
tt = _runner("test_tensor_programs")

BACKENDS = ("interp", "native")
MARK = re.compile(r"^# (xfail|xfail-native): (.+)$")


@dataclass(frozen=True)
class Program:
    path: Path
    tensor: bool                  # imports numpy: arguments and results compare as arrays
    xfail: dict                   # backend -> reason, from the header

    @property
    def name(self) -> str:
        return self.path.stem

    def header(self) -> str:
        lines = []
        for line in self.path.read_text().splitlines():
            if not line.startswith("#"):
                break
            lines.append(line)
        return "\n".join(lines)


@dataclass(frozen=True)
class Run:
    program: Program
    line: object                  # tp.RunLine or tt.RunLine: the call and its markers
    xfail: dict                   # backend -> reason (the header's, or the run line's own)
    slow_interp: bool = False     # `  # slow-interp`: through the interpreter in make test-all

    @property
    def id(self) -> str:
        return f"{self.program.name}::{self.line.expr}"


def read_program(path: Path) -> Program:
    text = path.read_text()
    xfail = {}
    for line in text.splitlines():
        m = MARK.match(line)
        if m:
            kind, reason = m.groups()
            for backend in (BACKENDS if kind == "xfail" else ("native",)):
                xfail[backend] = reason.strip()
    tensor = re.search(r"^import numpy|^from numpy", text, re.M) is not None
    return Program(path, tensor, xfail)


# a run line marked `  # slow-interp` takes minutes through the IR interpreter (pyperformance's
# full drivers): its interpreted run is a slow test (make test-all); CPython and native run it
# in make test, and the program's other run lines go through the interpreter there too
SLOW_INTERP = "slow-interp"


def read_runs(program: Program) -> list[Run]:
    """The run lines, each with its own `  # xfail: reason` marker taken off first."""
    runs = []
    for lineno, raw in enumerate(program.path.read_text().splitlines(), 1):
        stripped = raw.strip()
        if not stripped.startswith("# run:"):
            continue
        expr, _, own = stripped[len("# run:"):].partition("  # xfail: ")
        xfail = dict(program.xfail)
        if own:
            xfail = {b: own.strip() for b in BACKENDS}
        parts = expr.split("  #")
        slow_interp = any(p.strip() == SLOW_INTERP for p in parts[1:])
        parts = [p for p in parts if p.strip() != SLOW_INTERP]
        if program.tensor:
            tol = dict(p.strip().split("=", 1) for p in parts[1:])
            line = tt.RunLine(program.path, lineno, parts[0].strip(),
                              float(tol["rtol"]) if "rtol" in tol else None,
                              float(tol["atol"]) if "atol" in tol else None)
        else:
            line = tp.RunLine(program.path, lineno, parts[0].strip(),
                              frozenset(p.strip() for p in parts[1:]))
        runs.append(Run(program, line, xfail, slow_interp))
    return runs


def all_programs() -> list[Program]:
    return [read_program(p) for p in sorted(PROGRAMS.glob("*.py"))]


@lru_cache(maxsize=None)
def load(path: Path, tag: str):
    """A fresh module of the program for one way of running it ("cpython", "interp", ...)."""
    name = f"pts_realworld_{path.stem}_{tag}"
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module              # registered, so inspect finds the source
    spec.loader.exec_module(module)
    return module


@lru_cache(maxsize=None)
def _scripted(path: Path, func_name: str, backend: str):
    import pts
    return pts.script(getattr(load(path, backend), func_name), backend=backend)


def expected(run: Run) -> "tp.Outcome":
    return _expected(run.program.path, run.line)


@lru_cache(maxsize=None)
def _expected(path: Path, line) -> "tp.Outcome":
    fn = getattr(load(path, "cpython"), line.func_name)
    if isinstance(line, tt.RunLine):
        return tp.call_capturing(tt.with_args_after(fn), line.args())
    out = tp.call_capturing(fn, line.args())
    if out.exc is None:             # the `# wraps` and `# float` markers, as tp.expected
        if "wraps" in line.markers:
            out.value = tp.map_ints(out.value, tp.wrap_int64)
        if "float" in line.markers:
            out.value = tp.map_ints(out.value, float)
    return out


def outcome(run: Run, backend: str) -> "tp.Outcome":
    """The scripted call; for a scalar program natively in a forked child
    (tp.call_isolated), so that a crash of a program fails its test, not the session."""
    path, line = run.program.path, run.line
    load(path, backend)         # here too, so an exception class of the program comes back
    make = lambda: _scripted(path, line.func_name, backend)     # noqa: E731
    if isinstance(line, tt.RunLine):
        # as tt.run_scripted: in this process unless PTS_LANG_ISOLATE says otherwise (a
        # forked child of a process whose numpy and kernel threads are running can hang)
        if os.environ.get("PTS_LANG_ISOLATE"):
            return tp.call_isolated(lambda: tt.with_args_after(make()), line.args(), backend)
        return tp.call_capturing(tt.with_args_after(make()), line.args())
    return tp.call_isolated(make, line.args(), backend)


def same_program_class(want: BaseException | None, got: BaseException | None) -> bool:
    """Both exceptions are of the program's own class (say U1), each from its own module."""
    a, b = type(want), type(got)
    return (want is not None and got is not None and a is not b
            and a.__module__.startswith("pts_realworld_") and b.__module__.startswith("pts_realworld_")
            and a.__qualname__ == b.__qualname__)


def check(run: Run, backend: str) -> None:
    want, got = expected(run), outcome(run, backend)
    if same_program_class(want.exc, got.exc):
        got.exc = type(want.exc)(*got.exc.args)     # the class is the same, module aside
    if isinstance(run.line, tt.RunLine):
        tt.assert_same_outcome(run.line, want, got, backend)
    else:
        tp.assert_same_outcome(run.line, want, got, backend)


PROGRAM_LIST = all_programs()
RUNS = [r for p in PROGRAM_LIST for r in read_runs(p)]


def _params(backend: str):
    out = []
    for r in RUNS:
        marks = []
        if backend in r.xfail:
            marks.append(pytest.mark.xfail(strict=True, reason=r.xfail[backend],
                                           run=not r.xfail[backend].startswith("(not run)")))
        if backend == "interp" and r.slow_interp:
            marks.append(pytest.mark.slow)
        out.append(pytest.param(r, id=r.id, marks=marks))
    return out


@pytest.mark.parametrize("run", _params("interp"))
def test_interp(run: Run):
    check(run, "interp")


@pytest.mark.parametrize("run", _params("native"))
def test_native(run: Run):
    check(run, "native")


# ---------------------------------------------------------------------------- the corpus

README = HERE / "README.md"


def readme_rows() -> dict[str, str]:
    """program name -> status cell of README.md's table."""
    rows = {}
    for line in README.read_text().splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) >= 4 and cells[0].startswith("`") and cells[0].endswith("`"):
            rows[cells[0].strip("`")] = cells[3]
    return rows


def test_corpus():
    """At least 30 programs, each credited (source and licence) and called by run lines."""
    assert len(PROGRAM_LIST) >= 30
    for p in PROGRAM_LIST:
        header = p.header()
        assert "# Source:" in header and "# Licence:" in header, f"{p.name}: no credit header"
        assert "# Changes:" in header, f"{p.name}: the header does not say what changed"
        assert read_runs(p), f"{p.name}: no `# run:` lines"


def test_readme_lists_every_program():
    """README.md's table has one row per program, and its status agrees with the marks."""
    rows = readme_rows()
    assert sorted(rows) == sorted(p.name for p in PROGRAM_LIST)
    for p in PROGRAM_LIST:
        runs = read_runs(p)
        passing = not any(r.xfail for r in runs)
        status = rows[p.name]
        assert status.startswith("passes") == passing, \
            f"README.md says {status!r} for {p.name}, its marks say {'passes' if passing else 'xfail'}"
