"""Language programs run three ways — CPython eagerly, the IR interpreter, native — and compared.

Every file in `programs/` is an ordinary Python module written in the pts subset.  Its
`# run: EXPR` lines name the calls to make: EXPR is a call of a top-level function of that
file with literal arguments (numbers, bools, None, strings, lists and tuples of those; `math.inf`,
`math.nan` and `-math.inf` are allowed too).  After the expression, markers may follow,
each introduced by two spaces and `#`:

    # run: hash_mix(40)  # wraps           the eager int result is wrapped to int64 first
    # run: int_becomes_float(0)  # float   an eager int result is compared as float(result)
                                           (a variable that starts as int, becomes float)

The eager CPython run is the reference.  For each run line:
- test_interp / test_native: the scripted function (backend "interp" / "native") must raise the
  same exception type with the same first message line, or return an equal value of identical
  Python types (bool is not int; floats exactly, nan equals nan, -0.0 differs from 0.0), and
  print the same text to sys.stdout.
- test_ir_roundtrip: the IR text for the run's signature, both final and after "lower",
  survives print(parse(text)) unchanged.

Arguments are rebuilt for every call, so a program may mutate a list it is given.

pts must never crash the process, but while it is being written it may: each native pts
call (compile + run) therefore happens in a forked child by default, so a segfault or a hang
(> PTS_LANG_TIMEOUT seconds, default 120) fails that one test instead of the session.
PTS_LANG_ISOLATE=all forks for the interpreter too; PTS_LANG_ISOLATE=none calls pts in the
pytest process (faster, and needed to use a debugger).
"""
from __future__ import annotations

import ast
import builtins
import contextlib
import gc
import importlib.util
import io
import math
import os
import pickle
import select
import signal
import sys
import time
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

import pytest

PROGRAMS = Path(__file__).resolve().parent / "programs"
KNOWN_MARKERS = {"wraps", "float"}
ARG_NAMES = {"math": math}
# which backends run in a forked child: "native" (default), "all" or "none"
ISOLATE = os.environ.get("PTS_LANG_ISOLATE", "native") if hasattr(os, "fork") else "none"
TIMEOUT = float(os.environ.get("PTS_LANG_TIMEOUT", "120"))


@dataclass(frozen=True)
class RunCall:
    """A `# run: f(args)` line of a program file (shared with the tensor runner)."""
    path: Path
    lineno: int
    expr: str            # the call, e.g. "collatz(27)"

    @property
    def id(self) -> str:
        return f"{self.path.name}::{self.expr}"

    @property
    def call(self) -> ast.Call:
        node = ast.parse(self.expr, mode="eval").body
        if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and not node.keywords):
            raise ValueError(f"{self.path.name}:{self.lineno}: run line is not a plain call: {self.expr}")
        return node

    @property
    def func_name(self) -> str:
        return self.call.func.id


@dataclass(frozen=True)
class RunLine(RunCall):
    markers: frozenset   # e.g. {"wraps"}

    def args(self) -> tuple:
        """Fresh argument objects (each call may mutate its lists)."""
        out = []
        for arg in self.call.args:
            try:
                out.append(ast.literal_eval(arg))
            except ValueError:
                code = compile(ast.Expression(arg), "<run-arg>", "eval")
                out.append(eval(code, {"__builtins__": {}}, dict(ARG_NAMES)))
        return tuple(out)


def parse_run_lines(path: Path) -> list[RunLine]:
    runs = []
    for lineno, line in enumerate(path.read_text().splitlines(), 1):
        stripped = line.strip()
        if not stripped.startswith("# run:"):
            continue
        parts = stripped[len("# run:"):].split("  #")
        expr = parts[0].strip()
        markers = frozenset(p.strip() for p in parts[1:])
        unknown = markers - KNOWN_MARKERS
        if unknown:
            raise ValueError(f"{path.name}:{lineno}: unknown run markers {sorted(unknown)}")
        runs.append(RunLine(path, lineno, expr, markers))
    return runs


def all_run_lines() -> list[RunLine]:
    runs = []
    for path in sorted(PROGRAMS.glob("*.py")):
        runs.extend(parse_run_lines(path))
    return runs


@lru_cache(maxsize=None)
def load_module(path: Path):
    """Import a program file under a unique module name (registered, so inspect finds it)."""
    name = f"pts_lang_program_{path.stem}"
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


def py_function(run: RunLine):
    return getattr(load_module(run.path), run.func_name)


@dataclass
class Outcome:
    value: object = None
    exc: BaseException | None = None
    stdout: str = ""

    def describe(self) -> str:
        if self.exc is not None:
            return f"raised {type(self.exc).__name__}({first_line(self.exc)!r})"
        try:
            text = repr(self.value)
        except ValueError:          # an int too long to print
            text = "<huge int>"
        return f"returned {text} ({type_shape(self.value)})"


def call_capturing(fn, args) -> Outcome:
    buf = io.StringIO()
    out = Outcome()
    with contextlib.redirect_stdout(buf):
        try:
            out.value = fn(*args)
        except Exception as e:  # noqa: BLE001 - every user-visible exception is compared
            out.exc = e
    out.stdout = buf.getvalue()
    return out


class ChildFailure(Exception):
    """The forked child died (signal, hang) or raised something that could not come back."""


def _warm_up_function(x: int) -> int:
    return x * 2 + 1


@lru_cache(maxsize=None)
def warm_up() -> None:
    """Import pts and compile one function per backend here, so forked children start warm."""
    try:
        import pts
        for backend in ("interp", "native"):
            pts.script(_warm_up_function, backend=backend)(20)
    except Exception:  # noqa: BLE001 - the tests themselves will report what is broken
        pass


def call_isolated(make_fn, args, backend: str) -> Outcome:
    """call_capturing(make_fn(), args) in a forked child; the Outcome comes back pickled.

    An exception crosses as (builtin type name or qualified name, str(e)) and is rebuilt as
    the builtin type when there is one, so type and message compare as if raised here.
    """
    if ISOLATE not in ("all", backend):
        try:
            fn = make_fn()
        except Exception as e:  # noqa: BLE001
            return Outcome(exc=e)
        return call_capturing(fn, args)
    warm_up()
    sys.stdout.flush()
    sys.stderr.flush()
    # the parent's objects move to the collector's permanent generation: the child's
    # collections skip them instead of writing to (and so copying) every page they live on
    gc.freeze()
    r, w = os.pipe()
    pid = os.fork()
    if pid == 0:                                   # child: never returns into pytest
        status = 0
        try:
            os.close(r)
            try:
                out = call_capturing(make_fn(), args)
            except Exception as e:  # noqa: BLE001 - make_fn itself failed
                out = Outcome(exc=e)
            exc = None
            if out.exc is not None:
                t = type(out.exc)
                name = t.__name__ if getattr(builtins, t.__name__, None) is t else f"{t.__module__}.{t.__qualname__}"
                # (a KeyError's str() is its key's repr: the key crosses, rebuilt below)
                exc = (name, out.exc.args[0] if t is KeyError and out.exc.args else str(out.exc))
            try:
                payload = pickle.dumps((out.value, exc, out.stdout))
            except Exception as e:  # noqa: BLE001
                payload = pickle.dumps((None, ("ChildFailure", f"unpicklable result: {e!r}"), out.stdout))
            with os.fdopen(w, "wb") as f:
                f.write(payload)
        except BaseException:  # noqa: BLE001
            status = 3
        finally:
            os._exit(status)
    os.close(w)
    chunks = []
    deadline = time.monotonic() + TIMEOUT
    with os.fdopen(r, "rb") as f:
        while True:
            left = deadline - time.monotonic()
            ready, _, _ = select.select([f], [], [], max(left, 0))
            if not ready:
                os.kill(pid, signal.SIGKILL)
                os.waitpid(pid, 0)
                return Outcome(exc=ChildFailure(f"pts call did not finish within {TIMEOUT:g} s"))
            chunk = os.read(f.fileno(), 1 << 16)
            if not chunk:
                break
            chunks.append(chunk)
    _, status = os.waitpid(pid, 0)
    if os.WIFSIGNALED(status):
        return Outcome(exc=ChildFailure(f"process killed by signal {os.WTERMSIG(status)} "
                                        f"({signal.Signals(os.WTERMSIG(status)).name})"))
    if not chunks:
        return Outcome(exc=ChildFailure(f"child exited with status {os.WEXITSTATUS(status)} and no result"))
    value, exc, stdout = pickle.loads(b"".join(chunks))
    out = Outcome(value=value, stdout=stdout)
    if exc is not None:
        name, text = exc
        cls = getattr(builtins, name, None)
        if cls is None and "." in name:          # a user class of a program file
            module, _, qualname = name.rpartition(".")
            cls = getattr(sys.modules.get(module), qualname, None)
        if isinstance(cls, type) and issubclass(cls, BaseException):
            out.exc = cls(text) if text or cls is KeyError else cls()
        else:
            out.exc = ChildFailure(f"{name}: {text}")
    return out


def first_line(exc: BaseException) -> str:
    """pts appends the scripted file and line after the message; CPython's message is line one."""
    text = str(exc)
    if text == "" or text.startswith("\n"):
        return ""
    return text.splitlines()[0]


def wrap_int64(v):
    if isinstance(v, bool) or not isinstance(v, int):
        return v
    return (v + 2**63) % 2**64 - 2**63


def map_ints(v, f):
    if isinstance(v, tuple):
        return tuple(map_ints(x, f) for x in v)
    if isinstance(v, list):
        return [map_ints(x, f) for x in v]
    if isinstance(v, int) and not isinstance(v, bool):
        return f(v)
    return v


def type_shape(v) -> str:
    if isinstance(v, tuple):
        return "tuple[" + ", ".join(type_shape(x) for x in v) + "]"
    if isinstance(v, list):
        return "list[" + ", ".join(sorted({type_shape(x) for x in v})) + "]"
    return type(v).__name__


def same_value(a, b) -> bool:
    """Equal with identical types; floats bit-for-bit up to nan payloads."""
    if type(a) is not type(b):
        return False
    if isinstance(a, float):
        if math.isnan(a) or math.isnan(b):
            return math.isnan(a) and math.isnan(b)
        return a == b and math.copysign(1.0, a) == math.copysign(1.0, b)
    if isinstance(a, (tuple, list)):
        return len(a) == len(b) and all(same_value(x, y) for x, y in zip(a, b))
    return a == b


@lru_cache(maxsize=None)
def expected(run: RunLine) -> Outcome:
    out = call_capturing(py_function(run), run.args())
    if out.exc is None:
        if "wraps" in run.markers:
            out.value = map_ints(out.value, wrap_int64)
        if "float" in run.markers:
            out.value = map_ints(out.value, float)
    return out


def assert_same_outcome(run: RunLine, want: Outcome, got: Outcome, how: str) -> None:
    where = f"{run.path.name}:{run.lineno} {run.expr} [{how}]"
    if want.exc is not None or got.exc is not None:
        assert got.exc is not None, f"{where}: CPython {want.describe()}, pts {got.describe()}"
        assert want.exc is not None, f"{where}: CPython {want.describe()}, pts {got.describe()}"
        assert type(got.exc) is type(want.exc), f"{where}: CPython {want.describe()}, pts {got.describe()}"
        assert first_line(got.exc) == str(want.exc), \
            f"{where}: CPython {want.describe()}, pts {got.describe()}"
    else:
        assert same_value(want.value, got.value), f"{where}: CPython {want.describe()}, pts {got.describe()}"
    assert got.stdout == want.stdout, f"{where}: stdout differs"


RUNS = all_run_lines()
RUN_IDS = [r.id for r in RUNS]


def scripted(run: RunLine, backend: str):
    import pts
    return pts.script(py_function(run), backend=backend)


@contextlib.contextmanager
def verified_elsewhere():
    """PTS_VERIFY off for a compile whose IR test_interp has verified after every pass: the
    frontend and the IR passes do not depend on the backend (pts.compiler.compile), so the
    native compile of a run line, its IR round trip and its archive make the same IR the
    interpreted run checked (tests/conftest.py turns the verifier on everywhere else)."""
    old = os.environ.get("PTS_VERIFY")
    os.environ["PTS_VERIFY"] = "0"
    try:
        yield
    finally:
        if old is None:
            os.environ.pop("PTS_VERIFY", None)
        else:
            os.environ["PTS_VERIFY"] = old


@lru_cache(maxsize=None)
def _scripted_once(path: Path, func_name: str, backend: str):
    import pts
    return pts.script(getattr(load_module(path), func_name), backend=backend)


@pytest.mark.parametrize("run", RUNS, ids=RUN_IDS)
def test_interp(run: RunLine):
    # one ScriptFunction per program function: run lines with the same signature share its
    # compiled code, as a user's repeated calls would (native runs compile in their child)
    want = expected(run)
    got = call_isolated(lambda: _scripted_once(run.path, run.func_name, "interp"), run.args(),
                        "interp")
    assert_same_outcome(run, want, got, "interp")


def signature_key(run: RunLine) -> tuple:
    """What a run line's IR depends on: the function and the types of its arguments (and
    the values of strings, bools and None, which pts may fold in)."""
    try:
        args = run.args()
    except Exception:  # noqa: BLE001 - a run line the test itself reports
        return (run.path, run.expr)
    return (run.path, run.func_name, tuple(_arg_key(a) for a in args))


def _arg_key(a):
    if a is None or isinstance(a, (str, bool)):
        return a
    if hasattr(a, "dtype") and hasattr(a, "ndim"):      # a numpy array (tensor programs)
        return ("ndarray", str(a.dtype), a.ndim)
    return type_shape(a)


def one_run_per_signature(runs: list) -> list:
    seen, out = set(), []
    for run in runs:
        if signature_key(run) not in seen:
            seen.add(signature_key(run))
            out.append(run)
    return out


def native_params(runs: list) -> list:
    """Each native run line is a compile of its own (in a forked child) unless an earlier
    line of the same signature put that compile in the disk cache: make test runs natively
    every line of each program's first signature (every program's forms reach LLVM), make
    test-all every line (the other signatures: ~1700 more compiles, ~70% of this file's
    native time).  test_interp and the eager run take every line in both."""
    first_signature: dict = {}
    out = []
    for run in runs:
        key = signature_key(run)
        first = first_signature.setdefault(run.path, key) == key
        out.append(pytest.param(run, id=run.id, marks=() if first else pytest.mark.slow))
    return out


@pytest.mark.parametrize("run", native_params(RUNS))
def test_native(run: RunLine):
    want = expected(run)
    with verified_elsewhere():
        got = call_isolated(lambda: scripted(run, "native"), run.args(), "native")
    assert_same_outcome(run, want, got, "native")


def roundtrip_params(runs: list) -> list:
    """The IR of a function depends on its signature only: one round trip per signature;
    make test takes each program's first (the printer and parser meet every program's
    forms), make test-all every signature."""
    out, files = [], set()
    for run in one_run_per_signature(runs):
        first = run.path not in files
        files.add(run.path)
        out.append(pytest.param(run, id=run.id, marks=() if first else pytest.mark.slow))
    return out


@pytest.mark.parametrize("run", roundtrip_params(RUNS))
def test_ir_roundtrip(run: RunLine):
    from pts.ir.parser import parse_module
    from pts.ir.printer import print_module
    f = scripted(run, "native")
    for after in (None, "lower"):
        with verified_elsewhere():
            text = f.ir(*run.args(), after=after)
        assert isinstance(text, str) and text.strip(), f"{run.id}: empty IR (after={after})"
        again = print_module(parse_module(text))
        assert again == text, f"{run.id}: IR text changes on re-parse (after={after})"


def test_programs_exist():
    assert len(RUNS) >= 90, "expected the program corpus under tests/lang/programs"
