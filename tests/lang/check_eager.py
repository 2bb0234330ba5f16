"""Check the language programs without pts: run each `# run:` line in CPython, and lint the subset.

    .venv/bin/python tests/lang/check_eager.py [-v] [NAME_FRAGMENT...]

For each run line: the time, the number of traced line events (a stand-in for the IR
interpreter's cost), and the result or the exception.  Problems are listed at the end and
make the exit status 1:
- a run line that is slow (> 50 ms) or executes too many lines (> LINE_BUDGET);
- a result that pts cannot return (a type outside int/float/bool/None/tuple/list, mixed
  element types in a list, an int outside int64 without `# wraps`);
- a construct outside the scalar language slice (see `SubsetChecker`).
"""
from __future__ import annotations

import ast
import importlib.util
import math
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
_spec = importlib.util.spec_from_file_location("pts_lang_test_programs", HERE / "test_programs.py")
tp = importlib.util.module_from_spec(_spec)
sys.modules[_spec.name] = tp          # dataclasses look their module up by name
_spec.loader.exec_module(tp)

SLOW_SECONDS = 0.05
LINE_BUDGET = 120_000        # ~20k loop iterations of a few lines each

BUILTINS = {"len", "abs", "min", "max", "int", "float", "bool", "range", "print"}
EXCEPTIONS = {"ValueError", "RuntimeError", "IndexError", "ZeroDivisionError", "AssertionError",
              "TypeError"}
MATH_FUNCS = {"sqrt", "exp", "log", "log2", "log10", "sin", "cos", "tan", "asin", "acos", "atan",
              "atan2", "sinh", "cosh", "tanh", "floor", "ceil", "fabs", "pow", "hypot", "isnan",
              "isinf", "isfinite"}
MATH_CONSTS = {"pi", "e", "inf", "nan"}
TYPING_NAMES = {"List", "Tuple"}
ANNOTATION_NAMES = {"int", "float", "bool", "None"} | TYPING_NAMES
LIST_METHODS = {"append", "pop"}
CMP_OPS = (ast.Eq, ast.NotEq, ast.Lt, ast.LtE, ast.Gt, ast.GtE)
INT64_MIN, INT64_MAX = -2**63, 2**63 - 1

# Node types that may appear inside a function body (anything else is reported).
ALLOWED_NODES = (
    ast.FunctionDef, ast.arguments, ast.arg, ast.Return, ast.If, ast.While, ast.For, ast.Break,
    ast.Continue, ast.Pass, ast.Assign, ast.AugAssign, ast.AnnAssign, ast.Assert, ast.Raise,
    ast.Expr, ast.Constant, ast.Name, ast.Load, ast.Store, ast.BinOp, ast.UnaryOp, ast.BoolOp,
    ast.Compare, ast.IfExp, ast.Call, ast.List, ast.ListComp, ast.comprehension, ast.Tuple,
    ast.Subscript, ast.Attribute,
    ast.Add, ast.Sub, ast.Mult, ast.Div, ast.FloorDiv, ast.Mod, ast.Pow, ast.BitAnd, ast.BitOr,
    ast.BitXor, ast.LShift, ast.RShift, ast.USub, ast.UAdd, ast.Not, ast.Invert, ast.And, ast.Or,
    *CMP_OPS,
)


class SubsetChecker(ast.NodeVisitor):
    """Reports constructs outside the scalar slice; deliberately conservative."""

    def __init__(self, path: Path, tree: ast.Module):
        self.path = path
        self.problems: list[str] = []
        self.functions = {n.name for n in tree.body if isinstance(n, ast.FunctionDef)}
        self.constants: set[str] = set()
        self.depth = 0
        self.string_ok: set[int] = set()   # ids of string constants in allowed positions

    def problem(self, node: ast.AST, msg: str) -> None:
        self.problems.append(f"{self.path.name}:{getattr(node, 'lineno', '?')}: {msg}")

    def check_module(self, tree: ast.Module) -> None:
        for i, node in enumerate(tree.body):
            if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant) and i == 0 \
                    and isinstance(node.value.value, str):
                continue                                   # module docstring
            if isinstance(node, ast.Import):
                if [a.name for a in node.names] != ["math"] or node.names[0].asname:
                    self.problem(node, "only `import math` is allowed")
            elif isinstance(node, ast.ImportFrom):
                if node.module != "typing" or any(a.name not in TYPING_NAMES for a in node.names):
                    self.problem(node, "only `from typing import List, Tuple` is allowed")
            elif isinstance(node, ast.Assign):
                if len(node.targets) != 1 or not isinstance(node.targets[0], ast.Name):
                    self.problem(node, "module constant must be `NAME = value`")
                elif not self.is_number_constant(node.value):
                    self.problem(node, "module constant must be a number or tuple of numbers")
                else:
                    self.constants.add(node.targets[0].id)
            elif isinstance(node, ast.FunctionDef):
                self.check_function(node)
            else:
                self.problem(node, f"top-level {type(node).__name__} is not allowed")

    def is_number_constant(self, node: ast.AST) -> bool:
        if isinstance(node, ast.Constant):
            return type(node.value) in (int, float, bool)
        if isinstance(node, ast.UnaryOp) and isinstance(node.op, (ast.USub, ast.UAdd)):
            return self.is_number_constant(node.operand)
        if isinstance(node, ast.Tuple):
            return all(self.is_number_constant(e) for e in node.elts)
        return False

    def check_function(self, fn: ast.FunctionDef) -> None:
        if fn.decorator_list:
            self.problem(fn, "programs must not be decorated")
        a = fn.args
        if a.vararg or a.kwarg or a.kwonlyargs or a.posonlyargs or a.defaults or a.kw_defaults:
            self.problem(fn, "only plain positional parameters")
        for arg in a.args:
            if arg.annotation is not None:
                self.check_annotation(arg.annotation)
        if fn.returns is not None:
            self.check_annotation(fn.returns)
        body = fn.body
        if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant) \
                and isinstance(body[0].value.value, str):
            self.string_ok.add(id(body[0].value))
        for stmt in body:
            self.visit(stmt)

    def check_annotation(self, node: ast.AST) -> None:
        if isinstance(node, ast.Constant) and node.value is None:
            return
        if isinstance(node, ast.Name):
            if node.id not in ANNOTATION_NAMES:
                self.problem(node, f"annotation {node.id} not in the language")
            return
        if isinstance(node, ast.Subscript) and isinstance(node.value, ast.Name) \
                and node.value.id in TYPING_NAMES:
            inner = node.slice.elts if isinstance(node.slice, ast.Tuple) else [node.slice]
            if node.value.id == "List":
                if len(inner) != 1 or not (isinstance(inner[0], ast.Name)
                                           and inner[0].id in ("int", "float", "bool")):
                    self.problem(node, "List[...] of int/float/bool only")
            for e in inner:
                self.check_annotation(e)
            return
        self.problem(node, f"annotation {ast.unparse(node)} not in the language")

    def generic_visit(self, node: ast.AST) -> None:
        if not isinstance(node, ALLOWED_NODES):
            self.problem(node, f"{type(node).__name__} is not in the language")
        super().generic_visit(node)

    def visit_FunctionDef(self, node: ast.FunctionDef) -> None:
        self.problem(node, "nested def is not in the language")

    def visit_Constant(self, node: ast.Constant) -> None:
        if isinstance(node.value, str) and id(node) not in self.string_ok:
            self.problem(node, "string literal outside print/raise/assert message")
        if type(node.value) not in (int, float, bool, str, type(None)):
            self.problem(node, f"literal {node.value!r} not in the language")

    def visit_Assert(self, node: ast.Assert) -> None:
        if isinstance(node.msg, ast.Constant):
            self.string_ok.add(id(node.msg))
        self.generic_visit(node)

    def visit_Raise(self, node: ast.Raise) -> None:
        exc = node.exc
        if node.cause is not None or exc is None:
            self.problem(node, "raise needs an exception and no cause")
        elif isinstance(exc, ast.Call) and isinstance(exc.func, ast.Name) and exc.func.id in EXCEPTIONS:
            if len(exc.args) > 1 or exc.keywords:
                self.problem(node, "exception takes at most one message")
            for a in exc.args:
                if isinstance(a, ast.Constant) and isinstance(a.value, str):
                    self.string_ok.add(id(a))
                else:
                    self.problem(node, "exception message must be a string literal")
            return
        else:
            self.problem(node, "raise of something other than a listed exception call")
        self.generic_visit(node)

    def visit_Compare(self, node: ast.Compare) -> None:
        for op in node.ops:
            if not isinstance(op, CMP_OPS):
                self.problem(node, f"comparison {type(op).__name__} is not in the language")
        self.generic_visit(node)

    def visit_Subscript(self, node: ast.Subscript) -> None:
        if isinstance(node.slice, ast.Slice):
            self.problem(node, "slicing is not in the language")
        self.generic_visit(node)

    def visit_Attribute(self, node: ast.Attribute) -> None:
        if isinstance(node.value, ast.Name) and node.value.id == "math":
            if node.attr not in MATH_FUNCS | MATH_CONSTS:
                self.problem(node, f"math.{node.attr} is not in the language")
        elif node.attr not in LIST_METHODS:
            self.problem(node, f"attribute .{node.attr} is not in the language")
        self.generic_visit(node)

    def visit_Call(self, node: ast.Call) -> None:
        if node.keywords:
            self.problem(node, "keyword arguments are not in the language")
        f = node.func
        if isinstance(f, ast.Name):
            if f.id == "print":
                for a in node.args:
                    if isinstance(a, ast.Constant) and isinstance(a.value, str):
                        self.string_ok.add(id(a))
            elif f.id in ("min", "max") and len(node.args) < 2:
                self.problem(node, f"{f.id} needs 2+ arguments")
            elif f.id == "range" and not 1 <= len(node.args) <= 3:
                self.problem(node, "range takes 1-3 arguments")
            elif f.id not in BUILTINS | self.functions:
                self.problem(node, f"call of {f.id} is not in the language")
        elif isinstance(f, ast.Attribute):
            if isinstance(f.value, ast.Name) and f.value.id == "math":
                if f.attr not in MATH_FUNCS:
                    self.problem(node, f"math.{f.attr}() is not in the language")
            elif f.attr == "append" and len(node.args) != 1:
                self.problem(node, "append takes one argument")
            elif f.attr == "pop" and node.args:
                self.problem(node, "pop(index) is not in the language; use pop()")
        else:
            self.problem(node, "only calls of names, math.f and list methods")
        for a in node.args:
            if isinstance(a, ast.Starred):
                self.problem(node, "*args is not in the language")
        self.generic_visit(node)

    def visit_ListComp(self, node: ast.ListComp) -> None:
        if len(node.generators) != 1:
            self.problem(node, "list comprehension with more than one `for`")
        for g in node.generators:
            if len(g.ifs) > 1 or g.is_async or not isinstance(g.target, ast.Name):
                self.problem(node, "comprehension: one name target, at most one `if`")
        self.generic_visit(node)

    def visit_List(self, node: ast.List) -> None:
        if any(isinstance(e, (ast.List, ast.ListComp)) for e in node.elts):
            self.problem(node, "list of lists is not in the language")
        self.generic_visit(node)

    def visit_BinOp(self, node: ast.BinOp) -> None:
        # `[x] * n` only with the list on the left
        if isinstance(node.right, ast.List) and isinstance(node.op, ast.Mult):
            self.problem(node, "write `[x] * n`, not `n * [x]`")
        self.generic_visit(node)

    def visit_Assign(self, node: ast.Assign) -> None:
        if len(node.targets) != 1:
            self.problem(node, "chained assignment `a = b = x`")
        self.generic_visit(node)

    def visit_Tuple(self, node: ast.Tuple) -> None:
        self.generic_visit(node)


def check_subset(path: Path) -> list[str]:
    tree = ast.parse(path.read_text(), filename=str(path))
    checker = SubsetChecker(path, tree)
    checker.check_module(tree)
    return checker.problems


def result_problems(v, wraps: bool) -> list[str]:
    if isinstance(v, bool) or v is None or isinstance(v, float):
        return []
    if isinstance(v, int):
        if not wraps and not INT64_MIN <= v <= INT64_MAX:
            return [f"int result {v} outside int64 (mark the run line `# wraps`?)"]
        return []
    if isinstance(v, tuple):
        return [p for x in v for p in result_problems(x, wraps)]
    if isinstance(v, list):
        kinds = {type(x) for x in v}
        if len(kinds) > 1 or not kinds <= {int, float, bool}:
            return [f"list elements must be one of int/float/bool: {sorted(k.__name__ for k in kinds)}"]
        return [p for x in v for p in result_problems(x, wraps)]
    return [f"result type {type(v).__name__} cannot come back from pts"]


def arg_problems(run, fn) -> list[str]:
    """Run-line arguments: literals (or math.inf/nan), homogeneous lists, typed empty lists."""
    out = []
    for node in run.call.args:
        try:
            ast.literal_eval(node)
        except ValueError:
            text = ast.unparse(node)
            if text not in ("math.inf", "-math.inf", "math.nan", "math.pi", "math.e"):
                out.append(f"argument {text} is not a literal")
    params = fn.__code__.co_varnames[:fn.__code__.co_argcount]
    annotations = getattr(fn, "__annotations__", {})
    for name, value in zip(params, run.args()):
        if isinstance(value, list):
            kinds = {type(x) for x in value}
            if len(kinds) > 1:
                out.append(f"list argument {name} mixes element types")
            if not value and name not in annotations:
                out.append(f"empty list passed to unannotated parameter {name}")
    if len(params) != len(run.call.args):
        out.append(f"{len(run.call.args)} arguments for {len(params)} parameters")
    return out


def count_lines(fn, run) -> tuple[int, float, object]:
    events = 0

    def tracer(frame, event, arg):
        nonlocal events
        if event == "line":
            events += 1
        return tracer

    args = run.args()
    sys.settrace(tracer)
    try:
        out = tp.call_capturing(fn, args)
    finally:
        sys.settrace(None)
    args = run.args()                    # fresh: the traced call may have mutated its lists
    t0 = time.perf_counter()
    tp.call_capturing(fn, args)
    return events, time.perf_counter() - t0, out


def main(argv: list[str]) -> int:
    verbose = "-v" in argv
    fragments = [a for a in argv if not a.startswith("-")]
    paths = [p for p in sorted(tp.PROGRAMS.glob("*.py")) if not fragments or any(f in p.name for f in fragments)]
    problems: list[str] = []
    n_runs = 0
    for path in paths:
        problems += check_subset(path)
        try:
            runs = tp.parse_run_lines(path)
        except ValueError as e:
            problems.append(str(e))
            continue
        if not runs:
            problems.append(f"{path.name}: no `# run:` lines")
        for run in runs:
            n_runs += 1
            where = f"{path.name}:{run.lineno} {run.expr}"
            try:
                fn = tp.py_function(run)
                args = run.args()
            except Exception as e:  # noqa: BLE001
                problems.append(f"{where}: cannot set up: {type(e).__name__}: {e}")
                continue
            problems += [f"{where}: {p}" for p in arg_problems(run, fn)]
            lines, secs, out = count_lines(fn, run)
            if out.exc is None:
                if "wraps" in run.markers:
                    out.value = tp.map_ints(out.value, tp.wrap_int64)
                if "float" in run.markers:
                    out.value = tp.map_ints(out.value, float)
                problems += [f"{where}: {p}" for p in result_problems(out.value, "wraps" in run.markers)]
            elif not isinstance(out.exc, (ValueError, RuntimeError, IndexError, ZeroDivisionError,
                                          AssertionError, TypeError, OverflowError)):
                problems.append(f"{where}: unexpected exception {out.describe()}")
            if "\n" in str(out.exc or ""):
                problems.append(f"{where}: multi-line exception message")
            if secs > SLOW_SECONDS:
                problems.append(f"{where}: slow in CPython ({secs * 1000:.1f} ms)")
            if lines > LINE_BUDGET:
                problems.append(f"{where}: {lines} line events (budget {LINE_BUDGET})")
            if verbose:
                so = f"  stdout={out.stdout!r}" if out.stdout else ""
                print(f"{where:70s} {secs * 1000:7.2f} ms {lines:7d} lines  {out.describe()}{so}")
    print(f"{len(paths)} programs, {n_runs} run lines, {len(problems)} problems")
    for p in problems:
        print("  " + p)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
