"""Type checking of numpy's array functions that stdlib/nparrays.py implements in the
language: np.tril, np.triu, np.pad, np.split, np.array_split, np.flip, np.roll, np.repeat,
np.tile, np.nonzero, np.argwhere (and np.outer, whose parameters need no normalizing: a
plain call of the library function, PLAIN_ARRAY_FUNCTIONS).

`array_function(checker, e, name)` binds the call's arguments as numpy does (positional or
keyword, defaults), normalizes the forms numpy accepts into the library function's
parameters (pad_width as an int, a pair or a pair per axis; sections or split indices; an
axis, negative too, made a constant of the specialization), and points the call at the
library function (a `Callee("function")` of its specialization).  Forms that are not
supported are a CompileError at the argument that says which.
"""
from __future__ import annotations

from pts.frontend import ast as A
from pts.ir.types import (INT_BITS, F32, F64, I1, I32, I64, NPF64, NPI64, ListType, TensorType, TupleType,
                          py_name)

ARRAY_FUNCTIONS = {   # name -> numpy's parameters after the array, with their defaults
    "tril": (("k", 0),), "triu": (("k", 0),),
    "pad": (("pad_width", None), ("mode", "constant"), ("constant_values", 0)),
    "split": (("indices_or_sections", None), ("axis", 0)),
    "array_split": (("indices_or_sections", None), ("axis", 0)),
    "flip": (("axis", None),), "roll": (("shift", None), ("axis", None)),
    "repeat": (("repeats", None), ("axis", None)), "tile": (("reps", None),),
    "nonzero": (), "argwhere": (),
}
# stdlib/nparrays.py functions whose parameters are numpy's own, bound like any call
PLAIN_ARRAY_FUNCTIONS = {"outer"}
INTS = (I64, NPI64, I1) + tuple(INT_BITS)


def _library(name: str):
    from pts.stdlib import nparrays
    return getattr(nparrays, name)


def bind(checker, e: A.Call, name: str) -> tuple[A.Expr, dict]:
    """The array argument and the others by name (missing ones: A.Const defaults)."""
    params = ARRAY_FUNCTIONS[name]
    if not e.args:
        raise checker.error(f"np.{name}() needs an array argument", e)
    if len(e.args) > 1 + len(params):
        raise checker.error(f"np.{name}() takes at most {1 + len(params)} arguments", e)
    got = {p: a for (p, _), a in zip(params, e.args[1:])}
    names = [p for p, _ in params]
    for kw in e.keywords:
        if kw.name not in names or kw.name in got:
            raise checker.error(f"np.{name}() got an unexpected or unsupported keyword "
                                f"argument '{kw.name}'", kw)
        got[kw.name] = kw.value
    for p, default in params:
        if p not in got:
            if default is None and p in ("pad_width", "indices_or_sections", "shift",
                                         "repeats", "reps"):
                raise checker.error(f"np.{name}() missing required argument '{p}'", e)
            got[p] = A.Const(default, span=e.span)
    return e.args[0], got


def axis_of(checker, e: A.Expr, rank: int, name: str):
    """A constant axis (None stays None), made non-negative; numpy's AxisError text."""
    value = checker.static_arg(e, "axis")
    if value is None:
        return None
    if not isinstance(value, int) or isinstance(value, bool):
        raise checker.error(f"np.{name}: axis must be an int or None", e)
    if not -rank <= value < rank:
        raise checker.error(f"axis {value} is out of bounds for array of dimension {rank}", e)
    return value % rank


def int_arg(checker, e: A.Expr, what: str, name: str) -> A.Expr:
    t = checker.expr(e)
    if t not in INTS:
        raise checker.error(f"np.{name}: {what} must be an int here (got {py_name(t)})", e)
    return e


def call_library(checker, e: A.Call, fname: str, args: list[A.Expr],
                 consts: tuple = ()) -> object:
    """Point e at stdlib/nparrays.py's fname with these (already checked) arguments."""
    Callee, Skip = checker.iter_helpers.Callee, checker.iter_helpers.Skip
    types = tuple(a.ty if getattr(a, "ty", None) is not None else checker.expr(a) for a in args)
    e.args, e.keywords = list(args), []
    spec = checker.program.specialize(_library(fname), types, e, consts)
    e.target = Callee("function", fname, spec)
    if spec.ret_type is None:
        raise Skip()
    return spec.ret_type


def pad_pairs(checker, e: A.Expr, rank: int) -> list[tuple[A.Expr, A.Expr]]:
    """numpy's pad_width forms as one (before, after) per axis: n, (n,), (b, a),
    ((b, a),), ((b0, a0), (b1, a1), ...)."""
    def items(x: A.Expr) -> list[A.Expr] | None:
        return list(x.elts) if isinstance(x, (A.TupleExpr, A.ListExpr)) else None

    def pair(x: A.Expr) -> tuple[A.Expr, A.Expr]:
        xs = items(x)
        if xs is None:
            int_arg(checker, x, "pad_width", "pad")
            return x, x
        if len(xs) == 1:
            int_arg(checker, xs[0], "pad_width", "pad")
            return xs[0], xs[0]
        if len(xs) != 2:
            raise checker.error("np.pad: pad_width pairs have one or two ints", x)
        for v in xs:
            int_arg(checker, v, "pad_width", "pad")
        return xs[0], xs[1]
    xs = items(e)
    if xs is not None and xs and items(xs[0]) is not None:
        if len(xs) == 1:
            return [pair(xs[0])] * rank
        if len(xs) != rank:
            raise checker.error(f"np.pad: pad_width has {len(xs)} pairs for an array of "
                                f"dimension {rank} (numpy: operands could not be broadcast)", e)
        return [pair(x) for x in xs]
    if xs is None and isinstance(checker.expr(e), TupleType):
        raise checker.error("np.pad: write pad_width out as a tuple display "
                            "((before, after), ...) or an int", e)
    return [pair(e)] * rank


def array_function(checker, e: A.Call, name: str):
    # the checker may visit a call again (loops reach a fixpoint): bind what the user wrote
    if not hasattr(e, "written_args"):
        e.written_args = (list(e.args), list(e.keywords))
    e.args, e.keywords = list(e.written_args[0]), list(e.written_args[1])
    x_expr, got = bind(checker, e, name)
    t = checker.expr(x_expr)
    if not isinstance(t, TensorType):
        raise checker.error(f"np.{name}() needs an array here, got {py_name(t)}", x_expr)
    rank = t.rank
    if name in ("tril", "triu"):
        if rank < 2:
            raise checker.error(f"np.{name} of an array of dimension {rank} is not supported "
                                f"(numpy broadcasts it to a matrix)", x_expr)
        return call_library(checker, e, name, [x_expr, int_arg(checker, got["k"], "k", name)])
    if name == "pad":
        mode = checker.static_arg(got["mode"], "mode")
        if mode != "constant":
            raise checker.error(f"np.pad: only mode='constant' is supported, not {mode!r}",
                                got["mode"])
        if not 1 <= rank <= 4:
            raise checker.error(f"np.pad of an array of dimension {rank} is not supported "
                                f"(1 to 4 are)", x_expr)
        value = got["constant_values"]
        vt = checker.expr(value)
        if vt not in INTS + (F64, F32, NPF64):
            raise checker.error("np.pad: constant_values must be a number here", value)
        widths = [w for p in pad_pairs(checker, got["pad_width"], rank) for w in p]
        return call_library(checker, e, f"pad{rank}", [x_expr] + widths + [value])
    if name in ("split", "array_split"):
        axis = axis_of(checker, got["axis"], rank, name)
        if axis is None:
            raise checker.error(f"np.{name}: axis=None is not supported", got["axis"])
        ax = A.Const(axis, span=e.span)
        checker.expr(ax)
        what = got["indices_or_sections"]
        if isinstance(what, A.TupleExpr):
            what = A.ListExpr(list(what.elts), span=what.span)
        wt = checker.expr(what)
        if isinstance(wt, ListType) and wt.elem in INTS:
            return call_library(checker, e, "split_at", [x_expr, what, ax], ((2, axis),))
        if wt not in INTS:
            raise checker.error(f"np.{name}: indices_or_sections must be an int or a list of "
                                f"ints, got {py_name(wt)}", what)
        return call_library(checker, e, name, [x_expr, what, ax], ((2, axis),))
    if name in ("flip", "roll", "repeat"):
        axis = axis_of(checker, got["axis"], rank, name)
        extra = [] if name == "flip" else \
            [int_arg(checker, got["shift" if name == "roll" else "repeats"],
                     "shift" if name == "roll" else "repeats", name)]
        if axis is None:
            fname = {"flip": "flip_all", "roll": "roll_flat", "repeat": "repeat_flat"}[name]
            return call_library(checker, e, fname, [x_expr] + extra)
        ax = A.Const(axis, span=e.span)
        checker.expr(ax)
        return call_library(checker, e, name + "_axis", [x_expr] + extra + [ax],
                            ((1 + len(extra), axis),))
    if name == "tile":
        if rank == 0:
            raise checker.error("np.tile of a 0-d array is not supported", x_expr)
        return call_library(checker, e, "tile1", [x_expr, int_arg(checker, got["reps"], "reps",
                                                                  name)])
    # nonzero, argwhere
    if rank not in (1, 2):
        raise checker.error(f"np.{name} of an array of dimension {rank} is not supported "
                            f"(1 and 2 are)", x_expr)
    return call_library(checker, e, f"{name}{rank}", [x_expr])
