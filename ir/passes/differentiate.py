"""differentiate: reverse-mode differentiation of the entry function (DESIGN.md §9).

Requires: verified, optimized IR (calls inlined where they could be, constants folded); the
module's entry `@f(params) -> float` (f64, f32 or npf64).  Makes `@f.grad(params) ->
tuple<result, adjoint of each requested parameter>` and makes it the module's entry (@f
stays for other callers; eliminate_dead_functions drops it otherwise).  Invalidates
nothing of other functions.  Runs only when the compile driver asks (pts.grad's compiles,
ir.pipeline.optimize(grad_wrt=...)); the optimization rounds run again on its result.

The new function is @f's blocks (the forward sweep) followed by a backward sweep:

    forward:  a copy of @f's blocks; every `ret v` becomes `br ^fwd.exit(v)`; an edge of
              a `cbr` with arguments gets a block of its own (so each block with arguments
              is entered by one `br`, whose reverse moves the parameters' adjoints back).
              When @f has more than one block, every block but the entry pushes its index
              on the block tape (a list<i64>), and every block pushes, at its end, the
              forward values its reverse reads that are not available everywhere (the
              value tapes, one list per type).
    backward: ^dispatch pops the block tape and runs that block's reverse; the entry's
              reverse runs when the tape is empty, then ^done returns the tuple.  The
              reverse of block B pops what B pushed, moves the adjoints of its successor's
              parameters to its branch arguments, then runs the derivative rule of each
              active instruction of B, last to first.

Adjoints.  Within a reverse block they are SSA values accumulated as the rules return them
(a value used twice gets the sum).  An adjoint that crosses blocks — of a block parameter,
of a function parameter, of a value used in another block — lives in a *slot*: every
backward block takes every slot as a block parameter, and passes it on.  A slot is zero
until its value's uses add into it, and goes back to zero when its value's definition has
been reversed (a loop's next iteration defines the value again).  A tensor slot's zero is
an array of ones' shape (1, ..., 1) — the forward value it belongs to may not exist yet —
so a tensor adjoint read from a slot is broadcast to its value's shape (`+ zeros_like(y)`)
before a rule sees it, unless the value is defined once and before the exit (then its slot
starts as zeros_like of it).  A slot of that kind read only in the entry block (a model's
parameter) gets no zero at all: the entry's reverse runs last and once, so its first
adjoint there is the slot's value (rules give adjoints of their operand's shape and type)
rather than an add into a zero-filled array.

Activity.  A value is *active* when it can carry a gradient (f64, f32, npf64, tensors of
f32/f64, and tuples holding them: `carried`), depends on a requested parameter and the
result depends on it.  Only active instructions need rules: one without
(`OPS[op].derivative` is None) is a CompileError at its span, never a wrong gradient.

Tuples.  A tuple's adjoint is a tuple of its elements' adjoints, of the tuple's own type
(an int element's is a zero nobody reads): the rules of `tuple` and `tuple.get` carry
them, so np.concatenate / np.stack, calls that return or take tuples, and tuples carried
through loops are differentiated.  A slot's zero is a tuple of its elements' zeros; the
tapes hold a tuple's elements (lists hold numbers and arrays).

Writes.  An in-place write that carries a gradient — `t[idx] = v`, `t += y`, `t -= y`
(out=) — is reversed when t is a fresh local array (`_reverse_write`): the adjoint of t
at that point is that of t after the write; dv = g[idx] (summed back to v's shape), and
the part of g the write overwrote goes back to zero (in a copy of g; not needed for the
one write into an array of zeros outside loops); `t += y` is `t = t + y`.  Refused at
their span: writes into an argument array; writes another, older name of the array (a
view, a tuple holding it, a value passed to a block parameter) reads afterwards; out=
ops other than add and subtract; storing a value that carries a gradient in a list; and
any in-place write into an array whose values a rule reads, when the read may come
before the write (the backward sweep would read the new values).  Which names an array has,
and these refusals, live in differentiate_aliases (a mixin of _Differentiator).
"""
from __future__ import annotations

from pts.errors import CompileError
from pts.ir.analysis import dominates, dominators, natural_loops, reachable
from pts.ir.core import Block, BlockParam, Builder, Const, Function, Instr, Module, Target, Value
from pts.ir.ops import OPS, PURE
from pts.ir.scalar_derivatives import (FLOAT_SCALARS, carried, constant, emit, made_zero,
                                       zeros_like_value)
from pts.ir.passes.eliminate_checks import induction_lower_bounds
from pts.ir.passes.differentiate_aliases import (CREATIONS, STORES, AliasesAndRefusals,
                                                 has_tensor, may_hold_float, may_run_after,
                                                 differentiable, write_target)
from pts.ir.tensor_derivatives import fit, wants
from pts.ir.types import (DTYPE_NAMES, F32, F64, I1, I64, ListType, TensorType, TupleType, Type,
                          py_name)


def default_wrt(f: Function) -> tuple[int, ...]:
    """Every parameter of f that can carry a gradient (`pts ir --after differentiate`)."""
    return tuple(k for k, p in enumerate(f.params) if differentiable(p.type))


def run(module: Module, wrt: tuple[int, ...], custom: dict[str, str] | None = None) -> Function:
    """Differentiate the module's entry with respect to its parameters `wrt` (positions in
    the entry's parameters); the new entry is returned and installed.  `custom`: callee ->
    the function of the module that is its hand-written VJP (see vjp_name)."""
    f = module[module.entry]
    g = _Differentiator(module, f, tuple(wrt), _Shared(dict(custom or {}))).build()
    module.add(g)
    module.entry = g.name
    return g


class _Shared:
    """What the differentiation of an entry and of its callees share: the VJP function of
    each callee (hand-written ones, derived ones made so far or being made)."""

    def __init__(self, custom: dict[str, str]):
        self.vjps = custom


def vjp_param_positions(callee: Function) -> list[int]:
    """The parameters of `callee` its VJP gives adjoints of, in order: the float scalars
    and float arrays, and tuples holding them (a hand-written VJP returns a tuple of one
    adjoint for each)."""
    return [k for k, p in enumerate(callee.params) if carried(p.type)]


def check_signature(f: Function, wrt: tuple[int, ...], names: list[str] | None = None) -> None:
    """CompileError unless f's result and its parameters `wrt` can be differentiated."""
    names = names or [p.name or f"#{k}" for k, p in enumerate(f.params)]
    if f.ret_type not in FLOAT_SCALARS:
        rets = [b.instrs[-1] for b in f.blocks if b.instrs and b.instrs[-1].op == "ret"]
        raise CompileError(f"cannot differentiate '{f.name}': its result must be a float "
                           f"(a float, np.float32 or np.float64 scalar), not "
                           f"{py_name(f.ret_type)}", rets[0].span if rets else None)
    for k in wrt:
        if not 0 <= k < len(f.params):
            raise CompileError(f"cannot differentiate '{f.name}' with respect to argument {k}: "
                               f"it takes {len(f.params)}")
        t = f.params[k].type
        if not differentiable(t):
            uses = [i for b in f.blocks for i in b.instrs if f.params[k] in i.args]
            raise CompileError(f"cannot differentiate '{f.name}' with respect to "
                               f"'{names[k]}': an argument of type {py_name(t)} carries no "
                               f"gradient (floats and float32/float64 arrays do)",
                               uses[0].span if uses else None)    # (its first use)


class _Differentiator(AliasesAndRefusals):
    """`vjp`: make `@f.vjp(params..., g) -> tuple<adjoints of the float parameters>` (the
    adjoint g of f's result seeds the backward sweep) instead of the entry's
    `@f.grad(params) -> tuple<result, adjoints of wrt>`."""

    def __init__(self, module: Module, f: Function, wrt: tuple[int, ...], shared: _Shared,
                 vjp: bool = False):
        self.module = module
        self.f = f
        self.wrt = wrt
        self.shared = shared
        self.vjp = vjp
        if not vjp:
            check_signature(f, wrt)

    # ------------------------------------------------------------ the forward copy

    def build(self) -> Function:
        for blk in self.f.blocks:
            if blk.terminator is not None and blk.terminator.op == "try":
                raise CompileError(f"cannot differentiate '{self.f.name}': it has a "
                                   "try statement", blk.terminator.span)
        f = self.f
        adjoint_types = tuple(f.params[k].type for k in self.wrt)
        names = [p.name for p in f.params]
        if self.vjp:
            g = Function(f.name + ".vjp", f.param_types + [f.ret_type], TupleType(adjoint_types),
                         names + ["g"], f.file)
            self.seed = g.params[-1]
        else:
            g = Function(f.name + ".grad", f.param_types, TupleType((f.ret_type,) + adjoint_types),
                         names, f.file)
        self.g = g
        self._copy_forward()
        self._analyze()
        self._build_backward()
        return g

    def _copy_forward(self) -> None:
        f, g = self.f, self.g
        live = reachable(f)
        values: dict[Value, Value] = dict(zip(f.params, g.params))
        blocks: dict[Block, Block] = {f.entry: g.entry}
        # an entry with predecessors (a loop back to it) gets a fresh entry before it
        has_preds = any(f.entry in b.successors() for b in f.blocks if b in live)
        if has_preds:
            blocks[f.entry] = g.new_block(f.entry.name)
        for b in f.blocks:
            if b not in live or b in blocks:
                continue
            blocks[b] = g.new_block(b.name)
        for b in f.blocks:
            if b not in live or (b is f.entry and not has_preds):
                continue
            for p in b.params:
                values[p] = blocks[b].add_param(BlockParam(p.type, p.name))
        if has_preds:
            Builder(g, g.entry).br(blocks[f.entry], list(g.params[:len(f.params)]))
        self.exit = exit_ = Block("fwd.exit")
        self.result = exit_.add_param(BlockParam(f.ret_type, "result"))
        clones: list[Instr] = []
        for b in f.blocks:
            if b not in live:
                continue
            nb = blocks[b]
            for i in b.instrs:
                if i.op == "ret":
                    c = Instr("br", [], targets=[Target(exit_, [i.args[0]])], span=i.span)
                else:
                    c = Instr(i.op, i.args, i.type, i.attrs,
                              [Target(blocks[t.block], t.args) for t in i.targets],
                              span=i.span, name=i.name)
                values[i] = c
                clones.append(c)
                nb.append(c)
        for c in clones:
            c.args = [values.get(a, a) for a in c.args]
            for t in c.targets:
                t.args = [values.get(a, a) for a in t.args]
        # each edge of a cbr that passes arguments gets a block of its own
        for b in list(g.blocks):
            term = b.terminator
            if term is None or term.op != "cbr":
                continue
            for k, t in enumerate(term.targets):
                if t.args:
                    tramp = g.new_block(f"{b.name}.to.{t.block.name}")
                    tramp.append(Instr("br", [], targets=[Target(t.block, t.args)], span=term.span))
                    term.targets[k] = Target(tramp)
        g.blocks.append(exit_)
        self.forward = [b for b in g.blocks if b is not exit_]

    # ------------------------------------------------------------ activity

    def _analyze(self) -> None:
        g, fwd = self.g, self.forward
        incoming: dict[BlockParam, list[Value]] = {}
        for b in fwd:
            term = b.terminator
            for t in term.targets:
                for p, a in zip(t.block.params, t.args):
                    incoming.setdefault(p, []).append(a)
        self._aliases()
        # varied: depends on a requested parameter (through lists and tuples too)
        varied: set[Value] = {g.params[k] for k in self.wrt}
        changed = True
        while changed:
            changed = False
            for b in fwd:
                for p in b.params:
                    if p not in varied and any(a in varied for a in incoming.get(p, ())):
                        varied.add(p)
                        changed = True
                for i in b.instrs:
                    target = write_target(i)
                    if target is not None and target not in varied \
                            and any(a in varied for a in i.args):
                        # a write of a varied value: every name of the array now holds it
                        varied.update(m for m in self._names(target)
                                      if may_hold_float(m.type))
                        changed = True
                    if i in varied or not any(a in varied for a in i.args):
                        continue
                    if i.type is not None and may_hold_float(i.type):
                        varied.add(i)
                        changed = True
                    elif i.op in STORES and i.args[0] not in varied:
                        varied.add(i.args[0])         # the list now holds a gradient
                        changed = True
        # useful: the result depends on it
        useful: set[Value] = set()
        work: list[Value] = [self.result]
        while work:
            v = work.pop()
            if v in useful or isinstance(v, Const):
                continue
            useful.add(v)
            if isinstance(v, BlockParam):
                work.extend(incoming.get(v, ()))
            elif isinstance(v, Instr):
                work.extend(a for a in v.args if may_hold_float(a.type))
            # what was written into an array the result reads
            for w in self.writes.get(self.root(v), ()):
                work.extend(a for a in w.args if may_hold_float(a.type))
        self.active = {v for v in varied & useful if carried(v.type)}
        self.active.add(self.result)
        for b in fwd:
            for v in b.params:
                self._refuse_uncarried(v, varied, useful)
            for i in b.instrs:
                self._refuse_uncarried(i, varied, useful)
                self._refuse(i, varied, useful)
                if i in self.active and i.op != "call" and OPS[i.op].derivative is None:
                    raise CompileError(f"cannot differentiate {i.op}: it has no "
                                       f"derivative rule", i.span)
                if i in self.active and i.op == "call":
                    self._callee_vjp(i)
        self._refuse_writes_read_by_backward()
        # blocks run at most once, before the exit: their values are there for the backward
        idom = dominators(g)
        in_cycle = _blocks_in_cycles(fwd)
        self.once = {b for b in fwd if b not in in_cycle and b in idom
                     and dominates(idom, b, self.exit)}
        # the writes the backward sweep reverses, and whether each must zero the part of
        # the adjoint it overwrote (not when it is the one write into an array made of
        # zeros, ones, ...: the adjoint then flows nowhere else)
        self.reversed_writes: dict[Instr, bool] = {}
        for b in fwd:
            for i in b.instrs:
                target = write_target(i)
                if target is not None and target in self.active:
                    self.reversed_writes[i] = self._must_zero(i, target, varied, in_cycle, idom)

    def _must_zero(self, w: Instr, t: Value, varied: set[Value], in_cycle: set[Block],
                   idom) -> bool:
        if w.op != "np.setitem":
            return False            # acc += y passes acc's adjoint on whole
        if len(self.writes[self.root(t)]) != 1:
            return True
        if w.block in in_cycle and not self._writes_each_element_once(w, t, idom):
            return True
        if not (isinstance(t, Instr) and t.op in CREATIONS
                and not any(a in varied for a in t.args)):
            return True
        return any(u is not w and may_run_after(u, w) for u in self.uses.get(t, ()))

    def _writes_each_element_once(self, w: Instr, t: Value, idom) -> bool:
        """Does the write w in a loop (`out[i] = v` for i in range(n)) reach each element of
        its array t at most once?  Yes when, for each loop around w that t is not made
        afresh in, an int index of w is that loop's induction variable (plus a constant),
        which is >= 0 and grows each iteration without wrapping (eliminate_checks'
        induction_lower_bounds): then no element is written twice, and the backward sweep
        need not zero the overwritten part of the adjoint - a copy of the whole adjoint in
        each iteration, quadratic in the trip count."""
        if not isinstance(t, Instr):
            return False
        if not hasattr(self, "_inductions"):
            preds: dict[Block, list[Block]] = {b: [] for b in idom}
            for b in idom:
                for s in b.successors():
                    preds[s].append(b)
            self._inductions = induction_lower_bounds(self.g, idom, preds)
            self._loops = natural_loops(idom)
        words = w.attrs["pattern"].split()
        operands = iter(w.args[2:])
        ints = []
        for word in words:
            if word in ("m", "a"):
                next(operands)
            elif word == "i":
                ints.append(next(operands))
            elif word != "n":
                for flag in word[1:]:
                    if flag == "1":
                        next(operands)
        steps = {}                         # induction variable -> its header
        for v in ints:
            c = 0
            if isinstance(v, Instr) and v.op == "add" and isinstance(v.args[1], Const):
                v, c = v.args[0], v.args[1].value
            if isinstance(v, BlockParam) and self._inductions.get(v, -1) + c >= 0:
                steps[v.block] = v
        for header, body in self._loops.items():
            if w.block in body and t.block not in body and header not in steps:
                return False
        return True

    def _callee_vjp(self, call: Instr) -> str:
        """The VJP function of a call's callee: its hand-written one, else derived from its
        body (@h.vjp: h's forward again, then its backward; recursion calls @h.vjp)."""
        name = call.attrs["callee"]
        vjps = self.shared.vjps
        if name in vjps:
            return vjps[name]
        h = self.module[name]
        if not carried(h.ret_type):
            raise CompileError(f"cannot differentiate the call of {name}: its result is a "
                               f"{h.ret_type} (a float or a float array can carry a gradient)",
                               call.span)
        vjp = vjps[name] = name + ".vjp"
        g = _Differentiator(self.module, h, tuple(vjp_param_positions(h)), self.shared,
                            vjp=True).build()
        assert g.name == vjp
        self.module.add(g)
        return vjp

    # ------------------------------------------------------------ the backward sweep

    def _build_backward(self) -> None:
        g, fwd, active = self.g, self.forward, self.active
        # slots: adjoints that cross blocks
        defined_in: dict[Value, Block] = {}
        for b in fwd:
            for p in b.params:
                defined_in[p] = b
            for i in b.instrs:
                defined_in[i] = b
        slots: list[Value] = [self.result]
        for b in fwd:
            slots.extend(p for p in b.params if p in active)
        seen = set(slots)
        for b in fwd:
            for i in b.instrs:
                for v in i.operands():
                    if v in active and v not in seen and defined_in.get(v) is not b:
                        seen.add(v)
                        slots.append(v)
        self.slots = slots
        # a slot starts full-shaped when its value is defined once before the exit
        self.full = {s for s in slots if has_tensor(s.type)
                     and (s is self.result or defined_in.get(s) in self.once)}
        # a full slot read only in the entry (a model's parameter, typically) is still its
        # zeros_like when the entry's reverse — the last to run, once — starts: its first
        # adjoint there is its value (a rule's adjoint has its operand's shape and type),
        # not an add into a zero-filled array
        readers: dict[Value, set[Block]] = {}
        for b in fwd:
            for i in b.instrs:
                for v in i.operands():
                    readers.setdefault(v, set()).add(b)
        self.entry_only = {s for s in self.full if s is not self.result
                           and readers.get(s, set()) <= {g.entry}}
        multi = len(fwd) > 1
        # ^fwd.exit: the initial slots
        b = Builder(g, self.exit)
        # one zero per tensor type, made here (which comes before every backward block) and
        # shared by every slot that goes back to zero: adjoints are never written in place
        self.zeros: dict[Type, Value] = {}
        for t in dict.fromkeys(t for s in slots for t in _tensor_types(s.type)):
            ones = emit(b, "tuple", *[Const(I64, 1)] * t.rank)
            self.zeros[t] = emit(b, "np.zeros", ones, static=repr({"dtype": DTYPE_NAMES[t.dtype]}))
        init = []
        for s in slots:
            if s is self.result:
                # d result / d result, or the caller's adjoint of the result
                init.append(self.seed if self.vjp else constant(b, 1.0, s.type))
            elif s in self.entry_only:
                # a placeholder that reverse blocks pass on and never read: the entry's
                # reverse starts the slot afresh (np.* ops stay even when nobody reads
                # them, so no zeros_like here)
                init.append(s)
            elif s in self.full:
                init.append(zeros_like_value(b, s))
            else:
                init.append(self._zero(b, s.type))
        self.regions: dict[Block, list[Block]] = {}
        rev = {blk: self._slot_block(blk.name + ".rev") for blk in fwd
               if blk.terminator.op != "raise"}
        done = self._slot_block("done")
        if multi:
            dispatch = self._slot_block("dispatch")
            b.br(dispatch, init)
        else:
            b.br(rev[fwd[0]], init)
        for blk in fwd:
            if blk in rev:
                self._reverse_block(blk, rev[blk], done if blk is g.entry else
                                    dispatch if multi else done)
        if multi:
            self._dispatch(dispatch, rev, done)
        self._done(done)
        _prune(g, [r for blk in rev for r in self.regions[blk]])
        if multi:
            self._tapes(rev)

    def _slot_block(self, name: str) -> Block:
        blk = self.g.new_block(name)
        for s in self.slots:
            blk.add_param(BlockParam(s.type, "d." + s.name if s.name else "d"))
        return blk

    def _zero(self, b: Builder, t: Type) -> Value:
        """A zero adjoint of type t (for tensors: shape (1, ..., 1), broadcast where read;
        for tuples: a tuple of its elements' zeros)."""
        if isinstance(t, TensorType):
            return self.zeros[t]
        if isinstance(t, TupleType):
            return emit(b, "tuple", *[self._zero(b, e) for e in t.elems])
        if t in (I64, I1):
            return Const(t, 0 if t == I64 else False)
        return constant(b, 0.0, t)

    def _reverse_block(self, blk: Block, rb: Block, after: Block) -> None:
        # a rule may make blocks of its own (a loop): they belong to this reverse region
        start = len(self.g.blocks)
        b = Builder(self.g, rb)
        active = self.active
        # acc: value -> (adjoint, may be a (1, ..., 1) zero); slots start as the parameters
        acc: dict[Value, tuple[Value, bool] | None] = {
            s: (p, has_tensor(s.type) and s not in self.full)
            for s, p in zip(self.slots, rb.params)}
        if blk is self.g.entry:
            for s in self.entry_only:
                acc[s] = None

        def add(v: Value, adj: Value, small: bool = False) -> None:
            if v not in active or adj is None:
                return
            if adj.type != v.type:
                if not (v.type in FLOAT_SCALARS and adj.type in FLOAT_SCALARS):
                    raise CompileError(f"internal: an adjoint of type {adj.type} for a "
                                       f"{v.type}", b.span)
                adj = emit(b, "cast", adj, type=v.type)
            old = acc.get(v)
            if old is None:
                acc[v] = (adj, small)
            else:
                acc[v] = (_accumulate(b, old[0], adj), old[1] and small)

        term = blk.terminator
        b.span = term.span
        if term.op == "br":
            t = term.targets[0]
            for p, a in zip(t.block.params, t.args):
                if p in active and acc.get(p) is not None:
                    adj, small = acc[p]
                    acc[p] = None
                    add(a, adj, small)
        for i in reversed(blk.instrs[:-1]):
            if i in self.reversed_writes:
                b.span = i.span
                self._reverse_write(b, i, acc, add)
                continue
            if i not in active or acc.get(i) is None:
                continue
            adj, small = acc[i]
            acc[i] = None
            b.span = i.span
            if small and has_tensor(i.type):
                # a slot's zero is (1, ..., 1): give the rule an adjoint of y's shape
                adj = _widen(b, adj, i)
            rule = self._call_rule if i.op == "call" else OPS[i.op].derivative
            try:
                adjs = rule(b, i, adj)
            except NotImplementedError as e:
                raise CompileError(f"cannot differentiate {i.op}: {e}", i.span) from None
            assert len(adjs) == len(i.args), f"the rule of {i.op} gave {len(adjs)} adjoints"
            for a, d in zip(i.args, adjs):
                add(a, d)
        b.span = term.span
        out = []
        for s in self.slots:
            cur = acc.get(s)
            if cur is None:
                # (a full slot is back to zero only once its value's definition is reversed:
                # nothing reads it after that)
                out.append(self._zero(b, s.type))
            else:
                out.append(cur[0])
        b.br(after, out)
        self.regions[blk] = [rb] + self.g.blocks[start:]

    def _reverse_write(self, b: Builder, i: Instr, acc: dict, add) -> None:
        """The reverse of a write into a fresh array t (acc: the adjoints so far, of t after
        the write; they become those of t before it).
            t[idx] = v:  dv = g[idx] (summed back to v's shape);  g[idx] = 0 in a copy of g
            t += y:      the rule of t + y (t -= y: of t - y); t's adjoint is g again"""
        t = write_target(i)
        cur = acc.get(t)
        extra = acc.get(i) if i.has_result else None
        if extra is not None:
            acc[i] = None           # the out= result names t after the write
            cur = extra if cur is None else (_accumulate(b, cur[0], extra[0]), cur[1] and extra[1])
        if cur is None:
            return
        g, small = cur
        if small:
            g = _widen(b, g, t)
        if i.op == "np.setitem":
            v, index = i.args[1], i.args[2:]
            dv = None
            if wants(v):
                part = emit(b, "np.getitem", g, *index, pattern=i.attrs["pattern"])
                dv = fit(b, part, v)
            if self.reversed_writes[i]:
                # the elements written have no earlier value to pass an adjoint to
                g = emit(b, "np.copy", g, static="{}")
                emit(b, "np.setitem", g, Const(F64, 0.0), *index, pattern=i.attrs["pattern"])
            acc[t] = (g, False)
            add(v, dv)
            return
        st = {k: x for k, x in i.static().items() if k != "out"}
        functional = Instr(i.op, i.args, i.type, {**i.attrs, "static": repr(st)}, span=i.span)
        adjs = OPS[i.op].derivative(b, functional, g)
        acc[t] = None
        for a, d in zip(i.args, adjs):
            add(a, d)

    def _call_rule(self, b: Builder, call: Instr, adj: Value) -> list[Value | None]:
        # d h(args) = h.vjp(args, g): one adjoint per float parameter of h
        vjp = self.shared.vjps[call.attrs["callee"]]
        h = self.module[call.attrs["callee"]]
        positions = vjp_param_positions(h)
        types = TupleType(tuple(h.params[k].type for k in positions))
        t = b.emit("call", list(call.args) + [adj], types, {"callee": vjp})
        out: list[Value | None] = [None] * len(call.args)
        for n, k in enumerate(positions):
            out[k] = emit(b, "tuple.get", t, Const(I64, n))
        return out

    def _dispatch(self, dispatch: Block, rev: dict[Block, Block], done: Block) -> None:
        g = self.g
        b = Builder(g, dispatch)
        bt = Instr("list.new", [Const(I64, 0)], ListType(I64), name="block.tape")
        g.entry.instrs.insert(0, bt)
        bt.block = g.entry
        state = list(dispatch.params)
        n = emit(b, "list.len", bt)
        empty = emit(b, "eq", n, Const(I64, 0))
        pop = self._slot_block("pop")
        b.cbr(empty, rev[g.entry], pop, state, state)
        b.at(pop)
        k = emit(b, "list.pop", bt)
        state = list(pop.params)
        others = [blk for blk in self.forward if blk in rev and blk is not g.entry]
        for idx, blk in enumerate(self.forward):
            if blk is g.entry:
                continue
            push = Instr("list.append", [bt, Const(I64, idx)], span=blk.instrs[0].span)
            push.block = blk
            blk.instrs.insert(0, push)
        for n_, blk in enumerate(others):
            idx = self.forward.index(blk)
            if n_ == len(others) - 1:
                b.br(rev[blk], state)
                break
            nxt = self._slot_block("pop")
            c = emit(b, "eq", k, Const(I64, idx))
            b.cbr(c, rev[blk], nxt, state, state)
            b.at(nxt)
            state = list(nxt.params)
        if not others:
            b.br(rev[g.entry], state)

    def _done(self, done: Block) -> None:
        g = self.g
        b = Builder(g, done)
        by_slot = dict(zip(self.slots, done.params))
        results: list[Value] = [] if self.vjp else [self.result]
        for k in self.wrt:
            p = g.params[k]
            if p in by_slot:
                results.append(by_slot[p])
            elif isinstance(p.type, TensorType):
                results.append(emit(b, "np.zeros_like", p, static="{}"))
            else:
                results.append(constant(b, 0.0, p.type))
        b.ret(emit(b, "tuple", *results))

    def _tapes(self, rev: dict[Block, Block]) -> None:
        """Forward values a reverse block reads that are not there everywhere: pushed at
        the end of their forward block, popped at the start of its reverse."""
        g = self.g
        forward_values: dict[Value, Block] = {}
        for blk in self.forward:
            for p in blk.params:
                forward_values[p] = blk
            for i in blk.instrs:
                forward_values[i] = blk
        tapes: dict[Type, Instr] = {}
        for blk, rb in rev.items():
            if blk in self.once:
                continue
            needed: list[Value] = []
            seen = set()
            region = self.regions[blk]
            for i in (i for r in region for i in r.instrs):
                for v in i.operands():
                    d = forward_values.get(v)
                    if d is None or d in self.once or v in seen:
                        continue
                    seen.add(v)
                    needed.append(v)
            if not needed:
                continue
            term = blk.instrs.pop()
            # a tuple goes on the tapes as its elements (lists hold numbers and arrays)
            leaves: list[Value] = []
            trees = [_flatten(blk, v, term.span, leaves) for v in needed]

            def tape_of(t: Type) -> Instr:
                tape = tapes.get(t)
                if tape is None:
                    tape = tapes[t] = Instr("list.new", [Const(I64, 0)], ListType(t),
                                            name="tape")
                    tape.block = g.entry
                    g.entry.instrs.insert(0, tape)
                return tape
            for v in leaves:
                blk.append(Instr("list.append", [tape_of(v.type), v], span=term.span))
            blk.append(term)
            pops: list[Instr] = []
            popped_leaves: dict[Value, Value] = {}
            for v in reversed(leaves):
                pop = Instr("list.pop", [tapes[v.type]], v.type, span=term.span, name=v.name)
                pop.block = rb
                pops.append(pop)
                popped_leaves[v] = pop
            popped = {v: _rebuild(rb, pops, tree, v.type, popped_leaves, term.span)
                      for v, tree in zip(needed, trees)}
            for r in region:
                for i in r.instrs:
                    i.replace_uses(popped)
            rb.instrs[0:0] = pops


def _flatten(blk: Block, v: Value, span, leaves: list[Value]):
    """v's leaves (v itself unless it is a tuple), read at the end of blk and appended to
    `leaves`; returns v's tree of them (a leaf, or a list of its elements' trees)."""
    if not isinstance(v.type, TupleType):
        leaves.append(v)
        return v
    tree = []
    for k, t in enumerate(v.type.elems):
        e = Instr("tuple.get", [v, Const(I64, k)], t, span=span)
        blk.append(e)
        tree.append(_flatten(blk, e, span, leaves))
    return tree


def _rebuild(rb: Block, into: list[Instr], tree, t: Type, popped: dict, span) -> Value:
    """The value of type t again from its tree of popped leaves (`into`: the instructions
    that start rb)."""
    if not isinstance(tree, list):
        return popped[tree]
    elems = [_rebuild(rb, into, sub, e, popped, span) for sub, e in zip(tree, t.elems)]
    tup = Instr("tuple", elems, t, span=span)
    tup.block = rb
    into.append(tup)
    return tup


def _prune(g: Function, blocks: list[Block]) -> None:
    """Drop what the rules computed for operands that carry no gradient: np.* ops may
    raise, so dead-code elimination keeps them, but here their operands have the shapes
    the forward sweep checked."""
    while True:
        used: set[Value] = set()
        for i in g.instructions():
            used.update(i.operands())
        removed = False
        for blk in blocks:
            keep = [i for i in blk.instrs if i in used or not i.has_result
                    or not (i.op.startswith("np.") or OPS[i.op].effect == PURE)]
            if len(keep) != len(blk.instrs):
                blk.instrs = keep
                removed = True
        if not removed:
            return


def _accumulate(b: Builder, x: Value, y: Value) -> Value:
    # adjoints of a value used twice add up (tuples: element by element, where a zero
    # a tuple.get rule made for the other elements is skipped)
    if isinstance(x.type, TupleType):
        out = []
        for k, t in enumerate(x.type.elems):
            xe, ye = _element(b, x, k), _element(b, y, k)
            if not carried(t) or made_zero(ye):
                out.append(xe)
            elif made_zero(xe):
                out.append(ye)
            else:
                out.append(_accumulate(b, xe, ye))
        return emit(b, "tuple", *out)
    if isinstance(x.type, TensorType) or x.type not in (F64, F32):
        return emit(b, "np.add", x, y, static="{}")
    return emit(b, "add", x, y)


def _element(b: Builder, t: Value, k: int) -> Value:
    """t[k], read from the `tuple` that made t when there is one."""
    if isinstance(t, Instr) and t.op == "tuple":
        return t.args[k]
    return emit(b, "tuple.get", t, Const(I64, k))


def _widen(b: Builder, adj: Value, like: Value) -> Value:
    """adj, whose arrays may be a slot's (1, ..., 1) zero, broadcast to like's shapes."""
    if isinstance(like.type, TensorType):
        return emit(b, "np.add", adj, emit(b, "np.zeros_like", like, static="{}"), static="{}")
    if isinstance(like.type, TupleType):
        return emit(b, "tuple", *[
            _widen(b, _element(b, adj, k), _element(b, like, k)) if has_tensor(t)
            else _element(b, adj, k) for k, t in enumerate(like.type.elems)])
    return adj


def _tensor_types(t: Type) -> list[Type]:
    if isinstance(t, TensorType):
        return [t]
    if isinstance(t, TupleType):
        return [u for e in t.elems for u in _tensor_types(e)]
    return []


def _blocks_in_cycles(blocks: list[Block]) -> set[Block]:
    """The blocks from which a path leads back to themselves."""
    out = set()
    for start in blocks:
        seen, work = set(), list(start.successors())
        while work:
            b = work.pop()
            if b is start:
                out.add(start)
                break
            if b in seen:
                continue
            seen.add(b)
            work.extend(b.successors())
    return out
