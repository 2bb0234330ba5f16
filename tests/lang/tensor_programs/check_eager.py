"""Check the tensor programs without pts: run each `# run:` line in numpy, twice.

    .venv/bin/python tests/lang/tensor_programs/check_eager.py [-v] [NAME_FRAGMENT...]

Not a test module (no test_ prefix) and not a program (test_tensor_programs.py skips it).
For each run line: the time, the number of traced line events (a stand-in for the IR
interpreter's cost on element loops), and the result — dtype and shape of every array, the
type of every scalar — or the exception.  Problems are listed at the end and make the exit
status 1:
- the two eager runs differ (results, exceptions or the arguments after the call);
- an exception that is not a builtin type (numpy's AxisError, ...), a multi-line message,
  or an unexpected exception type;
- a result that pts cannot return (an object that is not an ndarray of float32/float64/
  int32/int64/bool, a numpy or Python scalar, None, or a tuple/list of those);
- an argument that is not such a value (or a tuple of them);
- a run line that is slow (> 50 ms) or executes too many lines (> LINE_BUDGET);
- a construct outside the tensor slice of the language (see `lint`; conservative).
"""
from __future__ import annotations

import ast
import builtins
import importlib.util
import sys
import time
from pathlib import Path

import numpy as np

HERE = Path(__file__).resolve().parent
_spec = importlib.util.spec_from_file_location("pts_lang_test_tensor_programs",
                                               HERE.parent / "test_tensor_programs.py")
ttp = importlib.util.module_from_spec(_spec)
sys.modules[_spec.name] = ttp          # dataclasses look their module up by name
sys.path.insert(0, str(HERE.parent))   # for its `import test_programs`
_spec.loader.exec_module(ttp)
tp = ttp.tp

SLOW_SECONDS = 0.05
LINE_BUDGET = 30_000          # ~5k element-loop iterations of a few lines each
DTYPES = {np.dtype(t) for t in (np.float32, np.float64, np.int32, np.int64, np.bool_)}
SCALAR_TYPES = (bool, int, float, np.float32, np.float64, np.int32, np.int64, np.bool_)
EXCEPTIONS = (ValueError, IndexError, TypeError, OverflowError, ZeroDivisionError, AssertionError,
              RuntimeError)

NP_FUNCS = {
    "where", "maximum", "minimum", "clip", "abs", "exp", "log", "log1p", "expm1", "sqrt", "tanh",
    "sin", "cos", "sign", "floor", "ceil", "power",
    "sum", "mean", "max", "min", "prod", "argmax", "argmin", "any", "all", "std", "var",
    "matmul", "dot", "swapaxes", "expand_dims", "concatenate", "stack", "transpose", "reshape",
    "squeeze", "ravel",
    "zeros", "ones", "empty", "full", "arange", "linspace", "eye", "zeros_like", "ones_like",
    "empty_like", "full_like", "array", "asarray", "tril", "triu", "pad", "split",
    "array_split", "flip", "roll", "repeat", "tile", "nonzero", "argwhere",
}
NP_NAMES = {"float32", "float64", "int32", "int64", "bool_", "ndarray", "pi", "e", "inf", "nan"}
METHODS = {
    "sum", "mean", "max", "min", "prod", "argmax", "argmin", "any", "all", "std", "var",
    "reshape", "transpose", "squeeze", "ravel", "flatten", "copy", "astype", "item", "dot",
}
ATTRS = {"shape", "ndim", "size", "dtype", "T"}
CREATION = {"zeros": 1, "ones": 1, "empty": 1, "full": 2, "eye": 2, "zeros_like": 1,   # positional
            "ones_like": 1, "empty_like": 1, "full_like": 2}                          # operands
BUILTINS = {"len", "abs", "min", "max", "int", "float", "bool", "range", "print"}
MATH_OK = {"sqrt", "exp", "log", "tanh", "pi", "e", "inf", "nan", "floor", "ceil", "sin", "cos", "isnan"}


class Linter(ast.NodeVisitor):
    """Flags what the tensor slice leaves out: Ellipsis, fancy/mask indexing with literal
    lists, np functions outside the list, lambdas, comprehensions over arrays, etc."""

    def __init__(self, path: Path, tree: ast.Module):
        self.path = path
        self.problems: list[str] = []
        self.functions = {n.name for n in tree.body if isinstance(n, ast.FunctionDef)}

    def problem(self, node: ast.AST, msg: str) -> None:
        self.problems.append(f"{self.path.name}:{getattr(node, 'lineno', '?')}: {msg}")

    def check_module(self, tree: ast.Module) -> None:
        for i, node in enumerate(tree.body):
            if i == 0 and isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant):
                continue
            if isinstance(node, ast.Import):
                for a in node.names:
                    if (a.name, a.asname) not in (("numpy", "np"), ("math", None), ("pts", None)):
                        self.problem(node, f"import {a.name} is not allowed")
            elif isinstance(node, ast.ImportFrom):
                if node.module != "typing":
                    self.problem(node, "only `from typing import ...`")
            elif isinstance(node, ast.Assign):
                pass                                   # module constants
            elif isinstance(node, ast.FunctionDef):
                if node.decorator_list:
                    self.problem(node, "programs must not be decorated")
                a = node.args
                if a.vararg or a.kwarg or a.kwonlyargs or a.defaults:
                    self.problem(node, "only plain positional parameters")
                for stmt in node.body:
                    self.visit(stmt)
            else:
                self.problem(node, f"top-level {type(node).__name__} is not allowed")

    def visit_FunctionDef(self, node):
        self.problem(node, "nested def")

    def visit_Lambda(self, node):
        self.problem(node, "lambda")

    def visit_Constant(self, node):
        if node.value is Ellipsis:
            self.problem(node, "`...` is not supported")

    def visit_Subscript(self, node):
        for part in (node.slice.elts if isinstance(node.slice, ast.Tuple) else [node.slice]):
            if isinstance(part, ast.ListComp):
                self.problem(node, "fancy indexing with a list comprehension")
        self.generic_visit(node)

    def visit_Attribute(self, node):
        if isinstance(node.value, ast.Name) and node.value.id == "np":
            if node.attr not in NP_FUNCS | NP_NAMES:
                self.problem(node, f"np.{node.attr} is not in the language")
        elif isinstance(node.value, ast.Name) and node.value.id == "math":
            if node.attr not in MATH_OK:
                self.problem(node, f"math.{node.attr}")
        elif isinstance(node.value, ast.Name) and node.value.id == "pts":
            if node.attr != "Tensor":
                self.problem(node, f"pts.{node.attr}")
        elif node.attr not in METHODS | ATTRS | {"append", "pop"}:
            self.problem(node, f"attribute .{node.attr} is not in the language")
        self.generic_visit(node)

    def visit_Call(self, node):
        f = node.func
        if isinstance(f, ast.Name) and f.id not in BUILTINS | self.functions:
            self.problem(node, f"call of {f.id} is not in the language")
        for kw in node.keywords:
            if kw.arg not in ("axis", "keepdims", "dtype", "axes", "k", "mode", "constant_values"):
                self.problem(node, f"keyword {kw.arg}=")
        if isinstance(f, ast.Attribute) and f.attr == "squeeze":
            n_operands = 1 if isinstance(f.value, ast.Name) and f.value.id == "np" else 0
            if len(node.args) <= n_operands and not node.keywords:
                self.problem(node, "squeeze() needs an axis (the result rank would depend on sizes)")
        if isinstance(f, ast.Attribute) and isinstance(f.value, ast.Name) and f.value.id == "np" \
                and f.attr in CREATION and len(node.args) > CREATION[f.attr]:
            self.problem(node, f"np.{f.attr}: pass the dtype as dtype=")
        self.generic_visit(node)

    def visit_AugAssign(self, node):
        self.generic_visit(node)


def lint(path: Path) -> list[str]:
    tree = ast.parse(path.read_text(), filename=str(path))
    linter = Linter(path, tree)
    linter.check_module(tree)
    params: set[str] = set()
    for fn in tree.body:                       # augmented assignment to a tensor parameter
        if isinstance(fn, ast.FunctionDef):
            params = {a.arg for a in fn.args.args}
            for node in ast.walk(fn):
                if isinstance(node, ast.AugAssign) and isinstance(node.target, ast.Name) \
                        and node.target.id in params:
                    ann = next((a.annotation for a in fn.args.args if a.arg == node.target.id), None)
                    if ann is None or ast.unparse(ann) in ("np.ndarray", "pts.Tensor"):
                        linter.problem(node, f"augmented assignment to parameter {node.target.id}")
    return linter.problems


def value_problems(v, what: str) -> list[str]:
    if v is None:
        return []
    if isinstance(v, np.ndarray):
        return [] if v.dtype in DTYPES else [f"{what}: dtype {v.dtype} is not in the language"]
    if isinstance(v, (tuple, list)):
        return [p for i, x in enumerate(v) for p in value_problems(x, f"{what}[{i}]")]
    if type(v) in SCALAR_TYPES:
        return []
    return [f"{what}: type {type(v).__name__} cannot cross the pts boundary"]


def summary(v) -> str:
    if isinstance(v, np.ndarray):
        return f"{v.dtype}{list(v.shape)}"
    if isinstance(v, tuple):
        return "(" + ", ".join(summary(x) for x in v) + ")"
    if isinstance(v, list):
        return "[" + ", ".join(summary(x) for x in v) + "]"
    if isinstance(v, np.generic):
        return f"np.{type(v).__name__}"
    return type(v).__name__


def traced(fn, args) -> tuple[int, object]:
    events = 0

    def tracer(frame, event, arg):
        nonlocal events
        if event == "line":
            events += 1
        return tracer

    sys.settrace(tracer)
    try:
        out = tp.call_capturing(fn, args)
    finally:
        sys.settrace(None)
    return events, out


def main(argv: list[str]) -> int:
    verbose = "-v" in argv
    fragments = [a for a in argv if not a.startswith("-")]
    paths = [p for p in ttp.program_paths() if not fragments or any(f in p.name for f in fragments)]
    problems: list[str] = []
    n_runs = 0
    for path in paths:
        problems += lint(path)
        try:
            runs = ttp.parse_run_lines(path)
        except ValueError as e:
            problems.append(str(e))
            continue
        if not runs:
            problems.append(f"{path.name}: no `# run:` lines")
        for run in runs:
            n_runs += 1
            where = f"{path.name}:{run.lineno} {run.expr}"
            try:
                fn = ttp.with_args_after(ttp.py_function(run))
                args = run.args()
            except Exception as e:  # noqa: BLE001
                problems.append(f"{where}: cannot set up: {type(e).__name__}: {e}")
                continue
            problems += [f"{where}: {p}" for p in value_problems(args, "arguments")]
            t0 = time.perf_counter()
            first = tp.call_capturing(fn, args)
            secs = time.perf_counter() - t0
            lines, second = traced(fn, run.args())
            exact = ttp.RunLine(run.path, run.lineno, run.expr, 0.0, 0.0)
            try:
                ttp.assert_same_outcome(exact, first, second, "eager twice")
            except AssertionError as e:
                problems.append(f"{where}: not deterministic: {e}")
            if first.exc is None:
                problems += [f"{where}: {p}" for p in value_problems(first.value[0], "result")]
                shown = summary(first.value[0])
            else:
                t = type(first.exc)
                if getattr(builtins, t.__name__, None) is not t:
                    problems.append(f"{where}: exception type {t.__module__}.{t.__qualname__} is not a builtin")
                elif not isinstance(first.exc, EXCEPTIONS):
                    problems.append(f"{where}: unexpected exception {t.__name__}: {first.exc}")
                if "\n" in str(first.exc):
                    problems.append(f"{where}: multi-line exception message")
                shown = f"raises {t.__name__}({str(first.exc)!r})"
            if secs > SLOW_SECONDS:
                problems.append(f"{where}: slow in numpy ({secs * 1000:.1f} ms)")
            if lines > LINE_BUDGET:
                problems.append(f"{where}: {lines} line events (budget {LINE_BUDGET})")
            if verbose:
                print(f"{where[:90]:90s} {secs * 1000:7.2f} ms {lines:6d} lines  {shown}")
    print(f"{len(paths)} programs, {n_runs} run lines, {len(problems)} problems")
    for p in problems:
        print("  " + p)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
