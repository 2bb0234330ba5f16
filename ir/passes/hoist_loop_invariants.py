"""hoist_loop_invariants: loop-invariant code motion into loop preheaders.

Requires: verified IR.  Invalidates: instruction lists (hoisted instructions move), the
block list, CFG, predecessors and dominators (a preheader block may be inserted).  Keeps:
operands, instructions and their spans.

Loops are natural loops: an edge ^p -> ^h is a back edge when ^h dominates ^p, and the loop
of ^h is ^h plus every block that reaches a back edge's ^p without passing ^h (loops sharing
a header are one loop).  Inner loops are handled first, so an expression can climb out of a
nest one level at a time.  The preheader is the single block outside the loop that branches
to ^h when it ends in `br ^h(...)`; otherwise a new one is made:
    ^a: br ^h(x)   ^b: cbr %c, ^h(y), ^e     ->   ^a: br ^h.pre(x)   ^b: cbr %c, ^h.pre(y), ^e
                                                  ^h.pre(%p.in): <hoisted>; br ^h(%p.in)
An instruction moves to the end of the preheader (before its `br`) when it is PURE, its
operands are constants or values defined outside the loop (or hoisted already), and it may be
*speculated*: it now runs even when the loop body would not have, so it must not trap in
native code whatever its operands.  Not speculated: integer floordiv/mod (sdiv traps on 0 and
on -2**63 / -1) unless the divisor is a constant other than 0 and -1, integer pow (the
exponent is checked non-negative first), ftoi and cast (out of range they are poison in
LLVM).  Float (f64, f32) arithmetic, comparisons, selects and math.* never trap.  Reads of
lists (their indices are checked), checks and tensor ops are not PURE and stay, but for
numpy's float functions of float scalars (FLOAT_SCALAR_UFUNCS), which compute like math.*.
"""
from __future__ import annotations

from pts.ir import ops
from pts.ir.analysis import dominators, natural_loops, reverse_postorder
from pts.ir.core import Block, BlockParam, Const, Function, Instr, Module, Target
from pts.ir.types import F32, F64, NPF64


def run(module: Module) -> bool:
    changed = False
    for f in module:
        if hoist(f):
            changed = True
    return changed


# numpy's functions of float scalars that give a float and never raise (a domain error is
# nan or inf, as numpy's scalar math gives it, with at most a RuntimeWarning interpreted)
FLOAT_SCALAR_UFUNCS = frozenset("""np.exp np.log np.log1p np.expm1 np.sqrt np.sin np.cos
np.tan np.tanh np.absolute np.negative np.positive np.add np.subtract np.multiply
np.square np.maximum np.minimum""".split())
FLOAT_SCALARS = (F64, F32, NPF64)


def speculatable(i: Instr) -> bool:
    if i.op in FLOAT_SCALAR_UFUNCS:
        # a tensor op on float scalars is arithmetic (`np.log(b * N)` in a loop, KDE)
        return (i.type in FLOAT_SCALARS and i.attrs.get("static") in (None, "{}")
                and all(a.type in FLOAT_SCALARS for a in i.args))
    info = ops.OPS.get(i.op)
    if info is None or info.effect != ops.PURE or not i.has_result:
        return False
    if i.op in ("floordiv", "mod", "pow", "div") and i.type not in (F64, F32):
        d = i.args[1]
        return i.op in ("floordiv", "mod") and isinstance(d, Const) and d.value not in (0, -1)
    return i.op not in ("ftoi", "cast")


def hoist(f: Function) -> bool:
    idom = dominators(f)
    loops = natural_loops(idom)
    if not loops:
        return False
    order = reverse_postorder(f)
    changed = False
    for header in sorted(loops, key=lambda h: len(loops[h])):      # inner loops first
        body = loops[header]
        moving = _invariants(body, [b for b in order if b in body])
        if not moving:
            continue
        pre = _preheader(f, header, body)
        if pre not in order:
            order.insert(order.index(header), pre)
            for other, blocks in loops.items():   # the new block is inside enclosing loops
                if other is not header and header in blocks:
                    blocks.add(pre)
        term = pre.instrs.pop()
        for i in moving:
            i.block.instrs.remove(i)
            pre.append(i)
        pre.append(term)
        changed = True
    return changed


def _invariants(body: set[Block], blocks: list[Block]) -> list[Instr]:
    """Hoistable instructions of the loop, in an order that defines before it uses."""
    moving: list[Instr] = []
    moved: set[Instr] = set()

    def invariant(v) -> bool:
        if isinstance(v, Const) or v in moved:
            return True
        return v.block not in body

    for b in blocks:                      # reverse postorder: definitions come first
        for i in b.instrs:
            if speculatable(i) and all(invariant(a) for a in i.args):
                moving.append(i)
                moved.add(i)
    return moving


def _preheader(f: Function, header: Block, body: set[Block]) -> Block:
    entering = [(b, t) for b in f.blocks if b not in body and b.terminator is not None
                for t in b.terminator.targets if t.block is header]
    if len(entering) == 1:
        b, t = entering[0]
        if b.terminator.op == "br":
            return b                         # ^b: ...; br ^h(x)  is a preheader already
    pre = Block(_fresh(f, f"{header.name}.pre"))
    params = [pre.add_param(BlockParam(p.type, p.name and p.name + ".in")) for p in header.params]
    pre.append(Instr("br", [], targets=[Target(header, params)],
                     span=entering[0][0].terminator.span))
    for _, t in entering:
        t.block = pre                        # ^b: br ^h(x)  ->  ^b: br ^h.pre(x)
    f.blocks.insert(f.blocks.index(header), pre)
    return pre


def _fresh(f: Function, name: str) -> str:
    taken = {b.name for b in f.blocks}
    base, n = name, 1
    while name in taken:
        name = f"{base}{n}"
        n += 1
    return name
