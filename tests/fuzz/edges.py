"""Edge-value tables: every operator, builtin and `math` function pts accepts, on the values
where implementations disagree, in every backend, compared with CPython/numpy (differ.py).

    tables() -> [Table]      each: one module of one-line functions and their calls

Scalar values (EDGES): 0, -0.0, ±1, 2**53+1, the int64 limits, ±inf, nan, subnormals, the
largest float, 2**63 as a float, and the shift counts 63 and 64; unary operations on each,
binary ones on every pair (int×int, int×float, float×int, float×float, bool×bool).  Arrays
(ARRAY_EDGES, per dtype): the same kind of values in float64, float32, int64, int32 and bool
arrays; binary operators and ufuncs on every pair of elements (`a[:, None] OP b[None, :]`),
unary ufuncs, reductions and `astype` on each.  Transcendental numpy functions are in tables
of their own, compared within pts's vmath tolerance (differ.VMATH_TOL); everything else
bit for bit.
"""
from __future__ import annotations

import itertools
import math
from dataclasses import dataclass

import numpy as np

import differ

INT64_MIN, INT64_MAX = -2**63, 2**63 - 1
EDGES = {
    "int": [0, 1, -1, 2, 63, 64, 2**53 + 1, -(2**53 + 1), INT64_MAX, INT64_MIN],
    "float": [0.0, -0.0, 1.0, -1.0, 0.5, -2.5, 5e-324, -5e-324, 2.2250738585072014e-308,
              1.7976931348623157e308, float(2**53 + 1), 2.0**63, -(2.0**63), math.inf, -math.inf,
              math.nan],
    "bool": [False, True],
}
ARITH = ["+", "-", "*", "/", "//", "%", "**"]
BITS = ["<<", ">>", "&", "|", "^"]
COMPARE = ["<", "<=", ">", ">=", "==", "!="]
BINARY = {("int", "int"): ARITH + BITS + COMPARE,
          ("int", "float"): ARITH + COMPARE,
          ("float", "int"): ARITH + COMPARE,
          ("float", "float"): ARITH + COMPARE,
          ("bool", "bool"): ARITH + ["&", "|", "^"] + COMPARE}
UNARY = {"int": ["-{}", "+{}", "~{}", "not {}", "abs({})", "int({})", "float({})", "bool({})"],
         "float": ["-{}", "+{}", "not {}", "abs({})", "int({})", "float({})", "bool({})",
                   "math.floor({})", "math.ceil({})", "math.isnan({})", "math.isinf({})",
                   "math.isfinite({})"],
         "bool": ["-{}", "~{}", "not {}", "abs({})", "int({})", "float({})"]}
MATH_UNARY = ["sqrt", "exp", "log", "log2", "log10", "sin", "cos", "tan", "asin", "acos", "atan",
              "sinh", "cosh", "tanh", "fabs"]
MATH_BINARY = ["atan2", "pow", "hypot"]
NAMES = {"+": "add", "-": "sub", "*": "mul", "/": "div", "//": "floordiv", "%": "mod",
         "**": "pow", "<<": "lshift", ">>": "rshift", "&": "and", "|": "or", "^": "xor",
         "<": "lt", "<=": "le", ">": "gt", ">=": "ge", "==": "eq", "!=": "ne"}

ARRAY_EDGES = {
    "float64": [0.0, -0.0, 1.0, -1.0, 0.5, -2.5, 5e-324, 1.7976931348623157e308, float(2**53 + 1),
                math.inf, -math.inf, math.nan],
    "float32": [0.0, -0.0, 1.0, -1.0, 0.5, -2.5, 1e-45, 3.4028235e38, math.inf, -math.inf, math.nan],
    "int64": [0, 1, -1, 2, 63, 64, 2**53 + 1, INT64_MAX, INT64_MIN],
    "int32": [0, 1, -1, 2, 31, 32, 2**31 - 1, -2**31],
    "bool": [False, True],
}
ARRAY_PAIRS = [("float64", "float64"), ("float32", "float32"), ("int64", "int64"),
               ("int32", "int32"), ("bool", "bool"), ("float32", "float64"), ("int32", "int64"),
               ("int64", "float64"), ("bool", "int64")]
ARRAY_BINARY = ARITH + BITS + COMPARE + ["np.maximum", "np.minimum", "np.power"]
ARRAY_UNARY = ["-{}", "abs({})", "~{}", "np.sign({})", "np.floor({})", "np.ceil({})",
               "np.square({})", "np.sqrt({})", "np.abs({})", "{}.astype(np.float64)",
               "{}.astype(np.float32)", "{}.astype(np.int64)", "{}.astype(np.int32)",
               "{}.astype(np.bool_)", "np.clip({}, -1, 1)", "np.where({} > 0, {}, 0)"]
ARRAY_REDUCE = ["sum", "max", "min", "prod", "argmax", "argmin", "any", "all"]
ARRAY_REDUCE_INEXACT = ["mean", "std", "var"]     # pts may reassociate their sums (README)
ARRAY_VMATH = ["exp", "log", "log1p", "expm1", "tanh", "sin", "cos", "tan"]


@dataclass
class Table:
    name: str
    source: str
    jobs: list            # [(entry, [args, ...])]
    tol: tuple = (0.0, 0.0)       # differ.same's (rtol, atol)

    @property
    def calls(self) -> int:
        return sum(len(a) for _, a in self.jobs)


class _Builder:
    def __init__(self, name: str, header: str, tol: tuple = (0.0, 0.0)):
        self.name, self.tol = name, tol
        self.lines = [header, ""]
        self.jobs: list = []

    def add(self, entry: str, params: str, body: str, arg_sets: list) -> None:
        self.lines += [f"def {entry}({params}):", f"    return {body}", ""]
        self.jobs.append((entry, arg_sets))

    def table(self) -> Table:
        return Table(self.name, "\n".join(self.lines) + "\n", self.jobs, self.tol)


def scalar_tables() -> list[Table]:
    out = []
    for (ta, tb), ops in BINARY.items():
        b = _Builder(f"binary {ta} x {tb}", "import math")
        pairs = list(itertools.product(EDGES[ta], EDGES[tb]))
        for op in ops:
            b.add(f"{NAMES[op]}_{ta}_{tb}", f"a: {ta}, b: {tb}", f"a {op} b", pairs)
        if (ta, tb) in (("int", "int"), ("float", "float"), ("int", "float")):
            for f in ("min", "max"):
                b.add(f"{f}_{ta}_{tb}", f"a: {ta}, b: {tb}", f"{f}(a, b)", pairs)
        if ta != "bool":
            for f in MATH_BINARY:
                b.add(f"math_{f}_{ta}_{tb}", f"a: {ta}, b: {tb}", f"math.{f}(a, b)", pairs)
        out.append(b.table())
    for t, ops in UNARY.items():
        b = _Builder(f"unary {t}", "import math")
        values = [(v,) for v in EDGES[t]]
        for k, op in enumerate(ops):
            b.add(f"unary{k}_{t}", f"a: {t}", op.format("a"), values)
        if t != "bool":
            for f in MATH_UNARY:
                b.add(f"math_{f}_{t}", f"a: {t}", f"math.{f}(a)", values)
        out.append(b.table())
    b = _Builder("lists", "from typing import List")
    xs = [[], [1.0], [math.nan, -0.0, 2.0]]
    b.add("index", "xs: List[float], i: int", "xs[i]", [(x, i) for x in xs for i in EDGES["int"]])
    b.add("pop_at", "xs: List[float], i: int", "xs.pop(i)", [(x, i) for x in xs for i in EDGES["int"]])
    b.add("contains", "xs: List[float], v: float", "v in xs", [(x, v) for x in xs for v in EDGES["float"]])
    b.add("equal", "xs: List[float], ys: List[float]", "xs == ys", [(x, y) for x in xs for y in xs])
    b.add("repeat", "xs: List[float], n: int", "len(xs * (n % 5)) if n > 0 else len(xs * n)",
          [(x, n) for x in xs for n in EDGES["int"]])
    out.append(b.table())
    return out


def _edge_array(dtype: str) -> np.ndarray:
    return np.array(ARRAY_EDGES[dtype], dtype=dtype)


def array_tables() -> list[Table]:
    out = []
    for da, db in ARRAY_PAIRS:
        b = _Builder(f"arrays {da} x {db}", "import numpy as np")
        args = [(differ_arg(_edge_array(da)[:, None]), differ_arg(_edge_array(db)[None, :]))]
        for op in ARRAY_BINARY:
            body = f"{op}(a, b)" if op.startswith("np.") else f"a {op} b"
            name = op[3:] if op.startswith("np.") else NAMES[op]
            if op == "np.power" or op == "**":
                continue                      # in the vmath tables below
            b.add(f"{name}_{da}_{db}", "a: np.ndarray, b: np.ndarray", body, args)
        b.add(f"iadd_{da}_{db}", "a: np.ndarray, b: np.ndarray", "_iadd(a, b)", args)
        out.append(b.table())
    for dtype in ARRAY_EDGES:
        b = _Builder(f"arrays {dtype}", "import numpy as np")
        args = [(differ_arg(_edge_array(dtype)),)]
        for k, op in enumerate(ARRAY_UNARY):
            b.add(f"unary{k}_{dtype}", "a: np.ndarray", op.format("a", "a"), args)
        for f in ARRAY_REDUCE:
            b.add(f"{f}_{dtype}", "a: np.ndarray", f"a.{f}()", args)
            b.add(f"{f}_axis_{dtype}", "a: np.ndarray", f"a[:, None].{f}(axis=0, keepdims=True)" if
                  f not in ("argmax", "argmin") else f"a[:, None].{f}(axis=0)", args)
        out.append(b.table())
    for dtype in ARRAY_EDGES:
        b = _Builder(f"arrays {dtype} vmath", "import numpy as np", differ.VMATH_TOL)
        args = [(differ_arg(_edge_array(dtype)),)]
        for f in ARRAY_VMATH:
            b.add(f"{f}_{dtype}", "a: np.ndarray", f"np.{f}(a)", args)
        pair = [(differ_arg(_edge_array(dtype)[:, None]), differ_arg(_edge_array(dtype)[None, :]))]
        for f in ARRAY_REDUCE_INEXACT:
            b.add(f"{f}_{dtype}", "a: np.ndarray", f"a.{f}()", args)
            b.add(f"{f}_axis_{dtype}", "a: np.ndarray", f"a[:, None].{f}(axis=0, keepdims=True)", args)
        b.add(f"power_{dtype}", "a: np.ndarray, b: np.ndarray", "np.power(a, b)", pair)
        b.add(f"pow_op_{dtype}", "a: np.ndarray, b: np.ndarray", "a ** b", pair)
        b.add(f"pow_half_{dtype}", "a: np.ndarray", "a ** 0.5", args)
        out.append(b.table())
    return out


def differ_arg(values: np.ndarray):
    from progen import ArrayArg
    return ArrayArg(np.ascontiguousarray(values), "C")


def tables() -> list[Table]:
    return scalar_tables() + array_tables()


def fix_iadd(table: Table) -> Table:
    """`_iadd(a, b)`: a helper in the table's module (`a += b` needs a statement)."""
    if "_iadd(" in table.source:
        table.source = table.source.replace(
            "import numpy as np\n",
            "import numpy as np\n\n\ndef _iadd(a: np.ndarray, b: np.ndarray):\n    a += b\n    return a\n", 1)
    return table


def check_table(table: Table, backends: list | None = None) -> differ.Report:
    return differ.check_entries(fix_iadd(table).source, table.jobs, backends, table.tol)


def main(out=print) -> int:
    total = differences = 0
    for table in tables():
        report = check_table(table)
        total += table.calls
        differences += len(report.differences)
        out(f"{table.name}: {table.calls} calls, {len(report.differences)} differences"
            + (f", refused by {sorted(report.refusals)}: {list(report.refusals.values())[0]}"
               if report.refusals else ""))
        for d in report.differences:
            out(d.describe())
    out(f"{total} calls in each of {len(differ.BACKENDS)} backends, {differences} differences")
    return 1 if differences else 0
