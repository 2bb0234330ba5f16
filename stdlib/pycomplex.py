"""Complex numbers' operations that are not one op, in the pts language: repr, `**`, and
the `cmath` functions pts has (frontend/check_complex.py routes `cmath.sqrt(z)`, `z ** w`,
`str(z)`, `print(z)`, `f"{z}"` here).

Contract: ports of CPython 3.11's Objects/complexobject.c (complex_repr, complex_pow with
c_powi/_Py_c_pow) and Modules/cmathmodule.c (c_sqrt, c_exp, c_log, rect, isclose), the same
float operations in the same order, so the same bits; `hypot` there is libm's, which
`abs(complex(x, y))` computes (ir.complex_ops c.abs).  CPython's errors with its messages.
Not ported: cmathmodule.c's tables of special values for infinite and nan arguments of
sqrt, exp, log and rect: such an argument raises ValueError('pts: cmath.<f> of a
non-finite number is not supported') instead of a value that might differ.
"""
from __future__ import annotations

import math
from typing import List, Tuple

DBL_MIN = 2.2250738585072014e-308
CM_LARGE_DOUBLE = 4.49423283715579e+307          # DBL_MAX / 4
CM_LOG_LARGE_DOUBLE = 708.3964185322641          # log(DBL_MAX / 4)
LN2 = 0.6931471805599453


def _part(x: float) -> str:
    # repr without the '.0' CPython's complex repr leaves out ('r' format, no flags)
    s = repr(x)
    if s.endswith(".0"):
        return s[:len(s) - 2]
    return s


def complex_repr(z: complex) -> str:
    re = z.real
    im = z.imag
    if re == 0.0 and math.copysign(1.0, re) == 1.0:
        return _part(im) + "j"
    s = _part(im)
    if not s.startswith("-"):
        s = "+" + s
    return "(" + _part(re) + s + "j)"


def _powu(x: complex, n: int) -> complex:
    r = complex(1.0, 0.0)
    p = x
    mask = 1
    while mask > 0 and n >= mask:
        if n & mask:
            r = r * p
        mask <<= 1
        p = p * p
    return r


def c_pow(a: complex, b: complex) -> complex:
    """complex_pow: integral exponents up to 100 by repeated squaring, else polar form."""
    r = complex(0.0, 0.0)
    if b.imag == 0.0 and b.real == math.floor(b.real) and math.fabs(b.real) <= 100.0:
        n = int(b.real)
        if n > 0:
            r = _powu(a, n)
        else:
            p = _powu(a, -n)
            if p.real == 0.0 and p.imag == 0.0:
                raise ZeroDivisionError("0.0 to a negative or complex power")
            r = complex(1.0, 0.0) / p
    elif a.real == 0.0 and a.imag == 0.0:
        if b.imag != 0.0 or b.real < 0.0:
            raise ZeroDivisionError("0.0 to a negative or complex power")
    else:
        vabs = _hypot(a.real, a.imag)
        length = _pow(vabs, b.real)
        at = math.atan2(a.imag, a.real)
        phase = at * b.real
        if b.imag != 0.0:
            length /= _exp(at * b.imag)
            phase += b.imag * math.log(vabs)
        r = complex(length * math.cos(phase), length * math.sin(phase))
    if math.isinf(r.real) or math.isinf(r.imag):
        raise OverflowError("complex exponentiation")
    return r


def _hypot(x: float, y: float) -> float:
    # libm's hypot (CPython's c_abs, rect, sqrt, log call it): inf when it overflows
    if math.isfinite(x) and math.isfinite(y) and math.fabs(x) < 8.98846567431158e+307 and \
            math.fabs(y) < 8.98846567431158e+307:
        return abs(complex(x, y))
    return math.inf if not (math.isnan(x) or math.isnan(y)) or math.isinf(x) or math.isinf(y) \
        else math.nan


def _pow(x: float, y: float) -> float:
    # libm pow, overflowing to inf instead of raising (the caller reports it)
    try:
        return math.pow(x, y)
    except OverflowError:
        return math.inf


def _exp(x: float) -> float:
    try:
        return math.exp(x)
    except OverflowError:
        return math.inf


def _finite(z: complex, name: str) -> None:
    if not (math.isfinite(z.real) and math.isfinite(z.imag)):
        raise ValueError("pts: cmath." + name + " of a non-finite number is not supported")


# ---------------------------------------------------------------- cmath

def cmath_sqrt(z: complex) -> complex:
    _finite(z, "sqrt")
    if z.real == 0.0 and z.imag == 0.0:
        return complex(0.0, z.imag)
    ax = math.fabs(z.real)
    ay = math.fabs(z.imag)
    s = 0.0
    if ax < DBL_MIN and ay < DBL_MIN:
        # hypot(ax, ay) would be subnormal: scale up by 2**53 and back by 2**-27
        ax = math.ldexp(ax, 53)
        s = math.ldexp(math.sqrt(ax + _hypot(ax, math.ldexp(ay, 53))), -27)
    else:
        ax /= 8.0
        s = 2.0 * math.sqrt(ax + _hypot(ax, ay / 8.0))
    d = ay / (2.0 * s)
    if z.real >= 0.0:
        return complex(s, math.copysign(d, z.imag))
    return complex(d, math.copysign(s, z.imag))


def cmath_exp(z: complex) -> complex:
    _finite(z, "exp")
    re = 0.0
    im = 0.0
    if z.real > CM_LOG_LARGE_DOUBLE:
        l = _exp(z.real - 1.0)
        re = l * math.cos(z.imag) * math.e
        im = l * math.sin(z.imag) * math.e
    else:
        l = math.exp(z.real)
        re = l * math.cos(z.imag)
        im = l * math.sin(z.imag)
    if math.isinf(re) or math.isinf(im):
        raise OverflowError("math range error")
    return complex(re, im)


def cmath_log(z: complex) -> complex:
    _finite(z, "log")
    ax = math.fabs(z.real)
    ay = math.fabs(z.imag)
    re = 0.0
    if ax > CM_LARGE_DOUBLE or ay > CM_LARGE_DOUBLE:
        re = math.log(_hypot(ax / 2.0, ay / 2.0)) + LN2
    elif ax < DBL_MIN and ay < DBL_MIN:
        if ax > 0.0 or ay > 0.0:
            re = math.log(_hypot(math.ldexp(ax, 53), math.ldexp(ay, 53))) - 53 * LN2
        else:
            raise ValueError("math domain error")
    else:
        h = _hypot(ax, ay)
        if 0.71 <= h and h <= 1.73:
            am = ax if ax > ay else ay
            an = ay if ax > ay else ax
            re = math.log1p((am - 1) * (am + 1) + an * an) / 2.0
        else:
            re = math.log(h)
    return complex(re, math.atan2(z.imag, z.real))


def cmath_phase(z: complex) -> float:
    phi = math.atan2(z.imag, z.real)
    # libm's atan2 sets ERANGE when a nonzero quotient underflows to zero, and phase
    # reports it (phase(1e300+1e-310j) is an OverflowError in CPython)
    if phi == 0.0 and z.imag != 0.0 and math.isfinite(z.real) and math.isfinite(z.imag):
        raise OverflowError("math range error")
    return phi


def cmath_polar(z: complex) -> Tuple[float, float]:
    phi = math.atan2(z.imag, z.real)
    r = _hypot(z.real, z.imag)
    if math.isinf(r) and math.isfinite(z.real) and math.isfinite(z.imag):
        raise OverflowError("math range error")
    return r, phi


def cmath_rect(r: float, phi: float) -> complex:
    if not (math.isfinite(r) and math.isfinite(phi)):
        raise ValueError("pts: cmath.rect of a non-finite number is not supported")
    if phi == 0.0:
        return complex(r, r * phi)
    return complex(r * math.cos(phi), r * math.sin(phi))


def cmath_isclose(a: complex, b: complex, rel_tol: float = 1e-09, abs_tol: float = 0.0) -> bool:
    if rel_tol < 0.0 or abs_tol < 0.0:
        raise ValueError("tolerances must be non-negative")
    if a.real == b.real and a.imag == b.imag:
        return True
    if math.isinf(a.real) or math.isinf(a.imag) or math.isinf(b.real) or math.isinf(b.imag):
        return False
    diff = abs(a - b)
    return diff <= rel_tol * abs(b) or diff <= rel_tol * abs(a) or diff <= abs_tol


def cmath_isnan(z: complex) -> bool:
    return math.isnan(z.real) or math.isnan(z.imag)


def cmath_isinf(z: complex) -> bool:
    return math.isinf(z.real) or math.isinf(z.imag)


def cmath_isfinite(z: complex) -> bool:
    return math.isfinite(z.real) and math.isfinite(z.imag)


def complex_list_repr(zs: List[complex]) -> str:
    """str / repr of a List[complex]: each item as complex_repr writes it, as list_repr does."""
    return "[" + ", ".join([complex_repr(z) for z in zs]) + "]"
