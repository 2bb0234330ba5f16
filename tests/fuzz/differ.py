"""Run a program in CPython/numpy and in every pts backend, and list where they differ.

    check(program) -> Report(calls, refusals, differences)

The backends (BACKENDS): the IR interpreter, native tier 0 (PTS_TIER=fast) and native
tier 2 (PTS_TIER=opt).  backend/jit.py reads PTS_TIER at each compile, so one process
could run them all; each runs in a forked child anyway, all of a program's calls in it,
so that a crash or a hang of compiled code is an outcome ("crash") instead of the end of
the campaign.  The disk cache is off in the child: every compile is the tier asked for.

The reference is the program run eagerly in CPython, with the differences the README's
"Where pts differs from Python" documents emulated (`reference_namespace`): int results
wrapped to 64 bits, `int / int` through float, `min`/`max` of mixed numbers returning a
float, `int()`/`math.floor`/`math.ceil` of a float beyond int64 and a float power that
would be complex raising pts's errors, `v in xs` and `xs == ys` with IEEE `==`, a
negative literal exponent giving a float.  Numpy calls run under np.errstate(all="ignore").

Compared per call (`compare`): the result bit for bit (`same`: identical types; floats by
their bits, every nan equal to every nan, -0.0 != 0.0; arrays by dtype, shape and bytes
the same way), or the exception's type name and the first line of its message (pts adds
the scripted file and line below); stdout; and the arguments after the call.  Numpy floats
of a program that uses vmath's functions are compared within `tolerance`.  A backend that
refuses the program (pts.CompileError) is counted in `refusals`, not a difference.
"""
from __future__ import annotations

import ast
import atexit
import builtins
import contextlib
import faulthandler
import hashlib
import importlib.util
import io
import math
import operator as _op
import os
import pickle
import re
import select
import shutil
import signal
import sys
import tempfile
import time
import warnings
from dataclasses import dataclass, field

import numpy as np

from progen import Program, copy_args

BACKENDS = [("interp", "interp", None), ("fast", "native", "fast"), ("opt", "native", "opt")]
TIMEOUT = float(os.environ.get("PTS_FUZZ_TIMEOUT", "60"))   # seconds per backend and program
_DIR = tempfile.mkdtemp(prefix="pts-fuzz-")          # the programs' source files (pts reads them)
atexit.register(shutil.rmtree, _DIR, True)          # (forked children leave by os._exit)


# ---------------------------------------------------------------------------- outcomes

@dataclass
class Outcome:
    kind: str                       # "ok", "raise", "refused" (CompileError), "crash"
    value: object = None
    exc: tuple = ("", "")           # (type name, first line of the message)
    stdout: str = ""
    args_after: tuple = ()

    def describe(self) -> str:
        if self.kind == "ok":
            return f"returned {show(self.value)}"
        if self.kind == "raise":
            return f"raised {self.exc[0]}({self.exc[1]!r})"
        return f"{self.kind}: {self.exc[1]}"


def show(v) -> str:
    if isinstance(v, np.ndarray):
        return f"array({np.array2string(v, separator=', ', threshold=40)}, dtype={v.dtype.name})"
    if isinstance(v, float) or isinstance(v, np.floating):
        return f"{type(v).__name__}({v!r})"
    if isinstance(v, tuple):
        return "(" + ", ".join(show(x) for x in v) + ("," if len(v) == 1 else "") + ")"
    if isinstance(v, list):
        return "[" + ", ".join(show(x) for x in v) + "]"
    return repr(v)


def first_line(exc: BaseException) -> str:
    text = str(exc)
    return "" if not text or text.startswith("\n") else text.splitlines()[0]


def call_capturing(fn, args: tuple) -> Outcome:
    """fn(*args) with stdout captured; exceptions become the outcome, never escape."""
    buf = io.StringIO()
    with contextlib.redirect_stdout(buf), np.errstate(all="ignore"), warnings.catch_warnings():
        warnings.simplefilter("ignore")
        try:
            value = fn(*args)
            out = Outcome("ok", value)
        except ReferenceTimeout:
            raise
        except Exception as e:  # noqa: BLE001 - every user-visible exception is compared
            from pts import CompileError
            if isinstance(e, CompileError):
                out = Outcome("refused", exc=("CompileError", first_line(e)))
            else:
                out = Outcome("raise", exc=(type(e).__name__, first_line(e)))
    out.stdout = buf.getvalue()
    out.args_after = args
    return out


# ---------------------------------------------------------------------------- comparison

def same(a, b, tol: tuple = (0.0, 0.0)) -> bool:
    """Equal with identical types; floats bit for bit except that all nans are equal.

    tol = (rtol, atol) > 0 lets numpy floats (arrays and scalars) differ as np.isclose
    allows, with infinities matching exactly: for programs that use numpy's transcendental
    functions, which pts computes with its own vmath (README: within 3 ulp of numpy; more
    where a later operation amplifies it, sin(exp(x))).  Python floats are always compared
    bit for bit (pts calls libm for `math`, as CPython does)."""
    if type(a) is not type(b):
        return False
    if isinstance(a, (np.ndarray, np.floating)):
        a, b = np.asarray(a), np.asarray(b)
        if a.dtype != b.dtype or a.shape != b.shape:
            return False
        if a.dtype.kind == "f":
            ia = np.ascontiguousarray(a).view(f"i{a.itemsize}")
            ib = np.ascontiguousarray(b).view(f"i{b.itemsize}")
            close = (ia == ib) | (np.isnan(a) & np.isnan(b))
            if tol[0] or tol[1]:
                with np.errstate(all="ignore"):
                    close |= np.isclose(a, b, rtol=tol[0], atol=tol[1]) & (np.isinf(a) == np.isinf(b))
            return bool(np.all(close))
        return np.ascontiguousarray(a).tobytes() == np.ascontiguousarray(b).tobytes()
    if isinstance(a, float):
        if math.isnan(a) or math.isnan(b):
            return bool(math.isnan(a) and math.isnan(b))
        return np.asarray(a).tobytes() == np.asarray(b).tobytes()
    if isinstance(a, (tuple, list)):
        return len(a) == len(b) and all(same(x, y, tol) for x, y in zip(a, b))
    return bool(a == b)


def compare(want: Outcome, got: Outcome, tol: tuple = (0.0, 0.0)) -> str | None:
    """What differs between the reference and a backend's outcome, or None."""
    if got.kind == "refused":
        return None
    if want.kind != got.kind:
        return "outcome"
    if want.kind == "raise" and want.exc != got.exc:
        return "exception"
    if want.kind == "ok" and not same(want.value, got.value, tol):
        return "value"
    if want.stdout != got.stdout:
        return "stdout"
    if not same(want.args_after, got.args_after, tol):
        return "arguments"
    return None


# ---------------------------------------------------------------------------- the reference

INT64 = 2**64


def wrap(v):
    """An exact Python int wrapped to int64, as pts's ints wrap; anything else unchanged."""
    if type(v) is int:
        return (v + 2**63) % INT64 - 2**63
    return v


def _is_int(v) -> bool:
    return type(v) in (int, bool)


def _is_number(v) -> bool:
    return type(v) in (int, bool, float)


def _float_to_int(x: float) -> int:
    if math.isfinite(x) and not (-2.0**63 <= x < 2.0**63):
        raise OverflowError("int too large for a 64-bit pts int")
    return int(x)


def pts_binop(op: str, a, b):
    if op == "** literal":          # a negative literal exponent
        if _is_int(a) and _is_int(b):
            return a ** b
        op = "**"
    if _is_int(a) and _is_int(b):
        if op == "**":
            if b < 0:
                raise ValueError("pts int ** int needs a non-negative exponent (use a float base)")
            return wrap(pow(a, b, INT64))
        if op == "/":
            return a / b if b == 0 else float(a) / float(b)
        if op == "<<" and b >= 64:
            return 0
    elif op == "**" and type(a) in (int, bool, float) and type(b) in (int, bool, float):
        if a < 0 and math.isfinite(a) and math.isfinite(b) and not float(b).is_integer():
            raise ValueError("negative number cannot be raised to a fractional power")
    return wrap(BINOPS[op](a, b))


def pts_unary(op: str, a):
    return wrap(UNOPS[op](a))


def _mixed(args) -> bool:
    return any(type(a) is float for a in args) and any(type(a) is int for a in args)


def pts_min(*args):
    r = builtins.min(*args)
    return float(r) if _mixed(args) else r


def pts_max(*args):
    r = builtins.max(*args)
    return float(r) if _mixed(args) else r


def pts_abs(x):
    return wrap(builtins.abs(x))


def pts_int(x=0):
    return _float_to_int(x) if type(x) is float else builtins.int(x)


class _Math:
    """`math` as pts computes it: floor and ceil of a float are 64-bit ints."""

    def __getattr__(self, name):
        return getattr(math, name)

    @staticmethod
    def floor(x):
        return _float_to_int(float(math.floor(x))) if type(x) is float and math.isfinite(x) else math.floor(x)

    @staticmethod
    def ceil(x):
        return _float_to_int(float(math.ceil(x))) if type(x) is float and math.isfinite(x) else math.ceil(x)


BINOPS = {"+": _op.add, "-": _op.sub, "*": _op.mul, "/": _op.truediv, "//": _op.floordiv,
          "%": _op.mod, "**": _op.pow, "<<": _op.lshift, ">>": _op.rshift, "&": _op.and_,
          "|": _op.or_, "^": _op.xor, "@": _op.matmul}
UNOPS = {"-": _op.neg, "+": _op.pos, "~": _op.invert}
INPLACE = {"+": _op.iadd, "-": _op.isub, "*": _op.imul, "/": _op.itruediv, "//": _op.ifloordiv,
           "%": _op.imod, "**": _op.ipow, "<<": _op.ilshift, ">>": _op.irshift, "&": _op.iand,
           "|": _op.ior, "^": _op.ixor, "@": _op.imatmul}
_AST_BINOPS = {ast.Add: "+", ast.Sub: "-", ast.Mult: "*", ast.Div: "/", ast.FloorDiv: "//",
               ast.Mod: "%", ast.Pow: "**", ast.LShift: "<<", ast.RShift: ">>", ast.BitAnd: "&",
               ast.BitOr: "|", ast.BitXor: "^", ast.MatMult: "@"}
_AST_UNOPS = {ast.USub: "-", ast.UAdd: "+", ast.Invert: "~"}


class _Emulate(ast.NodeTransformer):
    """Operators become calls of pts_binop/pts_unary, list comparisons pts_compare; `x op= e`
    on a name becomes `__rhs = e` and then pts_binop for Python numbers, or the update in
    place (arrays are updated, not rebound) with an int result wrapped."""

    def __init__(self, ieee_lists: bool = True):
        self.ieee_lists = ieee_lists

    def visit_BinOp(self, node):
        op = _AST_BINOPS[type(node.op)]
        if op == "**" and _is_negative_literal(node.right):
            op = "** literal"           # `2 ** -1` is a float, as in CPython (README)
        self.generic_visit(node)
        return ast.Call(ast.Name("__binop", ast.Load()), [ast.Constant(op), node.left, node.right], [])

    def visit_UnaryOp(self, node):
        self.generic_visit(node)
        if isinstance(node.op, ast.Not):
            return node
        return ast.Call(ast.Name("__unary", ast.Load()),
                        [ast.Constant(_AST_UNOPS[type(node.op)]), node.operand], [])

    def visit_Compare(self, node):
        """`v in xs`, `xs == ys` (and their negations) on lists compare floats with IEEE ==,
        as README documents; CPython tests identity first, so its nan is in a list of it."""
        self.generic_visit(node)
        ops = {ast.In: "in", ast.NotIn: "not in", ast.Eq: "==", ast.NotEq: "!="}
        if not self.ieee_lists or len(node.ops) != 1 or type(node.ops[0]) not in ops:
            return node
        return ast.Call(ast.Name("__compare", ast.Load()),
                        [ast.Constant(ops[type(node.ops[0])]), node.left, node.comparators[0]], [])

    def visit_AugAssign(self, node):
        self.generic_visit(node)
        if isinstance(node.target, ast.Name):
            op = _AST_BINOPS[type(node.op)]
            name = node.target.id
            # Python numbers: computed by the emulation (wrapping, a shift by 64 or more,
            # powers); others (arrays, numpy scalars) in place as written
            fix = ast.parse(f"{name} = __binop({op!r}, {name}, __rhs) if __isnum({name}) and __isnum(__rhs) "
                            f"else __wrap(__inplace({op!r}, {name}, __rhs))").body[0]
            return [ast.Assign([ast.Name("__rhs", ast.Store())], node.value), fix]
        return node


def _is_negative_literal(e: ast.expr) -> bool:
    return isinstance(e, ast.UnaryOp) and isinstance(e.op, ast.USub) and isinstance(e.operand, ast.Constant)


def pts_compare(op: str, a, b):
    if op in ("in", "not in") and type(b) is list:
        found = any(a == x for x in b)
        return found if op == "in" else not found
    if op in ("==", "!=") and type(a) is list and type(b) is list:
        equal = len(a) == len(b) and all(x == y for x, y in zip(a, b))
        return equal if op == "==" else not equal
    if op == "in":
        return a in b
    if op == "not in":
        return a not in b
    return a == b if op == "==" else a != b


def _inplace(op, a, b):
    """`a op= b` as Python does it: in place for arrays, a new value for numpy scalars."""
    return INPLACE[op](a, b)


def reference_namespace(source: str, filename: str, ieee_lists: bool = True) -> dict:
    """The program's functions, compiled with the emulation, in a namespace of their own.
    ieee_lists=False keeps CPython's list comparisons (identity first): known.py uses it to
    recognise an interpreter that compares lists that way."""
    tree = _Emulate(ieee_lists).visit(ast.parse(source))
    ast.fix_missing_locations(tree)
    ns = {"__name__": "pts_fuzz_reference", "__binop": pts_binop, "__unary": pts_unary,
          "__wrap": wrap, "__isnum": _is_number, "__compare": pts_compare, "__inplace": _inplace,
          "min": pts_min, "max": pts_max, "abs": pts_abs, "int": pts_int}
    exec(compile(tree, filename, "exec"), ns)
    ns["math"] = _Math()
    return ns


# ---------------------------------------------------------------------------- backends

def load_source(source: str):
    """The program as an imported module of a file of its own (pts reads the source)."""
    digest = hashlib.sha1(source.encode()).hexdigest()[:16]
    name = f"pts_fuzz_{digest}"
    if name in sys.modules:
        return sys.modules[name]
    path = os.path.join(_DIR, name + ".py")
    with open(path, "w") as f:
        f.write(source)
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


def _warm_function(x: int) -> int:
    return x * 3 + 1


_warm: list = []


def warm_up() -> None:
    """Load pts and LLVM here, once, so that forked children start warm."""
    if _warm:
        return
    import pts
    old = os.environ.get("PTS_TIER")
    for backend, tier in (("interp", None), ("native", "fast"), ("native", "opt")):
        if tier:
            os.environ["PTS_TIER"] = tier
        pts.script(_warm_function, backend=backend)(2)
    if old is None:
        os.environ.pop("PTS_TIER", None)
    else:
        os.environ["PTS_TIER"] = old
    _warm.append(True)


def _run_backend(module, jobs: list, backend: str, tier: str | None) -> list:
    """jobs: [(entry, [args, ...])] -> [[Outcome, ...]] (one compile per entry and signature)."""
    import pts
    os.environ["PTS_CACHE"] = "0"
    if tier:
        os.environ["PTS_TIER"] = tier
    out = []
    for entry, arg_sets in jobs:
        fn = pts.script(getattr(module, entry), backend=backend)
        out.append([call_capturing(fn, args) for args in arg_sets])
    return out


def _crashed(jobs: list, what: str, why: str) -> list:
    return [[Outcome("crash", exc=(what, why)) for _ in arg_sets] for _, arg_sets in jobs]


def run_isolated(module, jobs: list, backend: str, tier: str | None) -> list:
    """_run_backend in a forked child.  A crash or timeout is a "crash" outcome for every
    call of the child; with several entries, each is then run again in a child of its own,
    so that the crash is blamed on the entry that crashed."""
    outs = _run_child(module, jobs, backend, tier)
    if len(jobs) > 1 and any(o.kind == "crash" for calls in outs for o in calls):
        outs = [_run_child(module, [job], backend, tier)[0] for job in jobs]
    return outs


def _run_child(module, jobs: list, backend: str, tier: str | None) -> list:
    warm_up()
    sys.stdout.flush()
    sys.stderr.flush()
    r, w = os.pipe()
    pid = os.fork()
    if pid == 0:                                     # child: never returns
        status = 0
        try:
            os.close(r)
            faulthandler.disable()          # a crash is an outcome here, not a traceback dump
            try:
                payload = pickle.dumps(_run_backend(module, jobs, backend, tier))
            except Exception as e:  # noqa: BLE001 - pts.script itself or pickling failed
                payload = pickle.dumps(_crashed(jobs, "internal", f"{type(e).__name__}: {e}"))
            with os.fdopen(w, "wb") as f:
                f.write(payload)
        except BaseException:  # noqa: BLE001
            status = 3
        finally:
            os._exit(status)
    os.close(w)
    chunks, deadline = [], time.monotonic() + TIMEOUT
    with os.fdopen(r, "rb") as f:
        while True:
            ready, _, _ = select.select([f], [], [], max(deadline - time.monotonic(), 0))
            if not ready:
                os.kill(pid, signal.SIGKILL)
                os.waitpid(pid, 0)
                return _crashed(jobs, "timeout", f"no result within {TIMEOUT:g} s")
            chunk = os.read(f.fileno(), 1 << 16)
            if not chunk:
                break
            chunks.append(chunk)
    _, status = os.waitpid(pid, 0)
    if os.WIFSIGNALED(status):
        return _crashed(jobs, "signal", signal.Signals(os.WTERMSIG(status)).name)
    if not chunks:
        return _crashed(jobs, "exit", f"status {os.WEXITSTATUS(status)}")
    return pickle.loads(b"".join(chunks))


# ---------------------------------------------------------------------------- a program

@dataclass
class Difference:
    seed: int
    backend: str
    call: int             # index into the program's arg_sets
    what: str             # compare()'s answer
    want: Outcome
    got: Outcome
    entry: str = "main"
    args: tuple = ()      # the arguments of the call (as made before it)

    def signature(self) -> tuple:
        """What the reducer keeps constant: where it differs and how."""
        kind = lambda o: o.exc[0] if o.kind == "raise" else o.kind   # noqa: E731
        return (self.backend, self.what, kind(self.want), kind(self.got))

    def describe(self, program: Program | None = None) -> str:
        args = show(program.args(self.call) if program is not None else copy_args(self.args))
        lines = [f"[{self.backend}] {self.what} differs for {self.entry}{args}",
                 f"  CPython: {self.want.describe()}", f"  pts:     {self.got.describe()}"]
        if self.what == "stdout":
            lines += [f"  CPython stdout: {self.want.stdout!r}", f"  pts stdout:     {self.got.stdout!r}"]
        if self.what == "arguments":
            lines += [f"  CPython arguments after: {show(self.want.args_after)}",
                      f"  pts arguments after:     {show(self.got.args_after)}"]
        return "\n".join(lines)


@dataclass
class Report:
    calls: int = 0
    refusals: dict = field(default_factory=dict)    # backend -> a refusal message
    refused: set = field(default_factory=set)       # (backend, entry) refused
    differences: list = field(default_factory=list)


class ReferenceTimeout(Exception):
    """The CPython run took longer than REFERENCE_SECONDS: the program is not checked."""


REFERENCE_SECONDS = 10


def _alarm(signum, frame):
    raise ReferenceTimeout(f"the CPython run took more than {REFERENCE_SECONDS} s")


def reference(program: Program, calls: list[int] | None = None) -> list[Outcome]:
    module = load_source(program.source)
    ns = reference_namespace(program.source, module.__file__)
    ks = range(len(program.arg_sets)) if calls is None else calls
    old = signal.signal(signal.SIGALRM, _alarm)
    signal.alarm(REFERENCE_SECONDS)
    try:
        outs = [call_capturing(ns[program.entry], program.args(k)) for k in ks]
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, old)
    return outs


VMATH = re.compile(r"np\.(exp|log|log1p|expm1|tanh|sin|cos|tan|power)\b|\*\*|\.(std|var|mean)\(")
VMATH_TOL = (4 * 2.0**-23, 0.0)     # one vmath function: 4 float32 ulps
PROGRAM_TOL = (1e-4, 1e-4)          # a program of several: errors add up and get amplified


def tolerance(source: str) -> tuple:
    """(rtol, atol) for a random program's numpy floats: exact unless it uses vmath's
    functions (or a power, a mean, std or var: their sums may be reassociated, README)."""
    return PROGRAM_TOL if VMATH.search(source) else (0.0, 0.0)


def check(program: Program, calls: list[int] | None = None,
          backends: list | None = None) -> Report:
    """Run `program` (argument sets `calls`, default all) in the reference and the backends."""
    ks = list(range(len(program.arg_sets))) if calls is None else calls
    report = check_entries(program.source, [(program.entry, [program.arg_sets[k] for k in ks])],
                           backends, tolerance(program.source), seed=program.seed)
    for d in report.differences:
        d.call = ks[d.call]
    return report


def check_entries(source: str, jobs: list, backends: list | None = None, tol: tuple = (0.0, 0.0),
                  seed: int = -1) -> Report:
    """Run each (entry, [args, ...]) of `jobs` — functions of one module — in the reference
    and the backends; every backend runs all of them in one child.  Each run gets its own
    copy of the arguments (progen.copy_args: arrays are given as ArrayArg recipes)."""
    module = load_source(source)
    ns = reference_namespace(source, module.__file__)
    want = []
    old = signal.signal(signal.SIGALRM, _alarm)
    signal.alarm(REFERENCE_SECONDS)
    try:
        for entry, arg_sets in jobs:
            want.append([call_capturing(ns[entry], copy_args(args)) for args in arg_sets])
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, old)
    report = Report(calls=sum(len(a) for _, a in jobs))
    for label, backend, tier in backends or BACKENDS:
        got = run_isolated(module, [(e, [copy_args(a) for a in args]) for e, args in jobs], backend, tier)
        for (entry, arg_sets), ws, gs in zip(jobs, want, got):
            for k, (w, g) in enumerate(zip(ws, gs)):
                if g.kind == "refused":
                    report.refusals[label] = g.exc[1]
                    report.refused.add((label, entry))
                    continue
                what = compare(w, g, tol)
                if what:
                    report.differences.append(Difference(seed, label, k, what, w, g, entry, arg_sets[k]))
    return report


def literal(v) -> str:
    """Source text for a scalar or list argument (what the reducer writes into a program)."""
    if isinstance(v, list):
        return "[" + ", ".join(literal(x) for x in v) + "]"
    if type(v) is float:
        if math.isnan(v):
            return "math.nan"
        if math.isinf(v):
            return "math.inf" if v > 0 else "-math.inf"
        return repr(v)
    if type(v) is int and v == -2**63:
        return "(-9223372036854775807 - 1)"
    return repr(v)
