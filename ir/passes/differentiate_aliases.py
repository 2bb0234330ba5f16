"""Aliasing and refusals for differentiate: which names each array has, and which in-place
writes, stores and values reverse mode cannot follow (each a CompileError at its span, never
a wrong gradient).

Contract: `AliasesAndRefusals` is a mixin of differentiate's _Differentiator; it reads
`self.forward` (the forward blocks), `self.g`, `self.active` and fills `self.root`,
`self.members`, `self.writes`, `self.uses`, `self.holders` (`_aliases`), which `_analyze`
and the backward sweep read.  The op sets below are the facts the analysis needs about
ops' rules (which read values, which make views, which store operands away).
"""
from __future__ import annotations

from pts.errors import CompileError
from pts.ir.analysis import Partition
from pts.ir.core import BlockParam, Const, Instr, Value
from pts.ir.scalar_derivatives import FLOAT_SCALARS, carried
from pts.ir.types import F16, F32, F64, ListType, TensorType, TupleType, Type, py_name


def differentiable(t: Type) -> bool:
    """Can a value of type t carry a gradient?"""
    return t in FLOAT_SCALARS or (isinstance(t, TensorType) and t.dtype in (F32, F64))


_SYMBOL = {"np.multiply": "*", "np.true_divide": "/", "np.power": "**", "np.floor_divide": "//",
           "np.remainder": "%"}


def write_target(i: Instr) -> Value | None:
    """The array an in-place instruction writes into (x[...] = v, out=), or None."""
    if i.op == "np.setitem":
        return i.args[0]
    if i.op.startswith("np.") and "out" in i.static():
        return i.args[i.static()["out"]]
    return None


# ops that make an array of their own, whose values carry no gradient unless an operand does
CREATIONS = frozenset("np.zeros np.ones np.empty np.full np.zeros_like np.ones_like "
                      "np.empty_like np.full_like".split())
# ops whose rules read only the shapes of their operands and result, not their values: an
# in-place write after them does not change what the backward sweep computes
SHAPE_ONLY = frozenset("np.add np.subtract np.negative np.positive np.sum np.mean np.reshape "
                       "np.ravel np.transpose np.swapaxes np.expand_dims np.squeeze np.copy "
                       "np.astype np.getitem np.sum_to np.concatenate np.stack np.item "
                       "np.full_like np.zeros_like np.ones_like np.empty_like tuple tuple.get "
                       "select".split())
# ops whose rules read their operands' values but not their result's
RESULT_FREE = frozenset("np.multiply np.maximum np.minimum np.clip np.where np.remainder "
                        "np.absolute np.square np.log np.log1p np.sin np.cos np.matmul np.dot "
                        "np.var np.prod call".split())
# ops whose result may be a view of (share memory with) their first operand
VIEW_OPS = frozenset("np.getitem np.reshape np.ravel np.transpose np.swapaxes np.expand_dims "
                     "np.squeeze np.astype select tuple tuple.get list.get list.pop".split())
# ops that store their operands somewhere the backward sweep cannot follow
STORES = {"list.append": "append it to a list", "list.set": "store it in a list",
          "list.fill": "store it in a list", "attr.set": "store it in an attribute"}


def own_array(name: str) -> bool:
    """Does an entry parameter of this name hold an array no other parameter holds?  A
    model's lifted attribute ("self.<path>", lift_attributes: one per attribute) and an
    array a trace read besides its inputs ("captured.<k>", pts.trace_state: one per array).
    (Neither is a Python parameter's name.)"""
    return name.startswith(("self.", "captured."))


class AliasesAndRefusals:
    """The names of arrays and what differentiate refuses (a mixin of _Differentiator)."""

    def _aliases(self) -> None:
        """The names of each array (`root`, `members`): views, block parameters and the
        values passed to them, results of out= ops; the tuples holding each value
        (`holders`), the writes into each array (`writes`) and the uses of each value
        (`uses`)."""
        names = Partition()
        find, union = names.find, names.union
        self.uses: dict[Value, list[Instr]] = {}
        self.holders: dict[Value, list[Instr]] = {}
        for b in self.forward:
            for i in b.instrs:
                for v in i.operands():
                    self.uses.setdefault(v, []).append(i)
                for t in i.targets:
                    for p, a in zip(t.block.params, t.args):
                        if not isinstance(a, Const) and has_tensor(a.type):
                            union(p, a)
                if i.op == "tuple":
                    # a tuple holds its elements without making them one array
                    for a in i.args:
                        if not isinstance(a, Const) and has_tensor(a.type):
                            self.holders.setdefault(a, []).append(i)
                elif i.op == "tuple.get" and isinstance(i.args[0], Instr) \
                        and i.args[0].op == "tuple":
                    a = i.args[0].args[i.args[1].value]
                    if not isinstance(a, Const) and has_tensor(a.type):
                        union(i, a)
                elif i.op in VIEW_OPS and has_tensor(i.type):
                    # (select may be either operand)
                    for a in (i.args if i.op == "select" else i.args[:1]):
                        if not isinstance(a, Const) and has_tensor(a.type):
                            union(i, a)
                target = write_target(i)
                if target is not None and i.has_result:
                    union(i, target)
        self.root = find
        self.members: dict[Value, list[Value]] = {}
        self.writes: dict[Value, list[Instr]] = {}
        for b in self.forward:
            for v in list(b.params) + b.instrs:
                if v.type is not None:
                    self.members.setdefault(find(v), []).append(v)
            for i in b.instrs:
                target = write_target(i)
                if target is not None:
                    self.writes.setdefault(find(target), []).append(i)

    def _names(self, v: Value) -> list[Value]:
        """Every name of v's array: its root's members, and those of the tuples that hold
        one of them (and of the tuples holding those)."""
        names = list(self.members.get(self.root(v), [v]))
        seen = set(names)
        for n in names:                       # (grows while walked)
            for h in self.holders.get(n, ()):
                for m in self.members.get(self.root(h), [h]):
                    if m not in seen:
                        seen.add(m)
                        names.append(m)
        return names

    def _refuse_uncarried(self, v: Value, varied: set[Value], useful: set[Value]) -> None:
        # a tuple that holds a gradient next to something without a zero (a str, a list)
        if isinstance(v.type, TupleType) and v in varied and v in useful \
                and may_hold_float(v.type) and not carried(v.type):
            raise CompileError(f"cannot differentiate through a value of type "
                               f"{py_name(v.type)}: a tuple carries gradients only when it "
                               f"holds numbers, arrays and tuples of them",
                               getattr(v, "span", None))

    def _refuse(self, i: Instr, varied: set[Value], useful: set[Value]) -> None:
        if i.type is not None and holds_half(i.type) and any(a in varied for a in i.args):
            raise CompileError("cannot differentiate through float16: pts computes no "
                               "gradients of float16 values (keep the values a gradient "
                               "flows through in float32 or float64)", i.span)
        stored = i.args if i.op == "attr.set" else i.args[1:]
        if i.op in STORES and any(a in varied and may_hold_float(a.type) for a in stored) \
                and (i.op == "attr.set" or i.args[0] in useful or i in useful):
            raise CompileError(f"cannot differentiate through a value stored in a list or "
                               f"attribute: pts.grad cannot follow it ({STORES[i.op]})", i.span)
        # a write into a parameter array the result never reads (BatchNorm's running
        # statistics in training mode) carries no gradient: allowed, like torch's no_grad
        untracked = i.op == "np.setitem" and isinstance(i.args[0], BlockParam) \
            and i.args[0] not in useful
        target = write_target(i)
        if target is None or untracked or not any(a in varied for a in i.args):
            return
        # a write that carries a gradient: reversed (ReverseWrite) when its target is a
        # fresh local array that no older name of it reads afterwards
        if i.op != "np.setitem" and i.op not in ("np.add", "np.subtract"):
            raise CompileError(f"cannot differentiate an in-place {i.op} (out=, x *= y "
                               f"on an array) of an array that carries a gradient: write "
                               f"x = x {_SYMBOL.get(i.op, 'op')} y instead", i.span)
        members = self.members[self.root(target)]
        if any(isinstance(m, BlockParam) and m.block is self.g.entry for m in members):
            raise CompileError("cannot differentiate an in-place write (x[...] = v, x += y) "
                               "into an argument array, or of a value that carries a "
                               "gradient into one: write into a new array (np.copy) instead",
                               i.span)
        for m in self._names(target):
            if m is target or m is i:
                continue
            since = m if isinstance(m, Instr) else (m.block.instrs[0] if m.block.instrs else None)
            for u in self.uses.get(m, ()):
                if u is i or not (u.is_terminator or u in useful or not u.has_result):
                    continue
                if may_run_after(i, u, since):
                    raise CompileError(
                        "cannot differentiate an in-place write (x[...] = v, x += y) into an "
                        "array that another name (a view, an earlier value) reads afterwards, "
                        "when the write carries a gradient: write into a new array instead",
                        i.span)

    def _refuse_writes_read_by_backward(self) -> None:
        """An in-place write into an array the backward sweep reads (an operand or result of
        an active instruction), or into a view of one, would change what the rules read."""
        names = Partition()
        find, union = names.find, names.union
        # the caller may pass one array twice; a model's lifted arrays and a trace's
        # captured ones are distinct (BatchNorm writes its running statistics while the
        # weights are read)
        params = [p for p in self.g.params if isinstance(p.type, TensorType)
                  and not own_array(p.name or "")]
        for p in params[1:]:
            union(p, params[0])
        for b in self.forward:
            for i in b.instrs:
                for t in i.targets:
                    for p, a in zip(t.block.params, t.args):
                        if not isinstance(a, Const):
                            union(p, a)
                if i.op in VIEW_OPS and i.args and not isinstance(i.args[0], Const):
                    union(i, i.args[0])
                    if i.op in ("select", "tuple"):
                        for a in i.args[1:]:
                            if not isinstance(a, Const):
                                union(i, a)
                if i.op.startswith("np.") and "out" in i.static():
                    union(i, i.args[i.static()["out"]])
        readers: dict[Value, list[Instr]] = {}
        for b in self.forward:
            for i in b.instrs:
                if i in self.active:
                    for v in self._values_read(i):
                        readers.setdefault(find(v), []).append(i)
        # an array made afresh by one instruction (np.zeros in a loop's body) is another
        # array each time that instruction runs again
        members: dict[Value, list[Value]] = {}
        for b in self.forward:
            for v in list(b.params) + b.instrs:
                if v.type is not None and not isinstance(v, Const):
                    members.setdefault(find(v), []).append(v)
        for p in self.g.params:
            members.setdefault(find(p), []).append(p)

        def fresh(root: Value) -> Instr | None:
            allocs = [v for v in members.get(root, ()) if isinstance(v, Instr)
                      and v.op.startswith("np.") and v.op not in VIEW_OPS
                      and "out" not in v.static()]
            if len(allocs) != 1 or any(isinstance(v, BlockParam) for v in members[root]):
                return None
            return allocs[0]
        for b in self.forward:
            for i in b.instrs:
                target = None
                if i.op == "np.setitem":
                    target = i.args[0]
                elif i.op.startswith("np.") and "out" in i.static():
                    target = i.args[i.static()["out"]]
                if target is None:
                    continue
                # a write before every read of the array (filling a fresh array) is fine
                root = find(target)
                barrier = fresh(root)
                if any(may_run_after(r, i, barrier) for r in readers.get(root, ())):
                    raise CompileError("cannot differentiate an in-place write into an array "
                                       "the gradient computation reads (or a view of one): "
                                       "write to a copy instead", i.span)

    def _values_read(self, i: Instr) -> list[Value]:
        """The arrays whose values (not only shapes) the rule of active instruction i reads."""
        if i.op in SHAPE_ONLY or i.op in CREATIONS:
            return []
        tensors = [a for a in i.args if isinstance(a.type, TensorType)]
        if i.op in ("np.multiply", "np.matmul", "np.dot") and len(i.args) == 2:
            # d(a * b) = g*b, g*a (d(a @ b) = g @ b.T, a.T @ g): each operand is read for
            # the other's adjoint only
            x, y = i.args
            return [v for v, other in ((x, y), (y, x)) if v in tensors
                    and (other in self.active or v is other)]
        if i.op == "np.true_divide":
            # d(a / b) = g/b, -(g/b) * y
            x, y = i.args
            return ([y] if y in tensors else []) + ([i] if y in self.active else [])
        return tensors + ([] if i.op in RESULT_FREE else [i])


def has_tensor(t: Type) -> bool:
    return isinstance(t, TensorType) or (isinstance(t, TupleType)
                                         and any(has_tensor(e) for e in t.elems))


def holds_half(t: Type) -> bool:
    """Is t float16, an array of it, or a tuple holding one (never differentiable)?"""
    if t == F16 or (isinstance(t, TensorType) and t.dtype == F16):
        return True
    return isinstance(t, TupleType) and any(holds_half(e) for e in t.elems)


def may_hold_float(t: Type) -> bool:
    if differentiable(t):
        return True
    if isinstance(t, TupleType):
        return any(may_hold_float(e) for e in t.elems)
    if isinstance(t, ListType):
        return may_hold_float(t.elem)
    return False


def may_run_after(first: Instr, then: Instr, barrier: Instr | None = None) -> bool:
    """Can `then` run after `first` has run (in one call), without `barrier` running in
    between?"""
    a, b = first.block, then.block

    def before(x: Instr, y: Instr) -> bool:
        return x.block is y.block and x.block.instrs.index(x) < x.block.instrs.index(y)
    if a is b and before(first, then):
        return not (barrier is not None and before(first, barrier) and before(barrier, then))
    if barrier is not None and before(first, barrier):
        return False
    seen, work = set(), list(a.successors())
    while work:
        blk = work.pop()
        if blk in seen:
            continue
        seen.add(blk)
        if blk is b and not (barrier is not None and before(barrier, then)):
            return True
        if barrier is not None and barrier.block is blk:
            continue                  # past here the array is a new one
        work.extend(blk.successors())
    return False
