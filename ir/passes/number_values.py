"""number_values: global value numbering; compute each expression once per dominating path.

Requires: verified IR.  Invalidates: operands (uses of a duplicate read the dominating
original) and instruction lists (the duplicate is deleted).  Keeps: the CFG.

An instruction is replaced by an earlier one that dominates it and computes the same value:
same op, same operands (constants compared by `Const.key()`, so 0.0 and -0.0 differ; other
values by identity after earlier replacements), same attributes and result type.  The walk
goes down the dominator tree with a scoped hash table, so an expression computed in one arm
of an `if` is not reused in the other.  Unreachable blocks are left alone.

Operands are put in a canonical order first, so that equal values get equal keys:
    add/mul/and/or/xor/eq/ne x, y  ==  same op y, x       (commutative, floats included:
                                                             IEEE + * == != are symmetric)
    gt x, y  ==  lt y, x ;  ge x, y  ==  le y, x          (nan: both sides false)
(numeric scalar operands only).
What may be merged:
- PURE ops (`ops.OPS[op].effect == PURE`): always.
- READ ops (list.len, list.get, list.eq) read memory that writes change.  A read is merged
  with a dominating equal read when no instruction that may change what they read lies on
  any path from the first to the second (the blocks reachable from the first without
  passing it again that reach the second; a loop around the second counts whole).
  list.len only changes with list.append/pop/pop_at of a list of the same type that may be
  the same object; list.get and list.eq also with list.set.  Two lists are surely different
  objects when one is made by an allocation (list.new, list.fill, list.repeat, list.copy)
  and the other is another allocation or a function parameter (which existed before the
  allocation ran).  Any other op that may write (a call, a tensor op, an op this pass does
  not know) counts as writing every list; `print` writes none.  When nothing in the whole
  function changes what a read reads, the path search is skipped.
- ALLOC (each makes a fresh object), WRITE, RAISE, TENSOR and CALL ops: never.
"""
from __future__ import annotations

from pts.ir import ops
from pts.ir.analysis import dominator_tree, dominators
from pts.ir.core import Block, Const, Function, Instr, Module, Value
from pts.ir.types import ListType

COMMUTATIVE = {"add", "mul", "and", "or", "xor", "eq", "ne"}
MIRRORED = {"gt": "lt", "ge": "le"}                 # gt x, y == lt y, x
ALLOCS = {"list.new", "list.fill", "list.repeat", "list.copy"}
RESIZES = {"list.append", "list.pop", "list.pop_at"}        # change a list's length
STORES = RESIZES | {"list.set"}                             # change a list's contents
READS = {"list.len": RESIZES, "list.get": STORES, "list.eq": STORES}   # read -> its clobbers
HARMLESS = {"print"}                                        # writes, but to no list
QUIET = (ops.PURE, ops.ALLOC, ops.READ, ops.RAISE)          # effects that write nothing


def writes_anything(op: str) -> bool:
    """May `op` change some list in a way this pass does not track op by op?"""
    info = ops.OPS.get(op)
    return (info is None or info.effect not in QUIET) and op not in STORES \
        and op not in HARMLESS and op not in ("br", "cbr", "ret", "raise")


def run(module: Module) -> bool:
    changed = False
    for f in module:
        if number(f):
            changed = True
    return changed


def _operand_key(a: Value):
    return ("c", a.key()) if isinstance(a, Const) else ("v", id(a))


def key(i: Instr):
    op = i.op
    args = [_operand_key(a) for a in i.args]
    if op in COMMUTATIVE and i.args[0].type.is_numeric:
        args.sort(key=repr)
    elif op in MIRRORED and i.args[0].type.is_numeric:
        op, args = MIRRORED[op], args[::-1]
    try:
        attrs = tuple(sorted(i.attrs.items()))
        hash(attrs)
    except TypeError:
        attrs = repr(sorted(i.attrs.items()))
    return (op, tuple(args), attrs, i.type)


def _distinct(a: Value, b: Value, f: Function) -> bool:
    """Are a and b surely different list objects?"""
    if a is b:
        return False
    fresh_a = isinstance(a, Instr) and a.op in ALLOCS
    fresh_b = isinstance(b, Instr) and b.op in ALLOCS
    param_a = a.block is f.entry and not isinstance(a, Instr)
    param_b = b.block is f.entry and not isinstance(b, Instr)
    return (fresh_a and (fresh_b or param_b)) or (fresh_b and param_a)


class _Memory:
    """Which instructions may change what a read reads, and where they are."""

    def __init__(self, f: Function):
        self.f = f
        self.writers: set[Instr] = set()       # every instruction that may write a list
        for i in f.instructions():
            if i.op in STORES or writes_anything(i.op):
                self.writers.add(i)
        self.preds = f.predecessors()
        self.stable_memo: dict[tuple, bool] = {}

    def clobbers(self, w: Instr, read: Instr) -> bool:
        if w.op not in STORES:
            return True                        # a call or an unknown write
        if w.op not in READS[read.op]:
            return False                       # list.set keeps lengths
        target = w.args[0]
        return any(isinstance(a.type, ListType) and a.type == target.type
                   and not _distinct(target, a, self.f) for a in read.args)

    def stable(self, read: Instr) -> bool:
        """Does nothing in the function change what `read` reads?"""
        k = (read.op,) + tuple(id(a) for a in read.args)
        if k not in self.stable_memo:
            self.stable_memo[k] = not any(self.clobbers(w, read) for w in self.writers)
        return self.stable_memo[k]

    def clean_between(self, first: Instr, second: Instr) -> bool:
        """No clobber of `second` on any path from `first` to `second` (first dominates)."""
        if not self.writers:
            return True
        a, b = first.block, second.block
        if a is b:
            at, to = a.instrs.index(first), a.instrs.index(second)
            return not self._dirty(a.instrs[at + 1:to], second)
        # blocks a path from first to second can run without running first again
        forward: set[Block] = set()
        work = [s for s in a.successors()]
        while work:
            x = work.pop()
            if x is a or x in forward:
                continue
            forward.add(x)
            work.extend(x.successors())
        backward: set[Block] = set()
        work = list(self.preds[b])
        while work:
            x = work.pop()
            if x is a or x in backward or x not in forward:
                continue
            backward.add(x)
            work.extend(self.preds[x])
        region = backward                      # within forward by construction
        tail = a.instrs[a.instrs.index(first) + 1:]
        head = b.instrs if b in region else b.instrs[:b.instrs.index(second)]
        if self._dirty(tail, second) or self._dirty(head, second):
            return False
        return not any(self._dirty(x.instrs, second) for x in region if x is not b)

    def _dirty(self, instrs: list[Instr], read: Instr) -> bool:
        writers = self.writers
        return any(i in writers and self.clobbers(i, read) for i in instrs)


def number(f: Function) -> bool:
    idom = dominators(f)
    if not idom:
        return False
    children = dominator_tree(idom)
    memory = _Memory(f)
    replace: dict[Value, Value] = {}
    table: dict = {}
    # iterative walk down the dominator tree; ("leave", undo) restores a block's entries
    work: list = [("enter", f.entry)]
    while work:
        action, item = work.pop()
        if action == "leave":
            for k, old in reversed(item):
                if old is None:
                    del table[k]
                else:
                    table[k] = old
            continue
        block: Block = item
        undo: list = []
        kept = []
        for i in block.instrs:
            i.replace_uses(replace)
            info = ops.OPS.get(i.op)
            read = i.op in READS
            if (i.has_result and info is not None and info.effect == ops.PURE) or read:
                k = key(i)
                earlier = table.get(k)
                if earlier is not None and (not read or memory.stable(i)
                                            or memory.clean_between(earlier, i)):
                    replace[i] = earlier       # %b = op x, y below %a = op x, y -> %a
                    continue
                undo.append((k, earlier))      # a read that may differ shadows the older one
                table[k] = i
            kept.append(i)
        block.instrs = kept
        work.append(("leave", undo))
        for c in reversed(children[block]):
            work.append(("enter", c))
    f.replace_uses(replace)
    return bool(replace)
