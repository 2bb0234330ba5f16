"""Type checking of Python's complex numbers (`c128`): literals (`2j`), `complex(re, im)`,
arithmetic with int/float promotion, `==`/`!=`, `abs`, `.real`, `.imag`, `.conjugate()`,
`**`, str/repr/print/f-strings, and the `cmath` functions of stdlib/pycomplex.py.

Contract: `ComplexChecks` is a mixin of the FunctionChecker; the checker calls its hooks
when an operand is complex (binop_type, expr_UnaryOp, expr_Compare, expr_Attribute,
call_method, abs, the builtins complex/str/repr/print, f-string fields, `cmath.NAME`).
CPython's TypeErrors (`'<' not supported between instances of 'complex' and 'complex'`,
`unsupported operand type(s) for //: 'complex' and 'int'`) are CompileErrors here.  A
complex meets int and float as complex (CPython converts the other operand to
complex(x, 0.0) first, in 3.11).  Arrays of complex are refused (a numpy dtype pts does not
have).
"""
from __future__ import annotations

import cmath

from pts.frontend import ast as A
from pts.ir.types import (C128, F64, I1, I64, NUMPY_SCALARS, ListType, TensorType, TupleType,
                          Type, py_name)

REALS = (I1, I64, F64)
COMPLEX_OPS = ("+", "-", "*", "/", "**")
# cmath functions written in stdlib/pycomplex.py (argument: a complex, or a real that
# converts to one)
CMATH_FUNCS = {"sqrt", "exp", "log", "phase", "polar", "rect", "isclose", "isnan", "isinf",
               "isfinite"}
CMATH_CONSTS = {"pi": cmath.pi, "e": cmath.e, "tau": cmath.tau, "inf": cmath.inf,
                "nan": cmath.nan}


def repr_c128(t: Type) -> str | None:
    """The stdlib/pycomplex.py function that writes str/repr of a t, for a complex or a
    List[complex]; None for any other type."""
    if t == C128:
        return "complex_repr"
    if t == ListType(C128):
        return "complex_list_repr"
    return None


def _pycomplex(name: str):
    from pts.stdlib import pycomplex
    return getattr(pycomplex, name)


def tuple_holds_c128(t: Type) -> bool:
    """Is t a tuple with a complex among its items (at any depth of tuples)?"""
    return isinstance(t, TupleType) and any(e == C128 or tuple_holds_c128(e) for e in t.elems)


class ComplexChecks:
    """FunctionChecker methods for complex values."""

    def print_complex_tuple(self, a: A.Expr, t: Type) -> None:
        """print(a) of a tuple holding a complex: printed as its repr, made by the lowerer
        item by item (lower_complex.tuple_repr) with stdlib/pycomplex.py's complex_repr
        (native print writes numbers, not complex numbers): `a.print_repr_spec`."""
        if tuple_holds_c128(t):
            spec = self.program.specialize(_pycomplex("complex_repr"), (C128,), a)
            if spec.ret_type is None:
                raise self.iter_helpers.Skip()
            a.print_repr_spec = spec

    def complex_binop(self, op: str, a: Type, b: Type, node) -> Type:
        if any(isinstance(t, TensorType) for t in (a, b)):
            raise self.error("arrays of complex numbers are not supported (numpy's complex "
                             "dtypes are not pts dtypes)", node)
        ok = all(t == C128 or t in REALS for t in (a, b))
        if not ok or op not in COMPLEX_OPS:
            raise self.error(f"unsupported operand type(s) for {op}: '{py_name(a)}' and "
                             f"'{py_name(b)}'", node)
        if op == "**":          # CPython's complex_pow, written in the language
            self.library_call_on(node, "c_pow", [C128, C128])
        return C128

    def complex_unary(self, e: A.UnaryOp) -> Type:
        if e.op == "~":
            raise self.error("bad operand type for unary ~: 'complex'", e)
        return C128

    def complex_compare(self, op: str, left: Type, right: Type, node) -> None:
        other = right if left == C128 else left
        if op in ("==", "!=") and (other == C128 or other in REALS):
            return
        if op in ("<", "<=", ">", ">="):
            raise self.error(f"'{op}' not supported between instances of '{py_name(left)}' "
                             f"and '{py_name(right)}'", node)
        raise self.error(f"'{op}' is not supported between '{py_name(left)}' and "
                         f"'{py_name(right)}'", node)

    def complex_attribute(self, e: A.Attribute) -> Type:
        if e.attr in ("real", "imag"):
            return F64
        raise self.error(f"'complex' object has no attribute '{e.attr}'", e)

    def complex_method(self, e: A.Call, name: str) -> Type:
        Callee = self.iter_helpers.Callee     # (check.py's: an import would be a cycle)
        if name != "conjugate":
            raise self.error(f"'complex' object has no attribute '{name}'", e.func)
        self.nargs(e, "conjugate", 0)
        e.target = Callee("complex", "conjugate")
        return C128

    def complex_builtin(self, e: A.Call) -> Type:
        """complex(), complex(x), complex(re, im) of numbers."""
        Callee = self.iter_helpers.Callee     # (check.py's: an import would be a cycle)
        self.nargs(e, "complex", 0, 2)
        for a in e.args:
            t = self.expr(a)
            if t in NUMPY_SCALARS:
                raise self.error(f"complex() of a numpy scalar ({py_name(t)}) is not "
                                 f"supported: convert it with float() first", a)
            if not (t in REALS or (t == C128 and len(e.args) == 1)):
                raise self.error(f"complex() argument must be a number, not '{py_name(t)}'", a)
        e.target = Callee("complex", "complex")
        return C128

    def library_call_on(self, node, fname: str, types: list) -> None:
        """node (a BinOp) is computed by stdlib/pycomplex.py's fname: node.complex_spec."""
        _Skip = self.iter_helpers.Skip
        spec = self.program.specialize(_pycomplex(fname), tuple(types), node)
        if spec.ret_type is None:
            raise _Skip()
        node.complex_spec = spec

    def cmath_function(self, name: str, f: A.Expr):
        """(the stdlib/pycomplex.py function, 'cmath.name') standing for cmath.name."""
        if name not in CMATH_FUNCS:
            if hasattr(cmath, name):
                raise self.error(f"cmath.{name} is not supported", f)
            raise self.error(f"module 'cmath' has no attribute '{name}'", f)
        return _pycomplex("cmath_" + name), "cmath." + name

    def as_repr_call(self, value: A.Expr) -> A.Call:
        """`repr(value)`: how a complex is printed and formatted (str(z) is repr(z))."""
        return A.Call(A.Name("repr", span=value.span), [value], span=value.span)
