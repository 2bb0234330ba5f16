"""scalarize_objects: an object nothing else can see becomes its fields' values.

Requires: verified IR (a module: the classes' fields and bases).  Invalidates: operands,
instruction lists and block parameter lists (new parameters carry field values where
paths meet; the CFG is untouched).  Keeps: spans, every other instruction.

After inlining, most short-lived objects of class code (`a - b` of Vectors, a Ray made to
be read) are made, written and read in one function and never leave it.  Such an object
is `%o = obj.new` whose every use, and every use of its `obj.cast`s, is

    obj.get %o {field}    -> the field's value where it is read
    obj.set %o, %v        -> (gone; %v is the field's value from there on)
    obj.isa %o {cls}      -> true / false: the class of %o is the obj.new's
    obj.cast %o           -> (gone, with its own uses handled alike)

Anything else (a call argument, a list or tuple element, the value of another object's
field, a block argument, `ret`, obj.is) lets it escape, and it stays an object (as the
value of a field, until the object holding it goes: the next round sees the reads).

The value of a field at a read is found as SSA construction finds a variable's: the last
obj.set before it in its block, else the value at the block's start — its single incoming
edge's value, or at a join a new block parameter (one per field set on every path there,
each edge passing its value; a walk of the blocks in reverse postorder, no recursion); a
parameter all of whose edges pass one other value is that value.  Only blocks the
obj.new's block dominates can read the object (it is defined there), and every edge into
them but into that block comes from them; at the obj.new no field is set.

Left alone, so that CPython's AttributeError of a read before any write stays whatever
the unchanged code does: an object with a read of a field that some path from the obj.new
reaches unset (a must-be-set dataflow over those blocks).  Left alone for exceptions: an
object written after the first instruction that may raise in a block ending in `try`, or
made there (its handler edge leaves from that instruction, with the values of that point).
"""
from __future__ import annotations

from pts.ir.analysis import dominator_tree, dominators, reverse_postorder, uses
from pts.ir.core import Block, BlockParam, Const, Function, Instr, Module, Target, Value
from pts.ir.exception_ops import may_raise
from pts.ir.object_ops import subclass_of
from pts.ir.types import I1

HANDLED = ("obj.get", "obj.set", "obj.isa", "obj.cast")


def run(module: Module) -> bool:
    changed = False
    for f in module:
        if any(i.op == "obj.new" for i in f.instructions()) and scalarize(f, module):
            changed = True
    return changed


def scalarize(f: Function, module: Module) -> bool:
    users = uses(f)
    idom = dominators(f)
    tree = dominator_tree(idom)
    pos = {i: k for b in f.blocks for k, i in enumerate(b.instrs)}
    order = reverse_postorder(f)
    incoming: dict[Block, list[tuple[Block, Target]]] = {}
    for b in f.blocks:
        for t in (b.terminator.targets if b.terminator is not None else ()):
            incoming.setdefault(t.block, []).append((b, t))
    mapping: dict[Value, Value] = {}
    dead: set[Instr] = set()
    made: list[BlockParam] = []
    for new in [i for i in f.instructions() if i.op == "obj.new"]:
        obj = _private(new, users, idom, tree, pos, incoming)
        if obj is not None:
            _replace(module, obj, [b for b in order if b in obj.region], incoming, mapping,
                     dead, made)
    if not dead:
        return False
    _drop_trivial(made, incoming, mapping)
    for b in f.blocks:
        b.instrs = [i for i in b.instrs if i not in dead]
    f.replace_uses(mapping)
    return True


class _Object:
    """An obj.new whose uses are all HANDLED, and what the rewrite needs to know of it."""

    def __init__(self, new: Instr, aliases: set, accesses: list, region: set, pos: dict):
        self.new = new
        self.pos = pos                  # each instruction's index in its block
        self.aliases = aliases          # the obj.new and its obj.casts
        self.accesses = accesses        # its obj.get / obj.set / obj.isa / obj.cast users
        self.region = region            # the blocks the obj.new's block dominates
        self.sets: dict[Block, list[Instr]] = {}
        self.known: dict[Block, set] = {}   # fields set on every path to a block's start
        for i in sorted(accesses, key=pos.__getitem__):         # (in block order)
            if i.op == "obj.set":
                self.sets.setdefault(i.block, []).append(i)


def _private(new: Instr, users, idom, tree, pos, incoming) -> _Object | None:
    """The object `new` makes, if nothing but HANDLED uses can see it and it qualifies."""
    if new.block not in idom:
        return None
    aliases, accesses, work = {new}, [], [new]
    while work:
        v = work.pop()
        for u in users.get(v, ()):
            if u.op not in HANDLED or u.args[0] is not v or any(a in aliases for a in u.args[1:]):
                return None
            if u.block not in idom:
                return None
            accesses.append(u)
            if u.op == "obj.cast":
                aliases.add(u)
                work.append(u)
    d = new.block
    region, work = set(), [d]
    while work:
        b = work.pop()
        region.add(b)
        work.extend(tree[b])
    # (edges from unreachable blocks into the region would need values of their own)
    if any(p not in idom for b in region if b is not d for p, _ in incoming.get(b, ())):
        return None
    obj = _Object(new, aliases, accesses, region, pos)
    for b in region:
        term = b.terminator
        if term is None or term.op != "try":
            continue
        first = next((k for k, i in enumerate(b.instrs) if may_raise(i)), len(b.instrs))
        late = [i for i in obj.sets.get(b, ()) if pos[i] > first]
        if late or (b is d and pos[new] > first):
            return None
    if not _reads_set_fields(obj, incoming):
        return None
    return obj


def _set_before(obj: _Object, b: Block, stop: int | None = None) -> set:
    """Fields obj.set writes in b before instruction index `stop` (after the obj.new)."""
    start = obj.pos[obj.new] if b is obj.new.block else -1
    return {i.attrs["field"] for i in obj.sets.get(b, ())
            if start < obj.pos[i] < (len(b.instrs) if stop is None else stop)}


def _reads_set_fields(obj: _Object, incoming) -> bool:
    """Does every obj.get read a field set on every path from the obj.new to it?  Keeps
    the fields so set at each block's start in obj.known."""
    d = obj.new.block
    everything = {i.attrs["field"] for i in obj.accesses if i.op == "obj.set"}
    at_start = {b: set(everything) for b in obj.region}
    at_start[d] = set()
    changed = True
    while changed:
        changed = False
        for b in obj.region:
            if b is d:
                continue
            known = set(everything)
            for p, _ in incoming.get(b, ()):
                known &= (set() if p is d else at_start[p]) | _set_before(obj, p)
            if known != at_start[b]:
                at_start[b] = known
                changed = True
    for i in obj.accesses:
        if i.op == "obj.get":
            b = i.block
            here = (set() if b is d else at_start[b]) | _set_before(obj, b, obj.pos[i])
            if i.attrs["field"] not in here:
                return False
    obj.known = at_start
    return True


def _replace(module: Module, obj: _Object, order: list, incoming, mapping: dict, dead: set,
             made: list) -> None:
    """Rewrite obj's reads to values, walking its region in reverse postorder: a block's
    values at its start are its one incoming edge's at that edge's source (which comes
    before it), or at a join a new parameter per field set on every path to it (its edges'
    arguments are filled once every block's end is known)."""
    cls = obj.new.type.name
    types = dict(module.classes[cls])
    d = obj.new.block
    by_block: dict[Block, list[Instr]] = {}
    for i in sorted(obj.accesses, key=obj.pos.__getitem__):
        by_block.setdefault(i.block, []).append(i)
    ends: dict[Block, dict] = {}
    joins: list[tuple[Block, str, BlockParam]] = []
    for b in order:
        if b is d:
            vals: dict = {}
        elif len(incoming[b]) == 1:
            vals = dict(ends[incoming[b][0][0]])
        else:
            vals = {}
            for field in sorted(obj.known[b]):
                p = b.add_param(BlockParam(types[field], f"{obj.new.name or 'obj'}.{field}"))
                made.append(p)
                joins.append((b, field, p))
                vals[field] = p
        for i in by_block.get(b, ()):
            if i.op == "obj.set":
                vals[i.attrs["field"]] = i.args[1]
            elif i.op == "obj.get":
                mapping[i] = vals[i.attrs["field"]]   # (_reads_set_fields: it is there)
            elif i.op == "obj.isa":
                mapping[i] = Const(I1, subclass_of(cls, i.attrs["cls"], module.class_bases))
        ends[b] = vals
    for b, field, p in joins:
        for src, t in incoming[b]:
            t.args.append(ends[src][field])
    dead.update(obj.accesses)
    dead.add(obj.new)


def _drop_trivial(made: list, incoming, mapping: dict) -> None:
    """A new parameter whose edges all pass one value (or itself) is that value."""
    def resolve(v):
        while v in mapping:
            v = mapping[v]
        return v

    gone: set = set()
    changed = True
    while changed:
        changed = False
        for p in made:
            if p in gone:
                continue
            b = p.block
            n = b.params.index(p)
            vals = {resolve(t.args[n]) for _, t in incoming.get(b, ())} - {p}
            if len(vals) == 1:
                mapping[p] = vals.pop()
                for _, t in incoming.get(b, ()):
                    del t.args[n]
                b.params.remove(p)
                gone.add(p)
                changed = True
