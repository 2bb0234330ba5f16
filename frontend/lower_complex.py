"""Lowering of complex numbers (frontend/check_complex.py typed them) to the ops of
ir.complex_ops, with CPython's run-time errors checked before the op:
`ZeroDivisionError: complex division by zero`, `OverflowError: absolute value too large`.

Contract: `ComplexLowering` is a mixin of the Lowerer; `to_complex` is the implicit
conversion of an int, bool or float (complex(x, 0.0), as CPython 3.11 converts the other
operand of a mixed operation); a literal `2j` is `complex 0.0, 2.0` (the IR has no complex
constants); `z ** w` calls stdlib/pycomplex.py's `c_pow` (the checker specialized it).
"""
from __future__ import annotations

from pts.errors import CompileError
from pts.frontend import ast as A
from pts.ir.core import Value, const
from pts.ir.types import C128, F64, I1, STR, TupleType, Type

COMPLEX_BINOPS = {"+": "c.add", "-": "c.sub", "*": "c.mul", "/": "c.div"}


class ComplexLowering:
    """Lowerer methods for complex values."""

    def to_complex(self, v: Value, src: Type) -> Value:
        re = self.coerce(v, src, F64)
        return self.emit("complex", [re, const(0.0)], C128)

    def complex_const(self, z: complex) -> Value:
        return self.emit("complex", [const(z.real), const(z.imag)], C128)

    def complex_binop(self, op: str, a: Value, at: Type, b: Value, bt: Type, node) -> Value:
        a = self.coerce(a, at, C128)
        b = self.coerce(b, bt, C128)
        if op == "**":
            spec = node.complex_spec
            return self.emit("call", [a, b], C128, callee=spec.ir_name)
        if op == "/":
            re = self.emit("c.real", [b], F64)
            im = self.emit("c.imag", [b], F64)
            zero = self.emit("and", [self.emit("eq", [re, const(0.0)], I1),
                                     self.emit("eq", [im, const(0.0)], I1)], I1)
            self.check(zero, "ZeroDivisionError", "complex division by zero")
        return self.emit(COMPLEX_BINOPS[op], [a, b], C128)

    def tuple_repr(self, v: Value, t: TupleType, spec) -> Value:
        """repr(v) of a tuple holding complex numbers, for print (check_complex's
        print_complex_tuple): its items' reprs, a complex's by `spec` (complex_repr)."""
        parts = [const("(")]
        for k, et in enumerate(t.elems):
            if k:
                parts.append(const(", "))
            x = self.emit("tuple.get", [v, const(k)], et)
            if et == C128:
                parts.append(self.emit("call", [x], STR, callee=spec.ir_name))
            elif isinstance(et, TupleType):
                parts.append(self.tuple_repr(x, et, spec))
            else:
                parts.append(self.str_op("str.repr", [x], STR))
        parts.append(const(",)" if len(t.elems) == 1 else ")"))
        return self.concat_parts(parts)

    def complex_unary(self, e: A.UnaryOp, v: Value) -> Value:
        return v if e.op == "+" else self.emit("c.neg", [v], C128)

    def complex_compare(self, op: str, a: Value, at: Type, b: Value, bt: Type) -> Value:
        a = self.coerce(a, at, C128)
        b = self.coerce(b, bt, C128)
        return self.emit("c.eq" if op == "==" else "c.ne", [a, b], I1)

    def complex_part(self, e: A.Attribute) -> Value:
        z = self.expr(e.value)
        self.b.span = e.span
        return self.emit("c." + e.attr, [z], F64)

    def complex_abs(self, z: Value) -> Value:
        # _Py_c_abs: finite parts whose hypot overflows are an OverflowError
        r = self.emit("c.abs", [z], F64)
        fin = self.emit("and", [self.emit("isfinite", [self.emit("c.real", [z], F64)], I1),
                                self.emit("isfinite", [self.emit("c.imag", [z], F64)], I1)], I1)
        self.check(self.emit("and", [fin, self.emit("isinf", [r], I1)], I1), "OverflowError",
                   "absolute value too large")
        return r

    def call_complex(self, e: A.Call, name: str) -> Value:
        if name == "conjugate":
            z = self.expr(e.func.value)
            self.b.span = e.span
            re = self.emit("c.real", [z], F64)
            im = self.emit("c.imag", [z], F64)
            return self.emit("complex", [re, self.emit("neg", [im], F64)], C128)
        args = [self.expr(a) for a in e.args]
        types = [a.ty for a in e.args]
        self.b.span = e.span
        if not args:
            return self.complex_const(0j)
        if len(args) == 1:
            return self.coerce(args[0], types[0], C128)
        # complex(re, im) of reals: exactly those parts (no arithmetic, -0.0 kept)
        re = self.coerce(args[0], types[0], F64)
        im = self.coerce(args[1], types[1], F64)
        return self.emit("complex", [re, im], C128)

    def complex_unsupported(self, what: str, span) -> None:  # pragma: no cover - checker refuses
        raise CompileError(f"{what} of complex numbers is not supported", span)
