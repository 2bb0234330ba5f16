"""simplify_cfg: a smaller control-flow graph with the same paths through real work.

Requires: verified IR.  Invalidates: the block list, predecessors, dominators; operands
(block parameters of merged blocks are replaced by their arguments).  Keeps: the entry
block (first, never removed or merged away), instructions and their spans.

Rewrites, repeated until none applies:
- `cbr %c, ^a(x), ^a(x)` (one target, equal arguments) -> `br ^a(x)`;
- `try ^ok(x), ^h(y)` in a block where nothing can raise -> `br ^ok(x)`;
- blocks unreachable from the entry are deleted;
- merging: a block ^b whose single predecessor ^p ends with `br ^b(vals)` is appended to
  ^p, its parameters replaced by `vals` (not when ^b ends in `try` and ^p can raise);
- jump threading: a non-entry block ^e holding only `br ^t(args)` whose parameters are
  read by nothing else: every `^e(vals)` edge becomes `^t(args[params := vals])`
  (blocks that only forward to each other in a cycle are left alone).
"""
from __future__ import annotations

from pts.ir.analysis import reverse_postorder, uses
from pts.ir.core import Block, Const, Function, Module, Target, Value
from pts.ir.exception_ops import may_raise

MAX_ROUNDS = 1000         # each round removes an edge or a block; this is only a backstop


def run(module: Module) -> bool:
    changed = False
    for f in module:
        rounds = 0
        while simplify(f) and rounds < MAX_ROUNDS:
            changed = True
            rounds += 1
    return changed


def simplify(f: Function) -> bool:
    changed = merge_identical_targets(f)
    changed |= remove_unreachable(f)
    changed |= merge_blocks(f)           # before threading: a merged block keeps its name
    changed |= thread_jumps(f)
    changed |= remove_unreachable(f)
    return changed


def _same_args(a: list[Value], b: list[Value]) -> bool:
    if len(a) != len(b):
        return False
    for x, y in zip(a, b):
        if isinstance(x, Const) and isinstance(y, Const):
            if x.key() != y.key():
                return False
        elif x is not y:
            return False
    return True


def merge_identical_targets(f: Function) -> bool:
    changed = False
    for b in f.blocks:
        term = b.terminator
        if term is not None and term.op == "try" and not any(may_raise(i) for i in b.instrs):
            # try ^ok, ^h in a block where nothing can raise (any more) -> br ^ok
            term.op, term.targets = "br", term.targets[:1]
            changed = True
            continue
        if term is not None and term.op == "cbr":
            t, e = term.targets
            if t.block is e.block and _same_args(t.args, e.args):
                # cbr %c, ^a(x), ^a(x) -> br ^a(x)
                term.op, term.args, term.targets = "br", [], [t]
                changed = True
    return changed


def remove_unreachable(f: Function) -> bool:
    live = set(reverse_postorder(f))
    if len(live) == len(f.blocks):
        return False
    f.blocks = [b for b in f.blocks if b in live]
    return True


def _forwarding_target(b: Block, f: Function, users) -> Target | None:
    """The `br` target of a block that does nothing but branch, if it can be threaded."""
    if b is f.entry or len(b.instrs) != 1:
        return None
    term = b.instrs[0]
    if term.op != "br":
        return None
    for p in b.params:
        if any(u is not term for u in users.get(p, [])):
            return None      # a parameter read downstream: the block is a merge point
    return term.targets[0]


def thread_jumps(f: Function) -> bool:
    users = uses(f)
    forward = {b: t for b in f.blocks if (t := _forwarding_target(b, f, users)) is not None}
    # forwarders that reach themselves through forwarders are an empty infinite loop: keep
    for b in list(forward):
        seen, cur = {b}, forward[b].block
        while cur in forward:
            if cur in seen:
                del forward[b]
                break
            seen.add(cur)
            cur = forward[cur].block
    changed = False
    for b in f.blocks:
        term = b.terminator
        for n, t in enumerate(term.targets if term else []):
            step = forward.get(t.block)
            if step is None or t.block is b:
                continue
            # ^e(vals) with ^e(%p): br ^t(args) -> ^t(args[%p := vals])
            subst = dict(zip(t.block.params, t.args))
            term.targets[n] = Target(step.block, [subst.get(a, a) for a in step.args])
            changed = True
    return changed


def merge_blocks(f: Function) -> bool:
    preds = f.predecessors()
    changed = False
    for b in list(f.blocks):
        if b is f.entry or len(preds[b]) != 1:
            continue
        p = preds[b][0]
        term = p.terminator
        if p is b or term.op != "br" or b not in f.blocks or p not in f.blocks:
            continue
        if b.terminator.op == "try" and any(may_raise(i) for i in p.instrs):
            continue        # ^p's raising instructions would come under ^b's handler
        # ^p: ...; br ^b(vals)   ^b(%x): rest   ->   ^p: ...; rest[%x := vals]
        f.replace_uses(dict(zip(b.params, term.targets[0].args)))
        p.instrs.pop()
        for i in b.instrs:
            i.block = p
            p.instrs.append(i)
        b.instrs = []
        f.blocks.remove(b)
        for s in p.successors():
            preds[s] = [p if x is b else x for x in preds[s]]
        changed = True
    return changed
