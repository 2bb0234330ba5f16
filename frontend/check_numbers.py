"""Type checking of numbers as CPython and numpy take them: the `math` functions beyond the
ones the checker knows (frontend.check's MATH_* sets), and the builtins `round`, `divmod`
and `pow`.

Contract: `NumberChecks` is a mixin of the FunctionChecker.  `call_math_library(e, name)`
and `call_number_builtin(e, name)` type a call and set `e.target`: either a libm op
(`Callee("math", name)`, lowered by lower.call_math with CPython's error checks) or a call
of a function of stdlib/pymath.py (`Callee("function", ...)`, compiled like user code,
specialized on plain Python numbers: numpy scalars and bools are converted at the call, as
CPython's `PyFloat_AsDouble` / `__index__` convert them).  Result types are CPython's;
where CPython gives back a numpy scalar for numpy operands (`divmod(np.float64(x), 2)`,
`round(np.float64(x), 2)`) the result is one too, computed by numpy's rules.
"""
from __future__ import annotations

import copy
import math

from pts.errors import CompileError
from pts.frontend import ast as A
from pts.ir.types import (F16, INT_BITS, F32, F64, I1, I32, I64, NPF64, NPI1, NPI64, NUMPY_SCALARS,
                          ListType, TupleType, Type, py_name)

# libm functions that CPython's math module calls as they are (ops math.NAME, ir.ops)
LIBM_UNARY = {"log1p", "expm1", "erf", "erfc", "cbrt", "exp2"}
LIBM_BINARY = {"copysign", "nextafter", "fmod"}
# math functions written in stdlib/pymath.py: name -> argument kinds
# (i: an integer, f: a real number, l: a list of numbers)
LIBRARY = {"gcd": "ii", "lcm": "ii", "factorial": "i", "comb": "ii", "perm": "ii",
           "isqrt": "i", "trunc": "f", "degrees": "f", "radians": "f", "isclose": "ff",
           "modf": "f", "frexp": "f", "ldexp": "fi", "remainder": "ff", "ulp": "f",
           "fsum": "l", "prod": "l", "dist": "ll", "hypot_n": "l", "gamma": "f", "lgamma": "f"}
KEYWORDS = {"isclose": ("rel_tol", "abs_tol"), "prod": ("start",)}
NUMBER_BUILTINS = {"round", "divmod", "pow", "complex"}

INTEGRAL = (I1, I64, NPI64, NPI1) + tuple(INT_BITS)
REAL = INTEGRAL + (F64, F32, NPF64, F16)


def plain_number(t: Type) -> Type:
    """The Python number type a numpy scalar converts to (float(x), operator.index(x))."""
    if t in (F32, NPF64, F16):
        return F64
    if t in INT_BITS or t == NPI64:
        return I64
    if t == NPI1:
        return I1
    return t


def _pymath(name: str, module: str = "pymath"):
    import importlib
    return getattr(importlib.import_module(f"pts.stdlib.{module}"), name)


class NumberChecks:
    """FunctionChecker methods for math library functions and round/divmod/pow."""

    def math_keywords_allowed(self, f: A.Expr) -> bool:
        """May a call of `f` have keyword arguments (math.isclose(a, b, rel_tol=...))?"""
        name = f.attr if isinstance(f, A.Attribute) else getattr(f, "id", None)
        if name not in KEYWORDS:
            return False
        if isinstance(f, A.Attribute):
            return isinstance(f.value, A.Name) and self.is_module(f.value.id, math)
        return self.var_key(f.id) not in self.vars and self.spec.globals.get(f.id) is getattr(math, name)

    def call_math_library(self, e: A.Call, name: str) -> Type:
        Callee = self.iter_helpers.Callee     # (check.py's: an import would be a cycle)
        if name in LIBM_UNARY or name in LIBM_BINARY:
            e.target = Callee("math", name)
            self.nargs(e, "math." + name, 1 if name in LIBM_UNARY else 2)
            for a in e.args:
                self.real_arg(a)
            return F64
        if name in ("gcd", "lcm"):
            return self.fold_gcd_lcm(e, name)
        if name == "hypot_n" and not getattr(e, "packed", False):   # hypot(x, y, z): a list
            e.packed = True                  # (the checker visits a call more than once)
            args = e.args or [A.Const(0.0, span=e.span)]
            e.args = [A.ListExpr([A.Call(A.Name("float", span=a.span), [a], span=a.span)
                                  for a in args], span=e.span)]
        if name == "dist":                   # points written as tuple displays: lists
            e.args = [A.ListExpr(a.elts, span=a.span) if isinstance(a, A.TupleExpr) else a
                      for a in e.args]
        if name == "perm" and len(e.args) == 1:
            return self.library_call(e, "perm1", [self.integral_arg(e.args[0])])
        if name == "perm" and len(e.args) == 2 and isinstance(e.args[1], A.Const) \
                and e.args[1].value is None:
            e.args = e.args[:1]
            return self.library_call(e, "perm1", [self.integral_arg(e.args[0])])
        kinds = LIBRARY[name]
        if e.keywords:
            self.bind_math_keywords(e, name)
        extra = len(KEYWORDS.get(name, ()))
        self.nargs(e, "math." + name, len(kinds), len(kinds) + extra)
        types = []
        for i, a in enumerate(e.args):
            kind = kinds[i] if i < len(kinds) else "f" if name == "isclose" else "n"
            if kind == "n":                  # prod's start: any number, as it is
                t = self.expr(a)
                if t not in REAL:
                    raise self.error("math.prod() start must be a number here", a)
                types.append(plain_number(t))
            elif kind == "i":
                types.append(self.integral_arg(a))
            elif kind == "f":
                types.append(self.real_arg(a))
            else:
                t = self.expr(a)
                if not (isinstance(t, (ListType, TupleType)) and all(
                        x in REAL for x in (t.elems if isinstance(t, TupleType) else (t.elem,)))):
                    raise self.error(f"math.{name}() takes a list or tuple of numbers here, "
                                     f"not {py_name(t)}", a)
                types.append(t)
        if name == "trunc" and types[0] in INTEGRAL:
            return self.library_call(e, "round_int", types + [I64], extra=[A.Const(0, span=e.span)])
        if name == "prod":
            if len(e.args) == 1:
                e.args.append(A.Const(1, span=e.span))
                types.append(I64)
        if name == "isclose":
            while len(types) < 4:             # the defaults, as values (CPython's)
                e.args.append(A.Const((1e-09, 0.0)[len(types) - 2], span=e.span))
                types.append(F64)
        return self.library_call(e, name, types)

    def bind_math_keywords(self, e: A.Call, name: str) -> None:
        params = list(LIBRARY[name]) + list(KEYWORDS[name])
        first_kw = len(LIBRARY[name])
        bound = list(e.args) + [None] * (len(params) - len(e.args))
        for kw in e.keywords:
            if kw.name not in KEYWORDS[name]:
                raise self.error(f"math.{name}() got an unexpected keyword argument '{kw.name}'", kw)
            bound[first_kw + KEYWORDS[name].index(kw.name)] = kw.value
        defaults = {"isclose": [1e-09, 0.0], "prod": [1]}[name]
        e.args = [a if a is not None else A.Const(defaults[i - first_kw], span=e.span)
                  for i, a in enumerate(bound)]
        e.keywords = []

    def fold_gcd_lcm(self, e: A.Call, name: str) -> Type:
        """gcd(a, b, c) is gcd(gcd(a, b), c) (CPython folds the same way); gcd() is 0,
        lcm() is 1, gcd(a) is |a|."""
        args = list(e.args)
        if not args:
            args = [A.Const(0 if name == "gcd" else 1, span=e.span)]
        if len(args) == 1:
            args.append(A.Const(0 if name == "gcd" else 1, span=e.span))
        while len(args) > 2:
            inner = A.Call(e.func, args[:2], span=e.span)
            args = [inner] + args[2:]
        e.args = args
        types = [self.integral_arg(a) for a in args]
        return self.library_call(e, name, types)

    def integral_arg(self, a: A.Expr) -> Type:
        t = self.expr(a)
        if t in (F64, F32, NPF64):
            raise self.error(f"'{py_name(t)}' object cannot be interpreted as an integer", a)
        if t not in INTEGRAL:
            raise self.error(f"'{py_name(t)}' object cannot be interpreted as an integer", a)
        return I64

    def real_arg(self, a: A.Expr) -> Type:
        t = self.expr(a)
        if t not in REAL:
            raise self.error(f"must be real number, not {py_name(t)}", a)
        return F64

    def library_call(self, e: A.Call, fname: str, types: list, extra=(), module="pymath") -> Type:
        """e calls stdlib/pymath.py's `fname` on arguments converted to `types`."""
        Callee, _Skip = self.iter_helpers.Callee, self.iter_helpers.Skip
        e.args = list(e.args) + list(extra)
        for a in extra:
            self.expr(a)
        pyfunc = _pymath(fname, module)
        spec = self.program.specialize(pyfunc, tuple(types), e)
        e.target = Callee("function", fname, spec)
        if spec.ret_type is None:
            raise _Skip()
        return spec.ret_type

    # ------------------------------------------------------------ round divmod pow

    def convert_each_operand(self, e: A.Call, name: str) -> bool:
        """`int(s[:i] or 0)`: a conversion of an `or`/`and` whose operands differ in type
        (a str and an int, which one expression cannot be) converts the operand CPython's
        `or` passes on: the call becomes `int(a) if a else int(b or ...)` (`and`:
        `int(b and ...) if a else int(a)`), exact because `a` is read twice only when it
        has no side effects (names, constants, attributes, subscripts and slices of those).
        True if e was rewritten (check it again)."""
        if len(e.args) != 1 or e.keywords or not isinstance(e.args[0], A.BoolOp):
            return False
        op = e.args[0]
        if not _pure(op.values[0]):
            return False
        try:
            self.expr(op)
            return False                 # (one type: the conversion of its value)
        except CompileError as err:
            if "have different types" not in err.msg:
                raise

        def conv(v: A.Expr) -> A.Call:
            return A.Call(A.Name(name, span=e.func.span), [v], span=v.span)
        first = op.values[0]
        rest = op.values[1] if len(op.values) == 2 else A.BoolOp(op.op, op.values[1:],
                                                                  span=op.span)
        taken, other = (conv(copy.deepcopy(first)), conv(rest)) if op.op == "or" else \
            (conv(rest), conv(copy.deepcopy(first)))
        e.__class__ = A.IfExp
        del e.func, e.args, e.keywords
        e.test, e.body, e.orelse = first, taken, other
        return True

    def call_number_builtin(self, e: A.Call, name: str) -> Type:
        if name == "complex":
            return self.complex_builtin(e)
        if name == "round":
            self.nargs(e, "round", 1, 2)
            if len(e.args) == 2 and isinstance(e.args[1], A.Const) and e.args[1].value is None:
                e.args = e.args[:1]
            t = self.expr(e.args[0])
            if t not in REAL:
                raise self.error(f"type {py_name(t)} doesn't define __round__ method", e.args[0])
            if len(e.args) == 1:
                if t in INTEGRAL:            # round(n) is n, an int
                    return self.library_call(e, "round_int", [I64, I64], extra=[A.Const(0, span=e.span)])
                return self.library_call(e, "round_float", [F64])
            self.integral_arg(e.args[1])
            if t in INTEGRAL:
                return self.library_call(e, "round_int", [I64, I64])
            if t == F64:
                return self.library_call(e, "round_float_digits", [F64, I64])
            if t == NPF64:                   # numpy's round: scale, rint, unscale
                return self.library_call(e, "round_numpy_digits", [F64, I64])
            raise self.error(f"round() of a {py_name(t)} with ndigits is not supported", e)
        if name == "divmod":
            self.nargs(e, "divmod", 2)
            ts = [self.expr(a) for a in e.args]
            for t, a in zip(ts, e.args):
                if t not in REAL:
                    raise self.error(f"unsupported operand type(s) for divmod(): "
                                     f"'{py_name(ts[0])}' and '{py_name(ts[1])}'", a)
            if any(t in NUMPY_SCALARS for t in ts):
                return self.library_call(e, "divmod_numpy", ts)
            if all(t in INTEGRAL for t in ts):
                return self.library_call(e, "divmod_int", [I64, I64])
            return self.library_call(e, "divmod_float", [F64, F64])
        # pow
        self.nargs(e, "pow", 2, 3)
        if len(e.args) == 3 and isinstance(e.args[2], A.Const) and e.args[2].value is None:
            e.args = e.args[:2]
        if len(e.args) == 2:
            e.__class__ = A.BinOp            # pow(a, b) is a ** b, a node of that kind
            left, right = e.args
            del e.func, e.args, e.keywords
            e.op, e.left, e.right = "**", left, right
            return self.expr_BinOp(e)
        ts = [self.expr(a) for a in e.args]
        if not all(t in (I1, I64) for t in ts):
            raise self.error("pow() 3rd argument not allowed unless all arguments are integers", e)
        return self.library_call(e, "pow_mod", [I64, I64, I64])


def _pure(e: A.Expr) -> bool:
    """Reading e twice is reading it once: no calls, no side effects."""
    if isinstance(e, (A.Name, A.Const)):
        return True
    if isinstance(e, A.Attribute):
        return _pure(e.value)
    if isinstance(e, A.Subscript):
        return _pure(e.value) and _pure(e.index)
    if isinstance(e, A.Slice):
        return all(p is None or _pure(p) for p in (e.lower, e.upper, e.step))
    if isinstance(e, A.TupleExpr):
        return all(_pure(x) for x in e.elts)
    if isinstance(e, A.BinOp):          # (i % 3: it may raise, the same way both times)
        return _pure(e.left) and _pure(e.right)
    if isinstance(e, A.UnaryOp):
        return _pure(e.operand)
    return False
