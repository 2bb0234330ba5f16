"""Derivative rules of the tensor ops (the `derivative` slot of ir.op_table; contract there).

PLACEHOLDER: the few rules the differentiation pass's own tests need (np.sum without axis,
np.multiply and np.add of same-shape or scalar operands, np.tanh, 2-d np.matmul, np.negative,
np.subtract).  Another engineer (issue 28, clone d2) owns this file and replaces it with the
rules for every tensor op, broadcasting summed back with np.sum_to.
"""
from __future__ import annotations

from pts.ir.core import Builder, Value
from pts.ir.op_table import set_derivative
from pts.ir.scalar_derivatives import FLOAT_SCALARS, emit
from pts.ir.types import TensorType


def _back_to(b: Builder, adj: Value, x: Value) -> Value | None:
    """adj summed back to operand x's type: a scalar operand of a tensor result gets the sum
    (same-rank operands are assumed not broadcast: d2's np.sum_to will do it right)."""
    if isinstance(x.type, TensorType):
        if isinstance(adj.type, TensorType) and adj.type.rank != x.type.rank:
            raise NotImplementedError("broadcast adjoint")
        return adj
    if x.type not in FLOAT_SCALARS:
        return None
    if isinstance(adj.type, TensorType):
        adj = emit(b, "np.sum", adj, static="{}")
    return adj if adj.type == x.type else emit(b, "cast", adj, type=x.type)


def _sum(b, i, g):
    # d sum(x) = g broadcast to x's shape
    if i.static():
        return [None]
    x = i.args[0]
    return [emit(b, "np.add", emit(b, "np.zeros_like", x, static="{}"), g, static="{}")]


def _multiply(b, i, g):
    # d(x * y) = g*y, g*x
    x, y = i.args
    return [_back_to(b, emit(b, "np.multiply", g, y, static="{}"), x),
            _back_to(b, emit(b, "np.multiply", g, x, static="{}"), y)]


def _add(b, i, g):
    # d(x + y) = g, g
    x, y = i.args
    return [_back_to(b, g, x), _back_to(b, g, y)]


def _subtract(b, i, g):
    # d(x - y) = g, -g
    x, y = i.args
    return [_back_to(b, g, x), _back_to(b, emit(b, "np.negative", g, static="{}"), y)]


def _negative(b, i, g):
    # d(-x) = -g
    return [emit(b, "np.negative", g, static="{}")]


def _tanh(b, i, g):
    # d tanh(x) = g * (1 - y*y)
    yy = emit(b, "np.multiply", i, i, static="{}")
    return [emit(b, "np.multiply", g, emit(b, "np.subtract", _one(b, i), yy, static="{}"),
                 static="{}")]


def _one(b, y):
    return emit(b, "np.ones_like", y, static="{}")


def _matmul(b, i, g):
    # d(a @ b) = g @ b.T, a.T @ g  (2-d operands)
    x, y = i.args
    if x.type.rank != 2 or y.type.rank != 2:
        raise NotImplementedError("matmul of other ranks")
    return [emit(b, "np.matmul", g, emit(b, "np.transpose", y, static="{}"), static="{}"),
            emit(b, "np.matmul", emit(b, "np.transpose", x, static="{}"), g, static="{}")]


for _name, _rule in (("np.sum", _sum), ("np.multiply", _multiply), ("np.add", _add),
                     ("np.subtract", _subtract), ("np.negative", _negative),
                     ("np.tanh", _tanh), ("np.matmul", _matmul)):
    set_derivative(_name, _rule)
