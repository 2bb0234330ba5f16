"""The derivative rules of the scalar ops (the `derivative` slot of ir.op_table, whose
docstring has the contract), and `emit`, the helper rules build their backward code with.

Each rule takes (builder, forward instruction, adjoint g of its result) and returns one
adjoint per operand, None where no gradient flows.  The forward instruction's operands and
result are forward values (`x`, `y` below; `r` is the result): the differentiation pass
keeps them alive for the backward sweep.  Kinks follow PyTorch: d|x| at 0 is 0, d sqrt(x)
at 0 is inf, d x**y with y == 0 is 0 (also at x == 0), d x**y / dy at x == 0 is 0.
Rules are only asked for differentiable results (f64, f32, npf64, and tuples holding them:
`carried`); an integer operand's adjoint is None.  A tuple's adjoint is a tuple of its
elements' adjoints, of the tuple's own type (an int element's is a zero nobody reads), so
the rules of `tuple` and `tuple.get` live here too.  Imported by ir.ops after every scalar
op is defined.
"""
from __future__ import annotations

import math

from pts.ir.core import Builder, Const, Instr, Value
from pts.ir.op_table import NOT_CONST, OPS, OpUse, set_derivative
from pts.ir.types import DTYPE_NAMES, F32, F64, I1, I64, NPF64, TensorType, TupleType, Type

FLOAT_SCALARS = (F64, F32, NPF64)
# element types a tuple whose adjoint is carried may hold besides floats, tensors and
# tuples of them: their "adjoint" is a zero of their own type, never read
CARRIED_INTS = (I64, I1)


def carried(t: Type) -> bool:
    """Can a value of type t carry a gradient?  Floats, float arrays, and tuples of
    numbers, arrays and tuples of which at least one element can (the adjoint of a tuple
    is a tuple of its elements' adjoints, of the tuple's own type)."""
    if t in FLOAT_SCALARS:
        return True
    if isinstance(t, TensorType):
        return t.dtype in (F32, F64)
    if isinstance(t, TupleType):
        return has_zero(t) and any(carried(e) for e in t.elems)
    return False


def has_zero(t: Type) -> bool:
    """Has t a zero (numbers, arrays, tuples of those)?"""
    if isinstance(t, TupleType):
        return all(has_zero(e) for e in t.elems)
    return t in FLOAT_SCALARS or t in CARRIED_INTS or isinstance(t, TensorType)


def emit(b: Builder, op: str, *args: Value, static: str | None = None, type: Type | None = None,
         **attrs) -> Instr:
    """Emit `op` on `args` with the result type its type rule gives (or `type` where the
    operands do not fix it: cast, np.zeros' dtype comes from `static`)."""
    if static is not None:
        attrs["static"] = static
    if type is None:
        consts = tuple(a.value if isinstance(a, Const) else NOT_CONST for a in args)
        type = OPS[op].type_rule(OpUse(op, tuple(a.type for a in args), attrs, consts))
    return b.emit(op, list(args), type, attrs or None)


def constant(b: Builder, value: float, t: Type) -> Value:
    """The float `value` as a scalar of type t (f32 and npf64 constants are casts)."""
    if t == F64:
        return Const(F64, float(value))
    if t == F32:
        return Const(F32, float(value))
    return emit(b, "cast", Const(F64, float(value)), type=t)


def zeros_like_value(b: Builder, v: Value) -> Value:
    """A zero of v's type and shape: zeros_like of an array, 0 of a number, a tuple of its
    elements' zeros.  Its arrays name their dtype (`made_zero` knows them by it): nobody
    writes into them, so adding one may be skipped (a rule's own np.zeros_like may be
    filled afterwards: the getitem rule's is)."""
    t = v.type
    if isinstance(t, TensorType):
        return emit(b, "np.zeros_like", v, static=repr({"dtype": DTYPE_NAMES[t.dtype]}))
    if isinstance(t, TupleType):
        return emit(b, "tuple", *[zeros_like_value(b, emit(b, "tuple.get", v, Const(I64, k)))
                                  for k in range(len(t.elems))])
    if t in CARRIED_INTS:
        return Const(t, 0 if t == I64 else False)
    return constant(b, 0.0, t)


def made_zero(v: Value) -> bool:
    """Is v a zero zeros_like_value made (or a 0 constant)?"""
    if isinstance(v, Const):
        return not v.value
    return isinstance(v, Instr) and v.op == "np.zeros_like" and "dtype" in v.static()


def _t(x: Value) -> Type:
    return x.type


def _scalar(x: Value) -> bool:
    return x.type in FLOAT_SCALARS


# ---------------------------------------------------------------- arithmetic

def _add(b, i, g):
    # d(x + y) = g, g
    return [g, g]


def _sub(b, i, g):
    # d(x - y) = g, -g
    return [g, emit(b, "neg", g)]


def _mul(b, i, g):
    # d(x * y) = g*y, g*x
    x, y = i.args
    return [emit(b, "mul", g, y), emit(b, "mul", g, x)]


def _div(b, i, g):
    # d(x / y) = g/y, -g*x/y**2 = -(g/y) * r
    x, y = i.args
    gy = emit(b, "div", g, y)
    return [gy, emit(b, "neg", emit(b, "mul", gy, i))]


def _pow(b, i, g):
    # d x**y = g * y * x**(y-1), g * r * log(x); 0 where y == 0 (dx) or x == 0 (dy), as
    # PyTorch masks them
    x, y = i.args
    if x.type not in FLOAT_SCALARS:
        return [None, None]
    t = x.type
    zero, one = constant(b, 0.0, t), constant(b, 1.0, t)
    op = "math.pow" if i.op == "math.pow" else "pow"
    xm1 = emit(b, op, x, emit(b, "sub", y, one))
    dx = emit(b, "mul", g, emit(b, "mul", y, xm1))
    dx = emit(b, "select", emit(b, "eq", y, zero), zero, dx)
    if t == F64:
        logx = emit(b, "math.log", x)
    else:
        logx = emit(b, "cast", emit(b, "math.log", emit(b, "cast", x, type=F64)), type=t)
    dy = emit(b, "mul", g, emit(b, "mul", i, logx))
    dy = emit(b, "select", emit(b, "eq", x, zero), zero, dy)
    return [dx, dy]


def _neg(b, i, g):
    # d(-x) = -g
    return [emit(b, "neg", g)]


def _abs(b, i, g):
    # d|x| = g * sign(x), sign(0) = 0
    x = i.args[0]
    if x.type not in FLOAT_SCALARS:
        return [None]
    zero = constant(b, 0.0, x.type)
    neg = emit(b, "select", emit(b, "lt", x, zero), emit(b, "neg", g), zero)
    return [emit(b, "select", emit(b, "gt", x, zero), g, neg)]


def _floordiv(b, i, g):
    # x // y is piecewise constant: no gradient
    return [None, None]


def _mod(b, i, g):
    # x % y = x - floor(x/y)*y: d = g, -g * (x // y)
    x, y = i.args
    if x.type not in FLOAT_SCALARS:
        return [None, None]
    return [g, emit(b, "neg", emit(b, "mul", g, emit(b, "floordiv", x, y)))]


def _select(b, i, g):
    # d select(c, x, y) = -, select(c, g, 0), select(c, 0, g)
    c, x, y = i.args
    if isinstance(g.type, (TensorType, TupleType)):  # (the other operand's zero: its shape)
        zx, zy = zeros_like_value(b, x), zeros_like_value(b, y)
        return [None, emit(b, "select", c, g, zx), emit(b, "select", c, zy, g)]
    zero = constant(b, 0.0, g.type)
    return [None, emit(b, "select", c, g, zero), emit(b, "select", c, zero, g)]


def _cast(b, i, g):
    # a conversion between floats passes g back in the operand's type; from an int, nothing
    x = i.args[0]
    if x.type not in FLOAT_SCALARS:
        return [None]
    return [g if x.type == g.type else emit(b, "cast", g, type=x.type)]


def _tuple(b, i, g):
    # d tuple(x0, ..., xn) = g[0], ..., g[n]  (none for an element that carries no gradient)
    return [emit(b, "tuple.get", g, Const(I64, k)) if carried(x.type) else None
            for k, x in enumerate(i.args)]


def _tuple_get(b, i, g):
    # d t[k] = (0, ..., g, ..., 0): g at k, each other element's zero (of its shape)
    t, k = i.args
    return [emit(b, "tuple", *[g if j == k.value else zeros_like_value(
        b, emit(b, "tuple.get", t, Const(I64, j))) for j in range(len(t.type.elems))]), None]


def _none(b, i, g):
    # piecewise constant (floor, ceil): zero gradient
    return [None] * len(i.args)


# ---------------------------------------------------------------- math.* (f64)

def _unary(fn):
    def rule(b, i, g):
        return [fn(b, i.args[0], i, g)]
    return rule


def _m(b, op, *args):
    return emit(b, op, *args)


def _one_minus_sq(b, v):
    return _m(b, "sub", Const(F64, 1.0), _m(b, "mul", v, v))


UNARY_RULES = {
    # d sqrt(x) = g / (2*r)
    "sqrt": lambda b, x, r, g: _m(b, "div", g, _m(b, "mul", Const(F64, 2.0), r)),
    # d exp(x) = g * r
    "exp": lambda b, x, r, g: _m(b, "mul", g, r),
    # d log(x) = g / x
    "log": lambda b, x, r, g: _m(b, "div", g, x),
    # d log2(x) = g / (x * ln 2)
    "log2": lambda b, x, r, g: _m(b, "div", g, _m(b, "mul", x, Const(F64, math.log(2.0)))),
    # d log10(x) = g / (x * ln 10)
    "log10": lambda b, x, r, g: _m(b, "div", g, _m(b, "mul", x, Const(F64, math.log(10.0)))),
    # d sin(x) = g * cos(x)
    "sin": lambda b, x, r, g: _m(b, "mul", g, _m(b, "math.cos", x)),
    # d cos(x) = -g * sin(x)
    "cos": lambda b, x, r, g: _m(b, "neg", _m(b, "mul", g, _m(b, "math.sin", x))),
    # d tan(x) = g * (1 + r*r)
    "tan": lambda b, x, r, g: _m(b, "mul", g, _m(b, "add", Const(F64, 1.0), _m(b, "mul", r, r))),
    # d asin(x) = g / sqrt(1 - x*x)
    "asin": lambda b, x, r, g: _m(b, "div", g, _m(b, "math.sqrt", _one_minus_sq(b, x))),
    # d acos(x) = -g / sqrt(1 - x*x)
    "acos": lambda b, x, r, g: _m(b, "neg", _m(b, "div", g, _m(b, "math.sqrt", _one_minus_sq(b, x)))),
    # d atan(x) = g / (1 + x*x)
    "atan": lambda b, x, r, g: _m(b, "div", g, _m(b, "add", Const(F64, 1.0), _m(b, "mul", x, x))),
    # d sinh(x) = g * cosh(x)
    "sinh": lambda b, x, r, g: _m(b, "mul", g, _m(b, "math.cosh", x)),
    # d cosh(x) = g * sinh(x)
    "cosh": lambda b, x, r, g: _m(b, "mul", g, _m(b, "math.sinh", x)),
    # d tanh(x) = g * (1 - r*r)
    "tanh": lambda b, x, r, g: _m(b, "mul", g, _one_minus_sq(b, r)),
}


def _fabs(b, i, g):
    return _abs(b, i, g)


def _atan2(b, i, g):
    # d atan2(y, x) = g*x / (x*x + y*y), -g*y / (x*x + y*y)
    y, x = i.args
    d = _m(b, "add", _m(b, "mul", x, x), _m(b, "mul", y, y))
    return [_m(b, "div", _m(b, "mul", g, x), d), _m(b, "neg", _m(b, "div", _m(b, "mul", g, y), d))]


def _hypot(b, i, g):
    # d hypot(x, y) = g*x/r, g*y/r
    x, y = i.args
    gr = _m(b, "div", g, i)
    return [_m(b, "mul", gr, x), _m(b, "mul", gr, y)]


for _name, _rule in (("add", _add), ("sub", _sub), ("mul", _mul), ("div", _div),
                     ("pow", _pow), ("neg", _neg), ("abs", _abs), ("floordiv", _floordiv),
                     ("mod", _mod), ("select", _select), ("cast", _cast),
                     ("math.pow", _pow), ("math.fabs", _fabs), ("math.floor", _none),
                     ("math.ceil", _none), ("math.atan2", _atan2), ("math.hypot", _hypot),
                     ("tuple", _tuple), ("tuple.get", _tuple_get)):
    set_derivative(_name, _rule)
for _name, _fn in UNARY_RULES.items():
    set_derivative("math." + _name, _unary(_fn))
