"""The sizes of a traced operation's result as expressions of the inputs' sizes.

pts.trace_record keeps, for each traced array, one expression per axis (`dims`): how that
size follows from the traced function's inputs (trace_record.evaluate's language:
("dim", input, axis), ("const", n), (op, a, b)), or None where it does not know.  A Python
decision on a known size is a guard checked before a call; on an unknown one, a check in
the compiled code (trace_record.Recorder.guard).  `result_dims` gives the result's
expressions from the operands', for the ops whose result sizes follow simply: elementwise
ops with broadcasting, matmul, reductions, transposes, adding and removing axes, full
slices and ints in indexing, concatenation and stacking, creation from a shape, casts and
copies.

Broadcasting is where a size's *value* decides (a size 1 stretches): where an operand's
size 1 met another operand's larger size, the trace assumed that 1 (`assume`, a guard),
so a later call where it is not 1 traces again.
"""
from __future__ import annotations

from typing import Any, Callable

ELEMENTWISE = {"add", "subtract", "multiply", "true_divide", "floor_divide", "remainder",
               "power", "negative", "positive", "absolute", "bitwise_and", "bitwise_or",
               "bitwise_xor", "invert", "left_shift", "right_shift", "equal", "not_equal",
               "less", "less_equal", "greater", "greater_equal", "logical_not", "logical_and",
               "logical_or", "where", "maximum", "minimum", "clip", "exp", "log", "log1p",
               "expm1", "sqrt", "tanh", "sin", "cos", "tan", "sign", "floor", "ceil",
               "square", "astype", "copy"}
REDUCTIONS = {"sum", "mean", "max", "min", "prod", "argmax", "argmin", "any", "all", "std",
              "var"}


def result_dims(name: str, operands: list[tuple], static: dict, shape: tuple,
                assume: Callable[[Any, int], None]) -> tuple | None:
    """The result's size expressions.  `operands`: (dims or None, example shape or None)
    of each operand (None for scalars and tuples); `shape`: the result's example shape;
    `assume(expr, n)`: record that the size `expr` was n."""
    rank = len(shape)
    arrays = [(d, s) for d, s in operands if s is not None]
    if name in ELEMENTWISE:
        return _broadcast(arrays, shape, assume)
    if name == "matmul" and len(arrays) == 2:
        return _matmul(arrays, shape, assume)
    if name in REDUCTIONS and len(arrays) == 1:
        dims, src = arrays[0]
        axis = static.get("axis")
        if axis is None:
            return (("const", 1),) * rank if static.get("keepdims") else ()
        axes = {a % len(src) for a in (axis if isinstance(axis, tuple) else (axis,))}
        if static.get("keepdims"):
            return tuple(("const", 1) if i in axes else dims[i] for i in range(len(src)))
        return tuple(dims[i] for i in range(len(src)) if i not in axes)
    if name in ("transpose", "swapaxes") and len(arrays) == 1:
        dims = arrays[0][0]
        order = list(range(len(dims)))
        if name == "swapaxes":
            a, b = static["axis1"] % len(dims), static["axis2"] % len(dims)
            order[a], order[b] = order[b], order[a]
        else:
            order = list(static.get("axes") or reversed(order))
        return tuple(dims[i] for i in order)
    if name == "expand_dims" and len(arrays) == 1:
        dims = list(arrays[0][0])
        axes = static["axis"] if isinstance(static["axis"], tuple) else (static["axis"],)
        for a in sorted(x % rank for x in axes):
            dims.insert(a, ("const", 1))
        return tuple(dims)
    if name == "squeeze" and len(arrays) == 1:
        dims, src = arrays[0]
        axes = static["axis"] if isinstance(static["axis"], tuple) else (static["axis"],)
        gone = {a % len(src) for a in axes}
        return tuple(d for i, d in enumerate(dims) if i not in gone)
    if name in ("concatenate", "stack") and arrays and len(arrays) == len(operands):
        return _joined(name, arrays, static.get("axis", 0), rank)
    return None


def _joined(name: str, arrays: list, axis, rank: int) -> tuple | None:
    """np.concatenate / np.stack of arrays of equal rank: off the joined axis every
    operand has the same size (numpy checks it, and so does the compiled op), so any
    operand's known expression is the result's; along it, concatenate sums the sizes and
    stack has one entry per operand."""
    if axis is None:
        return None                     # (concatenate(axis=None) flattens)
    n = len(arrays[0][1])
    if any(len(s) != n for _, s in arrays):
        return None
    if name == "stack":
        axis = axis % rank
        joined = ("const", len(arrays))
        src = list(range(n))
        src.insert(axis, None)
    else:
        axis = axis % n
        exprs = [d[axis] for d, _ in arrays]
        joined = None
        if all(e is not None for e in exprs):
            joined = exprs[0]
            for e in exprs[1:]:
                joined = ("+", joined, e)
        src = list(range(n))
    out = []
    for i, k in enumerate(src):
        if i == axis:
            out.append(joined)
            continue
        known = [d[k] for d, _ in arrays if d[k] is not None]
        out.append(known[0] if known else None)
    return tuple(out)


def _broadcast(arrays: list, shape: tuple, assume) -> tuple | None:
    rank = len(shape)
    out = []
    for axis in range(rank):
        k = rank - axis             # counted from the right
        seen = [(dims[len(s) - k], s[len(s) - k]) for dims, s in arrays if len(s) >= k]
        n = shape[axis]
        exprs = {e for e, _ in seen}
        if len(exprs) == 1:                  # one expression for every operand's size
            out.append(seen[0][0])
            continue
        full = [e for e, m in seen if m == n]
        if n == 1 or any(e is None for e in full) or not full:
            out.append(None)
            continue
        for e, m in seen:                    # a size 1 stretched: the trace assumed it
            if m == 1 and e is not None:
                assume(e, 1)
        out.append(full[0])
    return tuple(out)


def _matmul(arrays: list, shape: tuple, assume) -> tuple | None:
    (da, sa), (db, sb) = arrays
    if len(sa) == 1 and len(sb) == 1:
        return ()
    if len(sa) == 1:                              # (k,) @ (..., k, m)
        return tuple(db[:-2]) + (db[-1],)
    if len(sb) == 1:                              # (..., n, k) @ (k,)
        return tuple(da[:-1])
    batch = _broadcast([(da[:-2], sa[:-2]), (db[:-2], sb[:-2])], shape[:-2], assume)
    if batch is None:
        return None
    return tuple(batch) + (da[-2], db[-1])


def _linear(expr) -> tuple[dict, int]:
    """expr as sum(coefficient * term) + constant: sums, differences and products with a
    constant are taken apart; any other expression is a term of its own."""
    kind = expr[0]
    if kind == "const":
        return {}, expr[1]
    if kind in ("+", "-"):
        (ta, ca), (tb, cb) = _linear(expr[1]), _linear(expr[2])
        sign = 1 if kind == "+" else -1
        terms = dict(ta)
        for t, k in tb.items():
            terms[t] = terms.get(t, 0) + sign * k
        return {t: k for t, k in terms.items() if k}, ca + sign * cb
    if kind == "*" and (expr[1][0] == "const" or expr[2][0] == "const"):
        k, other = (expr[1][1], expr[2]) if expr[1][0] == "const" else (expr[2][1], expr[1])
        terms, c = _linear(other)
        return {t: k * v for t, v in terms.items() if k * v}, k * c
    return {expr: 1}, 0


def never_negative(expr) -> bool:
    """Is the size expression >= 0 for every input (sizes are >= 0)?  A sum of terms that
    cannot be negative with coefficients >= 0 and a constant >= 0; a term: an input's
    size, or the product, floor quotient or remainder of such (by a positive constant)."""
    terms, c = _linear(expr)
    return c >= 0 and all(k > 0 and _nonnegative_term(t) for t, k in terms.items())


def _nonnegative_term(t) -> bool:
    kind = t[0]
    if kind == "dim":
        return True
    if kind == "*":
        return never_negative(t[1]) and never_negative(t[2])
    if kind in ("//", "%"):
        return never_negative(t[1]) and t[2][0] == "const" and t[2][1] > 0
    return False


def proven(cond) -> bool:
    """Does the guard condition (a <= b or a >= b) hold for every input?"""
    op, a, b = cond
    if op == ">=":
        a, b = b, a
    elif op != "<=":
        return False
    return never_negative(("-", b, a))


def implied(cond, known: list) -> bool:
    """Does one of the `known` guard conditions imply `cond` (both orders of sizes, the
    same terms, the known one's constant no larger: x - 2 >= 0 implies x - 1 >= 0, and
    x > 4 implies 4 <= x)?"""
    mine = _slack(cond)
    if mine is None:
        return False
    for other in known:
        theirs = _slack(other) if other is not None and other[0] in _ORDERS else None
        if theirs is not None and theirs[0] == mine[0] and theirs[1] <= mine[1]:
            return True
    return False


def _slack(cond):
    """a <= b (a < b: a + 1 <= b) as (the terms of b - a, in a canonical order, and its
    constant)."""
    op, a, b = cond
    if op in (">=", ">"):
        a, b = b, a
    elif op not in ("<=", "<"):
        return None
    terms, c = _linear(("-", b, a))
    return tuple(sorted(terms.items(), key=repr)), c - (op in ("<", ">"))


_ORDERS = ("<=", ">=", "<", ">")
