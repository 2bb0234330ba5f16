"""The complex ops of the op table (see ir.op_table for what an entry holds).
`c128` is Python's complex: a pair of f64 (natively `{double, double}`, backend.complex_ops;
in the interpreter a Python complex).  Each op computes what CPython 3.11's complex object
computes, in the same order of float operations (Objects/complexobject.c), so the results
agree bit for bit; the frontend (frontend/lower_complex.py) puts the checks for CPython's
errors before them, as for every op (ir.ops).

Operand types -> result type:
  complex         (f64 re, f64 im) -> c128        complex(re, im), exactly those parts
  c.real c.imag   (c128) -> f64
  c.add c.sub c.mul c.div   (c128, c128) -> c128  _Py_c_sum/_diff/_prod/_quot (quot by 0:
                                                  nan; the frontend raises first)
  c.neg           (c128) -> c128
  c.eq c.ne       (c128, c128) -> i1
  c.abs           (c128) -> f64                   _Py_c_abs: libm hypot of finite parts,
                                                  inf if a part is inf, else nan
`complex` is a READ op, not PURE: it is never folded into a constant, so the IR text never
holds a complex constant (literals are `complex 0.0, 2.0`).
"""
from __future__ import annotations

import math

from pts.ir.op_table import PURE, READ, OpUse, define
from pts.ir.types import C128, F64, I1


def _fixed(operands: tuple, result):
    def rule(use: OpUse):
        use.arity(len(operands))
        for t, want in zip(use.types, operands):
            if t != want:
                use.fail(f"expected ({', '.join(map(str, operands))}), found "
                         f"({', '.join(map(str, use.types))})")
        return result
    return rule


def quot(a: complex, b: complex) -> complex:
    """_Py_c_quot (Smith's algorithm); nan parts for a zero divisor."""
    abs_breal = -b.real if b.real < 0 else b.real
    abs_bimag = -b.imag if b.imag < 0 else b.imag
    if abs_breal >= abs_bimag:
        if abs_breal == 0.0:
            return complex(math.nan, math.nan)
        ratio = b.imag / b.real
        denom = b.real + b.imag * ratio
        return complex((a.real + a.imag * ratio) / denom, (a.imag - a.real * ratio) / denom)
    if abs_bimag >= abs_breal:
        ratio = b.real / b.imag
        denom = b.real * ratio + b.imag
        return complex((a.real * ratio + a.imag) / denom, (a.imag * ratio - a.real) / denom)
    return complex(math.nan, math.nan)


def c_abs(z: complex) -> float:
    try:
        return abs(z)
    except OverflowError:
        return math.inf


define("complex", READ, lambda re, im: complex(re, im), _fixed((F64, F64), C128))
define("c.real", PURE, lambda z: z.real, _fixed((C128,), F64))
define("c.imag", PURE, lambda z: z.imag, _fixed((C128,), F64))
define("c.add", PURE, lambda a, b: a + b, _fixed((C128, C128), C128))
define("c.sub", PURE, lambda a, b: a - b, _fixed((C128, C128), C128))
define("c.mul", PURE, lambda a, b: a * b, _fixed((C128, C128), C128))
define("c.div", PURE, quot, _fixed((C128, C128), C128))
define("c.neg", PURE, lambda a: -a, _fixed((C128,), C128))
define("c.eq", PURE, lambda a, b: a == b, _fixed((C128, C128), I1))
define("c.ne", PURE, lambda a, b: a != b, _fixed((C128, C128), I1))
define("c.abs", PURE, c_abs, _fixed((C128,), F64))
