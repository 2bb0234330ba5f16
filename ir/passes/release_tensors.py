"""release_tensors: free each tensor temporary right after its last use.

Requires: verified IR (a late pass: it runs once, after the optimization fixpoint and after
fuse_tensors when that runs; it is correct with or without fusion).  Invalidates:
instruction lists (adds `tensor.free`), the CFG (splits an edge on which a value dies when
the edge's target has other predecessors).  Nothing may run after it that moves a use of a
tensor past its `tensor.free`, nor a pass that re-derives the facts below.

Native tensors live in the call's arena until `@pts.release` at the end of the call; so a
loop like `for i in range(n): y = y + x * 2.0` would hold 2n temporaries.  This pass
inserts `tensor.free %t[, %keep...]` (free t's allocation, unless it is one of the keeps')
where the last value that can reach an allocation dies.  The interpreter poisons what the
op frees (runtime/interp.py): a read after the free fails there.

Which values own an allocation ("holders"), decided per function:
- FRESH: an np.* op that always returns a new allocation (ufuncs, where, clip, reductions,
  matmul/dot, copy, astype, concatenate, stack, creation ops, ravel with copy=True) without
  `out=`; a `kernel` (fuse_tensors); a `call` of a function whose every `ret` returns such
  a value (a summary computed for the whole module, below).
- MAYBE: reshape and ravel (a view of contiguous data, else a copy), sum_to (its operand
  when the shapes match, else a sum) and astype(copy=False):
  a holder freed with its operand as keep (`tensor.free %r, %x` frees r's allocation only
  if it is not x's), and a view of its operand (below).
- owning block parameter: every incoming argument is a holder that dies on that edge (its
  allocation moves to the parameter: the loop-carried `y` above), or is borrowed from a
  function parameter (a view chain of one: that parameter becomes a keep), and at least
  one is a holder.  Checked after liveness: the argument must not be live, nor have a
  view live, after the edge, and not be passed twice on it.
Views share their base's allocation: getitem, transpose, swapaxes, expand_dims, squeeze,
`out=` ufuncs (they return their operand), `tuple` (holds its elements), `tuple.get`,
`select`; also MAYBE values.  A holder's live range is its own uses plus those of every
value derived from it by views, transitively.
Everything else that yields a tensor is borrowed and never freed: function parameters
(the caller owns them), attr.get, list.get/pop, calls without a fresh summary, block
parameters that are not owning.

Escapes: a value returned (`ret`), stored (list ops, attr.set), passed to a `call` (unless
the callee's summary says that parameter never escapes), used by an op this pass does not
know, or passed to a block parameter that does not take it over, escapes there, and so do
the holders it may be a view of.  Escapes are placed: from an escape point on, following the
CFG until the holder is defined again, the holder is never freed (release frees it, or the
caller, or Python owns it).  So the loop-carried `y` returned after the loop is still freed
in every iteration; a holder that may have escaped before an edge does not move into an
owning parameter (that parameter is then not owning).  `kernel` and np.* ops only read
their operands.

Where: for each holder that does not escape, after its last use in a block it is not live
out of, or on each edge out of its live range (at the head of the target when the edge is
its only way in, else in a new block on the edge); a holder that moves into an owning
parameter is not freed on that edge.  A raise exits through release, which frees what is
left; a freed allocation is unlinked from the arena (backend/tensor_abi.py), so nothing
is freed twice.

Summaries (fixpoint over the module, starting from "nothing is known"): `fresh[f]` when
every `ret` of f returns a holder with no keeps that escapes only by that ret; `noescape[f]`
the parameters of f that never escape.  Functions called only through `kernel` are left
alone (the backend compiles their ops into a loop nest).
"""
from __future__ import annotations

from pts.ir.exception_ops import may_raise

from pts.ir.analysis import reachable
from pts.ir.core import Block, BlockParam, Const, Function, Instr, Module, Target, Value
from pts.ir.types import ListType, TensorType, TupleType, Type

FRESH_NP = frozenset("""absolute add all any arange argmax argmin astype bitwise_and
bitwise_or bitwise_xor ceil clip concatenate conv2d_wide copy cos dot empty empty_like equal exp expm1
eye floor floor_divide full full_like greater greater_equal invert left_shift less less_equal
linspace log log1p logical_and logical_not logical_or matmul max maximum mean min minimum
multiply negative not_equal ones ones_like positive power prod remainder
right_shift sign sin sqrt square stack std subtract sum tan tanh true_divide var where zeros
zeros_like""".split())
VIEW_NP = frozenset("getitem transpose swapaxes expand_dims squeeze".split())
MAYBE_NP = frozenset("reshape ravel sum_to".split())
READ_ONLY = frozenset({"print", "check", "kernel", "tensor.free"})

FRESH, MAYBE, VIEW, ARG, PARAM, BORROWED = "fresh", "maybe", "view", "arg", "param", "borrowed"


def run(module: Module) -> bool:
    kernels = {i.attrs.get("callee") for f in module for i in f.instructions() if i.op == "kernel"}
    # kernels' ops become a loop nest; a function freed already is not freed again
    funcs = [f for f in module if f.name not in kernels
             and not any(i.op == "tensor.free" for i in f.instructions())]
    fresh: dict[str, bool] = {}
    noescape: dict[str, set[int]] = {}
    for _ in range(12):
        analyses = {f.name: _Analysis(f, fresh, noescape) for f in funcs}
        new_fresh = {n: a.returns_fresh() for n, a in analyses.items()}
        new_noescape = {n: a.params_not_escaping() for n, a in analyses.items()}
        if new_fresh == fresh and new_noescape == noescape:
            break
        fresh, noescape = new_fresh, new_noescape
    else:   # no fixpoint (not expected): assume nothing about callees
        analyses = {f.name: _Analysis(f, {}, {}) for f in funcs}
    changed = False
    for a in analyses.values():
        if a.insert_frees():
            changed = True
    return changed


def carries_tensor(t: Type | None) -> bool:
    if isinstance(t, TensorType):
        return True
    if isinstance(t, TupleType):
        return any(carries_tensor(e) for e in t.elems)
    if isinstance(t, ListType):
        return carries_tensor(t.elem)
    return False


def _static(i: Instr) -> dict:
    try:
        return i.static()
    except (ValueError, SyntaxError):
        return {"?": True}


class _Analysis:
    """Holders, escapes, owning parameters and live ranges of one function."""

    def __init__(self, f: Function, fresh: dict[str, bool], noescape: dict[str, set[int]]):
        self.f = f
        self.fresh_callees = fresh
        self.noescape_callees = noescape
        self.live_blocks = reachable(f)
        self.preds = {b: set(ps) for b, ps in f.predecessors().items()}
        self.pos = {i: n for b in f.blocks for n, i in enumerate(b.instrs)}
        self.kind: dict[Value, str] = {}
        self.bases: dict[Value, list[Value]] = {}
        self.uses: dict[Value, list[Instr]] = {}      # every use by an instruction
        self.sinks: list[tuple[Value, Instr]] = []    # uses where the value escapes
        self.ret_sinks: list[tuple[Value, Instr]] = []
        self.incoming: dict[BlockParam, list[tuple[Block, int, Value]]] = {}
        self.classify()
        self.derived = self.derive()
        self.borrow_roots = {v: self.roots_of(v) for v in self.kind}
        self.decide_owning()

    # ------------------------------------------------------------------ classification

    def classify(self) -> None:
        f = self.f
        for p in f.entry.params:
            if carries_tensor(p.type):
                self.kind[p] = ARG
        for b in f.blocks:
            if b is not f.entry:
                for p in b.params:
                    if carries_tensor(p.type):
                        self.kind[p] = PARAM
                        self.incoming[p] = []
        for b in f.blocks:
            if b not in self.live_blocks:
                continue
            for i in b.instrs:
                for a in i.operands():
                    if not isinstance(a, Const) and carries_tensor(a.type):
                        self.uses.setdefault(a, []).append(i)
                self.classify_instr(b, i)

    def classify_instr(self, b: Block, i: Instr) -> None:
        tensor_args = [a for a in i.args if not isinstance(a, Const) and carries_tensor(a.type)]
        op = i.op
        if i.is_terminator:
            if op == "ret":
                self.ret_sinks.extend((a, i) for a in tensor_args)
            for n, t in enumerate(i.targets):
                for k, a in enumerate(t.args):
                    if not isinstance(a, Const) and carries_tensor(a.type):
                        self.incoming[t.block.params[k]].append((b, n, a))
            return
        result = carries_tensor(i.type)
        if op.startswith("np."):
            if not result:
                return
            name, st = op[3:], _static(i)
            if "out" in st:
                out = st["out"]
                self.view(i, [i.args[out]] if isinstance(out, int) and out < len(i.args)
                          else tensor_args)
            elif name == "astype" and st.get("copy", True) is False:
                self.view(i, tensor_args, MAYBE)
            elif name == "ravel" and st == {"copy": True}:     # x.flatten()
                self.kind[i] = FRESH
            elif name in FRESH_NP and set(st) <= {"axis", "keepdims", "dtype", "endpoint",
                                                  "ddof", "axes"}:
                self.kind[i] = FRESH
            elif name in VIEW_NP:
                self.view(i, tensor_args[:1])
            elif name in MAYBE_NP:
                self.view(i, tensor_args[:1], MAYBE)
            else:                       # an op this pass does not know: may return an operand
                self.view(i, tensor_args)
            return
        if op in ("tuple", "tuple.get", "select"):
            if result:
                self.view(i, tensor_args)
            return
        if op == "kernel":
            if result:
                self.kind[i] = FRESH if isinstance(i.type, TensorType) else BORROWED
            return
        if op == "call":
            callee = i.attrs.get("callee")
            safe = self.noescape_callees.get(callee, set())
            for n, a in enumerate(i.args):
                if not isinstance(a, Const) and carries_tensor(a.type) and n not in safe:
                    self.sinks.append((a, i))
            if result:
                fresh = self.fresh_callees.get(callee, False) and isinstance(i.type, TensorType)
                self.kind[i] = FRESH if fresh else BORROWED
            return
        if op not in READ_ONLY:         # stores, attr.set, list ops, anything unknown
            self.sinks.extend((a, i) for a in tensor_args)
        if result:
            self.kind[i] = BORROWED

    def view(self, i: Instr, bases: list[Value], kind: str = VIEW) -> None:
        self.kind[i] = kind
        self.bases[i] = [v for v in bases if not isinstance(v, Const)]

    def derive(self) -> dict[Value, list[Value]]:
        """Values made from each value by views (one step)."""
        out: dict[Value, list[Value]] = {}
        for v, bs in self.bases.items():
            for b in bs:
                out.setdefault(b, []).append(v)
        return out

    def descendants(self, v: Value) -> list[Value]:
        seen, work, out = {v}, [v], []
        while work:
            for d in self.derived.get(work.pop(), []):
                if d not in seen:
                    seen.add(d)
                    out.append(d)
                    work.append(d)
        return out

    def ancestors(self, v: Value) -> list[Value]:
        """v and every value it may be a view of (through views, not block parameters)."""
        seen, work = {v}, [v]
        while work:
            for b in self.bases.get(work.pop(), []):
                if b not in seen:
                    seen.add(b)
                    work.append(b)
        return list(seen)

    def roots_of(self, v: Value) -> frozenset | None:
        """The function parameters v is a view chain of (None: it may be anything else)."""
        roots = set()
        for x in self.ancestors(v):
            k = self.kind.get(x)
            if k == ARG:
                roots.add(x)
            elif k != VIEW:
                return None
        return frozenset(roots)

    # ------------------------------------------------------------------ ownership

    def decide_owning(self) -> None:
        """Owning parameters: start from every candidate, drop the ones a rule rejects,
        until none is dropped (dropping one only adds escapes)."""
        self.owning: set[BlockParam] = {p for p in self.incoming if isinstance(p.type, TensorType)
                                        and self.incoming[p]}
        while True:
            self.points = self.escape_points()
            self.param_keeps = {}
            demote = set()
            for p in self.owning:
                keeps, holders = set(), 0
                for (src, n, a) in self.incoming[p]:
                    roots = self.borrow_roots.get(a)
                    if roots is not None:
                        keeps |= roots
                    elif self.kind.get(a) == FRESH or (self.kind.get(a) == PARAM and a in self.owning):
                        holders += 1
                    elif self.kind.get(a) == MAYBE and self.maybe_roots(a) is not None:
                        keeps |= self.maybe_roots(a)
                        holders += 1
                    else:
                        demote.add(p)
                if not holders:
                    demote.add(p)
                self.param_keeps[p] = keeps
            if not demote:
                # an owning parameter passed on inherits the keeps of the one it comes from
                grown = True
                while grown:
                    grown = False
                    for p in self.owning:
                        for (_, _, a) in self.incoming[p]:
                            k = self.param_keeps.get(a)
                            if k is not None and not k <= self.param_keeps[p]:
                                self.param_keeps[p] |= k
                                grown = True
                demote = self.bad_moves()
            if not demote:
                return
            self.owning -= demote

    def maybe_roots(self, v: Value) -> frozenset | None:
        roots = frozenset()
        for b in self.bases[v]:
            r = self.borrow_roots.get(b)
            if r is None:
                return None
            roots |= r
        return roots

    def is_holder(self, v: Value) -> bool:
        k = self.kind.get(v)
        return k in (FRESH, MAYBE) or (k == PARAM and v in self.owning)

    def moves_into(self, p: BlockParam, a: Value) -> bool:
        """Does holder `a` hand its allocation to `p` on their edge?"""
        return p in self.owning and self.is_holder(a) and self.borrow_roots.get(a) is None

    def escape_points(self) -> dict[Value, list[tuple]]:
        """Holder -> the places its allocation may escape: ("i", instr) or ("e", block, n)."""
        points: dict[Value, list[tuple]] = {}

        def escape(v: Value, where: tuple) -> None:
            for x in self.ancestors(v):
                if self.kind.get(x) in (FRESH, MAYBE, PARAM):
                    points.setdefault(x, []).append(where)
        for v, i in self.sinks + self.ret_sinks:
            escape(v, ("i", i))
        for p, edges in self.incoming.items():
            for (src, n, a) in edges:
                if not self.moves_into(p, a):
                    escape(a, ("e", src, n))
        return points

    def escaped_everywhere(self, with_rets: bool = True) -> set[Value]:
        """Every value whose contents may outlive the call (flow-insensitive; summaries)."""
        out: set[Value] = set()
        work = [v for v, _ in self.sinks + (self.ret_sinks if with_rets else [])]
        while work:
            v = work.pop()
            if v in out:
                continue
            out.add(v)
            work.extend(self.bases.get(v, []))
            if self.kind.get(v) == PARAM:
                work.extend(a for (_, _, a) in self.incoming[v]
                            if not self.moves_into(v, a))
        return out

    def bad_moves(self) -> set[BlockParam]:
        """Owning parameters taking a holder that is still live (or viewed) after the edge,
        that is passed twice on it, or that may have escaped before it."""
        bad = set()
        for p in self.owning:
            for (src, n, a) in self.incoming[p]:
                if not self.moves_into(p, a):
                    continue
                t = src.terminator.targets[n]
                if sum(1 for x in t.args if x is a) > 1 or t.block in self.live_in(a):
                    bad.add(p)
                elif self.tainted(a).get(src, None) is not None:
                    bad.add(p)
        return bad

    # ------------------------------------------------------------------ liveness

    def last_uses(self, h: Value) -> dict[Block, int]:
        """Block -> index of the last instruction using h or a value derived from it."""
        last: dict[Block, int] = {}
        for v in [h] + self.descendants(h):
            for i in self.uses.get(v, []):
                b, n = i.block, self.pos[i]
                if last.get(b, -2) < n:
                    last[b] = n
        return last

    def live_in(self, h: Value) -> set[Block]:
        """Blocks h's allocation is needed at the top of (its definition's block excluded:
        going back there makes a new one)."""
        d = h.block
        live: set[Block] = set()
        work = [b for b in self.last_uses(h) if b is not d]
        while work:
            b = work.pop()
            if b in live or b is d or b not in self.live_blocks:
                continue
            live.add(b)
            work.extend(self.preds[b])
        return live

    def tainted(self, h: Value) -> dict[Block, int]:
        """Block -> first instruction index after which h's allocation may have escaped
        (-1: the whole block), following the CFG from each escape point until h is defined
        again."""
        d = h.block
        out: dict[Block, int] = {}
        work: list[Block] = []
        for where in self.points.get(h, []):
            if where[0] == "i":
                i = where[1]
                b, n = i.block, self.pos[i]
                if out.get(b, len(b.instrs)) > n:
                    out[b] = n
                work.extend(b.successors())
            else:   # on an edge: from its target on (the edge itself is "passed")
                _, src, n = where
                work.append(src.terminator.targets[n].block)
        while work:
            b = work.pop()
            if b is d or out.get(b) == -1 or b not in self.live_blocks:
                continue
            out[b] = -1
            work.extend(b.successors())
        return out

    # ------------------------------------------------------------------ summaries

    def returns_fresh(self) -> bool:
        if not self.ret_sinks:
            return False
        rets = {i for _, i in self.ret_sinks}
        for v, _ in self.ret_sinks:
            fresh = self.kind.get(v) == FRESH or (self.kind.get(v) == PARAM and v in self.owning
                                                  and not self.param_keeps.get(v))
            if not fresh or any(w[0] != "i" or w[1] not in rets for w in self.points.get(v, [])):
                return False
        return True

    def params_not_escaping(self) -> set[int]:
        escaped = self.escaped_everywhere()
        return {n for n, p in enumerate(self.f.entry.params)
                if self.kind.get(p) == ARG and p not in escaped}

    # ------------------------------------------------------------------ rewriting

    def holders(self) -> list[Value]:
        out = []
        for b in self.f.blocks:
            if b not in self.live_blocks:
                continue
            for p in b.params:
                if p in self.owning:
                    out.append(p)
            for i in b.instrs:
                if self.kind.get(i) in (FRESH, MAYBE) and isinstance(i.type, TensorType):
                    out.append(i)
        return out

    def free_args(self, h: Value) -> list[Value]:
        if self.kind.get(h) == MAYBE:
            keeps = list(self.bases[h])
        elif self.kind.get(h) == PARAM:
            keeps = sorted(self.param_keeps.get(h, ()), key=self.f.entry.params.index)
        else:
            keeps = []
        return [h] + keeps

    def after_raise(self, h: Value, b: Block) -> bool:
        """Is h defined in `try` block b by or after its first raising instruction (so never
        on the handler edge, which leaves from that instruction)?"""
        if not isinstance(h, Instr) or h.block is not b:
            return False
        first = next((k for k, i in enumerate(b.instrs) if may_raise(i)), len(b.instrs))
        return self.pos[h] >= first

    def insert_frees(self) -> bool:
        after: dict[Block, dict[int, list[list[Value]]]] = {}   # block -> index -> frees
        on_edge: dict[tuple[Block, int], list[list[Value]]] = {}
        for h in self.holders():
            args = self.free_args(h)
            if any(not isinstance(a.type, TensorType) for a in args):
                continue        # a view of something in a tuple: left to release
            d = h.block
            live = self.live_in(h)
            last = self.last_uses(h)
            taint = self.tainted(h)
            passed = {(src, n) for p, edges in self.incoming.items() for (src, n, a) in edges
                      if any(a is x for x in [h] + self.descendants(h))}
            for b in [d] + sorted(live, key=self.f.blocks.index):
                term = b.terminator
                states = []
                for n, t in enumerate(term.targets):
                    if (b, n) in passed:
                        states.append("passed")     # moved, or escaped: not freed here
                    elif t.block in live:
                        states.append("live")
                    else:
                        states.append("dead")
                if all(s == "dead" for s in states):
                    if b in last:
                        at = last[b]
                    elif b is d:
                        at = -1 if isinstance(h, BlockParam) else self.pos[h]
                    else:
                        at = -1
                    if at >= len(b.instrs) - 1:
                        continue    # used by the terminator itself (ret): it escapes
                    if b in taint and at >= taint[b]:
                        continue
                    after.setdefault(b, {}).setdefault(at, []).append(args)
                elif b not in taint:
                    for n, s in enumerate(states):
                        if s == "dead" and not (term.op == "try" and n == 1 and
                                                self.after_raise(h, b)):
                            on_edge.setdefault((b, n), []).append(args)
        if not after and not on_edge:
            return False
        edges_in: dict[Block, int] = {}
        for b in self.f.blocks:
            for t in b.terminator.targets if b.terminator else []:
                edges_in[t.block] = edges_in.get(t.block, 0) + 1
        for b, spots in after.items():
            for at in sorted(spots, reverse=True):
                span = b.instrs[max(at, 0)].span
                for k, args in enumerate(spots[at]):
                    i = Instr("tensor.free", args, span=span)
                    i.block = b
                    b.instrs.insert(at + 1 + k, i)
        for (b, n), frees in on_edge.items():
            t = b.terminator.targets[n]
            span = b.terminator.span
            if edges_in.get(t.block) == 1:
                dest = t.block
            else:
                dest = self.f.new_block(f"{b.name}.free")
                jump = Instr("br", [], targets=[Target(t.block, t.args)], span=span)
                jump.block = dest
                dest.instrs.append(jump)
                b.terminator.targets[n] = Target(dest, [])
            for k, args in enumerate(frees):
                i = Instr("tensor.free", args, span=span)
                i.block = dest
                dest.instrs.insert(k, i)
        return True
