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
What may be merged:
- PURE ops (`ops.OPS[op].effect == PURE`): always.
- READ ops (list.len, list.get, list.eq) read memory that writes change.  A read is merged
  across blocks when nothing in the whole function can change what it reads: no `call`, and
  no write to a list of the same type that may be the same object.  list.len only changes
  with list.append/pop/pop_at; list.get and list.eq also with list.set.  Two lists are
  surely different objects when one is made by an allocation (list.new, list.fill,
  list.repeat, list.copy) and the other is another allocation or a function parameter
  (which existed before the allocation ran).  Otherwise a read is merged only with an
  earlier read in the same block with no list write or call in between.
  Any other op that may write (a call, a tensor op, an op this pass does not know) counts
  as writing every list; `print` writes none.
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
    if op in COMMUTATIVE:
        args.sort(key=repr)
    elif op in MIRRORED:
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
    param_a = a in f.entry.params
    param_b = b in f.entry.params
    return (fresh_a and (fresh_b or param_b)) or (fresh_b and param_a)


class _Memory:
    """Which reads no write or call of the function can change."""

    def __init__(self, f: Function):
        self.f = f
        self.calls = False                 # a call or an unknown write: anything may change
        self.writes: list[Instr] = []
        for i in f.instructions():
            if i.op in STORES:
                self.writes.append(i)
            elif writes_anything(i.op):
                self.calls = True
        self.memo: dict[tuple, bool] = {}

    def stable(self, read: Instr) -> bool:
        if self.calls:
            return False
        lists = [a for a in read.args if isinstance(a.type, ListType)]
        k = (read.op,) + tuple(id(a) for a in lists)
        if k not in self.memo:
            clobbers = READS[read.op]
            self.memo[k] = not any(
                w.op in clobbers and w.args[0].type == a.type and not _distinct(w.args[0], a, self.f)
                for w in self.writes for a in lists)
        return self.memo[k]


def number(f: Function) -> bool:
    idom = dominators(f)
    if not idom:
        return False
    children = dominator_tree(idom)
    memory = _Memory(f)
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
        local: dict = {}                   # reads valid until the next write in this block
        kept = []
        for i in block.instrs:
            i.replace_uses(replace)
            effect = ops.OPS[i.op].effect if i.op in ops.OPS else None
            if i.has_result and effect == ops.PURE or (i.op in READS and memory.stable(i)):
                k = key(i)
                earlier = table.get(k)
                if earlier is not None:
                    replace[i] = earlier       # %b = op x, y below %a = op x, y -> %a
                    continue
                table[k] = i
                added.append(k)
            elif i.op in READS:
                k = key(i)
                earlier = local.get(k)
                if earlier is not None:
                    replace[i] = earlier       # same read, no write in between -> %a
                    continue
                local[k] = i
            elif i.op in STORES or writes_anything(i.op):
                local.clear()
            kept.append(i)
        block.instrs = kept
        work.append(("leave", added))
        for c in reversed(children[block]):
            work.append(("enter", c))
    f.replace_uses(replace)
    return bool(replace)
