"""eliminate_dead_code: delete computations whose results nobody needs.

Requires: verified IR.  Invalidates: instruction lists and block parameter lists (the
CFG is untouched; unreachable blocks are simplify_cfg's job).

Mark and sweep, so dead cycles (a loop counter only feeding itself) go too:
- live roots: every instruction that is not removable (`ops.is_removable`: effects such as
  writes, checks, calls, and all terminators) and the values a terminator reads for itself
  (the `cbr` condition, the `ret` value, the `raise` message);
- a live instruction makes its operands live; a live block parameter makes the matching
  argument of every branch to its block live;
- sweep: a removable instruction that is not live is deleted (`%x = add %a, %b` with %x
  unused -> nothing); a non-entry block parameter that is not live is deleted together with
  its argument in every branch (entry parameters are the function's and stay).
"""
from __future__ import annotations

from pts.ir import ops
from pts.ir.core import Block, Const, Function, Instr, Module, Value


def run(module: Module) -> bool:
    changed = False
    for f in module:
        if eliminate(f):
            changed = True
    return changed


def eliminate(f: Function) -> bool:
    incoming: dict[Block, list] = {b: [] for b in f.blocks}
    for b in f.blocks:
        for t in b.terminator.targets if b.terminator else []:
            incoming.setdefault(t.block, []).append(t)

    live: set[Value] = set()
    work: list[Value] = []

    def mark(v: Value) -> None:
        if not isinstance(v, Const) and v not in live:
            live.add(v)
            work.append(v)

    for i in f.instructions():
        if i.is_terminator:
            for a in i.args:
                mark(a)
        elif not (i.has_result and ops.is_removable(i.op)):
            mark(i)
    for p in f.params:
        live.add(p)
    while work:
        v = work.pop()
        if isinstance(v, Instr):
            for a in v.args:
                mark(a)
        elif v.block is not None:
            n = v.block.params.index(v)
            for t in incoming.get(v.block, []):
                mark(t.args[n])

    changed = False
    for b in f.blocks:
        kept = [i for i in b.instrs if i.is_terminator or i in live]
        if len(kept) != len(b.instrs):
            b.instrs = kept
            changed = True
        if b is f.entry:
            continue
        dead = [n for n, p in enumerate(b.params) if p not in live]
        if dead:
            b.params = [p for p in b.params if p in live]
            for t in incoming.get(b, []):
                t.args = [a for n, a in enumerate(t.args) if n not in dead]
            changed = True
    return changed
