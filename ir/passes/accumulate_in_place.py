"""accumulate_in_place: `acc + (zeros_like(x) with v written at idx)` becomes `acc[idx] += v`
when acc's allocation dies there.

Requires: IR after release_tensors (it reads the `tensor.free`s that pass placed).  A late
pass, run once.  Invalidates: instruction lists (the zeros, the scatter, the add and two
frees go; a getitem, an add, a setitem and a free come); uses of the add's result (they read
acc).  Keeps: the CFG, every other `tensor.free`.

Why: the backward sweep of `x[i]` read in a loop (an RNN over time steps, rows of a batch)
adds the adjoint of each read into x's adjoint as a whole array - ir.tensor_derivatives'
getitem rule gives `dx = zeros_like(x); dx[idx] = g` and differentiate accumulates `acc +
dx` - which costs O(size of x) per iteration and so O(trip count * size) in all.  Adding g
into acc's rows instead costs O(size of g).

The rewrite, within one block:

    %z = np.zeros_like %x
    np.setitem %z, %v, idx...            =>     %p = np.getitem %acc, idx...
                                                %q = np.add %p, %v
                                                np.setitem %acc, %q, idx...
                                                tensor.free %q
    %s = np.add %acc, %z  (or a kernel
         whose body is that one add)            (uses of %s read %acc)
    tensor.free %z
    tensor.free %acc

It holds when: %z is used only by the setitem, the add and its free; nothing between the
setitem and the add reads acc (the sum is made where the setitem was: the value written may
be freed right after it); the add's `tensor.free %acc` (no keeps) follows it in the block - release_tensors frees an allocation only where no
name of it (a view, a tuple holding it) is read again, so nobody else sees acc change; acc,
%z and the sum have one type (no promotion), and %v the dtype; and acc has x's shape, so
that acc + z is not a broadcast to a bigger array.  Shapes are decided by `_same_shape`: the
values provably of x's shape (x, *_like(x) of one of them, an add of two of them, a block parameter all of whose incoming values are) - the greatest such set, which
is sound because each value is made from values computed before it.
"""
from __future__ import annotations

from pts.ir.core import Block, BlockParam, Builder, Const, Function, Instr, Module, Value
from pts.ir.scalar_derivatives import emit
from pts.ir.types import TensorType

LIKE = frozenset("np.zeros_like np.ones_like np.empty_like np.full_like np.copy".split())


def run(module: Module) -> bool:
    changed = False
    for f in module.functions.values():
        changed |= _rewrite(module, f)
    return changed


def _adds(module: Module, i: Instr) -> bool:
    """Is instruction i `np.add a, b` of two tensors (also as a kernel of that one add)?"""
    if i.op == "np.add":
        return not i.static() and len(i.args) == 2
    if i.op != "kernel":
        return False
    k = module.functions.get(i.attrs.get("callee"))
    if k is None or len(k.blocks) != 1 or len(k.blocks[0].instrs) != 2 or len(i.args) != 2:
        return False
    add, ret = k.blocks[0].instrs
    return (add.op == "np.add" and not add.static() and ret.op == "ret" and ret.args == [add]
            and set(add.args) == set(k.params) and len(set(add.args)) == 2)


def _rewrite(module: Module, f: Function) -> bool:
    changed = False
    shapes: dict[Value, set] | None = None
    for blk in f.blocks:
        k = 0
        while k < len(blk.instrs):
            s = blk.instrs[k]
            k += 1
            if not _adds(module, s) or not isinstance(s.type, TensorType):
                continue
            found = _match(f, blk, s)
            if found is None:
                continue
            z, write, acc, frees = found
            if shapes is None:
                shapes = _same_shape(module, f)
            if z.args[0] not in shapes.get(acc, ()):
                continue
            _apply(f, blk, s, z, write, acc, frees)
            changed = True
            k = 0
    return changed


def _match(f: Function, blk: Block, s: Instr):
    """(z, the setitem, acc, the two frees) when add s fits the rewrite, else None."""
    for z, acc in (s.args, reversed(s.args)):
        if not (isinstance(z, Instr) and z.op == "np.zeros_like" and z.block is blk
                and z.type == s.type == acc.type and not isinstance(acc, Const)):
            continue
        uses = [i for b in f.blocks for i in b.instrs if z in i.operands()]
        writes = [i for i in uses if i.op == "np.setitem" and i.args[0] is z]
        if len(writes) != 1 or z in writes[0].args[1:]:
            continue
        write = writes[0]
        v = write.args[1]
        dtype_ok = v.type == acc.type.dtype or (isinstance(v.type, TensorType)
                                                and v.type.dtype == acc.type.dtype)
        pos = blk.instrs.index
        if not (dtype_ok and write.block is blk and pos(z) < pos(write) < pos(s)):
            continue
        after = blk.instrs[pos(s) + 1:]
        free_z = [i for i in uses if i.op == "tensor.free" and i.args == [z]]
        free_acc = next((i for i in after if i.op == "tensor.free" and i.args == [acc]), None)
        if len(uses) != 2 + len(free_z) or free_acc is None or len(free_z) != 1:
            continue
        # nothing between the add and acc's free reads acc (it is then dead at the add), and
        # nothing between the write and the add: the sum is made where the write was (the
        # value written may be freed right after it)
        if any(acc in i.operands() for i in after[:after.index(free_acc)]):
            continue
        if any(acc in i.operands() for i in blk.instrs[pos(write) + 1:pos(s)]):
            continue
        if isinstance(acc, Instr) and acc.block is blk and pos(acc) > pos(write):
            continue
        return z, write, acc, free_z + [free_acc]
    return None


def _apply(f: Function, blk: Block, s: Instr, z: Instr, write: Instr, acc: Value,
           frees: list[Instr]) -> None:
    index = write.args[2:]
    pattern = write.attrs["pattern"]
    scratch = Builder(f, Block("scratch"))
    scratch.span = write.span
    part = emit(scratch, "np.getitem", acc, *index, pattern=pattern)
    total = emit(scratch, "np.add", part, write.args[1], static="{}")
    emit(scratch, "np.setitem", acc, total, *index, pattern=pattern)
    if isinstance(total.type, TensorType):
        emit(scratch, "tensor.free", total)
    new = scratch.block.instrs
    for i in new:
        i.block = blk
    at = blk.instrs.index(write)
    blk.instrs[at:at + 1] = new
    for dead in [z, s, *frees]:
        blk.instrs.remove(dead)
    f.replace_uses({s: acc})


def _same_shape(module: Module, f: Function) -> dict[Value, set]:
    """value -> the values it provably has the shape of (itself included), for tensors: the
    greatest set closed under the rules of the module docstring, per class of x."""
    tensors = [v for b in f.blocks for v in [*b.params, *b.instrs]
               if isinstance(v.type, TensorType)]
    incoming: dict[BlockParam, list[Value]] = {}
    for b in f.blocks:
        for i in b.instrs:
            for t in i.targets:
                for p, a in zip(t.block.params, t.args):
                    incoming.setdefault(p, []).append(a)
    out: dict[Value, set] = {}
    for x in {i.args[0] for i in f.instructions() if i.op == "np.zeros_like"}:
        same = {v for v in tensors if v.type.rank == x.type.rank}

        def justified(v: Value) -> bool:
            if v is x:
                return True
            if isinstance(v, BlockParam):
                args = incoming.get(v)
                return bool(args) and all(a in same for a in args)
            if not isinstance(v, Instr):
                return False
            if v.op in LIKE:
                return v.args[0] in same
            if _adds(module, v):
                return all(a in same for a in v.args)
            return False
        changed = True
        while changed:
            changed = False
            for v in list(same):
                if not justified(v):
                    same.discard(v)
                    changed = True
        for v in same:
            out.setdefault(v, set()).add(x)
    return out

