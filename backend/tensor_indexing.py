"""numpy's advanced indexing in native code: getitem and setitem whose pattern has one array
word (ir.tensor_ops: `m` a bool mask, `a` an int array) among ints, slices and None.

How: the basic items make a view V of x (the array word's axes kept whole); the array
word then picks elements along its axes of V by an offset per element: a mask's offsets
are gathered into an int64 scratch array first (C order of the mask's true elements), an
int array's elements are wrapped, checked and scaled as the loop reads them.  The result
(or the selection a setitem writes) has V's other axes around the array's axes, or the
array's axes first where numpy puts them first (`advanced_layout`).  Errors are numpy's:
the mask shape's IndexError, an index's IndexError, the value's shape errors of a
setitem.  Writes go in C order of the selection, so with repeated indices the last wins.

Contract: a mixin of tensor_codegen.Kernels; `advanced_getitem(ops)` / `advanced_setitem(
ops)` generate the instruction (tensor_views.op_getitem / op_setitem hand over to them).
"""
from __future__ import annotations

from llvmlite import ir

from pts.backend.llvm_types import I1T, I64T
from pts.backend.tensor_abi import FLOATS, Scalar, Tensor, c64, convert
from pts.ir.tensor_ops import ADVANCED, advanced_layout
from pts.ir.types import I1, I64


def has_advanced(pattern: str) -> bool:
    return any(w in ADVANCED for w in pattern.split())


class Indexing:
    """Advanced indexing (a mixin of tensor_codegen.Kernels)."""

    def advanced_parts(self, x: Tensor, index_ops: list):
        """(V, the array operands, their words, V's axis each starts at, first, x's axis
        each starts at)."""
        words = self.ins.attrs["pattern"].split()
        it = iter(index_ops)
        basic_words, basic_ops, ranks = [], [], []
        arrays, array_words, at = [], [], []
        for w in words:
            if w in ADVANCED:
                adv = next(it)
                arrays.append(adv)
                array_words.append(w)
                ranks.append(adv.rank)
                at.append(sum(1 for v in basic_words if v != "i"))
                basic_words += ["s000"] * (adv.rank if w == "m" else 1)
                continue
            ranks.append(0)
            basic_words.append(w)
            if w == "i":
                basic_ops.append(next(it))
            elif w != "n":
                basic_ops += [next(it) for f in w[1:] if f == "1"]
        view = self.select(x, " ".join(basic_words), basic_ops)
        axes, first = advanced_layout(words, ranks)
        return view, arrays, array_words, at, first, axes

    def mask_offsets(self, view: Tensor, p: int, m: Tensor, axis: int) -> Tensor:
        """The offsets into view of the elements m selects (m over view's axes p...), in C
        order: an int64 scratch array."""
        b = self.b
        for d in range(m.rank):
            n, s = view.shape[p + d], m.shape[d]
            self.fail_if(b.icmp_signed("!=", n, s), "IndexError", [
                f"boolean index did not match indexed array along axis {axis + d}; size of "
                f"axis is ", n, " but size of corresponding boolean axis is ", s])
        count = self.slot(I64T, c64(0))

        def tally(offs):
            b.store(b.add(b.load(count, typ=I64T), b.zext(self.load(m, offs[0]), I64T)), count)
        self.loop(m.shape, [m.strides], tally)
        out = self.alloc(I64, [b.load(count, typ=I64T)])
        pos = self.slot(I64T, c64(0))

        def gather(offs):
            with b.if_then(self.load(m, offs[0])):
                j = b.load(pos, typ=I64T)
                self.store(out, j, offs[1])
                b.store(b.add(j, c64(1)), pos)
        self.loop(m.shape, [m.strides, view.strides[p:p + m.rank]], gather)
        return out

    def broadcast_indices(self, arrays: list) -> tuple[list, list]:
        """The shape int index arrays broadcast to (numpy's IndexError when they do not),
        and each array's strides along it."""
        b = self.b
        rank = max(a.rank for a in arrays)
        shape, bad = [], ir.Constant(I1T, 0)
        for d in range(rank):
            size = c64(1)
            for a in arrays:
                k = d - (rank - a.rank)
                if k >= 0:
                    s = a.shape[k]
                    one = b.icmp_signed("==", s, c64(1))
                    bad = b.or_(bad, b.and_(b.icmp_signed("!=", size, c64(1)),
                                            b.and_(b.not_(one), b.icmp_signed("!=", s, size))))
                    size = b.select(one, size, s)
            shape.append(size)
        if len(arrays) > 1:
            parts: list = ["shape mismatch: indexing arrays could not be broadcast together "
                           "with shapes "]
            for a in arrays:
                parts += self.shape_text(a.shape) + [" "]
            self.fail_if(bad, "IndexError", parts)
        return shape, [[self.bstride(a, d, rank) for d in range(rank)] for a in arrays]

    def selection(self, x: Tensor, index_ops: list):
        """(shape, view strides, sources, source strides, offset_of, view, scratch) of
        x[index]: the selection's shape, the strides of view and of each offset source
        along it, the function that turns the sources' elements into an offset into view,
        and the mask's scratch offsets (None for int arrays) to free after the loop."""
        b = self.b
        view, arrays, words, at, first, axes = self.advanced_parts(x, index_ops)
        if words == ["m"]:
            m = arrays[0]
            src = scratch = self.mask_offsets(view, at[0], m, axes[0])
            sources, bshape, bstrides = [src], src.shape, [src.strides]
            consumed = list(range(at[0], at[0] + m.rank))

            def offset_of(vals):
                return vals[0]
        else:
            scratch = None
            sources = arrays
            bshape, bstrides = self.broadcast_indices(arrays)
            consumed = at

            def offset_of(vals):
                off = c64(0)
                for a, v, p, axis in zip(arrays, vals, at, axes):
                    n, st = view.shape[p], view.strides[p]
                    i = convert(b, v, a.dtype, I64) if a.dtype != I64 else v
                    j = b.select(b.icmp_signed("<", i, c64(0)), b.add(i, n), i)
                    bad = b.or_(b.icmp_signed("<", j, c64(0)), b.icmp_signed(">=", j, n))
                    self.fail_if(bad, "IndexError", ["index ", i, f" is out of bounds for axis "
                                                     f"{axis} with size ", n])
                    off = b.add(off, b.mul(j, st))
                return off
        rest = [d for d in range(view.rank) if d not in consumed]
        where = 0 if first else consumed[0]
        before = [d for d in rest if d < where]
        after = [d for d in rest if d >= where]
        nb = len(bshape)
        shape = [view.shape[d] for d in before] + list(bshape) + [view.shape[d] for d in after]
        vstrides = [view.strides[d] for d in before] + [c64(0)] * nb + \
            [view.strides[d] for d in after]
        sstrides = [[c64(0)] * len(before) + list(st) + [c64(0)] * len(after) for st in bstrides]
        return shape, vstrides, sources, sstrides, offset_of, view, scratch

    def advanced_getitem(self, ops):
        x = ops[0]
        shape, vstrides, srcs, sstrides, offset_of, view, scratch = self.selection(x, ops[1:])
        out = self.alloc(x.dtype, shape)
        b = self.b

        def body(offs):
            off = offset_of([self.load(s, o) for s, o in zip(srcs, offs[2:])])
            self.store(out, offs[0], self.load(view, b.add(offs[1], off)))
        self.loop(shape, [out.strides, vstrides] + sstrides, body)
        if scratch is not None:
            self.scratch_done(scratch)
        return self.result(out)

    def op_index_add(self, ops, types):
        """np.add.at(x, index, value): the value added at each selected element in turn."""
        return self.advanced_setitem(ops, accumulate=True)

    def advanced_setitem(self, ops, accumulate: bool = False):
        """x[index] = value: value broadcast to the selection (leading length-1 axes
        allowed) and cast to x's dtype, as numpy; a lone mask over all of x takes only a
        scalar or a 1-d value of 1 or count elements (numpy's own messages)."""
        x, value = ops[0], ops[1]
        b = self.b
        shape, vstrides, srcs, sstrides, offset_of, view, scratch = self.selection(x, ops[2:])

        def at(offs):
            return b.add(offs[0], offset_of([self.load(s, o) for s, o in zip(srcs, offs[1:])]))
        words = self.ins.attrs["pattern"].split()
        lone_mask = not accumulate and words == ["m"] and self.ins.args[2].type.rank == x.rank
        def put(off, v):
            if accumulate:
                old = self.load(view, off)
                v = b.fadd(old, v) if x.dtype in FLOATS else b.add(old, v)
            self.store(view, off, v)
        if isinstance(value, Scalar):
            v = self.packed_scalar(value, x.dtype, self.ins.args[1].type)
            self.loop(shape, [vstrides] + sstrides, lambda offs: put(at(offs), v))
        else:
            if lone_mask and value.rank > 1:
                self.fail_if(ir.Constant(I1T, 1), "TypeError", [
                    "NumPy boolean array indexing assignment requires a 0 or 1-dimensional "
                    f"input, input has {value.rank} dimensions"])
            elif lone_mask and value.rank == 1:
                size = value.shape[0]
                bad = b.and_(b.icmp_signed("!=", size, c64(1)),
                             b.icmp_signed("!=", size, shape[0]))
                self.fail_if(bad, "ValueError", [
                    "NumPy boolean array indexing assignment cannot assign ", size,
                    " input values to the ", shape[0], " output values where the mask is true"])
            else:
                extra = value.rank - len(shape)
                conds = [b.icmp_signed("!=", value.shape[d], c64(1)) for d in range(max(extra, 0))]
                for d in range(len(shape)):
                    kk = d - (len(shape) - value.rank)
                    if kk >= 0:
                        s = value.shape[kk]
                        conds.append(b.and_(b.icmp_signed("!=", s, c64(1)),
                                            b.icmp_signed("!=", s, shape[d])))
                self.fail_if(self.any_true(conds), "ValueError",
                             ["shape mismatch: value array of shape "] + self.shape_text(value.shape)
                             + [" could not be broadcast to indexing result of shape "]
                             + self.shape_text(shape))
            skip = max(value.rank - len(shape), 0)
            inner = Tensor(value.dtype, value.data, value.owner, value.shape[skip:],
                           value.strides[skip:])
            safe = self.separate(inner, view)
            rank = len(shape)
            wstrides = [self.bstride(safe, d, rank) for d in range(rank)]

            def body(offs):
                v = convert(b, self.load(safe, offs[-1]), safe.dtype, x.dtype)
                put(at(offs[:-1]), v)
            self.loop(shape, [vstrides] + sstrides + [wstrides], body)
            self.scratch_done(safe, unless=inner)
        if scratch is not None:
            self.scratch_done(scratch)
        return None
