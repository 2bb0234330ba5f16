"""The op table: every op's facts — effect, evaluation, type rule, derivative slot — in
`OPS` (the record and its contract: ir.op_table).  This module holds the scalar and control
ops and imports the other families, so `OPS` here is complete: the tuple and list ops
(ir.sequence_ops) and the tensor ops (ir.tensor_ops: np.*, attr.get/set, tensor.free).

Read by: the interpreter (runs `evaluate`), the constant folder (runs `evaluate` on constant
operands of PURE ops), dead-code elimination, CSE and hoisting (read `effect`), the verifier
(checks every instruction with `type_rule`), the frontend (asks `result_type` for the
tensor ops it emits) and the backend (one lowering per op name).

Design rule: every op with a value is a *total* function on its operand types.  Python's
errors are never hidden inside an op: the lowering puts an explicit `check` before any op
whose Python counterpart can raise (division by zero, index out of range, math domain), and
the op itself then computes an IEEE / wrap-around value (`sqrt(-1) = nan`, `1 // 0` is never
reached).  So `evaluate` never raises for well-typed operands, except through `check`,
`raise` and calls.

Integer (i64) arithmetic wraps modulo 2**64 (two's complement), like C with -fwrapv.

Optional ops (opt.none, opt.some, opt.is_none, opt.get): ir.optional_ops.

Ops here (operand types -> result type; T in i64 f64 f32 unless said):
  add sub mul          (T, T) -> T
  div                  (F, F) -> F for F in f64 f32              true division
  floordiv mod         (T, T) -> T                               Python floor semantics
  pow                  (T, T) -> T; i64: exponent >= 0; floats: IEEE pow
  neg abs              (T) -> T
  and or xor           (i64, i64) -> i64 | (i1, i1) -> i1        bitwise
  shl shr              (i64, i64) -> i64; count >= 0 (shl by >= 64 gives 0, shr saturates)
  invert               (i64) -> i64                              ~x
  not                  (i1) -> i1
  eq ne lt le gt ge    (U, U) -> i1 for any scalar type U        IEEE for floats
  select               (i1, U, U) -> U
  cast                 (N) -> M, N and M numeric: C-style conversion (numpy scalars)
  view                 (N) -> M, numeric of one size: the same bits (f32 <-> i32, ...)
  itof                 (i64) -> f64  |  btoi (i1) -> i64  |  ftoi (f64) -> i64 (trunc; caller checks range)
  isnan isinf isfinite (f64) -> i1
  math.NAME            (f64[, f64]) -> f64 for NAME in MATH_UNARY / MATH_BINARY (IEEE results)
  print                (any...)                                  print(*args)
  check                (i1 cond, str msg) {kind}                 raise kind(msg) if cond
  call                 (args...) {callee} -> callee's result
  kernel               (args...) {callee} -> callee's result (a fused kernel, see fuse_tensors)
Terminators: br, cbr, ret, raise (see ir.core; the verifier checks them itself).
"""
from __future__ import annotations

import math
from typing import Callable

# the effects, OpInfo and OPS are re-exported: readers of the table import them from here
from pts.ir.op_table import (ALLOC, CALL, OPS, PURE, RAISE, READ, TENSOR, UNKNOWN,  # noqa: F401
                             WRITE, OpInfo, OpTypeError, OpUse, define, fmt_types)
from pts.ir.types import F16, INT_BITS, F32, F64, I1, I32, I64, NPF64, NPI64, STR, Type

MASK = (1 << 64) - 1


def wrap(x: int) -> int:
    """Two's-complement wrap of a Python int to i64."""
    x &= MASK
    return x - (1 << 64) if x >> 63 else x


def _floordiv(a, b):
    if isinstance(a, float) or isinstance(b, float):
        if b == 0.0:
            return math.nan
        return a // b
    if b == 0:
        return 0
    return wrap(a // b)


def _mod(a, b):
    if isinstance(a, float) or isinstance(b, float):
        if b == 0.0:
            return math.nan
        return a % b
    if b == 0:
        return 0
    return wrap(a % b)


def _div(a, b):
    a, b = float(a), float(b)
    if b == 0.0:
        if a != a or a == 0.0:
            return math.nan
        return math.copysign(math.inf, a) * math.copysign(1.0, b)
    return a / b


def _pow(a, b):
    if isinstance(a, float) or isinstance(b, float):
        return ieee(math.pow, float(a), float(b))
    if b < 0:
        return 0
    return wrap(pow(a, b, 1 << 64))


def _shl(a, b):
    return 0 if b >= 64 else wrap(a << b)


def _shr(a, b):
    return a >> min(b, 63)


def _abs(a):
    return wrap(abs(a)) if isinstance(a, int) else abs(a)


def _ftoi(x: float) -> int:
    if x != x or math.isinf(x):
        return 0
    return wrap(int(x))


def ieee(fn: Callable, *args: float) -> float:
    """Call a `math` function, giving the IEEE value where CPython would raise."""
    try:
        return fn(*args)
    except ValueError:
        return _ieee_domain(fn, args)
    except OverflowError:
        # the overflowing result's sign: pow of a negative base to an odd integer is negative
        if fn is math.pow and args[0] < 0 and float(args[1]).is_integer() and int(args[1]) % 2:
            return -math.inf
        if fn is math.sinh and args[0] < 0:
            return -math.inf
        return math.inf


def _ieee_domain(fn: Callable, args: tuple) -> float:
    x = args[0]
    if fn in (math.log, math.log2, math.log10) and x == 0.0:
        return -math.inf
    if fn is math.pow:
        base, exp = args
        if base == 0.0 and exp < 0:
            # 0 ** negative: +inf, or -0.0 ** odd negative integer: -inf
            if math.copysign(1.0, base) < 0 and exp.is_integer() and int(exp) % 2:
                return -math.inf
            return math.inf
    return math.nan


MATH_UNARY = {
    "sqrt": math.sqrt, "exp": math.exp, "log": math.log, "log2": math.log2,
    "log10": math.log10, "sin": math.sin, "cos": math.cos, "tan": math.tan,
    "asin": math.asin, "acos": math.acos, "atan": math.atan, "sinh": math.sinh,
    "cosh": math.cosh, "tanh": math.tanh, "floor": lambda x: float(math.floor(x)) if math.isfinite(x) else x,
    "ceil": lambda x: float(math.ceil(x)) if math.isfinite(x) else x, "fabs": math.fabs,
}
MATH_BINARY = {"atan2": math.atan2, "pow": math.pow, "hypot": math.hypot}
# more of libm that CPython's math module calls as they are (the checks around them are the
# lowering's: frontend.check_numbers)
MATH_UNARY.update({"log1p": math.log1p, "expm1": math.expm1, "erf": math.erf, "erfc": math.erfc,
                   "cbrt": math.cbrt, "exp2": math.exp2})
MATH_BINARY.update({"copysign": math.copysign, "nextafter": math.nextafter, "fmod": math.fmod})


def _math_unary(fn):
    return lambda x: ieee(fn, float(x))


def _math_binary(fn):
    return lambda x, y: ieee(fn, float(x), float(y))


def _print(*args):
    print(*args)


# ---------------------------------------------------------------- type rules
# Each takes an OpUse (operand types, attributes, constant operands, declared result) and
# gives the result type, or raises OpTypeError saying what it expected and found.

NUMBERS = (I64, F64, F32)          # what scalar arithmetic computes on
FLOATS = (F64, F32)


def _same(allowed: tuple[Type, ...]):
    """(T, T) -> T for T in allowed: arithmetic, bitwise."""
    def rule(use: OpUse) -> Type:
        use.arity(2)
        a, b = use.types
        if a != b or a not in allowed:
            use.fail(f"expected two operands of one type among {fmt_types(allowed)}")
        return a
    return rule


def _unary(allowed: tuple[Type, ...]):
    """(T) -> T for T in allowed."""
    def rule(use: OpUse) -> Type:
        use.arity(1)
        if use.types[0] not in allowed:
            use.fail(f"expected an operand of type {' or '.join(map(str, allowed))}")
        return use.types[0]
    return rule


def _fixed(params: tuple[Type, ...], result: Type | None):
    """A rule of fixed operand types: itof (i64) -> f64, check (i1, str), ..."""
    def rule(use: OpUse) -> Type | None:
        use.arity(len(params))
        if tuple(use.types) != params:
            use.fail(f"expected operands {fmt_types(params)}")
        return result
    return rule


def _compare(use: OpUse) -> Type:
    use.arity(2)
    if use.types[0] != use.types[1]:
        use.fail("expected two operands of one type")
    return I1


def _select(use: OpUse) -> Type:
    use.arity(3)
    c, a, b = use.types
    if c != I1 or a != b:
        use.fail("expected (i1, T, T)")
    return a


def _cast(use: OpUse) -> Type:
    use.arity(1)
    to = use.declared_result()
    if not use.types[0].is_numeric or to is None or not to.is_numeric:
        use.fail(f"expected a conversion between numbers, found one to {to}")
    return to


# bytes of the numeric types `view` reinterprets
SIZES = {F32: 4, F64: 8, NPF64: 8, NPI64: 8, F16: 2, **{t: b // 8 for t, b in INT_BITS.items()}}


def _view(use: OpUse) -> Type:
    use.arity(1)
    to = use.declared_result()
    if SIZES.get(use.types[0], 0) != SIZES.get(to, -1):
        use.fail(f"expected numbers of one size, found a view as {to}")
    return to


def _print_rule(use: OpUse) -> None:
    return None


def _check_rule(use: OpUse) -> None:
    if not isinstance(use.attrs.get("kind"), str):
        use.fail("expected an exception kind")
    return _fixed((I1, STR), None)(use)


def _call_rule(use: OpUse) -> Type | None:
    """call / kernel: the operands are the callee's parameters, the result its return.
    Without a module (a function verified alone) only the declared result is taken."""
    callee = use.attrs.get("callee")
    if not isinstance(callee, str):
        use.fail("expected a callee")
    if use.module is None:
        return use.declared_result()
    g = use.module.functions.get(callee)
    if g is None:
        use.fail(f"expected a function of the module, found no @{callee}")
    if list(use.types) != list(g.param_types):
        use.fail(f"expected the parameters of @{callee}: {fmt_types(g.param_types)}")
    return g.ret_type


# ---------------------------------------------------------------- the scalar and control ops

define("add", PURE, lambda a, b: wrap(a + b) if isinstance(a, int) else a + b, _same(NUMBERS))
define("sub", PURE, lambda a, b: wrap(a - b) if isinstance(a, int) else a - b, _same(NUMBERS))
define("mul", PURE, lambda a, b: wrap(a * b) if isinstance(a, int) else a * b, _same(NUMBERS))
define("div", PURE, _div, _same(FLOATS))
define("floordiv", PURE, _floordiv, _same(NUMBERS))
define("mod", PURE, _mod, _same(NUMBERS))
define("pow", PURE, _pow, _same(NUMBERS))
define("neg", PURE, lambda a: wrap(-a) if isinstance(a, int) and not isinstance(a, bool) else -a,
       _unary(NUMBERS))
define("abs", PURE, _abs, _unary(NUMBERS))
define("and", PURE, lambda a, b: a & b, _same((I64, I1)))
define("or", PURE, lambda a, b: a | b, _same((I64, I1)))
define("xor", PURE, lambda a, b: a ^ b, _same((I64, I1)))
define("shl", PURE, _shl, _same((I64,)))
define("shr", PURE, _shr, _same((I64,)))
define("invert", PURE, lambda a: ~a, _unary((I64,)))
define("not", PURE, lambda a: not a, _unary((I1,)))
define("eq", PURE, lambda a, b: a == b, _compare)
define("ne", PURE, lambda a, b: a != b, _compare)
define("lt", PURE, lambda a, b: a < b, _compare)
define("le", PURE, lambda a, b: a <= b, _compare)
define("gt", PURE, lambda a, b: a > b, _compare)
define("ge", PURE, lambda a, b: a >= b, _compare)
define("select", PURE, lambda c, a, b: a if c else b, _select)
define("itof", PURE, lambda a: float(a), _fixed((I64,), F64))
define("btoi", PURE, lambda a: int(a), _fixed((I1,), I64))
define("ftoi", PURE, _ftoi, _fixed((F64,), I64))
define("isnan", PURE, lambda a: math.isnan(a), _fixed((F64,), I1))
define("isinf", PURE, lambda a: math.isinf(a), _fixed((F64,), I1))
define("isfinite", PURE, lambda a: math.isfinite(a), _fixed((F64,), I1))
for _name, _fn in MATH_UNARY.items():
    define("math." + _name, PURE, _math_unary(_fn), _fixed((F64,), F64))
for _name, _fn in MATH_BINARY.items():
    define("math." + _name, PURE, _math_binary(_fn), _fixed((F64, F64), F64))
# cast: C-style conversion between numeric scalar types (to float32, int32, ...); the
# interpreter converts by the result type
define("cast", PURE, None, _cast)
# view: the same bits as another numeric scalar type of the same size (np.float32(x).view(
# np.int32)); like cast, the interpreter converts by the result type
define("view", PURE, None, _view)
define("print", WRITE, _print, _print_rule)
define("check", RAISE, None, _check_rule)
define("call", CALL, None, _call_rule)
# kernel: a call of a fused kernel function (ir.passes.fuse_tensors) — the same semantics
# and type rule as `call`; the backend compiles the callee's tensor ops into one loop nest
# at the call site
define("kernel", CALL, None, _call_rule)

# the other families register themselves into OPS when imported (TENSOR_OPS: the np.* names)
from pts.ir import sequence_ops  # noqa: E402,F401
from pts.ir import optional_ops  # noqa: E402,F401
from pts.ir import exception_ops  # noqa: E402,F401
from pts.ir import string_ops  # noqa: E402,F401
from pts.ir import dict_ops  # noqa: E402,F401
from pts.ir import complex_ops  # noqa: E402,F401
from pts.ir import vartuple_ops  # noqa: E402,F401
from pts.ir import object_ops  # noqa: E402,F401
from pts.ir.tensor_ops import TENSOR_OPS  # noqa: E402,F401
# the derivative rules (ir.op_table's `derivative` slot), once every op is defined
from pts.ir import scalar_derivatives, tensor_derivatives  # noqa: E402,F401


def result_type(op: str, types, attrs: dict | None = None, consts=(), declared=UNKNOWN,
                module=None) -> Type | None:
    """The result type of `op` on operands of `types` with `attrs` (the attributes the
    instruction carries: static=, pattern=, callee=, ...), by the op's type rule; raises
    OpTypeError with what the rule expected.  The frontend asks this for the ops it emits;
    the verifier checks every instruction with it."""
    info = OPS.get(op)
    if info is None:
        raise OpTypeError(f"unknown op {op!r}")
    use = OpUse(op, tuple(types), attrs or {}, tuple(consts), declared, module)
    return info.type_rule(use)


def is_removable(op: str) -> bool:
    """May an unused result of `op` be deleted?"""
    info = OPS.get(op)
    return info is not None and info.effect in (PURE, ALLOC, READ)
