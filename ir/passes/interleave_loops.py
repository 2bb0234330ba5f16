"""interleave_loops: run two iterations of an outer loop side by side when each one is an
inner loop of pure code: two independent dependency chains (the escape-time recurrence of
mandelbrot, the Collatz step) in one loop, where the CPU overlaps their latencies.

Requires: verified IR.  Invalidates: the block list, CFG, predecessors and dominators (new
blocks; the original loop stays as the epilogue).  Keeps: the original blocks' instructions.

The shape, as lowering and the other passes leave `for y in range(a, n): <pre>; while ...:
<pure body>; <post>`:

    ^h(%y, %acc...):  %c = lt %y, %n; cbr %c, ^pre, ^exit(...)     (%n defined outside)
    ^pre:             pure instructions (checks only of conditions defined outside the
                      loop); br ^w(init...) — or no ^pre: cbr %c, ^w(init...), ^exit(...)
    ^w(%s...) + the blocks of its loop (no nested loop, at most MAX_INNER_INSTRS
                      instructions): pure instructions only; every edge out of it goes to
                      ^post, without arguments
    ^post:            pure instructions reading the inner loop's state only through ^w's
                      parameters; br ^h(..., %y1 = add %y, 1, ...)

where ^pre and the inner loop read no accumulator (only %y among ^h's parameters).  Then,
before ^h, a loop over pairs (%y, %y + 1), with four copies of the inner loop:

    ^h.2(%y, %acc...):  both < %n ? ^pre for %y; ^pre for %y + 1; br ^w.2(A, B)
                        : br ^h(%y, %acc...)             (the last, odd iteration)
    ^w.2(%sA..., %sB...):  lane A's copy runs one iteration; its back edge goes to ^w.2b
        (A's new state), which runs lane B's copy for one iteration, whose back edge goes
        to ^w.2 again.  Lane A's exits go to ^w.adone (A's final state), where lane B
        continues alone in a third copy; lane B's exits to ^w.bdone (both states), where
        lane A continues alone in a fourth.  Both end in
    ^post.2(%fA..., %fB...):  ^post for lane A, then for lane B (A's outgoing accumulators
        are B's incoming ones: the original order), and back to ^h.2 with %y + 2.

Each lane executes exactly the instructions the original iteration would, in the same order
relative to its own values; the two lanes' instructions are pure, so interleaving them is
unobservable, and the accumulators are updated in the original order.  A check in ^pre has a
loop-invariant condition: lane B's copy fails only if lane A's, run first, failed already.
While both lanes run, the loop has no more branches than the two originals; a lane that ends
leaves the other in a plain copy (no per-iteration test of which lanes are alive): Collatz
chains of very different lengths still gain.  collatz_max runs 1.6x, mandelbrot 1.8x faster.
"""
from __future__ import annotations

from pts.ir import ops
from pts.ir.analysis import dominators, natural_loops, reverse_postorder
from pts.ir.core import Block, BlockParam, Const, Function, Instr, Module, Target, const
from pts.ir.types import I1, I64

MAX_INNER_INSTRS = 48          # code growth: the inner loop is copied four times


def run(module: Module) -> bool:
    changed = False
    for f in module:
        done: set[Block] = set()              # the originals stay, as epilogues
        while _interleave_one(f, done):
            changed = True
    return changed


def _pure(i: Instr) -> bool:
    info = ops.OPS.get(i.op)
    return info is not None and info.effect == ops.PURE and i.op != "call"


def _interleave_one(f: Function, done: set) -> bool:
    idom = dominators(f)
    loops = natural_loops(idom)
    for h, body in loops.items():
        if h in done:
            continue
        shape = _match(f, h, body, loops)
        if shape is not None:
            done.add(h)
            _transform(f, reverse_postorder(f), *shape)
            return True
    return False


def _match(f: Function, h: Block, body: set[Block], loops: dict):
    # ^h(%y, ...): %c = lt %y, %n; cbr %c, ^pre, ^exit
    if len(h.instrs) != 2 or not h.params:
        return None
    cmp, term = h.instrs
    if (cmp.op != "lt" or term.op != "cbr" or term.args[0] is not cmp
            or not isinstance(cmp.args[0], BlockParam) or cmp.args[0].block is not h
            or cmp.args[0].type != I64):
        return None
    y, n = cmp.args
    if isinstance(n, Instr) and n.block in body or isinstance(n, BlockParam) and n.block in body:
        return None
    for p in f.predecessors()[h]:            # the epilogue of pairs made before: once only
        t = p.terminator
        if (p not in body and t.op == "cbr" and t.targets[1].block is h
                and t.targets[1].args == p.params):
            return None
    pre_t, exit_t = term.targets
    pre = pre_t.block
    if pre not in body or exit_t.block in body:
        return None
    if pre in loops and pre is not h:
        w, pre, init = pre, None, pre_t.args          # cbr %c, ^w(init...), ^exit
    else:
        # ^pre: pure (or invariant checks), then br ^w(init...)
        pterm = pre.terminator
        if pre_t.args or pre.params or pterm is None or pterm.op != "br":
            return None
        w, init = pterm.targets[0].block, pterm.targets[0].args
    if w not in loops or w is h or not w.params:
        return None
    inner = loops[w]
    if any(b in loops and b is not w and loops[b] <= inner for b in inner):
        return None                                  # a nested loop inside
    if sum(len(b.instrs) for b in inner) > MAX_INNER_INSTRS:
        return None

    def outside(v) -> bool:
        return isinstance(v, Const) or v.block not in body

    others = set(h.params) - {y}             # accumulators: lane B's pre and loop run
    for b in [pre, *inner]:                  # before lane A's post updated them
        for i in (b.instrs if b is not None else [term]):
            if any(v in others for v in (i.operands() if b is not None else init)):
                return None
    for i in (pre.instrs[:-1] if pre is not None else ()):
        if i.op == "check":
            if not outside(i.args[0]):
                return None
        elif not _pure(i):
            return None
    # the inner loop: pure, exits only to one ^post without arguments
    post = None
    for b in inner:
        for i in b.instrs:
            if i.is_terminator:
                if i.op not in ("br", "cbr"):
                    return None
                for t in i.targets:
                    if t.block in inner:
                        continue
                    if t.args or (post is not None and t.block is not post):
                        return None
                    post = t.block
            elif not _pure(i):
                return None
    if post is None or post.params or post not in body:
        return None
    preds = f.predecessors()
    if any(p not in inner for p in preds[post]) or pre is not None and preds[pre] != [h]:
        return None
    if any(p not in inner and p is not (pre or h) for p in preds[w]):
        return None
    if body != {h, post} | inner | ({pre} if pre is not None else set()):
        return None
    # ^post: pure, reads the inner loop only through ^w's parameters, br ^h(...)
    qterm = post.terminator
    if qterm is None or qterm.op != "br" or qterm.targets[0].block is not h:
        return None
    for i in post.instrs:
        if i is not qterm and not _pure(i):
            return None
        for v in i.operands():
            if isinstance(v, Instr) and v.block in inner:
                return None
            if isinstance(v, BlockParam) and v.block in inner and v.block is not w:
                return None
    k = h.params.index(y)
    step = qterm.targets[0].args[k]
    if not (isinstance(step, Instr) and step.op == "add" and step.args[0] is y
            and isinstance(step.args[1], Const) and step.args[1].value == 1):
        return None
    return h, body, pre, init, w, inner, post, y, n, k


class _Cloner:
    """Copies instructions for one lane: `map` takes original values to the lane's."""

    def __init__(self, mapping: dict):
        self.map = mapping

    def v(self, x):
        return self.map.get(x, x)

    def instr(self, i: Instr, into: Block) -> Instr:
        c = Instr(i.op, [self.v(a) for a in i.args], i.type, i.attrs,
                  [Target(t.block, [self.v(a) for a in t.args]) for t in i.targets],
                  span=i.span, name=i.name)
        into.append(c)
        if i.has_result:
            self.map[i] = c
        return c


def _new_block(f: Function, name: str, params=()) -> Block:
    b = f.new_block(name)
    for t, nm in params:
        b.add_param(BlockParam(t, nm))
    return b


def _transform(f: Function, rpo, h, body, pre, init, w, inner, post, y, n, k) -> None:
    span = h.terminator.span
    hp = h.params
    wp = w.params
    nw = len(wp)
    inner_order = [b for b in rpo if b in inner]      # definitions before uses
    ws = [(p.type, p.name) for p in wp]

    def named(sfx):
        return [(t, nm and nm + sfx) for t, nm in ws]

    def emit(b: Block, op, args, typ, name=None):
        return b.append(Instr(op, args, typ, span=span, name=name))

    def br(b: Block, to: Block, args) -> None:
        b.append(Instr("br", [], targets=[Target(to, list(args))], span=span))

    h2 = _new_block(f, h.name + ".2", [(p.type, p.name) for p in hp])
    pa = _new_block(f, (pre or w).name + ".2pre")
    both = _new_block(f, w.name + ".2", named(".a") + named(".b"))
    mid = _new_block(f, w.name + ".2b", named(".a"))
    a_done = _new_block(f, w.name + ".adone", named(".a"))
    b_done = _new_block(f, w.name + ".bdone", named(".a") + named(".b"))
    fin = _new_block(f, post.name + ".2", named(".a") + named(".b"))

    # ^h.2: both y and y + 1 below n?
    y2 = h2.params[k]
    y1 = emit(h2, "add", [y2, const(1)], I64, (y.name or "y") + ".1")
    ca = emit(h2, "lt", [y2, n], I1)
    cb = emit(h2, "lt", [y1, n], I1)
    pair = emit(h2, "and", [ca, cb], I1)
    h2.append(Instr("cbr", [pair], targets=[Target(pa), Target(h, list(h2.params))], span=span))

    # ^pre for each lane, in one block
    base_a = dict(zip(hp, h2.params))
    base_b = dict(base_a)
    base_b[y] = y1
    lane_a = _Cloner(dict(base_a))
    lane_b = _Cloner(dict(base_b))
    pre_instrs = pre.instrs[:-1] if pre is not None else []
    for i in pre_instrs:
        lane_a.instr(i, pa)
    for i in pre_instrs:
        lane_b.instr(i, pa)
    br(pa, both, [lane_a.v(a) for a in init] + [lane_b.v(a) for a in init])

    copies_made: list[Block] = []

    def copy(lane: _Cloner, sfx: str, back, out) -> Block:
        """A copy of the inner loop for one lane; `back(new state)` and `out(state)` give the
        targets of its back edges and of its exits.  Returns the copy of ^w."""
        cl = _Cloner(dict(lane.map))
        copies = {}
        for b in inner_order:
            c = _new_block(f, b.name + sfx, [(p.type, p.name and p.name + sfx) for p in b.params])
            copies[b] = c
            cl.map.update(zip(b.params, c.params))
        state = [cl.v(p) for p in wp]
        for b in inner_order:
            for i in b.instrs:
                ci = cl.instr(i, copies[b])
                for t, ot in zip(ci.targets, i.targets):
                    if ot.block is w:
                        t.block, t.args = back(t.args)
                    elif ot.block in inner:
                        t.block = copies[ot.block]
                    else:
                        t.block, t.args = out(state)
        copies_made.extend(copies[b] for b in inner_order)
        return copies[w]

    pa_state, pb_state = both.params[:nw], both.params[nw:]
    mid_a = mid.params
    # both lanes alive: lane A's iteration, then lane B's
    wa = copy(lane_a, ".a", lambda new: (mid, new),
              lambda st: (a_done, st))                       # A is done: B goes on alone
    br(both, wa, pa_state)
    wb = copy(lane_b, ".b", lambda new: (both, list(mid_a) + new),
              lambda st: (b_done, list(mid_a) + st))         # B is done: A goes on alone
    br(mid, wb, pb_state)
    # one lane left
    fin_b = b_done.params[nw:]
    wa1 = copy(lane_a, ".a1", lambda new: (None, new),
               lambda st: (fin, list(st) + list(fin_b)))
    br(b_done, wa1, b_done.params[:nw])
    wb1 = copy(lane_b, ".b1", lambda new: (None, new),
               lambda st: (fin, list(a_done.params) + list(st)))
    br(a_done, wb1, pb_state)
    for c, head in ((copies_made[2 * len(inner_order):3 * len(inner_order)], wa1),
                    (copies_made[3 * len(inner_order):], wb1)):
        for b in c:                                          # back edges of the lone lanes
            for t in b.terminator.targets:
                if t.block is None:
                    t.block = head

    # ^post for lane A, then for lane B (A's outgoing accumulators are B's incoming ones)
    post_a = _Cloner(dict(lane_a.map))                        # ^pre's values of lane A
    post_a.map.update(zip(wp, fin.params[:nw]))
    for i in post.instrs[:-1]:
        post_a.instr(i, fin)
    out_a = [post_a.v(a) for a in post.terminator.targets[0].args]
    post_b = _Cloner(dict(lane_b.map))
    post_b.map.update(zip(hp, out_a))
    post_b.map[y] = y1
    post_b.map.update(zip(wp, fin.params[nw:]))
    for i in post.instrs[:-1]:
        post_b.instr(i, fin)
    out_b = [post_b.v(a) for a in post.terminator.targets[0].args]
    out_b[k] = emit(fin, "add", [y2, const(2)], I64)         # a counter: y + 2
    fin.append(Instr("br", [], targets=[Target(h2, out_b)], span=post.terminator.span))

    # enter the pairs' loop instead of ^h from outside
    for b in list(f.blocks):
        if b in body or b.terminator is None or b is h2:
            continue
        for t in b.terminator.targets:
            if t.block is h:
                t.block = h2
    # keep the new blocks together, before the original loop (the epilogue)
    n_in = len(inner_order)
    new = [h2, pa, both, *copies_made[:n_in], mid, *copies_made[n_in:2 * n_in],
           b_done, *copies_made[2 * n_in:3 * n_in], a_done, *copies_made[3 * n_in:], fin]
    rest = [b for b in f.blocks if b not in new]
    at = rest.index(h)
    f.blocks[:] = rest[:at] + new + rest[at:]
