"""The IR's operations: what each one reads, writes and computes.

One table, `OPS`, shared by the interpreter (which runs `evaluate`), the constant folder
(which runs `evaluate` on constant operands of PURE ops), dead-code elimination and CSE
(which read `effect`) and the backend (which has one lowering per op name).

Design rule: every op with a value is a *total* function on its operand types.  Python's
errors are never hidden inside an op: the lowering puts an explicit `check` before any op
whose Python counterpart can raise (division by zero, index out of range, math domain), and
the op itself then computes an IEEE / wrap-around value (`sqrt(-1) = nan`, `1 // 0` is never
reached).  So `evaluate` never raises for well-typed operands, except through `check`,
`raise` and calls.

Integer (i64) arithmetic wraps modulo 2**64 (two's complement), like C with -fwrapv.

Ops (operand types -> result type):
  add sub mul          (i64, i64) -> i64 | (f64, f64) -> f64
  div                  (f64, f64) -> f64                     true division
  floordiv mod         (i64, i64) -> i64 | (f64, f64) -> f64 Python floor semantics
  pow                  (i64, i64) -> i64 (exponent >= 0)  | (f64, f64) -> f64 (IEEE pow)
  neg abs              (T) -> T for i64 / f64
  and or xor           (i64, i64) -> i64 | (i1, i1) -> i1    bitwise
  shl shr              (i64, i64) -> i64; count >= 0 (shl by >= 64 gives 0, shr saturates)
  invert               (i64) -> i64                          ~x
  not                  (i1) -> i1
  eq ne lt le gt ge    (T, T) -> i1 for T in i1 i64 f64      IEEE for floats
  select               (i1, T, T) -> T
  view                 (T) -> U, T and U numeric of one size: the same bits (f32 <-> i32, ...)
  itof                 (i64) -> f64  |  btoi (i1) -> i64  |  ftoi (f64) -> i64 (trunc; caller checks range)
  isnan isinf isfinite (f64) -> i1
  math.NAME            (f64[, f64]) -> f64 for NAME in MATH_UNARY / MATH_BINARY (IEEE results)
  tuple                (T0, T1, ...) -> tuple<T0, T1, ...>
  tuple.get            (tuple<...>, i64 const) -> Ti
  list.new             (i64 n) -> list<T>                   n zero elements (n >= 0)
  list.fill            (i64 n, T v) -> list<T>               n copies of v (n < 0 -> empty)
  list.repeat          (list<T>, i64 n) -> list<T>           new list, n times (n < 0 -> empty)
  list.len             (list<T>) -> i64
  list.get             (list<T>, i64 i) -> T                 0 <= i < len (caller checks)
  list.set             (list<T>, i64 i, T v)
  list.append          (list<T>, T v)
  list.pop             (list<T>) -> T                        len > 0 (caller checks)
  list.pop_at          (list<T>, i64 i) -> T                 remove item i, 0 <= i < len (caller checks)
  list.eq              (list<T>, list<T>) -> i1
  list.copy            (list<T>) -> list<T>
  print                (any...)                              print(*args)
  check                (i1 cond, str msg) {kind}             raise kind(msg) if cond
  call                 (args...) {callee} -> callee's result
  kernel               (args...) {callee} -> callee's result (a fused kernel, see fuse_tensors)
  attr.get             () {path} -> tensor<...>              the tensor attribute at `path` (dotted,
                                                             from the scripted object: "convnet.0.weight")
                                                             as it is when the op runs
  attr.set             (tensor<...> v) {path}                rebind that attribute to v
  tensor.free          (tensor<...> t, tensor<...> keep...)  free t's allocation now, unless it is
                                                             keep's (ir.passes.release_tensors)
                       (see frontend.objects: pts.script of a model; the interpreter is given the
                       root object, native code will get a table of descriptors)
Terminators: br, cbr, ret, raise (see ir.core).
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any, Callable

# How an op may be moved or removed.
PURE = "pure"      # result depends only on operands: fold, CSE, remove when unused
ALLOC = "alloc"    # makes a fresh object: remove when unused, never merge
READ = "read"      # reads mutable memory: remove when unused, never merge across writes
WRITE = "write"    # changes memory or the outside world: keep
TENSOR = "tensor"  # numpy operation: may raise on shapes, may alias (views): keep, never merge
RAISE = "raise"    # may raise: keep (check)
CALL = "call"      # anything: keep


@dataclass(frozen=True)
class OpInfo:
    name: str
    effect: str
    evaluate: Callable[..., Any] | None = None   # (*operand values, **attrs) -> result


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


def _math_unary(fn):
    return lambda x: ieee(fn, float(x))


def _math_binary(fn):
    return lambda x, y: ieee(fn, float(x), float(y))


def _list_repeat(xs, n):
    return list(xs) * max(n, 0)


def _print(*args):
    print(*args)


OPS: dict[str, OpInfo] = {}


def _op(name: str, effect: str, evaluate: Callable | None = None) -> None:
    OPS[name] = OpInfo(name, effect, evaluate)


_op("add", PURE, lambda a, b: wrap(a + b) if isinstance(a, int) else a + b)
_op("sub", PURE, lambda a, b: wrap(a - b) if isinstance(a, int) else a - b)
_op("mul", PURE, lambda a, b: wrap(a * b) if isinstance(a, int) else a * b)
_op("div", PURE, _div)
_op("floordiv", PURE, _floordiv)
_op("mod", PURE, _mod)
_op("pow", PURE, _pow)
_op("neg", PURE, lambda a: wrap(-a) if isinstance(a, int) and not isinstance(a, bool) else -a)
_op("abs", PURE, _abs)
_op("and", PURE, lambda a, b: a & b)
_op("or", PURE, lambda a, b: a | b)
_op("xor", PURE, lambda a, b: a ^ b)
_op("shl", PURE, _shl)
_op("shr", PURE, _shr)
_op("invert", PURE, lambda a: ~a)
_op("not", PURE, lambda a: not a)
_op("eq", PURE, lambda a, b: a == b)
_op("ne", PURE, lambda a, b: a != b)
_op("lt", PURE, lambda a, b: a < b)
_op("le", PURE, lambda a, b: a <= b)
_op("gt", PURE, lambda a, b: a > b)
_op("ge", PURE, lambda a, b: a >= b)
_op("select", PURE, lambda c, a, b: a if c else b)
_op("itof", PURE, lambda a: float(a))
_op("btoi", PURE, lambda a: int(a))
_op("ftoi", PURE, _ftoi)
_op("isnan", PURE, lambda a: math.isnan(a))
_op("isinf", PURE, lambda a: math.isinf(a))
_op("isfinite", PURE, lambda a: math.isfinite(a))
for _name, _fn in MATH_UNARY.items():
    _op("math." + _name, PURE, _math_unary(_fn))
for _name, _fn in MATH_BINARY.items():
    _op("math." + _name, PURE, _math_binary(_fn))
_op("tuple", PURE, lambda *xs: tuple(xs))
_op("tuple.get", PURE, lambda t, i: t[i])
_op("list.new", ALLOC)          # needs the element type: see runtime.interp
_op("list.fill", ALLOC, lambda n, v: [v] * max(n, 0))
_op("list.repeat", ALLOC, _list_repeat)
_op("list.copy", ALLOC, lambda xs: list(xs))
_op("list.len", READ, lambda xs: len(xs))
_op("list.get", READ, lambda xs, i: xs[i])
# IEEE == per element (README: a list holding the same nan object is not equal to itself,
# where CPython's list == tests identity first)
_op("list.eq", READ, lambda a, b: len(a) == len(b) and all(x == y for x, y in zip(a, b)))
_op("list.set", WRITE, lambda xs, i, v: xs.__setitem__(i, v))
_op("list.append", WRITE, lambda xs, v: xs.append(v))
_op("list.pop", WRITE, lambda xs: xs.pop())
_op("list.pop_at", WRITE, lambda xs, i: xs.pop(i))
_op("print", WRITE, _print)
_op("check", RAISE)
_op("call", CALL)
# kernel: a call of a fused kernel function (ir.passes.fuse_tensors) — the same semantics as
# `call`; the backend compiles the callee's tensor ops into one loop nest at the call site
_op("kernel", CALL)
# attributes of the scripted object: evaluated by the interpreter on the root it is given
_op("attr.get", READ)
_op("attr.set", WRITE)
# the allocation a tensor owns dies here (ir.passes.release_tensors; numpy's GC in the interpreter)
_op("tensor.free", WRITE, lambda *xs: None)
# cast: C-style conversion between numeric scalar types (to float32, int32, ...); the
# interpreter converts by the result type
_op("cast", PURE)
# view: the same bits as another numeric scalar type of the same size (np.float32(x).view(
# np.int32)); like cast, the interpreter converts by the result type
_op("view", PURE)

# Tensor ops: `np.NAME` computes numpy's np.NAME(*operands, **static) where `static` (an
# attribute holding a Python literal dict) carries the compile-time arguments: axis,
# keepdims, dtype...; `{"out": 0}` makes the first operand the output (x += y).
# np.getitem / np.setitem take the array, (setitem: the value,) then the index operands as
# described by the `pattern` attribute: one word per index item, `i` an int operand,
# `sLHS` a slice whose lower/upper/step are present (1) or absent (0), `n` a new axis.
# np.shape gives the shape tuple, np.item the single element, np.ravel_copy is flatten().
TENSOR_OPS = """abs absolute add all any arange argmax argmin astype bitwise_and bitwise_or
bitwise_xor ceil clip concatenate copy cos dot empty empty_like equal exp expand_dims expm1
eye floor floor_divide full full_like getitem greater greater_equal invert item left_shift
less less_equal linspace log log1p logical_and logical_not logical_or matmul max maximum
mean min minimum multiply negative not_equal ones ones_like positive power prod ravel
ravel_copy remainder reshape right_shift setitem shape sign sin size sqrt square squeeze
stack std subtract sum swapaxes tan tanh transpose true_divide var where zeros
zeros_like""".split()
for _name in TENSOR_OPS:
    _op("np." + _name, TENSOR)


def is_removable(op: str) -> bool:
    """May an unused result of `op` be deleted?"""
    info = OPS.get(op)
    return info is not None and info.effect in (PURE, ALLOC, READ)
