"""The IR interpreter: runs any IR function in pure Python; the reference semantics.

Contract: `run_function(module, name, args)` returns what the function returns, as Python
values (i64 -> int, f64 -> float, i1 -> bool, none -> None, tuple -> tuple, list -> list),
or raises the Python exception a `check`/`raise` names, with the scripted file and line.
Values inside are plain Python objects; every op computes through `ir.ops.OPS[op].evaluate`,
the same functions the constant folder uses, so folding can never disagree with running.
"""
from __future__ import annotations

import sys

from pts.errors import runtime_error
from pts.ir.core import BlockParam, Const, Function, Instr, Module
from pts.ir.ops import OPS
from pts.ir.types import F64, I1, I64, ListType

sys.setrecursionlimit(max(sys.getrecursionlimit(), 20000))


class _Frame:
    __slots__ = ("env",)

    def __init__(self):
        self.env: dict = {}


def _zero(t):
    return {I1: False, I64: 0, F64: 0.0}.get(t, 0)


class Interpreter:
    def __init__(self, module: Module):
        self.module = module
        self.evals = {name: info.evaluate for name, info in OPS.items()}

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
                if op == "call":
                    result = self.call(ins.attrs["callee"], [val(a) for a in ins.args])
                elif op == "list.new":
                    result = [_zero(ins.type.elem)] * val(ins.args[0])
                else:
                    result = evals[op](*[val(a) for a in ins.args])
                if ins.type is not None:
                    if ins.type == F64 and not isinstance(result, float):
                        result = float(result)
                    elif ins.type == I1 and not isinstance(result, bool):
                        result = bool(result)
                    env[ins] = result
            else:
                raise RuntimeError(f"block ^{block.name} of @{f.name} has no terminator")


def run_function(module: Module, name: str, args: list):
    return Interpreter(module).call(name, list(args))


__all__ = ["run_function", "Interpreter", "BlockParam", "Instr", "ListType"]
