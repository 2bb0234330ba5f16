"""The IR interpreter: runs any IR function in pure Python; the reference semantics.

Contract: `run_function(module, name, args)` returns what the function returns, as Python
values (i64 -> int, f64 -> float, i1 -> bool, none -> None, tuple -> tuple, list -> list),
or raises the Python exception a `check`/`raise` names, with the scripted file and line.
Values inside are plain Python objects; every op computes through `ir.ops.OPS[op].evaluate`,
the same functions the constant folder uses, so folding can never disagree with running.
"""
from __future__ import annotations

import sys

import numpy as np

from pts.errors import EXCEPTION_KINDS, runtime_error
from pts.frontend.objects import resolve
from pts.ir.core import BlockParam, Const, Function, Instr, Module
from pts.ir.ops import OPS
from pts.ir.types import (DTYPE_NAMES, DTYPE_OF_SCALAR, F32, F64, I1, I32, I64, ListType,
                          TensorType, TupleType)

sys.setrecursionlimit(max(sys.getrecursionlimit(), 20000))


class _Frame:
    __slots__ = ("env",)

    def __init__(self):
        self.env: dict = {}


def _zero(t):
    return {I1: False, I64: 0, F64: 0.0}.get(t, 0)


class Interpreter:
    """`root` is the scripted object (pts.script(model)) whose attributes `attr.get` and
    `attr.set` read and rebind, live: arrays changed between calls are seen."""

    def __init__(self, module: Module, root=None):
        self.module = module
        self.root = root
        self.evals = {name: info.evaluate for name, info in OPS.items()}
        self._paths: dict[str, tuple] = {}

    def attr_path(self, ins: Instr) -> tuple:
        text = ins.attrs["path"]
        path = self._paths.get(text)
        if path is None:
            path = self._paths[text] = tuple(text.split("."))
        if self.root is None:
            raise RuntimeError(f"{ins.op} {{path = {text!r}}} needs the scripted object")
        return path

    def call(self, name: str, args: list):
        f = self.module[name]
        return self.run(f, args)

    def run(self, f: Function, args: list):
        env: dict = {}
        for p, a in zip(f.params, args):
            env[p] = a
        block = f.entry
        evals = self.evals

        def val(v):
            if isinstance(v, Const):
                return v.value
            return env[v]

        while True:
            for ins in block.instrs:
                op = ins.op
                if op == "br":
                    t = ins.targets[0]
                    vals = [val(a) for a in t.args]
                    for p, x in zip(t.block.params, vals):
                        env[p] = x
                    block = t.block
                    break
                if op == "cbr":
                    t = ins.targets[0] if val(ins.args[0]) else ins.targets[1]
                    vals = [val(a) for a in t.args]
                    for p, x in zip(t.block.params, vals):
                        env[p] = x
                    block = t.block
                    break
                if op == "ret":
                    return val(ins.args[0]) if ins.args else None
                if op == "raise":
                    raise runtime_error(ins.attrs["kind"], val(ins.args[0]), ins.span, f.name)
                if op == "check":
                    if val(ins.args[0]):
                        raise runtime_error(ins.attrs["kind"], val(ins.args[1]), ins.span, f.name)
                    continue
                if op == "call" or op == "kernel":
                    result = self.call(ins.attrs["callee"], [val(a) for a in ins.args])
                elif op.startswith("np."):
                    result = tensor_op(ins, [val(a) for a in ins.args], f)
                elif op == "cast":
                    result = cast_scalar(val(ins.args[0]), ins.type)
                elif op == "view":
                    result = view_scalar(val(ins.args[0]), ins.args[0].type, ins.type)
                elif op == "list.new":
                    result = [_zero(ins.type.elem)] * val(ins.args[0])
                elif op == "attr.get":
                    result = resolve(self.root, self.attr_path(ins))
                elif op == "attr.set":
                    path = self.attr_path(ins)
                    setattr(resolve(self.root, path[:-1]), path[-1], val(ins.args[0]))
                    continue
                else:
                    result = evals[op](*[val(a) for a in ins.args])
                if ins.type is not None:
                    if ins.type == F64 and not isinstance(result, float) and not op.startswith("np."):
                        result = float(result)
                    elif ins.type == I1 and not isinstance(result, bool):
                        result = bool(result)
                    env[ins] = result
            else:
                raise RuntimeError(f"block ^{block.name} of @{f.name} has no terminator")


def cast_scalar(x, t):
    """C-style conversion of a scalar to the numeric type t (numpy types give numpy scalars)."""
    if t == F64:
        return float(x)
    if t == I64:
        return int(np.asarray(x).astype(np.int64)[()]) if isinstance(x, float) else int(x)
    if t == I1:
        return bool(x)
    return np.asarray(x).astype(DTYPE_NAMES[DTYPE_OF_SCALAR[t]])[()]


def view_scalar(x, src, t):
    """The bits of scalar x (of type src) read as the numeric type t of the same size."""
    x = np.asarray(x).astype(DTYPE_NAMES[DTYPE_OF_SCALAR[src]])
    return python_scalar(x.view(DTYPE_NAMES[DTYPE_OF_SCALAR[t]])[()], t)


def python_scalar(x, t):
    """A scalar numpy returned, in pts's representation of type t: Python int/float/bool
    for i64/f64/i1, numpy scalars (np.float32, np.float64, ...) for the numpy types."""
    if t == F64:
        return float(x)
    if t == I64:
        return int(x)
    if t == I1:
        return bool(x)
    if t in DTYPE_OF_SCALAR and not isinstance(x, np.generic):
        return np.asarray(x).astype(DTYPE_NAMES[DTYPE_OF_SCALAR[t]])[()]
    return x


def tensor_op(ins: Instr, operands: list, f: Function):
    """Run one np.* instruction by the op table (numpy); numpy's errors carry the scripted
    line."""
    try:
        result = OPS[ins.op].evaluate(*operands, static=ins.static(),
                                      pattern=ins.attrs.get("pattern"))
    except (ValueError, IndexError, TypeError, ArithmeticError) as e:
        kind = next((c.__name__ for c in type(e).__mro__ if c.__name__ in EXCEPTION_KINDS),
                    "RuntimeError")
        raise runtime_error(kind, str(e).splitlines()[0] if str(e) else "", ins.span,
                            f.name) from None
    if ins.type is not None and not isinstance(ins.type, TensorType) and \
            not isinstance(ins.type, TupleType):
        return python_scalar(result, ins.type)
    return result


def run_function(module: Module, name: str, args: list):
    return Interpreter(module).call(name, list(args))


__all__ = ["run_function", "Interpreter", "BlockParam", "Instr", "ListType"]
