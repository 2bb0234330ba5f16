"""propagate_constants: sparse conditional constant propagation (Wegman and Zadeck, "Constant
Propagation with Conditional Branches", TOPLAS 1991) over blocks with parameters.

Requires: verified IR.  Invalidates: operands (constant values are written inline), the CFG
(a `cbr` on a constant becomes a `br`; blocks never executed are deleted), block parameter
lists (a parameter that is constant, or one value, on every executed edge goes, with its
arguments) and instruction lists.  Keeps: the spans of surviving instructions.

Every value gets a lattice element: TOP (no executed definition yet: "could be anything we
like"), a constant, a copy of one other value v (copy propagation rides along: a parameter
that every executed edge passes v, or itself, is v), or BOTTOM (varies: it is only itself).
Two worklists run to a fixpoint, starting from the entry block:
- flow: a CFG edge (a `Target`) becomes executable; the first executable edge into a block
  makes the block executable and evaluates its instructions;
- SSA: a value's lattice element went down; its users in executable blocks are re-evaluated.
Transfer functions:
- a block parameter = the meet of its arguments over the *executable* incoming edges only,
  leaving out the parameter itself passed around a loop (this is what sees through
  `if False:` arms and loops that never change a value); an argument that is BOTTOM counts
  as the value itself, so the meet of x and x is "a copy of x";
- a PURE op (`ops.OPS[op].effect == PURE`) of constants = `evaluate(*values)`, exactly as
  fold_constants folds it: never when `evaluate` raises (ops are total, errors are explicit
  `check`s, so a raise means "left for run time") and never for results that are not
  i1/i64/f64 scalars;  TOP if an operand is TOP, else BOTTOM;
- `select c, a, b` = a or b when c is constant, else meet(a, b);  i1 `and x, false` = false
  and `or x, true` = true whatever x is;
- everything else (reads, allocations, calls) = BOTTOM; entry parameters = BOTTOM;
- `cbr c`: only the taken edge when c is constant, both when BOTTOM, none while TOP; `br`:
  its edge.
Rewrite, when the fixpoint is reached:
    %v = <op with constant lattice value k>     ->  uses of %v read k; %v deleted
    ^b(%p) with %p constant k on executed edges  ->  uses of %p read k; %p dropped
    ^b(%p) with %p a copy of %v                  ->  uses of %p read %v; %p dropped
    %s = select %c, %v, %v (any %c)              ->  uses of %s read %v; %s deleted
    cbr k, ^t, ^f                                ->  br ^t (k true) | br ^f (k false)
    check false, ...                             ->  (deleted)
    a block no executable edge reaches           ->  (deleted)
fold_constants keeps the local algebra (x+0, select c, x, x, ...); this pass supplies what
needs the whole function: constants through block parameters and branches.
"""
from __future__ import annotations

from pts.ir import ops
from pts.ir.analysis import uses
from pts.ir.core import Block, Const, Function, Instr, Module, Target, Value
from pts.ir.passes.fold_constants import make_const
from pts.ir.types import I1


class _Bottom:
    def __repr__(self) -> str:
        return "BOTTOM"


BOTTOM = _Bottom()
TOP = None
PURE_OPS = frozenset(name for name, info in ops.OPS.items() if info.effect == ops.PURE)


def run(module: Module) -> bool:
    changed = False
    for f in module:
        if propagate(f):
            changed = True
    return changed


def meet(a, b):
    """TOP ^ x = x;  k ^ k = k;  k ^ k' = BOTTOM;  BOTTOM ^ x = BOTTOM (constants by key,
    copies by the identity of the value copied)."""
    if a is TOP:
        return b
    if b is TOP or a is b:
        return a
    if isinstance(a, Const) and isinstance(b, Const) and a.key() == b.key():
        return a
    return BOTTOM


class _Solver:
    def __init__(self, f: Function):
        self.f = f
        self.lattice: dict[Value, object] = {}
        self.users = uses(f)
        self.blocks: set[Block] = set()           # executable blocks
        self.edges: set[int] = set()              # ids of executable Targets
        self.live_in: dict[Block, list[Target]] = {}   # executable edges into each block
        self.flow: list[tuple[Block, Target | None]] = []
        self.ssa: list[tuple[Instr, Value]] = []      # (user, the operand that went down)

    def get(self, v: Value):
        """TOP, a constant or BOTTOM (a copy of a varying value varies)."""
        if isinstance(v, Const):
            return v
        x = self.lattice.get(v, TOP)
        return x if x is TOP or x is BOTTOM or isinstance(x, Const) else BOTTOM

    def rep(self, v: Value):
        """TOP, a constant, or the varying value that v is (v itself when BOTTOM)."""
        if isinstance(v, Const):
            return v
        x = self.lattice.get(v, TOP)
        return v if x is BOTTOM else x

    def set(self, v: Value, new) -> None:
        old = self.lattice.get(v, TOP)
        if old is BOTTOM:
            return
        new = meet(old, new)          # only ever go down: guarantees termination
        if new is old:
            return                    # meet of equal constants gives the old one back
        self.lattice[v] = new
        self.ssa.extend((u, v) for u in self.users.get(v, ()))

    def solve(self) -> None:
        entry = self.f.entry
        for p in entry.params:
            self.lattice[p] = BOTTOM
        self.flow.append((entry, None))
        while self.flow or self.ssa:
            while self.flow:
                block, edge = self.flow.pop()
                if edge is not None:
                    if id(edge) in self.edges:
                        continue
                    self.edges.add(id(edge))
                    self.live_in.setdefault(block, []).append(edge)
                self.visit_params(block)             # one more executable edge to meet
                if block in self.blocks:
                    continue
                self.blocks.add(block)
                for i in block.instrs:
                    self.visit(i)
            while self.ssa:
                i, v = self.ssa.pop()
                if i.block not in self.blocks:
                    continue
                if i.op not in ("br", "cbr", "try"):
                    self.visit(i)
                    continue
                if i.op == "cbr" and i.args[0] is v:
                    self.visit(i)                    # the condition changed: maybe new edges
                for t in i.targets:                  # the parameters v is passed to
                    if id(t) in self.edges:
                        for n, a in enumerate(t.args):
                            if a is v:
                                self.visit_param(t.block, n)

    def visit_params(self, block: Block) -> None:
        for n in range(len(block.params)):
            self.visit_param(block, n)

    def visit_param(self, block: Block, n: int) -> None:
        p = block.params[n]
        if self.lattice.get(p) is BOTTOM:
            return
        value = TOP
        for t in self.live_in.get(block, ()):
            a = self.rep(t.args[n])
            if a is not p:                           # ^h(%p) ... br ^h(%p): no news
                value = meet(value, a)
        if value is not TOP:
            self.set(p, value)

    def visit(self, i: Instr) -> None:
        op = i.op
        if op == "br":
            self.take(i.targets[0])
        elif op == "try":                            # the handler edge is taken at run time
            self.take(i.targets[0])
            self.take(i.targets[1])
        elif op == "cbr":
            c = self.get(i.args[0])
            if c is BOTTOM:
                self.take(i.targets[0])
                self.take(i.targets[1])
            elif c is not TOP:
                self.take(i.targets[0] if c.value else i.targets[1])
        elif i.type is not None and self.lattice.get(i) is not BOTTOM:
            value = self.evaluate(i)
            if value is not TOP:
                self.set(i, value)

    def take(self, t: Target) -> None:
        if id(t) not in self.edges:
            self.flow.append((t.block, t))

    def evaluate(self, i: Instr):
        op = i.op
        if op not in PURE_OPS:
            return BOTTOM
        args = [self.get(a) for a in i.args]
        if op == "select":
            c, a, b = args
            if c is TOP:
                return TOP
            if c is BOTTOM:
                return meet(self.rep(i.args[1]), self.rep(i.args[2]))
            return self.rep(i.args[1] if c.value else i.args[2])   # select k, a, b -> a | b
        if op in ("and", "or") and i.type == I1:
            absorbing = op == "or"                     # x and false -> false; x or true -> true
            if any(isinstance(a, Const) and a.value is absorbing for a in args):
                return Const(I1, absorbing)
        if BOTTOM in args:
            return BOTTOM
        if TOP in args:
            return TOP
        evaluate = ops.OPS[op].evaluate
        if evaluate is None:
            return BOTTOM
        try:
            value = evaluate(*(a.value for a in args))
        except Exception:                              # left to run time
            return BOTTOM
        k = make_const(i.type, value)
        return BOTTOM if k is None else k


def propagate(f: Function) -> bool:
    s = _Solver(f)
    s.solve()
    lattice = s.lattice
    # a cbr whose condition is still TOP in an executed block would leave both successors
    # unexecuted though one of them runs: that cannot happen in verified IR, but if it did,
    # the results would be wrong, so change nothing
    for b in s.blocks:
        term = b.terminator
        if term is not None and term.op == "cbr" and s.get(term.args[0]) is TOP:
            return False
    changed = False

    if len(s.blocks) != len(f.blocks):
        f.blocks = [b for b in f.blocks if b in s.blocks]
        changed = True
    for b in f.blocks:
        term = b.terminator
        if term.op == "cbr" and isinstance(k := s.get(term.args[0]), Const):
            # cbr true, ^t, ^f -> br ^t ;  cbr false, ^t, ^f -> br ^f
            term.op, term.args, term.targets = "br", [], [term.targets[0 if k.value else 1]]
            changed = True

    def known(v: Value) -> Value | None:
        """The constant or the other value that v always is."""
        x = lattice.get(v)
        if isinstance(x, Const):
            return Const(x.type, x.value)
        if x is TOP or x is BOTTOM or getattr(x, "block", None) is v.block:
            return None                    # (a copy defined in v's own block: a dead loop)
        return x

    replace: dict[Value, Value] = {}
    for b in f.blocks:
        if b is not f.entry:
            for p in b.params:
                if (k := known(p)) is not None:
                    replace[p] = k
        kept = []
        for i in b.instrs:
            if i.has_result and (k := known(i)) is not None:
                replace[i] = k                          # PURE by construction: delete
                continue
            if i.op == "check" and isinstance(k := s.get(i.args[0]), Const) and not k.value:
                changed = True                          # check false, ... -> (nothing)
                continue
            kept.append(i)
        b.instrs = kept
    if not replace:
        return changed

    incoming: dict[Block, list[Target]] = {b: [] for b in f.blocks}
    for b in f.blocks:
        for t in b.terminator.targets:
            incoming[t.block].append(t)
    for b in f.blocks[1:]:
        drop = [n for n, p in enumerate(b.params) if p in replace]
        if drop:
            b.params = [p for p in b.params if p not in replace]
            for t in incoming[b]:
                t.args = [a for n, a in enumerate(t.args) if n not in drop]
    f.replace_uses(replace)
    return True

