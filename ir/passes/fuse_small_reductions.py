"""fuse_small_reductions: full sums, minima and maxima of short 1-D elementwise chains,
`m = np.min(d); np.sum(np.exp(d - m))`, compute the chains' elements as they reduce them, in
loops of scalar ops, instead of writing them to temporary arrays and reducing those.

Requires: verified, optimized IR (a late pass, before fuse_tensors, which fuses what this
pass leaves, the original ops on the slow path included).  Invalidates: the block list, CFG,
predecessors and dominators (the reductions' block is split).  Keeps: every instruction of
the group (moved, on the slow path).

Numba's kernel density estimate computes, at each of 50 000 points, a 3-element d, its
minimum m and `np.log(np.sum(np.exp(d - m)))`: the temporaries d and exp(d - m) cost an
allocation, a free and a pass each, and each reduction a call, more than the three exps.

What is matched, in one block: a *group* of reductions `np.sum` / `np.min` / `np.max` with
no static arguments (all axes, no keepdims, dtype or out) of float arrays of rank 1, and
their *members*: the elementwise float ops (CHAIN, rank 1, the block's) they reduce,
transitively, whose every user is a member or a reduction of the group (a reduction that
reads a member joins the group; a value something else reads too is computed as before and
read as a leaf).  The leaves are rank-1 arrays (read element by element) and scalars,
among them earlier reductions of the group (`d - m`).  The block becomes

    ^b:     ...; ok = every array leaf has n0 elements, n0 < 8 (and n0 >= 1 for a min/max)
            cbr ok, ^red.head(0, init), ^red.slow
    per reduction r, in block order (init: 0.0 for sum, +inf for min, -inf for max):
    ^red.head(%j, %acc):  cbr (lt %j, n0), ^red.body, <the next reduction's head, or join>
    ^red.body:  r's members on element j of each leaf (np.getitem, bounds "r": j < n0 is
                the leaf's size), %acc2 = np.add / np.minimum / np.maximum %acc, <element>
                br ^red.head(add %j, 1, %acc2)
    ^red.slow:  the members and the reductions, unchanged; br ^red.join(the reductions)
    ^red.join(%r...): the block's other instructions from the first member on, the rest

Why the results are numpy's, bit for bit: below 8 elements numpy's float sum (pairwise,
@TYPE@_pairwise_sum) is `res = 0.; res += a[i]` in order, and its min/max fold `np.minimum`
/ `np.maximum` over the elements from the first on (NaN propagates; of equal elements,
0.0 and -0.0, the later one is kept), which folding from +-inf gives too; the scalar ops
are the same ufuncs (the same lowering, stdlib math included) on the same elements, of the
arrays' float dtype (checked with the op table's type rule: a Python float meeting float32
stays float32, NEP 50).  With equal-length leaves nothing broadcasts, and CHAIN's ops
raise nothing per element, so the array ops would have raised nothing either.  Everything
else (8 elements or more, an empty min, a leaf of length 1 that broadcasts, a mismatch
numpy raises for) takes the slow path.  Between the first member and the last reduction
may stand only instructions that neither write memory nor raise (fuse_tensors.quiet) or
scalar float ops of CHAIN, none of them read by a member: they move after the group.
"""
from __future__ import annotations

from pts.ir.analysis import uses
from pts.ir.core import Block, BlockParam, Const, Function, Instr, Module, Target, const
from pts.ir.ops import OpTypeError, result_type
from pts.ir.passes.fuse_tensors import quiet
from pts.ir.types import F32, F64, I1, I64, SCALAR_OF_DTYPE, TensorType

# numpy's pairwise sum adds in order, and its min/max reductions fold one by one, below
# this many elements
SMALL = 8
# elementwise float ops whose scalar form (np.OP on numpy scalars) is the same ufunc's
# lowering and which never raise per element on floats
CHAIN = frozenset("""add subtract multiply true_divide negative positive absolute maximum
minimum square power exp log log1p expm1 sqrt tanh sin cos""".split())
# reduction -> (the scalar op folding an element into the accumulator, the initial value)
FOLD = {"np.sum": ("np.add", 0.0), "np.min": ("np.minimum", float("inf")),
        "np.max": ("np.maximum", float("-inf"))}


def run(module: Module) -> bool:
    changed = False
    for f in module:
        done: set = set()               # reductions seen (those on a slow path included)
        while _fuse_one(f, done):
            changed = True
    return changed


def _float_vector(v) -> bool:
    t = v.type
    return isinstance(t, TensorType) and t.rank == 1 and t.dtype in (F32, F64)


def _reduction(i, b: Block) -> bool:
    return isinstance(i, Instr) and i.block is b and i.op in FOLD and len(i.args) == 1 and \
        not i.static() and _float_vector(i.args[0]) and \
        i.type == SCALAR_OF_DTYPE[i.args[0].type.dtype]


def _chain_op(i, b: Block) -> bool:
    return isinstance(i, Instr) and i.block is b and i.op.startswith("np.") and \
        i.op[3:] in CHAIN and not i.static() and _float_vector(i)


def _scalar_float_op(i: Instr) -> bool:
    return i.op.startswith("np.") and i.op[3:] in CHAIN and not i.static() and \
        not isinstance(i.type, TensorType) and \
        not any(isinstance(a.type, TensorType) for a in i.args)


def _fuse_one(f: Function, done: set) -> bool:
    users = uses(f)
    for b in f.blocks:
        for s in b.instrs:
            if s not in done and _reduction(s, b):
                group = _group(b, s, users)
                done.update(group[0] if group else [s])
                if group is not None and _transform(f, b, *group):
                    return True
    return False


def _group(b: Block, s: Instr, users: dict):
    """(reductions, members, moved) in block order, or None: the group s starts, and the
    other instructions between its first member and its last reduction."""
    reductions, excluded = {s}, set()
    while True:
        members: set = set()
        work = [r.args[0] for r in reductions]
        while work:
            v = work.pop()
            if v not in members and v not in excluded and _chain_op(v, b):
                members.add(v)
                work.extend(v.args)
        grown = False
        for m in members:
            for u in users.get(m, []):
                if u in members or u in reductions:
                    continue
                if _reduction(u, b):
                    reductions.add(u)
                else:
                    excluded.add(m)
                grown = True
        if not grown:
            break
    if not members:
        return None
    pos = {i: n for n, i in enumerate(b.instrs)}
    inside = members | reductions
    first = min(pos[i] for i in inside)
    last = max(pos[r] for r in reductions)
    moved = [i for i in b.instrs[first:last] if i not in inside]
    read = {a for m in members for a in m.args}
    if any(i in read or not (quiet(i) or _scalar_float_op(i)) for i in moved):
        return None
    order = sorted(inside, key=pos.__getitem__)
    return [i for i in order if i in reductions], [i for i in order if i in members], moved


def _transform(f: Function, b: Block, reductions: list, members: list, moved: list) -> bool:
    span = reductions[-1].span
    group = set(reductions) | set(members)
    tensors: list = []
    for m in members:
        for a in m.args:
            if a not in group and isinstance(a.type, TensorType) and a not in tensors:
                if a.type.rank != 1:
                    return False
                tensors.append(a)
    for r in reductions:
        a = r.args[0]
        if a not in group and a not in tensors:
            tensors.append(a)
    if not tensors:
        return False
    # the scalar types: a group whose scalar ops would change dtype stays as it is
    vtype: dict = {}
    for t in tensors:
        try:
            vtype[t] = result_type("np.getitem", [t.type, I64], {"pattern": "i"})
        except OpTypeError:
            return False
    for m in members:
        try:
            st = result_type(m.op, [vtype.get(a, a.type) for a in m.args], m.attrs)
        except OpTypeError:
            return False
        if st != SCALAR_OF_DTYPE[m.type.dtype]:
            return False
        vtype[m] = st

    original = [i for i in b.instrs if i in group]
    at = b.instrs.index(reductions[-1])
    rest = b.instrs[at + 1:]
    b.instrs[:] = [i for i in b.instrs[:at] if i not in group and i not in moved]
    join = f.new_block(b.name + ".red.join")
    results = [join.add_param(BlockParam(r.type, (r.name or "red") + ".r")) for r in reductions]
    slow = f.new_block(b.name + ".red.slow")
    new = []

    def emit(blk: Block, op: str, args: list, typ, attrs=None, targets=None) -> Instr:
        return blk.append(Instr(op, args, typ, attrs, targets=targets, span=span))

    # the test, in b
    sizes = []
    for t in tensors:
        shape = emit(b, "np.shape", [t], result_type("np.shape", [t.type]), {"static": "{}"})
        sizes.append(emit(b, "tuple.get", [shape, const(0)], I64))
    n0 = sizes[0]
    ok = emit(b, "lt", [n0, const(SMALL)], I1)
    if any(r.op != "np.sum" for r in reductions):
        ok = emit(b, "and", [ok, emit(b, "lt", [const(0), n0], I1)], I1)
    for n in sizes[1:]:
        ok = emit(b, "and", [ok, emit(b, "eq", [n, n0], I1)], I1)
    cond = ok
    # one loop per reduction, in order; a later one reads the earlier ones' values
    fast: dict = {}
    entry = None
    prev_exit = None                    # (the cbr of the previous loop's head, its acc)
    for r in reductions:
        fold, init = FOLD[r.op]
        pre = b if prev_exit is None else f.new_block(b.name + ".red.next")
        if pre is not b:
            new.append(pre)
        start = emit(pre, "cast", [const(init)], r.type)
        head = f.new_block(b.name + ".red.head")
        body = f.new_block(b.name + ".red.body")
        new += [head, body]
        j = head.add_param(BlockParam(I64, "j"))
        acc = head.add_param(BlockParam(r.type, "acc"))
        if pre is b:
            entry = (head, start)
        else:
            emit(pre, "br", [], None, targets=[Target(head, [const(0), start])])
            prev_cbr, prev_acc = prev_exit
            prev_cbr.targets[1] = Target(pre, [])
            fast[prev_r] = prev_acc
        more = emit(head, "lt", [j, n0], I1)
        cbr = emit(head, "cbr", [more], None, targets=[Target(body, []), Target(join, [])])
        val = dict(fast)
        for t in tensors:
            val[t] = emit(body, "np.getitem", [t, j], vtype[t], {"pattern": "i", "bounds": "r"})
        for m in members:
            if m in _within(r.args[0], set(members)):
                val[m] = body.append(Instr(m.op, [val.get(a, a) for a in m.args], vtype[m],
                                           m.attrs, span=m.span))
        acc2 = emit(body, fold, [acc, val[r.args[0]]], r.type, {"static": "{}"})
        j2 = emit(body, "add", [j, const(1)], I64)
        emit(body, "br", [], None, targets=[Target(head, [j2, acc2])])
        prev_exit, prev_r = (cbr, acc), r
    cbr, acc = prev_exit
    fast[prev_r] = acc
    cbr.targets[1] = Target(join, [fast[r] for r in reductions])
    head, start = entry
    emit(b, "cbr", [cond], None, targets=[Target(head, [const(0), start]), Target(slow, [])])
    # the slow path: the members and the reductions as they were
    for m in original:
        slow.append(m)
    emit(slow, "br", [], None, targets=[Target(join, list(reductions))])
    for i in moved + rest:
        i.block = None
        join.append(i)
    # uses of the reductions after the group read the join's parameters
    mapping = dict(zip(reductions, results))
    for blk in f.blocks:
        if blk is slow or blk in new:
            continue
        for i in blk.instrs:
            i.replace_uses(mapping)
    blocks = [x for x in f.blocks if x not in new and x not in (slow, join)]
    k = blocks.index(b)
    f.blocks[:] = blocks[:k + 1] + new + [slow, join] + blocks[k + 1:]
    return True


def _within(v, members: set) -> set:
    """The members v is computed from (v included)."""
    seen: set = set()
    work = [v]
    while work:
        x = work.pop()
        if x in members and x not in seen:
            seen.add(x)
            work.extend(x.args)
    return seen
