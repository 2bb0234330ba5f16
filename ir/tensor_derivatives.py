"""The derivative rules of the tensor ops (the `derivative` slot of ir.op_table, whose
docstring has the contract), registered into the op table at import (ir.ops imports this
module once every op is defined).

Each rule takes (builder, forward instruction, adjoint g of its result) and returns one
adjoint per operand, None where no gradient flows (constants, integer and bool operands,
index operands, a condition; and the zero gradients of sign/floor/ceil).  In the comments
`x`, `a`, `b` are operands, `y` the forward result, `g` its adjoint.  Rules emit only ops of
the table, through `emit` (ir.scalar_derivatives), and read forward values freely: the
differentiation pass (ir.passes.differentiate) keeps them for the backward sweep and drops
what a rule computed for an operand that carries no gradient.

Broadcasting: an adjoint is summed back to its operand's shape with `np.sum_to` (sizes are
dynamic: which axes an op broadcast is known at run time); a scalar operand of a tensor op
gets the sum of its adjoint, cast to its type; an operand of another float dtype gets its
adjoint converted (`fit`).  Where the operand surely has the result's shape — the other
operands are scalars, or have its shape by construction (`shape_root`: x and np.tanh(x)) —
no sum_to is emitted, so the backward sweep's elementwise chains stay fusable.

Kinks and ties follow PyTorch: d|x| at 0 is 0 (sign); maximum/minimum split g evenly at
ties; clip passes g where lo <= x <= hi, and to a tensor bound where it won (lo < hi);
max/min reductions split g evenly among the elements equal to the result (torch.amax);
prod is right when x has zeros (no division by x there); std's gradient is 0 where std is
0; x ** p: d/dx is 0 where p == 0, d/dp is 0 where x == 0 and p >= 0.

A case a rule cannot differentiate raises NotImplementedError with the reason, which the
pass reports as a CompileError at the instruction's span.
"""
from __future__ import annotations

from pts.ir.core import Builder, Const, Instr, Value
from pts.ir.op_table import set_derivative
from pts.ir.scalar_derivatives import FLOAT_SCALARS, emit
from pts.ir.types import DTYPE_NAMES, F32, F64, I64, TensorType, TupleType


FLOAT_DTYPES = (F32, F64)


# ---------------------------------------------------------------- helpers

def np_(b: Builder, name: str, *args: Value, **static) -> Instr:
    """np.<name>(*args, **static), typed by the op's rule."""
    return emit(b, "np." + name, *args, static=repr(static))


def wants(x: Value) -> bool:
    """Can operand x receive a gradient (a float value that is not a constant)?"""
    if isinstance(x, Const):
        return False
    t = x.type
    return t in FLOAT_SCALARS or (isinstance(t, TensorType) and t.dtype in FLOAT_DTYPES)


def fit(b: Builder, d: Value | None, x: Value, broadcast: bool = True) -> Value | None:
    """The adjoint d (of the result's shape and type) as operand x's adjoint: summed back
    to x's shape (`broadcast`: x may have been broadcast), to a scalar x as the sum, and
    converted to x's type."""
    if d is None or not wants(x):
        return None
    t = x.type
    if isinstance(t, TensorType):
        if isinstance(d.type, TensorType):
            if broadcast:
                d = np_(b, "sum_to", d, x)
        else:               # a scalar result of a 0-d array operand
            d = np_(b, "full_like", x, d)
        if d.type.dtype != t.dtype:
            d = np_(b, "astype", d, dtype=DTYPE_NAMES[t.dtype])
        return d
    if isinstance(d.type, TensorType):
        d = np_(b, "sum", d)
    return d if d.type == t else emit(b, "cast", d, type=t)


# elementwise ops: a result of the shape of its tensor operands when they all have one shape
ELEMENTWISE = frozenset("""add subtract multiply true_divide floor_divide remainder power
negative positive absolute maximum minimum sign square exp log log1p expm1 sqrt tanh sin cos
tan floor ceil equal not_equal less less_equal greater greater_equal logical_and logical_or
logical_not where clip astype copy""".split())


def shape_root(v: Value, depth: int = 24) -> Value:
    """A value of v's shape, found by walking back through elementwise ops whose tensor
    operands all have one shape (x * 0.5, np.tanh(x), x * np.tanh(x) all have x's shape):
    two values with the same root surely have the same shape, so their op broadcast
    neither and needs no np.sum_to."""
    while depth > 0 and isinstance(v, Instr) and v.op[3:] in ELEMENTWISE and \
            v.op.startswith("np.") and isinstance(v.type, TensorType) and \
            "out" not in v.static():
        tensors = [a for a in v.args if isinstance(a.type, TensorType)]
        if not tensors or any(a.type.rank != v.type.rank for a in tensors):
            break
        roots = {shape_root(a, depth - 1) for a in tensors}
        if len(roots) != 1:
            break
        v = roots.pop()
        depth -= 1
    return v


def full_shape(i: Instr, x: Value) -> bool:
    """Has operand x surely the shape of i's result?  Yes when i's tensor operands all
    have one shape (see shape_root): scalars broadcast without changing it."""
    if not (isinstance(x.type, TensorType) and isinstance(i.type, TensorType)
            and x.type.rank == i.type.rank):
        return False
    tensors = [a for a in i.args if isinstance(a.type, TensorType)]
    return len({shape_root(a) for a in tensors}) == 1


def fits(b: Builder, i: Instr, ds: list) -> list:
    """fit each adjoint in ds to its operand of i."""
    return [fit(b, d, x, not full_shape(i, x)) for d, x in zip(ds, i.args)]


def no_out(i: Instr) -> dict:
    st = i.static()
    if "out" in st:
        raise NotImplementedError("an in-place operation (out=) carries no gradient")
    return st


def axes_of(axis, rank: int) -> tuple[int, ...]:
    """A reduction's axis (None, int or tuple, negative too) as sorted axes of x."""
    if axis is None:
        return tuple(range(rank))
    return tuple(sorted(a % rank for a in (axis if isinstance(axis, tuple) else (axis,))))


def kept(b: Builder, v: Value, i: Instr) -> Value:
    """A reduction's result (or its adjoint) v with the reduced axes back as size 1, so
    that it broadcasts against x (a scalar broadcasts as it is)."""
    st = i.static()
    if st.get("keepdims") or not isinstance(v.type, TensorType):
        return v
    return np_(b, "expand_dims", v, axis=axes_of(st.get("axis"), i.args[0].type.rank))


def to_shape_of(b: Builder, v: Value, x: Value) -> Value:
    """v (broadcastable to x) broadcast to x's shape."""
    if not isinstance(v.type, TensorType):
        return np_(b, "full_like", x, v)
    return np_(b, "add", np_(b, "zeros_like", x), v)


def count(b: Builder, x: Value, axes: tuple[int, ...]) -> Value:
    """The number of elements a reduction of x over axes takes, as an f64."""
    if len(axes) == x.type.rank:
        n = np_(b, "size", x)
    else:
        shape = np_(b, "shape", x)
        n = None
        for a in axes:
            s = emit(b, "tuple.get", shape, Const(I64, a))
            n = s if n is None else emit(b, "mul", n, s)
    return emit(b, "itof", n)


def swap_last(b: Builder, x: Value) -> Value:
    """x with its last two axes swapped (x.T of a matrix): a view."""
    if x.type.rank == 2:
        return np_(b, "transpose", x)
    return np_(b, "swapaxes", x, axis1=-1, axis2=-2)


def zero_where(b: Builder, cond: Value, g: Value) -> Value:
    # g where not cond, else 0
    return np_(b, "where", cond, Const(F64, 0.0), g)


def pass_where(b: Builder, cond: Value, g: Value) -> Value:
    # g where cond, else 0
    return np_(b, "where", cond, g, Const(F64, 0.0))


def mul(b: Builder, x: Value, y: Value) -> Value:
    return np_(b, "multiply", x, y)


def div(b: Builder, x: Value, y: Value) -> Value:
    return np_(b, "true_divide", x, y)


def neg(b: Builder, x: Value) -> Value:
    return np_(b, "negative", x)


def unary(formula):
    """A rule for y = f(x), elementwise: dx = formula(b, x, y, g)."""
    def rule(b: Builder, i: Instr, g: Value) -> list:
        no_out(i)
        x = i.args[0]
        if not wants(x):
            return [None]
        return [fit(b, formula(b, x, i, g), x, broadcast=False)]
    return rule


def zero_gradient(b: Builder, i: Instr, g: Value) -> list:
    # d sign(x) = d floor(x) = d ceil(x) = 0 (where defined; PyTorch's 0 everywhere)
    return [None] * len(i.args)


# ---------------------------------------------------------------- elementwise

UNARY = {
    # d(-x) = -g
    "negative": lambda b, x, y, g: neg(b, g),
    # d(+x) = g
    "positive": lambda b, x, y, g: g,
    # d|x| = g * sign(x)   (0 at x == 0, as PyTorch)
    "absolute": lambda b, x, y, g: mul(b, g, np_(b, "sign", x)),
    # d x**2 = g * 2x
    "square": lambda b, x, y, g: mul(b, g, mul(b, x, Const(F64, 2.0))),
    # d sqrt(x) = g / (2y)
    "sqrt": lambda b, x, y, g: div(b, g, mul(b, y, Const(F64, 2.0))),
    # d exp(x) = g * y
    "exp": lambda b, x, y, g: mul(b, g, y),
    # d expm1(x) = g * (y + 1)
    "expm1": lambda b, x, y, g: mul(b, g, np_(b, "add", y, Const(F64, 1.0))),
    # d log(x) = g / x
    "log": lambda b, x, y, g: div(b, g, x),
    # d log1p(x) = g / (x + 1)
    "log1p": lambda b, x, y, g: div(b, g, np_(b, "add", x, Const(F64, 1.0))),
    # d sin(x) = g * cos(x)
    "sin": lambda b, x, y, g: mul(b, g, np_(b, "cos", x)),
    # d cos(x) = -g * sin(x)
    "cos": lambda b, x, y, g: mul(b, neg(b, g), np_(b, "sin", x)),
    # d tan(x) = g * (1 + y*y)
    "tan": lambda b, x, y, g: mul(b, g, np_(b, "add", mul(b, y, y), Const(F64, 1.0))),
    # d tanh(x) = g * (1 - y*y)
    "tanh": lambda b, x, y, g: mul(b, g, np_(b, "subtract", Const(F64, 1.0), mul(b, y, y))),
}


def _add(b, i, g):
    # d(a + b) = g, g
    no_out(i)
    return fits(b, i, [g, g])


def _subtract(b, i, g):
    # d(a - b) = g, -g
    no_out(i)
    x, y = i.args
    return fits(b, i, [g, neg(b, g) if wants(y) else None])


def _multiply(b, i, g):
    # d(a * b) = g*b, g*a
    no_out(i)
    x, y = i.args
    if x is y:
        # d(x * x) = 2 g x, all to the first operand
        return fits(b, i, [mul(b, mul(b, g, x), Const(F64, 2.0)) if wants(x) else None, None])
    return fits(b, i, [mul(b, g, y) if wants(x) else None, mul(b, g, x) if wants(y) else None])


def _true_divide(b, i, g):
    # d(a / b) = g/b, -g*a/b**2 = -(g/b) * y
    no_out(i)
    x, y = i.args
    gb = div(b, g, y)
    return fits(b, i, [gb, neg(b, mul(b, gb, i)) if wants(y) else None])


def _power(b, i, g):
    # d a**p = g * p * a**(p-1)  (0 where p == 0),  g * y * log(a)  (0 where a == 0, p >= 0)
    no_out(i)
    x, p = i.args
    dx = dp = None
    if wants(x):
        if isinstance(p, Const):
            if p.value == 0:
                dx = None
            elif p.value == 1:
                dx = g
            elif p.value == 2:
                dx = mul(b, g, mul(b, x, Const(F64, 2.0)))
            else:
                pm1 = Const(p.type, p.value - 1)
                dx = mul(b, g, mul(b, np_(b, "power", x, pm1), Const(p.type, p.value)))
        else:
            pm1 = np_(b, "subtract", p, Const(I64, 1))
            slope = mul(b, np_(b, "power", x, pm1), p)
            dx = mul(b, g, zero_where(b, np_(b, "equal", p, Const(I64, 0)), slope))
    if wants(p):
        # a**p = exp(p log a): d/dp = y * log(a), masked where a == 0 and p >= 0 (where
        # y is 0 or 1 and the limit is 0)
        flat = np_(b, "logical_and", np_(b, "equal", x, Const(F64, 0.0)),
                   np_(b, "greater_equal", p, Const(F64, 0.0)))
        safe = np_(b, "where", flat, Const(F64, 1.0), x)
        dp = mul(b, g, zero_where(b, flat, mul(b, i, np_(b, "log", safe))))
    return fits(b, i, [dx, dp])


def _extremum(smaller: str):
    """maximum (smaller = "less") / minimum ("greater"): g goes to the winner, half to
    each at a tie (PyTorch); with a nan both get g."""
    larger = "greater" if smaller == "less" else "less"

    def rule(b, i, g):
        # d max(a, b) = g * [a > b] + g/2 * [a == b], and the same for b
        no_out(i)
        x, y = i.args
        tie = np_(b, "where", np_(b, "equal", x, y), mul(b, g, Const(F64, 0.5)), g)
        dx = zero_where(b, np_(b, smaller, x, y), tie) if wants(x) else None
        dy = zero_where(b, np_(b, larger, x, y), tie) if wants(y) else None
        return fits(b, i, [dx, dy])
    return rule


def _is_none(v: Value) -> bool:
    return isinstance(v, Const) and v.value is None


def _clip(b, i, g):
    # clip(x, lo, hi) = min(max(x, lo), hi), as torch.clamp:
    #   dx = g where lo <= x <= hi;  dlo = g where x < lo and lo < hi;
    #   dhi = g where x > hi or hi < lo   (hi wins when lo > hi)
    no_out(i)
    x, lo, hi = i.args
    dx = dlo = dhi = None
    if wants(x):
        conds = []
        if not _is_none(lo):
            conds.append(np_(b, "greater_equal", x, lo))
        if not _is_none(hi):
            conds.append(np_(b, "less_equal", x, hi))
        inside = conds[0] if len(conds) == 1 else np_(b, "logical_and", *conds) if conds else None
        dx = pass_where(b, inside, g) if inside is not None else g
    if wants(lo):
        won = np_(b, "less", x, lo)
        if not _is_none(hi):
            won = np_(b, "logical_and", won, np_(b, "less", lo, hi))
        dlo = pass_where(b, won, g)
    if wants(hi):
        won = np_(b, "greater", x, hi)
        if not _is_none(lo):
            won = np_(b, "logical_or", won, np_(b, "less", hi, lo))
        dhi = pass_where(b, won, g)
    return fits(b, i, [dx, dlo, dhi])


def _where(b, i, g):
    # d where(c, a, b) = (none for c), g where c, g where not c
    no_out(i)
    c, x, y = i.args
    return fits(b, i, [None, pass_where(b, c, g) if wants(x) else None,
                       zero_where(b, c, g) if wants(y) else None])


def _remainder(b, i, g):
    # d(a mod b) = g, -g * floor(a / b)
    no_out(i)
    x, y = i.args
    return fits(b, i, [g, mul(b, neg(b, g), np_(b, "floor_divide", x, y)) if wants(y) else None])


# ---------------------------------------------------------------- reductions

def _reduction(formula):
    """A rule for y = reduce(x, axis=, keepdims=, ...): dx = formula(b, i, x, ge, axes),
    where ge is g with the reduced axes back (size 1)."""
    def rule(b: Builder, i: Instr, g: Value) -> list:
        st = no_out(i)
        x = i.args[0]
        if not wants(x):
            return [None] * len(i.args)
        if not isinstance(x.type, TensorType):   # a reduction of a scalar is the scalar
            return [fit(b, g if i.op[3:] not in ("std", "var") else None, x)] + \
                [None] * (len(i.args) - 1)
        axes = axes_of(st.get("axis"), x.type.rank)
        dx = formula(b, i, x, kept(b, g, i), axes)
        return [fit(b, dx, x, broadcast=False)] + [None] * (len(i.args) - 1)
    return rule


@_reduction
def _sum(b, i, x, ge, axes):
    # d sum(x) = g broadcast to x's shape
    return to_shape_of(b, ge, x)


@_reduction
def _mean(b, i, x, ge, axes):
    # d mean(x) = g / n broadcast to x's shape (n: the elements each mean takes)
    return to_shape_of(b, div(b, ge, count(b, x, axes)), x)


@_reduction
def _prod(b, i, x, ge, axes):
    # d prod(x) / dx_k = the product of the other elements — without dividing by x_k, so
    # that it is right where x has zeros: with P the product of the non-zero elements and
    # z the number of zeros, it is P / x_k when z == 0, P at the zero when z == 1, else 0
    zero = np_(b, "equal", x, Const(F64, 0.0))
    z = np_(b, "sum", zero, axis=axes, keepdims=True)
    nonzero = np_(b, "where", zero, Const(F64, 1.0), x)
    p = np_(b, "prod", nonzero, axis=axes, keepdims=True)
    others = np_(b, "where", np_(b, "equal", z, Const(I64, 0)), div(b, p, nonzero),
                 pass_where(b, np_(b, "logical_and", zero, np_(b, "equal", z, Const(I64, 1))), p))
    return mul(b, ge, others)


@_reduction
def _extreme(b, i, x, ge, axes):
    # d max(x) = g / k at the k elements equal to max(x), 0 elsewhere (torch.amax; a nan
    # result gives nan)
    hit = np_(b, "astype", np_(b, "equal", x, kept(b, i, i)), dtype=DTYPE_NAMES[x.type.dtype])
    k = np_(b, "sum", hit, axis=axes, keepdims=True)
    return mul(b, hit, div(b, ge, k))


def _spread(std: bool):
    @_reduction
    def rule(b, i, x, ge, axes):
        # d var(x) = g * 2 (x - mean(x)) / (n - ddof)
        # d std(x) = g * (x - mean(x)) / ((n - ddof) * y), 0 where y == 0 (PyTorch)
        ddof = i.static().get("ddof", 0)
        n = count(b, x, axes)
        if ddof:
            n = emit(b, "sub", n, Const(F64, float(ddof)))
        centered = np_(b, "subtract", x, np_(b, "mean", x, axis=axes, keepdims=True))
        if not std:
            return mul(b, centered, mul(b, ge, emit(b, "div", Const(F64, 2.0), n)))
        y = kept(b, i, i)
        flat = np_(b, "equal", y, Const(F64, 0.0))
        scale = zero_where(b, flat, div(b, ge, mul(b, np_(b, "where", flat, Const(F64, 1.0), y), n)))
        return mul(b, centered, scale)
    return rule


# ---------------------------------------------------------------- products

def _matmul(b, i, g):
    # y = a @ b:  da = g @ b^T,  db = a^T @ g  over the last two axes; a 1-d a is a row
    # (1, n) and a 1-d b a column (n, 1) whose added axis is dropped again; batch axes
    # that were broadcast are summed back (np.sum_to)
    no_out(i)
    x, y = i.args
    if not isinstance(x.type, TensorType) or not isinstance(y.type, TensorType):
        return _multiply(b, i, g)           # np.dot with a scalar multiplies
    rx, ry = x.type.rank, y.type.rank
    if i.op == "np.dot" and max(rx, ry) > 2 and ry > 1:
        return _dot_nd(b, i, g)         # (with a 1-d b, np.dot is np.matmul)
    if rx == 1 and ry == 1:
        # d(a . b) = g * b, g * a
        return fits(b, i, [mul(b, g, y) if wants(x) else None, mul(b, g, x) if wants(y) else None])
    x2 = np_(b, "expand_dims", x, axis=0) if rx == 1 else x
    y2 = np_(b, "expand_dims", y, axis=-1) if ry == 1 else y
    g2 = np_(b, "expand_dims", g, axis=-2) if rx == 1 else \
        np_(b, "expand_dims", g, axis=-1) if ry == 1 else g
    batched = max(rx, ry) > 2
    dx = dy = None
    if wants(x):
        dx = np_(b, "matmul", g2, swap_last(b, y2))
        if batched:
            dx = np_(b, "sum_to", dx, x2)
        if rx == 1:
            dx = np_(b, "squeeze", dx, axis=0)
        dx = fit(b, dx, x, broadcast=False)
    if wants(y):
        dy = np_(b, "matmul", swap_last(b, x2), g2)
        if batched:
            dy = np_(b, "sum_to", dy, y2)
        if ry == 1:
            dy = np_(b, "squeeze", dy, axis=-1)
        dy = fit(b, dy, y, broadcast=False)
    return [dx, dy]


def _product(b: Builder, sizes: list) -> Value:
    """The product of i64 values (1 for none)."""
    n = Const(I64, 1)
    for s in sizes:
        n = s if isinstance(n, Const) else emit(b, "mul", n, s)
    return n


def _dot_nd(b, i, g):
    # y = np.dot(a, b) with b of rank >= 2 and more than 2 axes in all: y[A.., B.., m] =
    # sum_k a[A.., k] b[B.., k, m].  With a as a matrix (A, k), b as a matrix (k, B m)
    # (its axis -2 moved first) and g as a matrix (A, B m), this is a matrix product:
    #   da = g @ b'^T  reshaped to a's shape,  db' = a^T @ g  reshaped and moved back
    x, y = i.args
    rx, ry = x.type.rank, y.type.rank
    sx, sy = np_(b, "shape", x), np_(b, "shape", y)
    size = lambda s, k: emit(b, "tuple.get", s, Const(I64, k))   # noqa: E731
    k = size(sx, rx - 1)
    lead = _product(b, [size(sx, d) for d in range(rx - 1)])
    batch = [size(sy, d) for d in range(ry - 2)]
    m = size(sy, ry - 1)
    rest = _product(b, batch + [m])
    g2 = np_(b, "reshape", g, emit(b, "tuple", lead, rest))
    moved = (ry - 2,) + tuple(range(ry - 2)) + (ry - 1,)
    dx = dy = None
    if wants(x):
        y2 = np_(b, "reshape", np_(b, "transpose", y, axes=moved), emit(b, "tuple", k, rest))
        dx = np_(b, "reshape", np_(b, "matmul", g2, np_(b, "transpose", y2)), sx)
        dx = fit(b, dx, x, broadcast=False)
    if wants(y):
        x2 = np_(b, "reshape", x, emit(b, "tuple", lead, k))
        d2 = np_(b, "matmul", np_(b, "transpose", x2), g2)
        d3 = np_(b, "reshape", d2, emit(b, "tuple", k, *batch, m))
        back = [0] * ry
        for j, p in enumerate(moved):
            back[p] = j
        dy = fit(b, np_(b, "transpose", d3, axes=tuple(back)), y, broadcast=False)
    return [dx, dy]


# ---------------------------------------------------------------- shapes and copies

def _reshape(b, i, g):
    # d reshape(x) = g reshaped to x's shape (sizes: no gradient)
    x = i.args[0]
    return [fit(b, np_(b, "reshape", g, np_(b, "shape", x)), x, broadcast=False)] + \
        [None] * (len(i.args) - 1)


def _ravel(b, i, g):
    # d ravel(x) = g reshaped to x's shape
    x = i.args[0]
    return [fit(b, np_(b, "reshape", g, np_(b, "shape", x)), x, broadcast=False)]


def _transpose(b, i, g):
    # d transpose(x, p) = transpose(g, p^-1)
    if len(i.args) > 1:
        raise NotImplementedError("np.transpose with run-time axes")
    x = i.args[0]
    axes = i.static().get("axes")
    if axes is None:
        if x.type.rank == 2 and _is_matmul_2d(g) and g.block is b.block:
            # d transpose(x) = (a @ b).T = b.T @ a.T: one gemm writing x's layout, rather
            # than a gemm and a strided (transposed) read of its result.  g comes from
            # the backward sweep (this reverse block: nothing else reads it), whose shapes
            # agree (its forward ran), so the swapped product raises no other shape error
            return [np_(b, "matmul", _untranspose(b, g.args[1]), _untranspose(b, g.args[0]))]
        return [np_(b, "transpose", g)]
    r = x.type.rank
    perm = [a % r for a in (axes if isinstance(axes, (tuple, list)) else (axes,))]
    inverse = [0] * r
    for k, a in enumerate(perm):
        inverse[a] = k
    return [np_(b, "transpose", g, axes=tuple(inverse))]


def _is_matmul_2d(v) -> bool:
    """Is v a product a @ b of two matrices (np.matmul / np.dot, no out=)?"""
    return (isinstance(v, Instr) and v.op in ("np.matmul", "np.dot") and len(v.args) == 2
            and all(isinstance(a.type, TensorType) and a.type.rank == 2 for a in v.args)
            and not v.static())


def _untranspose(b: Builder, m: Value) -> Value:
    """m.T of a matrix m, as the operand of m = x.T itself (x.T.T is x): the rules' np.*
    ops stay even when nobody reads them, so a transpose to fold later would linger."""
    if isinstance(m, Instr) and m.op == "np.transpose" and len(m.args) == 1 \
            and not m.static() and m.args[0].type == m.type:
        return m.args[0]
    return swap_last(b, m)


def _swapaxes(b, i, g):
    # d swapaxes(x, a, c) = swapaxes(g, a, c)
    st = i.static()
    return [np_(b, "swapaxes", g, axis1=st["axis1"], axis2=st["axis2"])]


def _expand_dims(b, i, g):
    # d expand_dims(x, axes) = squeeze(g, axes)  (of a scalar x: g's one element)
    x = i.args[0]
    if not isinstance(x.type, TensorType):
        return [fit(b, g, x)]
    axes = axes_of(i.static()["axis"], i.type.rank)
    return [np_(b, "squeeze", g, axis=axes if len(axes) > 1 else axes[0])]


def _squeeze(b, i, g):
    # d squeeze(x, axes) = expand_dims(g, axes)
    x = i.args[0]
    axis = i.static().get("axis")
    if axis is None:
        return [np_(b, "reshape", g, np_(b, "shape", x))]
    axes = axes_of(axis, x.type.rank)
    return [np_(b, "expand_dims", g, axis=axes if len(axes) > 1 else axes[0])]


def _copy(b, i, g):
    # d copy(x) = g
    return [fit(b, g, i.args[0], broadcast=False)]


def _astype(b, i, g):
    # d x.astype(t) = g.astype(x's dtype), between floats (none to or from ints)
    return [fit(b, g, i.args[0], broadcast=False)]


def _pieces(b: Builder, i: Instr, g: Value, piece) -> list:
    """The adjoint of a tuple of arrays (concatenate, stack): a tuple of each element's
    piece of g (zeros for an element that is not float)."""
    tup = i.args[0]
    if not isinstance(tup.type, TupleType):
        raise NotImplementedError("np.concatenate / np.stack of a list")
    out = []
    state: dict = {}
    for k, t in enumerate(tup.type.elems):
        e = emit(b, "tuple.get", tup, Const(I64, k))
        d = piece(k, e, state)
        if isinstance(t, TensorType) and t.dtype in FLOAT_DTYPES:
            d = fit(b, d, e, broadcast=False)
        else:
            d = np_(b, "zeros_like", e)
        out.append(d)
    return [emit(b, "tuple", *out)] + [None] * (len(i.args) - 1)


def _concatenate(b, i, g):
    # d concatenate((x0, x1, ...), axis) = (g[.., o0:o1, ..], g[.., o1:o2, ..], ...), the
    # offsets o summing the sizes along axis (axis=None: of the flattened arrays)
    axis = i.static().get("axis", 0)

    def piece(k, e, state):
        if axis is None:
            n = np_(b, "size", e)
        else:
            n = emit(b, "tuple.get", np_(b, "shape", e), Const(I64, axis % e.type.rank))
        lo = state.get("at", Const(I64, 0))
        hi = n if isinstance(lo, Const) and lo.value == 0 else emit(b, "add", lo, n)
        state["at"] = hi
        at = 0 if axis is None else axis % e.type.rank
        p = emit(b, "np.getitem", g, lo, hi, pattern="s000 " * at + "s110")
        if axis is None:
            p = np_(b, "reshape", p, np_(b, "shape", e))
        return p
    return _pieces(b, i, g, piece)


def _stack(b, i, g):
    # d stack((x0, x1, ...), axis) = (g[.., 0, ..], g[.., 1, ..], ...)
    at = i.static().get("axis", 0) % i.type.rank
    return _pieces(b, i, g, lambda k, e, state: emit(
        b, "np.getitem", g, Const(I64, k), pattern="s000 " * at + "i"))


def _getitem(b, i, g):
    # d x[index] = zeros of x's shape with g written at x[index] (basic indexing and a mask
    # read each element once); with int arrays g is added at x[index], a repeated index
    # summing its parts (np.add.at: the scatter-add of a gather); the index operands get none
    x = i.args[0]
    if not wants(x):
        return [None] * len(i.args)
    dx = np_(b, "zeros_like", x)
    gather = "a" in i.attrs["pattern"].split()
    emit(b, "np.index_add" if gather else "np.setitem", dx, g, *i.args[1:],
         pattern=i.attrs["pattern"])
    return [dx] + [None] * (len(i.args) - 1)


def _item(b, i, g):
    # d x.item() = g, as an array of x's shape (size 1) or x's scalar type
    x = i.args[0]
    if isinstance(x.type, TensorType):
        return [fit(b, np_(b, "full_like", x, g), x, broadcast=False)]
    return [fit(b, g, x)]


def _sum_to(b, i, g):
    # d sum_to(a, like) = g broadcast back to a's shape (like: its shape only)
    return [to_shape_of(b, g, i.args[0]), None]


def _creation_like(b, i, g):
    # zeros_like(x), ones_like(x), empty_like(x), zeros(shape), ...: no gradient (an array
    # written into afterwards gets its gradient from the write: differentiate's ReverseWrite)
    return [None] * len(i.args)


def _full_like(b, i, g):
    # d full_like(x, v) = (none), sum(g)
    return [None, fit(b, g, i.args[1])] + [None] * (len(i.args) - 2)


def _full(b, i, g):
    # d full(shape, v) = (none), sum(g)
    return [None, fit(b, g, i.args[1])] + [None] * (len(i.args) - 2)


RULES = {
    "np.add": _add, "np.subtract": _subtract, "np.multiply": _multiply,
    "np.true_divide": _true_divide, "np.power": _power, "np.remainder": _remainder,
    "np.maximum": _extremum("less"), "np.minimum": _extremum("greater"),
    "np.clip": _clip, "np.where": _where,
    "np.sign": zero_gradient, "np.floor": zero_gradient, "np.ceil": zero_gradient,
    "np.floor_divide": zero_gradient,
    "np.sum": _sum, "np.mean": _mean, "np.prod": _prod, "np.max": _extreme,
    "np.min": _extreme, "np.var": _spread(False), "np.std": _spread(True),
    "np.matmul": _matmul, "np.dot": _matmul,
    "np.reshape": _reshape, "np.ravel": _ravel, "np.transpose": _transpose,
    "np.swapaxes": _swapaxes, "np.expand_dims": _expand_dims, "np.squeeze": _squeeze,
    "np.copy": _copy, "np.astype": _astype, "np.concatenate": _concatenate,
    "np.stack": _stack, "np.getitem": _getitem, "np.item": _item, "np.sum_to": _sum_to,
    "np.zeros_like": _creation_like, "np.ones_like": _creation_like,
    "np.empty_like": _creation_like, "np.full_like": _full_like, "np.full": _full,
    "np.zeros": _creation_like, "np.ones": _creation_like, "np.empty": _creation_like,
}
RULES.update({"np." + name: unary(f) for name, f in UNARY.items()})

for _name, _rule in RULES.items():
    set_derivative(_name, _rule)
