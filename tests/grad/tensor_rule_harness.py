"""A harness for one tensor op's derivative rule (ir/tensor_derivatives.py), below the
differentiation pass: `@f(operands..., g) -> (adjoints...)` is built with the op and the
code its rule emits, verified, and run through the IR interpreter or natively; the
adjoints are compared with central differences of numpy's op (float64): for operand x,
d/dx sum(op(...) * g).  An operand whose rule gives no adjoint must have a zero
numerical gradient.
"""
from __future__ import annotations

import numpy as np

from pts.backend import jit
from pts.ir import ops
from pts.ir.op_table import NOT_CONST
from pts.ir.core import Builder, Const, Function, Module
from pts.ir.pipeline import optimize
from pts.ir.tensor_ops import type_of
from pts.ir.types import F64, I64, NONE, TensorType, TupleType
from pts.ir.verify import verify_module
from pts.runtime.interp import run_function
from pts.runtime.native import NativeEntry


class C:
    """An operand written into the IR as a constant (not a parameter)."""

    def __init__(self, value):
        self.value = value


def _const(v) -> Const:
    if v is None:
        return Const(NONE, None)
    return Const(I64 if isinstance(v, int) else F64, v)


def build(op: str, operands: list, g, static: dict | None = None,
          pattern: str | None = None) -> tuple[Module, list[int]]:
    """@f(the non-constant operands..., g) -> tuple of the adjoints the rule gives; also
    the positions (among op's operands) those adjoints belong to."""
    params = [type_of(v) for v in operands if not isinstance(v, C)]
    f = Function("f", params + [type_of(g)], NONE)
    it = iter(f.params)
    args = [_const(v.value) if isinstance(v, C) else next(it) for v in operands]
    b = Builder(f, f.entry)
    attrs = {"static": repr(static or {})} if op != "np.getitem" else {}
    if pattern is not None:
        attrs["pattern"] = pattern
    rt = ops.result_type(op, [a.type for a in args], attrs,
                         [a.value if isinstance(a, Const) else NOT_CONST for a in args])
    y = b.emit(op, args, rt, attrs)
    assert rt == type_of(g), (rt, type_of(g))
    adjs = ops.OPS[op].derivative(b, y, f.params[-1])
    assert len(adjs) == len(args)
    given = [k for k, d in enumerate(adjs) if d is not None]
    for k in given:
        assert adjs[k].type == args[k].type, (op, k, adjs[k].type, args[k].type)
    t = b.emit("tuple", [adjs[k] for k in given], TupleType(tuple(adjs[k].type for k in given)))
    f.ret_type = t.type
    b.ret(t)
    m = Module([f], "f")
    verify_module(m)
    return m, given


def run(module: Module, args: list, backend: str):
    if backend == "interp":
        return run_function(module, "f", args)
    optimize(module)
    return NativeEntry(jit.compile_module(module), module["f"])(args)


def numeric(op: str, operands: list, g, k: int, static: dict | None, pattern: str | None,
            eps: float = 1e-6, elem: int | None = None):
    """d/d operand k (its element `elem` when it is a tuple) of sum(op(operands) * g), by
    central differences in float64."""
    f = ops.OPS[op].evaluate
    base = [v.value if isinstance(v, C) else v for v in operands]
    g64 = np.asarray(g, dtype=np.float64)

    def loss(xk):
        vals = list(base)
        if elem is None:
            vals[k] = xk
        else:
            vals[k] = vals[k][:elem] + (xk,) + vals[k][elem + 1:]
        with np.errstate(all="ignore"):
            y = f(*vals, static=static or {}, pattern=pattern)
        return float(np.sum(np.asarray(y, dtype=np.float64) * g64))
    x = base[k] if elem is None else base[k][elem]
    if not isinstance(x, np.ndarray):
        t = type(x)
        return (loss(t(float(x) + eps)) - loss(t(float(x) - eps))) / (2 * eps)
    out = np.zeros(x.shape)
    for idx in np.ndindex(x.shape):
        hi, lo = x.copy(), x.copy()
        hi[idx] += eps
        lo[idx] -= eps
        out[idx] = (loss(hi) - loss(lo)) / (2 * eps)
    return out


def check(op: str, operands: list, static: dict | None = None, pattern: str | None = None,
          backend: str = "interp", seed: int = 0, rtol: float = 1e-5, atol: float = 1e-6,
          g=None):
    """The rule's adjoints equal central differences for every float operand."""
    rng = np.random.default_rng(seed)
    vals = [v.value if isinstance(v, C) else v for v in operands]
    y = ops.OPS[op].evaluate(*vals, static=static or {}, pattern=pattern)
    if g is None:
        if isinstance(y, np.ndarray):
            g = rng.standard_normal(y.shape).astype(y.dtype)
        else:
            g = type(y)(rng.standard_normal())
    module, given = build(op, operands, g, static, pattern)
    params = [v for v in operands if not isinstance(v, C)]
    got = run(module, params + [g], backend)
    got = dict(zip(given, got))
    low = any(getattr(v, "dtype", None) == np.float32 for v in vals + [y])
    tol = dict(rtol=1e-2, atol=1e-2) if low else dict(rtol=rtol, atol=atol)
    for k, v in enumerate(operands):
        if isinstance(v, tuple):
            for j, e in enumerate(v):
                want = numeric(op, [C(a) if i != k else a for i, a in enumerate(operands)],
                               g, k, static, pattern, eps=1e-3 if low else 1e-6, elem=j)
                d = got[k][j]
                assert d.dtype == e.dtype and d.shape == e.shape, (k, j, d.dtype, d.shape)
                assert np.allclose(d, want, **tol), f"operand {k}[{j}]: got\n{d}\nwant\n{want}"
            continue
        if isinstance(v, C) or not isinstance(v, (float, np.floating, np.ndarray)) or \
                (isinstance(v, np.ndarray) and v.dtype.kind != "f"):
            assert k not in given, f"an adjoint for operand {k} that carries none"
            continue
        want = numeric(op, [C(a) if j != k and not isinstance(a, C) else a
                            for j, a in enumerate(operands)], g, k, static, pattern,
                       eps=1e-3 if low else 1e-6)
        if k not in given:
            assert np.allclose(want, 0.0, atol=atol), f"operand {k}: no adjoint, but {want}"
            continue
        d = got[k]
        if isinstance(v, np.ndarray):
            assert isinstance(d, np.ndarray) and d.dtype == v.dtype and d.shape == v.shape, \
                (k, type(d), getattr(d, "dtype", None), np.shape(d), v.dtype, v.shape)
        else:
            assert type(d) is type(v), (k, type(d), type(v))
        assert np.allclose(np.asarray(d, dtype=np.float64), want, **tol), \
            f"operand {k}: got\n{d}\nwant\n{want}"
    return got
