"""The sizes of a traced operation's result as expressions of the inputs' sizes.

pts.trace_record keeps, for each traced array, one expression per axis (`dims`): how that
size follows from the traced function's inputs (trace_record.evaluate's language:
("dim", input, axis), ("const", n), (op, a, b)), or None where it does not know.  A Python
decision on a known size is a guard checked before a call; on an unknown one, a check in
the compiled code (trace_record.Recorder.guard).  `result_dims` gives the result's
expressions from the operands', for the ops whose result sizes follow simply: elementwise
ops with broadcasting, matmul, reductions, transposes, adding and removing axes, full
slices and ints in indexing, concatenation, creation from a shape, casts and copies.

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
    if name in ("concatenate", "stack"):
        return None            # (the arrays come in a tuple: unknown, checked in the code)
    return None


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
