"""eliminate_common_subexpressions: compute each pure expression once per dominating path.

Requires: verified IR.  Invalidates: operands (uses of a duplicate are rewritten to the
dominating original) and instruction lists (the duplicate is deleted).  Keeps: the CFG.

Rule: an instruction with a PURE op (`ops.OPS[op].effect == PURE`) is replaced by an
earlier instruction that dominates it and has the same op, the same operands (constants
compared by `Const.key()`, so 0.0 and -0.0 differ; other values by identity), the same
attributes and the same result type:
    %a = add %x, 1 ... %b = add %x, 1   ->   %b := %a
The walk goes down the dominator tree with a scoped table, so an expression computed in
one arm of an `if` is not reused in the other.  Unreachable blocks are left alone.
"""
from __future__ import annotations

from pts.ir import ops
from pts.ir.analysis import dominator_tree, dominators
from pts.ir.core import Block, Const, Function, Instr, Module, Value


def run(module: Module) -> bool:
    changed = False
    for f in module:
        if eliminate(f):
            changed = True
    return changed


def _key(i: Instr):
    args = tuple(("c", a.key()) if isinstance(a, Const) else ("v", id(a)) for a in i.args)
    try:
        attrs = tuple(sorted(i.attrs.items()))
        hash(attrs)
    except TypeError:
        attrs = repr(sorted(i.attrs.items()))
    return (i.op, args, attrs, i.type)


def eliminate(f: Function) -> bool:
    idom = dominators(f)
    if not idom:
        return False
    children = dominator_tree(idom)
    replace: dict[Value, Value] = {}
    table: dict = {}
    # iterative walk down the dominator tree; ("leave", keys) pops a block's entries
    work: list = [("enter", f.entry)]
    while work:
        action, item = work.pop()
        if action == "leave":
            for k in item:
                del table[k]
            continue
        block: Block = item
        added = []
        kept = []
        for i in block.instrs:
            i.replace_uses(replace)
            info = ops.OPS.get(i.op)
            if i.has_result and info is not None and info.effect == ops.PURE:
                k = _key(i)
                earlier = table.get(k)
                if earlier is not None:
                    replace[i] = earlier          # %b = op x, y with %a = op x, y above -> %a
                    continue
                table[k] = i
                added.append(k)
            kept.append(i)
        block.instrs = kept
        work.append(("leave", added))
        for c in reversed(children[block]):
            work.append(("enter", c))
    f.replace_uses(replace)
    return bool(replace)
