"""Random well-typed programs in the pts subset, for differential testing (differ.py).

    generate(seed) -> Program(source, entry, arg_sets)

The same seed gives the same program on every machine (only `random.Random(seed)` and, for
array programs, numpy run on fixed stand-in values decide anything).  A program is a module
of a few functions ending with `main`, the entry; `arg_sets` is a list of argument tuples
for `main` (fresh objects on every call of `Program.args`).

Two kinds of program, chosen by the seed:
- scalar programs: int, float and bool code, lists and tuples, if/elif/else, for over
  range/lists/tuples, while with break/continue, early returns, asserts and raises, calls
  between the generated functions and one bounded recursion, `math` and the builtins;
- array programs: numpy arrays of every dtype pts accepts (float32/64, int32/64, bool),
  ranks 0-3, passed C-ordered, F-ordered, strided, reversed and transposed; elementwise
  operators and ufuncs with broadcasting, `where`/`clip`/`astype`, reductions, `@`/`dot`,
  `concatenate`/`stack`, views (slices with steps, `None`, `.T`, `reshape(-1)`, ...),
  in-place updates, slice assignment and element loops.

What the generator emits is only what README's language reference accepts, so a program
pts refuses (CompileError) is worth a look; differ.py counts refusals.  Things the
reference documents as different from CPython (64-bit ints that wrap, `int / int` through
float, `min`/`max` of mixed numbers, a float power that would be complex) are not avoided
here: differ.py's reference run emulates them.  What the generator does avoid is what would
make CPython itself slow or the comparison meaningless: loops are bounded by constants,
int exponents and shift counts are reduced modulo a small bound, a list is never grown
while a `for` walks it, and there is no recursion except one function counting down.
"""
from __future__ import annotations

import math
import random
import warnings
from dataclasses import dataclass, field

import numpy as np

INT64_MIN, INT64_MAX = -2**63, 2**63 - 1
INT_LITERALS = ["0", "1", "-1", "2", "3", "5", "7", "10", "-3", "255", "1000", "2 ** 31",
                "9007199254740993", "4611686018427387904", "9223372036854775807",
                "(-9223372036854775807 - 1)", "0x7f", "0b101"]
FLOAT_LITERALS = ["0.0", "-0.0", "1.0", "-1.0", "0.5", "1.5", "-2.5", "3.0", "0.1", "1e300",
                  "-1e300", "1e-310", "5e-324", "2.2250738585072014e-308",
                  "9007199254740993.0", "1.7976931348623157e+308", "math.inf", "-math.inf",
                  "math.nan", "math.pi", "math.e", "math.tau"]
INT_ARGS = [0, 1, -1, 2, 3, -7, 10, 100, 2**31, 2**53 + 1, -(2**53 + 1), INT64_MAX, INT64_MIN,
            INT64_MAX - 1, INT64_MIN + 1]
FLOAT_ARGS = [0.0, -0.0, 1.0, -1.0, 0.5, 2.5, -3.75, 1e-310, 5e-324, 1e308, -1e308, math.inf,
              -math.inf, math.nan, 2.0**53 + 2, 0.1, 7.0]
MATH_UNARY = ["sqrt", "exp", "log", "log2", "log10", "sin", "cos", "tan", "asin", "acos",
              "atan", "sinh", "cosh", "tanh", "fabs"]
MATH_BINARY = ["atan2", "pow", "hypot"]
INT_BINOPS = ["+", "-", "*", "//", "%", "**", "<<", ">>", "&", "|", "^"]
FLOAT_BINOPS = ["+", "-", "*", "/", "//", "%", "**"]
CMP_OPS = ["<", "<=", ">", ">=", "==", "!="]
EXCEPTIONS = ["ValueError", "RuntimeError", "IndexError", "ZeroDivisionError", "AssertionError",
              "TypeError"]
SCALARS = ("int", "float", "bool")
LISTS = {"List[int]": "int", "List[float]": "float", "List[bool]": "bool"}


@dataclass
class Program:
    seed: int
    source: str
    entry: str = "main"
    arg_sets: list = field(default_factory=list)   # argument tuples, shared: see args()
    kind: str = "scalar"

    def args(self, k: int) -> tuple:
        """A fresh copy of argument set k (calls may mutate lists and arrays)."""
        return copy_args(self.arg_sets[k])


def copy_args(args: tuple) -> tuple:
    """Lists copied; arrays rebuilt with the same layout, strides and view-ness."""
    return tuple(_copy_value(a) for a in args)


def _copy_value(v):
    if isinstance(v, list):
        return list(v)
    if isinstance(v, ArrayArg):
        return v.make()
    if isinstance(v, np.ndarray):           # (not a view any more: pass an ArrayArg for that)
        return v.copy(order="K")
    return v


def generate(seed: int) -> Program:
    rng = random.Random(seed)
    if rng.random() < 0.4:
        return ArrayGen(rng, seed).program()
    return ScalarGen(rng, seed).program()


# ---------------------------------------------------------------------------- scalar code

@dataclass
class Func:
    name: str
    params: list          # [(name, type)]
    ret: str              # a type name, or "Tuple[int, float]" style


class ScalarGen:
    """Emits source lines; `env` maps the names in scope to their types."""

    def __init__(self, rng: random.Random, seed: int):
        self.rng = rng
        self.seed = seed
        self.funcs: list[Func] = []
        self.lines: list[str] = []
        self.counter = 0
        self.frozen: set[str] = set()     # lists a `for` is walking: not grown or shrunk,
        #                                   and the counters of `while` loops: not assigned
        self.loop_depth = 0
        self.budget = 0                   # statements left in this function

    # -- names and helpers
    def fresh(self, prefix: str) -> str:
        self.counter += 1
        return f"{prefix}{self.counter}"

    def emit(self, indent: int, text: str) -> None:
        self.lines.append("    " * indent + text)

    def vars_of(self, env: dict, t: str) -> list[str]:
        return [n for n, ty in env.items() if ty == t]

    # -- the program
    def program(self) -> Program:
        rng = self.rng
        header = ["import math", "from typing import List, Tuple", ""]
        if rng.random() < 0.5:
            self.recursive_function()
        for _ in range(rng.randint(0, 2)):
            self.function(self.fresh("f"), self.random_params(rng.randint(0, 3)),
                          rng.choice(SCALARS + ("List[int]", "List[float]", "Tuple[int, float]")))
        params = self.random_params(rng.randint(1, 4))
        self.function("main", params, rng.choice(SCALARS + ("List[int]", "List[float]",
                                                             "Tuple[int, float]", "None")))
        arg_sets = [tuple(self.random_arg(t) for _, t in params) for _ in range(rng.randint(3, 5))]
        return Program(self.seed, "\n".join(header + self.lines) + "\n", "main", arg_sets, "scalar")

    def random_params(self, n: int) -> list:
        types = ["int", "int", "float", "float", "bool", "List[int]", "List[float]"]
        return [(f"p{i}", self.rng.choice(types)) for i in range(n)]

    def random_arg(self, t: str):
        rng = self.rng
        if t == "int":
            return rng.choice(INT_ARGS) if rng.random() < 0.5 else rng.randint(-20, 20)
        if t == "float":
            return rng.choice(FLOAT_ARGS) if rng.random() < 0.5 else rng.randint(-40, 40) / 4
        if t == "bool":
            return rng.random() < 0.5
        elem = LISTS[t]
        return [self.random_arg(elem) for _ in range(rng.choice([0, 1, 2, 3, 4, 6]))]

    def recursive_function(self) -> None:
        """rec(n, x): counts n down to 0; callers pass n reduced modulo 6."""
        name = self.fresh("rec")
        t = self.rng.choice(["int", "float"])
        f = Func(name, [("n", "int"), ("x", t)], t)
        self.emit(0, f"def {name}(n: int, x: {t}) -> {t}:")
        env = {"n": "int", "x": t}
        self.emit(1, "if n <= 0:")
        self.emit(2, f"return {self.expr(t, env, 2)}")
        self.budget = 3
        self.frozen.add("n")                 # the count stays a count: no `n ^= ...`
        self.block(1, env, f)
        self.frozen.discard("n")
        inner = f"{name}(n - 1, {self.expr(t, env, 1)})"
        other = self.expr(t, env, 1)
        op = self.rng.choice(["+", "-", "*"] if t == "float" else ["+", "-", "^", "*"])
        self.emit(1, f"return {inner} {op} {other}")
        self.emit(0, "")
        self.funcs.append(f)

    def function(self, name: str, params: list, ret: str) -> None:
        # unannotated parameters take the argument's type: scalars only (an empty list
        # argument has no element type)
        ps = ", ".join(f"{n}: {t}" if t in LISTS or self.rng.random() < 0.85 else n for n, t in params)
        self.emit(0, f"def {name}({ps}) -> {ret}:")
        env = dict(params)
        f = Func(name, params, ret)
        self.budget = self.rng.randint(3, 10)
        self.block(1, env, f)
        if ret != "None":
            self.emit(1, f"return {self.expr(ret, env, 3)}")
        elif self.rng.random() < 0.3:
            self.emit(1, "return")
        self.emit(0, "")
        self.funcs.append(f)

    # -- statements
    def block(self, indent: int, env: dict, f: Func, min_stmts: int = 1) -> None:
        n = 0
        while n < min_stmts or (self.budget > 0 and self.rng.random() < 0.75):
            self.statement(indent, env, f)
            n += 1

    def statement(self, indent: int, env: dict, f: Func) -> None:
        rng = self.rng
        self.budget -= 1
        nested = indent < 4 and self.budget > 0
        kinds = ["assign"] * 4 + ["aug"] * 2 + ["print", "list"] * 1
        if nested:
            kinds += ["if", "if", "for_range", "for_list", "while", "for_tuple"]
        if self.loop_depth:
            kinds += ["break_continue"]
        kinds += ["return_early", "assert", "raise", "unpack"]
        kind = rng.choice(kinds)
        if kind == "assign":
            t = rng.choice(SCALARS + ("List[int]", "List[float]", "List[bool]"))
            existing = [n for n in self.vars_of(env, t) if n not in self.frozen]
            if existing and rng.random() < 0.4:
                name = rng.choice(existing)
            else:
                name = self.fresh("v")
            if t.startswith("List") and rng.random() < 0.3 and name not in env:
                self.emit(indent, f"{name}: {t} = {self.expr(t, env, 2)}")
            else:
                self.emit(indent, f"{name} = {self.expr(t, env, 3)}")
            env[name] = t
        elif kind == "aug":
            ints = [n for n in self.vars_of(env, "int") if n not in self.frozen]
            floats = self.vars_of(env, "float")
            if ints and (not floats or rng.random() < 0.5):
                name, op = rng.choice(ints), rng.choice(INT_BINOPS)
                self.emit(indent, f"{name} {op}= {self.int_rhs(op, env, 2)}")
            elif floats:
                name, op = rng.choice(floats), rng.choice(FLOAT_BINOPS)
                self.emit(indent, f"{name} {op}= {self.expr(rng.choice(['int', 'float']), env, 2)}")
            else:
                self.emit(indent, "pass")
        elif kind == "print":
            parts = [self.expr(rng.choice(SCALARS), env, 2) for _ in range(rng.randint(1, 3))]
            if rng.random() < 0.3:
                parts.insert(0, '"out:"')
            self.emit(indent, f"print({', '.join(parts)})")
        elif kind == "list":
            self.list_statement(indent, env)
        elif kind == "if":
            self.emit(indent, f"if {self.cond(env)}:")
            self.block(indent + 1, dict(env), f)
            for _ in range(rng.choice([0, 0, 1, 2])):
                self.emit(indent, f"elif {self.cond(env)}:")
                self.block(indent + 1, dict(env), f)
            if rng.random() < 0.5:
                self.emit(indent, "else:")
                self.block(indent + 1, dict(env), f)
        elif kind == "for_range":
            i = self.fresh("i")
            self.emit(indent, f"for {i} in {self.range_expr(env)}:")
            self.loop_body(indent, env, f, {i: "int"})
        elif kind == "for_list":
            lists = [n for n, t in env.items() if t in LISTS]
            if not lists:
                self.emit(indent, f"for {self.fresh('e')} in [1, 2]:")
                self.emit(indent + 1, "pass")
                return
            xs = rng.choice(lists)
            e = self.fresh("e")
            self.emit(indent, f"for {e} in {xs}:")
            added = xs not in self.frozen
            self.frozen.add(xs)
            self.loop_body(indent, env, f, {e: LISTS[env[xs]]})
            if added:
                self.frozen.discard(xs)
        elif kind == "for_tuple":
            t = rng.choice(["int", "float"])
            e = self.fresh("e")
            items = ", ".join(self.expr(t, env, 1) for _ in range(rng.randint(1, 3)))
            self.emit(indent, f"for {e} in ({items},):")
            self.loop_body(indent, env, f, {e: t})
        elif kind == "while":
            k = self.fresh("k")
            self.emit(indent, f"{k} = 0")
            cond = self.cond(env)
            self.emit(indent, f"while {k} < {rng.randint(1, 6)}{' and ' + cond if rng.random() < 0.5 else ''}:")
            # the counter first: a `continue` below cannot skip it
            self.emit(indent + 1, f"{k} += 1")
            env_inner = dict(env)
            env_inner[k] = "int"
            self.frozen.add(k)
            self.loop_body(indent, env_inner, f, {})
        elif kind == "break_continue":
            self.emit(indent, f"if {self.cond(env)}:")
            self.emit(indent + 1, rng.choice(["break", "continue"]))
        elif kind == "return_early":
            self.emit(indent, f"if {self.cond(env)}:")
            self.emit(indent + 1, "return" if f.ret == "None" else f"return {self.expr(f.ret, env, 2)}")
        elif kind == "assert":
            msg = f', "{self.fresh("check ")}"' if rng.random() < 0.5 else ""
            self.emit(indent, f"assert {self.cond(env)}{msg}")
        elif kind == "raise":
            self.emit(indent, f"if {self.cond(env)}:")
            exc = rng.choice(EXCEPTIONS)
            self.emit(indent + 1, f'raise {exc}("{self.fresh("bad ")}")' if rng.random() < 0.8
                      else f"raise {exc}")
        elif kind == "unpack":
            a, b = self.fresh("u"), self.fresh("u")
            tuple_funcs = [g for g in self.funcs if g.ret == "Tuple[int, float]"]
            if tuple_funcs and rng.random() < 0.6:
                self.emit(indent, f"{a}, {b} = {self.call(rng.choice(tuple_funcs), env)}")
            else:
                self.emit(indent, f"{a}, {b} = {self.expr('int', env, 2)}, {self.expr('float', env, 2)}")
            env[a], env[b] = "int", "float"
            if rng.random() < 0.3:
                self.emit(indent, f"{a}, {b} = {a} + 1, {b} - {a}")

    def loop_body(self, indent: int, env: dict, f: Func, loop_vars: dict) -> None:
        inner = dict(env)
        inner.update(loop_vars)
        self.loop_depth += 1
        self.block(indent + 1, inner, f)
        self.loop_depth -= 1

    def list_statement(self, indent: int, env: dict) -> None:
        rng = self.rng
        lists = [n for n, t in env.items() if t in LISTS and n not in self.frozen]
        if not lists:
            name = self.fresh("xs")
            t = rng.choice(list(LISTS))
            self.emit(indent, f"{name} = {self.expr(t, env, 2)}")
            env[name] = t
            return
        xs = rng.choice(lists)
        elem = LISTS[env[xs]]
        op = rng.choice(["append", "append", "pop", "pop_i", "setitem", "setitem_mod"])
        if op == "append":
            self.emit(indent, f"{xs}.append({self.expr(elem, env, 2)})")
        elif op == "pop":
            # (a popped value's name is not added to env: nothing reads it)
            self.emit(indent, f"{xs}.pop()" if rng.random() < 0.5 else
                      f"{self.fresh('w')} = {xs}.pop()")
        elif op == "pop_i":
            self.emit(indent, f"{self.fresh('w')} = {xs}.pop({self.expr('int', env, 1)})")
        elif op == "setitem":
            self.emit(indent, f"{xs}[{self.expr('int', env, 1)}] = {self.expr(elem, env, 2)}")
        else:
            self.emit(indent, f"if len({xs}) > 0:")
            self.emit(indent + 1, f"{xs}[{self.expr('int', env, 1)} % len({xs})] = {self.expr(elem, env, 2)}")

    def range_expr(self, env: dict) -> str:
        rng = self.rng
        n = rng.randint(0, 6)
        form = rng.random()
        if form < 0.4:
            return f"range({n})"
        if form < 0.6:
            return f"range({self.expr('int', env, 1)} % {n + 1})"
        if form < 0.8:
            return f"range({rng.randint(-3, 3)}, {rng.randint(-3, 6)})"
        step = rng.choice([1, 2, 3, -1, -2])
        a, b = (rng.randint(-2, 2), rng.randint(3, 8)) if step > 0 else (rng.randint(3, 8), rng.randint(-3, 2))
        return f"range({a}, {b}, {step})"

    # -- expressions
    def cond(self, env: dict) -> str:
        if self.rng.random() < 0.15:
            return self.expr(self.rng.choice(["int", "float"] + [n for n in LISTS][:1]), env, 1)
        return self.expr("bool", env, 2)

    def leaf(self, t: str, env: dict) -> str:
        names = self.vars_of(env, t)
        if names and self.rng.random() < 0.6:
            return self.rng.choice(names)
        if t == "int":
            return self.rng.choice(INT_LITERALS)
        if t == "float":
            return self.rng.choice(FLOAT_LITERALS)
        if t == "bool":
            return self.rng.choice(["True", "False"])
        if t in LISTS:
            # not `[]`: pts needs an element to type a list that is not annotated
            elem = LISTS[t]
            return "[" + ", ".join(self.leaf(elem, env) for _ in range(self.rng.randint(1, 3))) + "]"
        return "(0, 0.0)"

    def int_rhs(self, op: str, env: dict, depth: int) -> str:
        """The right operand of an int operator: exponents and shift counts kept small."""
        e = self.expr("int", env, depth - 1)
        if op == "**":
            return f"(({e}) % 4)" if self.rng.random() < 0.7 else str(self.rng.randint(0, 5))
        if op in ("<<", ">>"):
            return f"(({e}) % 64)" if self.rng.random() < 0.6 else str(self.rng.choice([0, 1, 3, 31, 62, 63]))
        return self.atom(e) if e[0] == "-" else e

    @staticmethod
    def atom(e: str) -> str:
        return f"({e})"

    def call(self, g: Func, env: dict) -> str:
        if g.name.startswith("rec"):
            return f"{g.name}(({self.expr('int', env, 1)}) % 6, {self.expr(g.params[1][1], env, 1)})"
        return f"{g.name}({', '.join(self.expr(t, env, 1) for _, t in g.params)})"

    def element(self, list_type: str, env: dict, depth: int, empty: str) -> str | None:
        """xs[i] of a list variable of that type: any i (IndexError is an outcome too), or
        i reduced into range when the list is not empty; None without such a variable."""
        lists = [n for n, ty in env.items() if ty == list_type]
        if not lists:
            return None
        xs = self.rng.choice(lists)
        if self.rng.random() < 0.4:
            return f"{xs}[{self.expr('int', env, depth)}]"
        return f"({xs}[{self.expr('int', env, depth)} % len({xs})] if len({xs}) > 0 else {empty})"

    def expr(self, t: str, env: dict, depth: int) -> str:
        rng = self.rng
        if depth <= 0 or rng.random() < 0.25:
            return self.leaf(t, env)
        callees = [g for g in self.funcs if g.ret == t]
        if callees and rng.random() < 0.12:
            return self.call(rng.choice(callees), env)
        if rng.random() < 0.06:
            return f"({self.expr(t, env, depth - 1)} if {self.cond(env)} else {self.expr(t, env, depth - 1)})"
        d = depth - 1
        if t == "int":
            r = rng.random()
            if r < 0.45:
                op = rng.choice(INT_BINOPS)
                return f"({self.expr('int', env, d)} {op} {self.int_rhs(op, env, depth)})"
            if r < 0.55:
                return f"({rng.choice(['-', '~', '+'])}{self.atom(self.expr('int', env, d))})"
            if r < 0.65:
                f = rng.choice(["abs", "min", "max"])
                n = 1 if f == "abs" else rng.randint(2, 3)
                return f"{f}({', '.join(self.expr('int', env, d) for _ in range(n))})"
            if r < 0.72:
                return f"int({self.expr(rng.choice(['float', 'bool', 'int']), env, d)})"
            if r < 0.78:
                return f"math.{rng.choice(['floor', 'ceil'])}({self.expr('float', env, d)})"
            if r < 0.88 and (element := self.element("List[int]", env, d, "0")):
                return element
            any_list = [n for n, ty in env.items() if ty in LISTS]
            if any_list:
                return f"len({rng.choice(any_list)})"
            tuples = [n for n, ty in env.items() if ty == "Tuple[int, float]"]
            return self.leaf("int", env) if not tuples else f"{rng.choice(tuples)}[0]"
        if t == "float":
            r = rng.random()
            if r < 0.4:
                op = rng.choice(FLOAT_BINOPS)
                a, b = rng.choice([("float", "float"), ("float", "int"), ("int", "float")])
                return f"({self.expr(a, env, d)} {op} {self.expr(b, env, d)})"
            if r < 0.45:
                return f"({self.expr('int', env, d)} / {self.expr('int', env, d)})"
            if r < 0.52:
                return f"(-{self.atom(self.expr('float', env, d))})"
            if r < 0.7:
                return f"math.{rng.choice(MATH_UNARY)}({self.expr('float', env, d)})"
            if r < 0.76:
                g = rng.choice(MATH_BINARY)
                return f"math.{g}({self.expr('float', env, d)}, {self.expr(rng.choice(['float', 'int']), env, d)})"
            if r < 0.82:
                f = rng.choice(["abs", "min", "max"])
                n = 1 if f == "abs" else rng.randint(2, 3)
                kinds = ["float"] + ["float" if rng.random() < 0.7 else "int" for _ in range(n - 1)]
                rng.shuffle(kinds)
                return f"{f}({', '.join(self.expr(k, env, d) for k in kinds)})"
            if r < 0.86:
                return f"float({self.expr(rng.choice(['int', 'bool']), env, d)})"
            if r < 0.94 and (element := self.element("List[float]", env, d, "0.0")):
                return element
            tuples = [n for n, ty in env.items() if ty == "Tuple[int, float]"]
            return self.leaf("float", env) if not tuples else f"{rng.choice(tuples)}[1]"
        if t == "bool":
            r = rng.random()
            if r < 0.35:
                k = rng.choice(["int", "float", "int"])
                terms = [self.expr(k, env, d) for _ in range(rng.choice([2, 2, 2, 3]))]
                out = terms[0]
                for term in terms[1:]:
                    out += f" {rng.choice(CMP_OPS)} {term}"
                return f"({out})"
            if r < 0.5:
                return f"({self.expr('bool', env, d)} {rng.choice(['and', 'or'])} {self.expr('bool', env, d)})"
            if r < 0.58:
                return f"(not {self.expr('bool', env, d)})"
            if r < 0.66:
                return f"math.{rng.choice(['isnan', 'isinf', 'isfinite'])}({self.expr('float', env, d)})"
            if r < 0.7:
                return f"bool({self.expr(rng.choice(['int', 'float']), env, d)})"
            if r < 0.76:
                return f"({self.expr('bool', env, d)} {rng.choice(['&', '|', '^'])} {self.expr('bool', env, d)})"
            lists = [n for n, ty in env.items() if ty in LISTS]
            if lists and r < 0.9:
                xs = rng.choice(lists)
                return f"({self.expr(LISTS[env[xs]], env, d)} {rng.choice(['in', 'not in'])} {xs})"
            if lists:
                xs = rng.choice(lists)
                same = [n for n, ty in env.items() if ty == env[xs]]
                return f"({xs} {rng.choice(['==', '!='])} {rng.choice(same)})"
            return self.leaf("bool", env)
        if t in LISTS:
            elem = LISTS[t]
            r = rng.random()
            if r < 0.3:
                return "[" + ", ".join(self.expr(elem, env, d) for _ in range(rng.randint(1, 4))) + "]"
            if r < 0.4:
                return f"[{self.expr(elem, env, d)}] * {rng.randint(0, 3)}"
            same = [n for n, ty in env.items() if ty == t]
            if same and r < 0.55:
                return f"{rng.choice(same)} + {self.expr(t, env, d)}"
            if r < 0.7:
                v = self.fresh("c")
                inner = dict(env)
                inner[v] = "int"
                cond = f" if {self.expr('bool', inner, 1)}" if rng.random() < 0.4 else ""
                return f"[{self.expr(elem, inner, d)} for {v} in range({rng.randint(0, 5)}){cond}]"
            if same and r < 0.8:
                v = self.fresh("c")
                inner = dict(env)
                inner[v] = elem
                return f"[{self.expr(elem, inner, d)} for {v} in {rng.choice(same)}]"
            if same and r < 0.87:
                return f"{rng.choice(same)}.copy()"
            return self.leaf(t, env)
        if t == "Tuple[int, float]":
            return f"({self.expr('int', env, d)}, {self.expr('float', env, d)})"
        raise AssertionError(t)


# ---------------------------------------------------------------------------- array code

DTYPES = ["float64", "float32", "int64", "int32", "bool"]
NP_NAMES = {"float64": "float64", "float32": "float32", "int64": "int64", "int32": "int32",
            "bool": "bool_"}
LAYOUTS = ["C", "F", "strided", "reversed", "transposed"]


@dataclass
class ArrayArg:
    """An array argument as a recipe: `make()` builds the same array, view and all, again."""
    values: np.ndarray        # the logical contents (C-contiguous)
    layout: str               # one of LAYOUTS

    def make(self) -> np.ndarray:
        v = self.values
        if v.ndim == 0 or self.layout == "C":
            return v.copy()
        if self.layout == "F":
            return np.asfortranarray(v.copy())
        # (copies made explicitly: ascontiguousarray returns `values` itself when it can)
        if self.layout == "transposed":
            return v.T.copy(order="C").T
        if self.layout == "reversed":
            flip = tuple(slice(None, None, -1) for _ in range(v.ndim))
            return v[flip].copy(order="C")[flip]
        # strided: every axis stepped by 2 (the last by 3) through a larger base
        steps = [2] * (v.ndim - 1) + [3]
        base = np.zeros([n * s for n, s in zip(v.shape, steps)], dtype=v.dtype)
        view = base[tuple(slice(None, None, s) for s in steps)]
        view[...] = v
        return view

    def __repr__(self) -> str:
        return (f"<{self.layout} {self.values.dtype}{list(self.values.shape)}: "
                f"{np.array2string(self.values, separator=', ', threshold=50)}>")


class ArrayGen:
    """Array programs, built statement by statement against stand-in values: each candidate
    statement is run in numpy on the first argument set, which tells its result's dtype and
    shape (numpy decides, as it does for pts) and whether it raises (kept only sometimes,
    so error paths are tested without every program ending in one)."""

    def __init__(self, rng: random.Random, seed: int):
        self.rng = rng
        self.seed = seed
        self.env: dict = {}        # name -> stand-in value
        self.originals: list = []  # the array arguments' stand-ins before any statement
        self.lines: list[str] = []
        self.counter = 0
        self.raised = False

    def fresh(self, prefix: str) -> str:
        self.counter += 1
        return f"{prefix}{self.counter}"

    def program(self) -> Program:
        rng = self.rng
        shapes = self.shapes()
        params, recipes = [], []
        for i, shape in enumerate(shapes):
            dtype = rng.choice(DTYPES)
            name = f"a{i}"
            values = self.values(dtype, shape)
            params.append(name)
            recipes.append((dtype, shape))
            self.env[name] = values
        scalar = None
        if rng.random() < 0.5:
            scalar = rng.choice(["int", "float"])
            params.append("s")
            self.env["s"] = 2 if scalar == "int" else 1.5
        for _ in range(rng.randint(2, 7)):
            self.statement()
            if self.raised:
                break
        results = [n for n in self.env if n not in params] or [params[0]]
        picked = rng.sample(results, min(len(results), rng.randint(1, 3)))
        body = ["    " + part for line in self.lines for part in line.split("\n")]
        annotated = [f"{p}: np.ndarray" if p != "s" else f"s: {scalar}" for p in params]
        src = ["import math", "import numpy as np", "", "",
               f"def main({', '.join(annotated)}):", *body,
               f"    return {', '.join(picked)}", ""]
        arg_sets = []
        for k in range(rng.randint(2, 4)):
            args = []
            for (dtype, shape) in recipes:
                # the first set is the stand-ins the statements were tried on
                values = self.env_values(dtype, shape) if k else self.originals[len(args)]
                args.append(ArrayArg(values, "C" if k == 0 else rng.choice(LAYOUTS)))
            if scalar:
                args.append(rng.choice(INT_ARGS[:8]) if scalar == "int" else rng.choice(FLOAT_ARGS))
            arg_sets.append(tuple(args))
        return Program(self.seed, "\n".join(src), "main", arg_sets, "array")

    def shapes(self) -> list:
        rng = self.rng
        rank = rng.choice([0, 1, 1, 2, 2, 2, 3])
        full = [rng.choice([1, 2, 3, 4, 5]) for _ in range(rank)]
        out = [tuple(full)]
        for _ in range(rng.randint(0, 2)):
            # a broadcasting partner: a suffix of the shape with some axes set to 1
            k = rng.randint(0, rank)
            out.append(tuple(1 if rng.random() < 0.3 else n for n in full[rank - k:]))
        return out

    def values(self, dtype: str, shape: tuple) -> np.ndarray:
        v = self.env_values(dtype, shape)
        self.originals.append(v.copy())
        return v

    def env_values(self, dtype: str, shape: tuple) -> np.ndarray:
        rng = self.rng
        n = int(np.prod(shape))
        if dtype == "bool":
            flat = [rng.random() < 0.5 for _ in range(n)]
        elif dtype.startswith("int"):
            info = np.iinfo(dtype)
            pool = [0, 1, -1, 2, 3, -5, 7, int(info.max), int(info.min)]
            flat = [rng.choice(pool) if rng.random() < 0.2 else rng.randint(-9, 9) for _ in range(n)]
        else:
            pool = [0.0, -0.0, math.inf, -math.inf, math.nan, 5e-324, 1e-310, 1e300, -1e300, 0.5]
            flat = [rng.choice(pool) if rng.random() < 0.15 else rng.randint(-16, 16) / 2 for _ in range(n)]
        with np.errstate(all="ignore"), warnings.catch_warnings():
            warnings.simplefilter("ignore")        # 1e300 and inf in float32
            return np.array(flat, dtype=dtype).reshape(shape)

    # -- statements
    def arrays(self, min_rank: int = 0) -> list[str]:
        return [n for n, v in self.env.items() if isinstance(v, np.ndarray) and v.ndim >= min_rank]

    def try_statement(self, line: str, target: str | None) -> bool:
        """Run `line` on the stand-ins; keep it if numpy takes it (or, rarely, if it raises)."""
        ns = {"np": np, "math": math, **{k: (v.copy() if isinstance(v, np.ndarray) else v)
                                          for k, v in self.env.items()}}
        try:
            with np.errstate(all="ignore"):
                exec(line, ns)
        except (TypeError, AttributeError, np.exceptions.AxisError):
            return False    # numpy refuses the types or the axis: pts does too, at compile time
        except Exception:  # noqa: BLE001 - a run-time error (shapes, axes, indices)
            if self.rng.random() < 0.08:
                self.lines.append(line)
                self.raised = True
                return True
            return False
        if target is not None:
            v = ns[target]
            if isinstance(v, np.ndarray):
                if v.dtype.name not in DTYPES or v.ndim > 3:
                    return False
            elif not isinstance(v, (np.generic, int, float, bool)):
                return False
            if isinstance(v, np.generic) and v.dtype.name not in DTYPES:
                return False
        self.lines.append(line)
        for k in self.env:
            if isinstance(self.env[k], np.ndarray) and k in ns:
                self.env[k] = ns[k]
        if target is not None:
            self.env[target] = ns[target]
        return True

    def statement(self) -> None:
        for _ in range(20):
            kind = self.rng.choice(["assign"] * 6 + ["inplace", "setitem", "loop", "view"])
            line, target = getattr(self, "stmt_" + kind)()
            if line and self.try_statement(line, target):
                return

    def operand(self) -> str:
        rng = self.rng
        names = self.arrays()
        r = rng.random()
        if r < 0.7 and names:
            return rng.choice(names)
        if r < 0.8 and "s" in self.env:
            return "s"
        return rng.choice(["2", "0", "-1", "3", "1.5", "0.5", "-2.0", "True", "math.nan", "math.inf"])

    def array_expr(self, depth: int = 2) -> str:
        rng = self.rng
        if depth <= 0 or rng.random() < 0.2:
            return self.operand()
        d = depth - 1
        r = rng.random()
        if r < 0.35:
            op = rng.choice(["+", "-", "*", "/", "//", "%", "**", "&", "|", "^", "<<", ">>",
                             "<", "<=", "==", "!=", ">", ">="])
            return f"({self.array_expr(d)} {op} {self.array_expr(d)})"
        if r < 0.45:
            return f"{rng.choice(['-', '+', '~'])}{self.array_expr(d)}" if rng.random() < 0.5 else \
                f"abs({self.array_expr(d)})"
        if r < 0.65:
            f = rng.choice(["exp", "log", "log1p", "expm1", "sqrt", "tanh", "sin", "cos", "tan",
                            "sign", "floor", "ceil", "square", "abs"])
            return f"np.{f}({self.array_expr(d)})"
        if r < 0.72:
            f = rng.choice(["maximum", "minimum", "power"])
            return f"np.{f}({self.array_expr(d)}, {self.array_expr(d)})"
        if r < 0.77:
            return f"np.where({self.array_expr(d)} > {rng.choice(['0', '1', '-1.5'])}, {self.array_expr(d)}, {self.array_expr(d)})"
        if r < 0.8:
            return f"np.clip({self.array_expr(d)}, {rng.choice(['-1', '0', '-2.5'])}, {rng.choice(['1', '3', '4.5'])})"
        if r < 0.86:
            names = self.arrays()
            if names:
                return f"{rng.choice(names)}.astype(np.{NP_NAMES[rng.choice(DTYPES)]})"
            return self.operand()
        # reductions, products, joins and views of arrays (a numpy scalar has none in pts)
        names = self.arrays(1)
        if r < 0.92 and names:
            return self.reduction(rng.choice(names))
        if r < 0.94 and names:
            return f"({rng.choice(names)} @ {rng.choice(names)})" if rng.random() < 0.7 else \
                f"np.dot({rng.choice(names)}, {rng.choice(names)})"
        if r < 0.96 and names:
            f = rng.choice(["concatenate", "stack"])
            return f"np.{f}(({rng.choice(names)}, {rng.choice(names)}){rng.choice(['', ', axis=0', ', axis=-1'])})"
        if names:
            return self.view(rng.choice(names))
        return self.operand()

    @staticmethod
    def atom(e: str) -> str:
        return e if e.isidentifier() or e.startswith("(") else f"({e})"

    def reduction(self, e: str) -> str:
        rng = self.rng
        f = rng.choice(["sum", "mean", "max", "min", "prod", "argmax", "argmin", "any", "all",
                        "std", "var"])
        axis = rng.choice(["", "axis=0", "axis=-1", "axis=1", "axis=(0, 1)", "axis=None"])
        keep = rng.choice(["", "", "keepdims=True"]) if f not in ("argmax", "argmin") else ""
        args = ", ".join(a for a in (axis, keep) if a)
        return f"np.{f}({e}{', ' + args if args else ''})" if rng.random() < 0.4 else f"{e}.{f}({args})"

    def view(self, e: str) -> str:
        rng = self.rng
        return rng.choice([f"{e}[::2]", f"{e}[::-1]", f"{e}[1:]", f"{e}[0]", f"{e}[-1]",
                           f"{e}[:, ::2]", f"{e}[::-1, ::-1]", f"{e}[:, None]", f"{e}[None]",
                           f"{e}.T", f"{e}.reshape(-1)", f"{e}.ravel()", f"{e}.copy()",
                           f"{e}[1:, :1]", f"np.expand_dims({e}, 0)",
                           f"np.swapaxes({e}, 0, -1)", f"{e}.transpose()", f"{e}.flatten()"])

    def stmt_assign(self):
        v = self.fresh("t")
        return f"{v} = {self.array_expr(self.rng.randint(1, 3))}", v

    def stmt_view(self):
        names = self.arrays(1)
        if not names:
            return None, None
        v = self.fresh("t")
        return f"{v} = {self.view(self.rng.choice(names))}", v

    def stmt_inplace(self):
        names = self.arrays()
        if not names:
            return None, None
        op = self.rng.choice(["+=", "-=", "*=", "/=", "//=", "%=", "**=", "&=", "|=", "^="])
        return f"{self.rng.choice(names)} {op} {self.array_expr(1)}", None

    def stmt_setitem(self):
        names = self.arrays(1)
        if not names:
            return None, None
        idx = self.rng.choice(["0", "-1", "::2", "1:", "::-1", "0, :", ":, 0", ":, ::2"])
        return f"{self.rng.choice(names)}[{idx}] = {self.array_expr(1)}", None

    def stmt_loop(self):
        rng = self.rng
        names = self.arrays(1)
        if not names:
            return None, None
        a = rng.choice(names)
        rank = self.env[a].ndim
        acc = self.fresh("acc")
        idx = ", ".join(["i"] + ["0"] * (rank - 1) if rng.random() < 0.5 else ["i"] + ["-1"] * (rank - 1))
        init = rng.choice(["0.0", "0", "1"])
        body = rng.choice([f"{acc} = {acc} + {a}[{idx}]", f"{acc} = {acc} * 2 - {a}[{idx}]",
                           f"{a}[{idx}] = {a}[{idx}] + 1",
                           f"if {a}[{idx}] > 0:\n        {acc} = {acc} + 1"])
        lines = f"{acc} = {init}\nfor i in range({a}.shape[0]):\n    {body}"
        return lines, acc
