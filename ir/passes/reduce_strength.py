"""reduce_strength: replace divisions, multiplications and powers by cheaper exact equivalents.

Requires: verified IR.  Invalidates: operands (uses of a rewritten instruction read its
replacement) and instruction lists (a replacement is inserted in place of the original).
Keeps: the CFG; the span of each rewritten instruction goes on its replacement.

Rewrites (k an integer constant, all exact under the IR's semantics: i64 wraps modulo 2**64
in two's complement, f64 is IEEE binary64 with one rounding per op):
- `floordiv x, 2**k` (i64, 1 <= k <= 62)  ->  `shr x, k`
    Python floors: x // 2**k = floor(x / 2**k).  An arithmetic shift right drops the k low
    bits of the two's-complement x, which is floor(x / 2**k) for negative x as well
    (-7 >> 1 = -4 = -7 // 2).  No overflow: |x // 2**k| <= |x|.
- `mod x, 2**k` (i64, 1 <= k <= 62)  ->  `and x, 2**k - 1`
    Python's x % m has the sign of m, so for m = 2**k it is the r in [0, 2**k) with
    x = q * 2**k + r, q = x // 2**k: exactly the k low bits of two's-complement x
    (-7 % 4 = 1 = -7 & 3).
- `mul x, 2**k` / `mul 2**k, x` (i64, 1 <= k <= 62)  ->  `shl x, k`
    x * 2**k = x << k in Z, hence also modulo 2**64 (both wrap the same way).
- `pow x, 2` (i64)  ->  `mul x, x`         x**2 = x*x, both modulo 2**64.
- `pow x, 2.0` (f64)  ->  `mul x, x`
    pow(x, 2) rounds x*x exactly once; LLVM already rewrites pow(x, 2.0) to fmul x, x, so
    the interpreter and native code now compute the same thing by the same route.
    NOT pow(x, 0.5) -> sqrt(x): pow(-0.0, 0.5) = +0.0 but sqrt(-0.0) = -0.0, and
    pow(-inf, 0.5) = +inf but sqrt(-inf) = nan.
- `div x, c` (f64, c = +-2**e with 1/c finite and exact, i.e. -1074 <= -e <= 1023)
  ->  `mul x, 1/c`
    x / c and x * (1/c) are the same real number (1/c is exact), and each op rounds its
    exact result once, so they agree bit for bit, for +-0, infinities, nan and subnormals.
Other divisors (`x // 3`, `x % 10`) are left to the backend, which lowers a division by a
positive constant without the general sign fix-ups.
"""
from __future__ import annotations

import math

from pts.ir.core import Const, Function, Instr, Module, Value
from pts.ir.types import F64, I64


def run(module: Module) -> bool:
    changed = False
    for f in module:
        if reduce(f):
            changed = True
    return changed


def log2_exact(v: Value) -> int | None:
    """k when v is the i64 constant 2**k with 1 <= k <= 62, else None."""
    if not (isinstance(v, Const) and v.type == I64 and type(v.value) is int):
        return None
    n = v.value
    if n < 2 or n & (n - 1):
        return None
    return n.bit_length() - 1


def exact_reciprocal(v: Value) -> float | None:
    """1/c when v is the f64 constant c = +-2**e and 1/c is a finite, exact double."""
    if not (isinstance(v, Const) and v.type == F64 and isinstance(v.value, float)):
        return None
    c = v.value
    if not math.isfinite(c) or c == 0.0:
        return None
    m, e = math.frexp(c)                    # c = m * 2**e, 0.5 <= |m| < 1
    if abs(m) != 0.5 or not -1074 <= 1 - e <= 1023:
        return None                         # not a power of two, or 1/c is not a double
    return math.ldexp(1.0 if c > 0 else -1.0, 1 - e)


def rewrite(i: Instr) -> Instr | Value | None:
    """The cheaper replacement of `i` (a new instruction or an existing value), or None."""
    op, args, t = i.op, i.args, i.type
    if t == I64 and op == "floordiv" and (k := log2_exact(args[1])) is not None:
        return Instr("shr", [args[0], Const(I64, k)], I64)            # x // 2**k -> x >> k
    if t == I64 and op == "mod" and (k := log2_exact(args[1])) is not None:
        return Instr("and", [args[0], Const(I64, (1 << k) - 1)], I64)  # x % 2**k -> x & (2**k-1)
    if t == I64 and op == "mul":
        if (k := log2_exact(args[1])) is not None:
            return Instr("shl", [args[0], Const(I64, k)], I64)        # x * 2**k -> x << k
        if (k := log2_exact(args[0])) is not None:
            return Instr("shl", [args[1], Const(I64, k)], I64)        # 2**k * x -> x << k
    if op == "pow" and isinstance(e := args[1], Const):
        if (t == I64 and type(e.value) is int and e.value == 2) or \
                (t == F64 and isinstance(e.value, float) and e.value == 2.0):
            return Instr("mul", [args[0], args[0]], t)                # x ** 2 -> x * x
    if t == F64 and op == "div" and (r := exact_reciprocal(args[1])) is not None:
        return Instr("mul", [args[0], Const(F64, r)], F64)            # x / 2**e -> x * 2**-e
    return None


def reduce(f: Function) -> bool:
    replace: dict[Value, Value] = {}
    for b in f.blocks:
        for n, i in enumerate(b.instrs):
            new = rewrite(i) if i.has_result else None
            if new is None:
                continue
            new.span, new.name, new.block = i.span, i.name, b
            b.instrs[n] = new
            replace[i] = new
    f.replace_uses(replace)
    return bool(replace)
