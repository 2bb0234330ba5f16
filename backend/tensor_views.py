"""Indexing and views in tensor code: getitem, setitem, shape, size, item, and the ops that
return a view of their operand where numpy does (transpose, swapaxes, expand_dims,
squeeze, reshape, ravel), copying only when a view cannot be made.

Contract: each `op_X(ops, types)` generates `np.X` and returns its value.
"""
from __future__ import annotations

from llvmlite import ir

from pts.backend.llvm_types import I1T, I64T, PTR
from pts.backend.tensor_abi import FLOATS, INTS, MEM, Scalar, Tensor, c64, convert
from pts.backend.tensor_indexing import has_advanced
from pts.errors import CompileError
from pts.ir.types import DTYPE_NAMES, I1, I32, I64, NUMPY_SCALARS, UNSIGNED, ScalarType, Type

class Views:
    """Indexing and views (a mixin of tensor_codegen.Kernels)."""

    def index_i64(self, x: Scalar):
        return convert(self.b, x.value, x.dtype, I64) if x.dtype != I64 else x.value

    def scalar_tensor(self, x: Scalar) -> Tensor:
        t = self.alloc(x.dtype, [])
        self.store(t, c64(0), x.value)
        return t

    # ---------------------------------------------------------------- indexing

    def select(self, x: Tensor, pattern: str, idx: list, bounds: str | None = None,
               unit: bool = False) -> Tensor:
        """The view x[index] for a getitem/setitem pattern (ints, slices, None): ints must be
        in range (IndexError 'index 5 is out of bounds for axis 0 with size 3'), slices follow
        PySlice_AdjustIndices, None inserts a length-1 axis.  `bounds` (ir.passes.
        bound_indices): per int index, r = proven in range, n = proven >= 0, - = unknown.
        `unit` (ir.passes.version_loops): x's last axis is known to have a stride of 1 (a
        test before the loop), so its index addresses the element without a multiply and
        LLVM sees adjacent accesses as adjacent."""
        b = self.b
        if unit and x.rank:
            x = Tensor(x.dtype, x.data, x.owner, x.shape, x.strides[:-1] + [c64(1)], x.contiguous)
        it = iter(idx)
        known = iter(bounds.split() if bounds else ())
        off = c64(0)
        shape, strides = [], []
        d = 0
        for word in pattern.split():
            if word == "n":
                shape.append(c64(1))
                strides.append(c64(0))
                continue
            if d >= x.rank:
                raise CompileError(f"too many indices for array: array is {x.rank}-dimensional",
                                   self.ins.span)
            n, st = x.shape[d], x.strides[d]
            if word == "i":
                i = self.index_i64(next(it))
                fact = next(known, "-")
                if fact == "-":
                    j = b.select(b.icmp_signed("<", i, c64(0)), b.add(i, n), i)
                    bad = b.or_(b.icmp_signed("<", j, c64(0)), b.icmp_signed(">=", j, n))
                else:            # i >= 0: no wrap; i >=u n also catches a wrapped negative i
                    j = i
                    bad = b.icmp_unsigned(">=", i, n) if fact == "n" else None
                if bad is not None:
                    self.fail_if(bad, "IndexError", ["index ", i, f" is out of bounds for axis {d} with size ", n])
                off = b.add(off, b.mul(j, st))
            else:
                lo, hi, step = [self.index_i64(next(it)) if f == "1" else None for f in word[1:]]
                start, length, step = self.slice_indices(lo, hi, step, n)
                off = b.add(off, b.mul(start, st))
                shape.append(length)
                strides.append(b.mul(st, step))
            d += 1
        shape += x.shape[d:]
        strides += x.strides[d:]
        data = b.gep(x.data, [off], source_etype=MEM[x.dtype])
        return Tensor(x.dtype, data, x.owner, shape, strides)

    def slice_indices(self, lo, hi, step, n):
        b = self.b
        if step is None:
            step = c64(1)
        elif not (isinstance(step, ir.Constant) and step.constant not in (0, None)):
            self.fail_if(b.icmp_signed("==", step, c64(0)), "ValueError", ["slice step cannot be zero"])
        neg = b.icmp_signed("<", step, c64(0))

        def adjust(v, default_pos, default_neg):
            if v is None:
                return b.select(neg, default_neg, default_pos)
            w = b.select(b.icmp_signed("<", v, c64(0)), b.add(v, n), v)
            w = b.select(b.icmp_signed("<", w, c64(0)), b.select(neg, c64(-1), c64(0)), w)
            return b.select(b.icmp_signed(">=", w, n), b.select(neg, b.sub(n, c64(1)), n), w)
        start = adjust(lo, c64(0), b.sub(n, c64(1)))
        stop = adjust(hi, n, c64(-1))
        # length: step < 0: (start - stop - 1) // -step + 1 if stop < start; step > 0 mirrored
        pos_len = b.add(b.sdiv(b.sub(b.sub(stop, start), c64(1)), b.select(neg, c64(1), step)), c64(1))
        neg_len = b.add(b.sdiv(b.sub(b.sub(start, stop), c64(1)),
                               b.select(neg, b.sub(c64(0), step), c64(1))), c64(1))
        length = b.select(neg, b.select(b.icmp_signed("<", stop, start), neg_len, c64(0)),
                          b.select(b.icmp_signed("<", start, stop), pos_len, c64(0)))
        return start, length, step

    def op_getitem(self, ops, types):
        x = ops[0]
        if has_advanced(self.ins.attrs["pattern"]):
            return self.advanced_getitem(ops)
        v = self.select(x, self.ins.attrs["pattern"], ops[1:], self.ins.attrs.get("bounds"),
                        bool(self.ins.attrs.get("unit")))
        return self.result(v)

    def op_setitem(self, ops, types):
        """x[index] = value: value (scalar or tensor) is broadcast to the selection and cast
        to x's dtype like numpy; an overlapping tensor value is read before writing."""
        x, value = ops[0], ops[1]
        if has_advanced(self.ins.attrs["pattern"]):
            return self.advanced_setitem(ops)
        target = self.select(x, self.ins.attrs["pattern"], ops[2:], self.ins.attrs.get("bounds"),
                             bool(self.ins.attrs.get("unit")))
        b = self.b
        if isinstance(value, Scalar):
            v = self.packed_scalar(value, x.dtype, self.ins.args[1].type)
            self.loop(target.shape, [target.strides], lambda offs: self.store(target, offs[0], v))
            return None
        words = self.ins.attrs["pattern"].split()
        if value.rank > 0 and len(words) == x.rank and all(w == "i" for w in words):
            # one element (x[i, j] = array): numpy packs the value as an element and refuses
            # an array of any size (even 1) -- except into a bool array, which takes the
            # truth of a size-1 array (bool(v)); the store below then broadcasts its element
            refused = ir.Constant(I1T, 1) if x.dtype != I1 else \
                self.b.icmp_signed("!=", self.size_of(value.shape), c64(1))
            self.fail_if(refused, "ValueError", ["setting an array element with a sequence."])
        # numpy lets the value have extra leading length-1 dimensions
        extra = value.rank - target.rank
        bad = ir.Constant(I1T, 0)
        for k in range(max(extra, 0)):
            bad = b.or_(bad, b.icmp_signed("!=", value.shape[k], c64(1)))
        for d in range(target.rank):
            k = d - (target.rank - value.rank)
            if k < 0:
                continue
            s = value.shape[k]
            bad = b.or_(bad, b.and_(b.icmp_signed("!=", s, c64(1)), b.icmp_signed("!=", s, target.shape[d])))
        self.fail_if(bad, "ValueError", ["could not broadcast input array from shape "]
                     + self.stripped_shape_text(value.shape, extra, target.rank)
                     + [" into shape "] + self.shape_text(target.shape))
        inner = Tensor(value.dtype, value.data, value.owner, value.shape[max(extra, 0):],
                       value.strides[max(extra, 0):])
        src = self.separate(inner, target)
        strides = [self.bstride(src, d, target.rank) for d in range(target.rank)]
        self.copy_to(target, src, target.shape, strides)
        self.scratch_done(src, unless=inner)
        return None

    def stripped_shape_text(self, shape: list, extra: int, target_rank: int) -> list:
        """The value's shape as numpy's setitem error names it: without its leading length-1
        axes among the `extra` axes beyond the target's rank ((1,2,4) into (1,4): '(2,4)')."""
        if extra <= 0 or target_rank == 0:
            return self.shape_text(shape)
        b = self.b
        parts: list = ["("]
        shown = ir.Constant(I1T, 0)
        for k in range(extra):          # shown from the first axis that is not 1
            shown = b.or_(shown, b.icmp_signed("!=", shape[k], c64(1)))
            parts += [("int?", shown, shape[k]), ("str?", shown, ",", "")]
        rest = shape[extra:]
        for k, s in enumerate(rest):
            if k < len(rest) - 1:
                parts += [s, ","]
            elif len(rest) == 1:        # (4,) when nothing before it is shown
                parts += [s, ("str?", shown, "", ",")]
            else:
                parts += [s]
        return parts + [")"]

    def packed_scalar(self, value: Scalar, dt: ScalarType, t: Type | None = None):
        """A scalar stored into an array of dtype dt, as numpy converts it (PyArray_Pack):
        into an int array through a Python int, so a float that is a nan, infinite or
        beyond int64 raises as int() and PyLong_AsLong do, and an integer beyond the
        dtype's range raises OverflowError (an array value is cast instead, unchecked).
        `t`, the value's pts type: numpy casts its own scalars (np.float64, np.int64, ...)
        into an unsigned array as C does (np.float64(-1.0) into uint8 is 255), and checks
        them into a signed one."""
        b = self.b
        v, src = value.value, value.dtype
        if dt in UNSIGNED and t in NUMPY_SCALARS:
            return convert(b, v, src, dt)
        if dt in INTS and src in FLOATS:
            self.fail_if(b.fcmp_unordered("uno", v, v), "ValueError",
                         ["cannot convert float NaN to integer"])
            big = self.intrinsic("llvm.fabs", src, [v])
            self.fail_if(b.fcmp_ordered("==", big, self.fconst(src, float("inf"))),
                         "OverflowError", ["cannot convert float infinity to integer"])
            self.fail_if(b.or_(b.fcmp_ordered(">=", v, self.fconst(src, 2.0 ** 63)),
                               b.fcmp_ordered("<", v, self.fconst(src, -2.0 ** 63))),
                         "OverflowError", ["Python int too large to convert to C long"])
            v, src = b.fptosi(v, I64T), I64
        if dt in INTS and dt != I64 and src == I64:
            from pts.backend.tensor_ufuncs import int_range
            lo, hi = int_range(dt)
            bad = b.icmp_signed("<", v, c64(lo))
            if hi < 2 ** 63:
                bad = b.or_(bad, b.icmp_signed(">", v, c64(hi)))
            self.fail_if(bad, "OverflowError",
                         ["Python integer ", v, f" out of bounds for {DTYPE_NAMES[dt]}"])
        return convert(b, v, src, dt)

    def op_shape(self, ops, types):
        x = ops[0]
        agg = ir.Constant(self.fc_llvm_type(self.ins.type), ir.Undefined)
        for k, s in enumerate(x.shape):
            agg = self.b.insert_value(agg, s, k)
        return agg

    def fc_llvm_type(self, t):
        from pts.backend.llvm_types import llvm_type
        return llvm_type(t)

    def op_size(self, ops, types):
        return self.size_of(ops[0].shape)

    def op_unit_stride(self, ops, types):
        return self.b.icmp_signed("==", ops[0].strides[-1], c64(1))

    def op_item(self, ops, types):
        x = ops[0]
        if isinstance(x, Scalar):
            return convert(self.b, x.value, x.dtype, self.ins.type)
        self.fail_if(self.b.icmp_signed("!=", self.size_of(x.shape), c64(1)), "ValueError",
                     ["can only convert an array of size 1 to a Python scalar"])
        return convert(self.b, self.load(x, c64(0)), x.dtype, self.ins.type)

    # ---------------------------------------------------------------- views

    def view(self, x: Tensor, order: list) -> Tensor:
        return Tensor(x.dtype, x.data, x.owner, [x.shape[d] for d in order],
                      [x.strides[d] for d in order])

    def op_transpose(self, ops, types):
        x = ops[0]
        if len(ops) > 1:
            self.refuse("np.transpose with run-time axes")
        axes = self.static.get("axes")
        if axes is None:
            order = list(range(x.rank))[::-1]
        else:
            order = [a % x.rank for a in (axes if isinstance(axes, (tuple, list)) else (axes,))]
        return self.pack(self.view(x, order))

    def op_swapaxes(self, ops, types):
        x = ops[0]
        a, c = self.static["axis1"] % x.rank, self.static["axis2"] % x.rank
        order = list(range(x.rank))
        order[a], order[c] = order[c], order[a]
        return self.pack(self.view(x, order))

    def op_expand_dims(self, ops, types):
        x = ops[0]
        if isinstance(x, Scalar):       # np.expand_dims(0, 0): numpy's asarray, a 0-d array
            x = self.scalar_tensor(x)
        axis = self.static["axis"]
        r = x.rank + (len(axis) if isinstance(axis, tuple) else 1)
        axes = {a % r for a in (axis if isinstance(axis, tuple) else (axis,))}
        it = iter(range(x.rank))
        shape, strides = [], []
        for d in range(r):
            if d in axes:
                shape.append(c64(1))
                strides.append(c64(0))
            else:
                k = next(it)
                shape.append(x.shape[k])
                strides.append(x.strides[k])
        return self.pack(Tensor(x.dtype, x.data, x.owner, shape, strides))

    def op_squeeze(self, ops, types):
        x = ops[0]
        axis = self.static.get("axis")
        if axis is None:
            if self.ins.type.rank != 0 or x.rank == 0:
                self.refuse("np.squeeze without axis=")
            axes = set(range(x.rank))
        else:
            axes = {a % x.rank for a in (axis if isinstance(axis, tuple) else (axis,))}
        bad = self.any_true([self.b.icmp_signed("!=", x.shape[d], c64(1)) for d in sorted(axes)])
        self.fail_if(bad, "ValueError", ["cannot select an axis to squeeze out which has size not equal to one"])
        keep = [d for d in range(x.rank) if d not in axes]
        return self.pack(self.view(x, keep))

    def is_contiguous(self, x: Tensor):
        b = self.b
        if x.contiguous:
            return ir.Constant(I1T, 1)
        ok = ir.Constant(I1T, 1)
        expect = c64(1)
        for d in range(x.rank - 1, -1, -1):
            s = x.shape[d]
            ok = b.and_(ok, b.or_(b.icmp_signed("==", s, c64(1)), b.icmp_signed("==", x.strides[d], expect)))
            expect = b.mul(expect, s)
        return b.or_(ok, b.icmp_signed("==", expect, c64(0)))

    def as_contiguous(self, x: Tensor, ok=None) -> Tensor:
        """x itself when C-contiguous (a view), else a C-contiguous copy (`ok`: when to keep
        x instead, default is_contiguous; the strides returned are C's either way)."""
        b = self.b
        if x.contiguous and ok is None:
            return x
        ok = self.is_contiguous(x) if ok is None else ok
        before = b.block
        with b.if_then(b.not_(ok)):
            c = self.copy(x)
            copied = b.block
        data, owner = b.phi(PTR), b.phi(PTR)
        data.add_incoming(x.data, before)
        data.add_incoming(c.data, copied)
        owner.add_incoming(x.owner, before)
        owner.add_incoming(c.owner, copied)
        return Tensor(x.dtype, data, owner, x.shape, self.contiguous_strides(x.shape),
                      contiguous=True)

    def op_reshape(self, ops, types):
        """numpy reshape: one -1 is inferred; a view wherever numpy makes one (see
        nocopy_strides), else a copy."""
        x = ops[0]
        b = self.b
        if len(ops) == 2 and isinstance(ops[1], list):
            dims = [self.index_i64(v) for v in ops[1]]
        elif len(ops) == 2 and isinstance(ops[1], Scalar):
            dims = [self.index_i64(ops[1])]
        else:
            dims = [self.index_i64(v) for v in ops[1:]]
        size = self.size_of(x.shape)
        negs = [b.icmp_signed("<", d, c64(0)) for d in dims]
        nneg = c64(0)
        known = c64(1)
        for d, ng in zip(dims, negs):
            nneg = b.add(nneg, b.zext(ng, I64T))
            known = b.mul(known, b.select(ng, c64(1), d))
        self.fail_if(b.icmp_signed(">", nneg, c64(1)), "ValueError", ["can only specify one unknown dimension"])
        has_unknown = b.icmp_signed("==", nneg, c64(1))
        known_safe = b.select(b.icmp_signed("==", known, c64(0)), c64(1), known)
        bad_unknown = b.or_(b.icmp_signed("==", known, c64(0)), b.icmp_signed("!=", b.srem(size, known_safe), c64(0)))
        bad = b.select(has_unknown, bad_unknown, b.icmp_signed("!=", known, size))
        # numpy's convert_shape_to_string: leading unknowns are not printed, later ones
        # print as 'newaxis'; one printed dimension gets a trailing comma
        parts: list = ["cannot reshape array of size ", size, " into shape ("]
        leading = ir.Constant(I1T, 1)
        for k, (d, ng) in enumerate(zip(dims, negs)):
            first = leading
            parts.append(("str?", b.and_(ng, b.not_(first)), ",newaxis", ""))
            parts.append(("str?", b.and_(b.not_(ng), b.not_(first)), ",", ""))
            parts.append(("int?", b.not_(ng), d))
            leading = b.and_(leading, ng)
        if len(dims) == 1:
            parts.append(("str?", negs[0], ")", ",)"))
        else:
            parts.append(")")
        self.fail_if(bad, "ValueError", parts)
        inferred = b.sdiv(size, known_safe)
        shape = [b.select(ng, inferred, d) for d, ng in zip(dims, negs)]
        # numpy's PyArray_Newshape: the same shape is a view with x's strides, C-contiguous
        # data a view with C strides, other data a view where _attempt_nocopy_reshape
        # finds strides, else a C-contiguous copy
        if x.contiguous:            # a fresh array: the view with C strides, nothing to analyse
            return self.pack(Tensor(x.dtype, x.data, x.owner, shape,
                                    self.contiguous_strides(shape), contiguous=True))
        same = ir.Constant(I1T, int(len(shape) == x.rank))
        if len(shape) == x.rank:
            for d, n in zip(shape, x.shape):
                same = b.and_(same, b.icmp_signed("==", d, n))
        contiguous = self.is_contiguous(x)
        viewable, view_strides = self.nocopy_strides(x, shape)
        kept = b.or_(b.or_(same, contiguous), viewable)
        src = self.as_contiguous(x, ok=kept)
        c_order = b.or_(contiguous, b.not_(kept))
        strides = [b.select(same, x.strides[k] if len(shape) == x.rank else c64(0),
                            b.select(c_order, cs, vs))
                   for k, (cs, vs) in enumerate(zip(self.contiguous_strides(shape), view_strides))]
        return self.pack(Tensor(x.dtype, src.data, src.owner, shape, strides))

    def nocopy_strides(self, x: Tensor, shape: list):
        """numpy's _attempt_nocopy_reshape (C order) of x to `shape` (the same size): can
        the elements of x in C order be viewed with that shape, and with which strides?
        The axes of x, those of length 1 left out, fall into groups that end where a
        product of its leading lengths is one of the new shape's: within a group
        consecutive axes must be contiguous (stride = next length * next stride).  A new
        axis's stride is then the offset in x of the C-order element that starts its second
        slice; a new axis of length 1 takes the next axis's stride times its length, and
        the trailing ones the last longer axis's stride (numpy's values)."""
        b = self.b
        r, m = x.rank, len(shape)
        ones = [b.icmp_signed("==", d, c64(1)) for d in x.shape]
        new_prefix = [c64(1)]
        for d in shape:
            new_prefix.append(b.mul(new_prefix[-1], d))
        ok = ir.Constant(I1T, 1)
        old_prefix = c64(1)
        for c in range(r):
            if c > 0:
                old_prefix = b.mul(old_prefix, x.shape[c - 1])
            # the boundary before axis c (after the last axis a < c longer than 1) is a
            # group's end, or a and c are contiguous
            end = ir.Constant(I1T, 0)
            for p in new_prefix:
                end = b.or_(end, b.icmp_signed("==", p, old_prefix))
            for a in range(c):
                between = ir.Constant(I1T, 1)
                for k in range(a + 1, c):
                    between = b.and_(between, ones[k])
                pair = b.and_(between, b.not_(b.or_(ones[a], ones[c])))
                apart = b.icmp_signed("!=", x.strides[a], b.mul(x.shape[c], x.strides[c]))
                ok = b.and_(ok, b.not_(b.and_(pair, b.and_(apart, b.not_(end)))))

        def offset(f):
            """The offset in x of its C-order element f."""
            off = c64(0)
            for k in range(r - 1, -1, -1):
                n = b.select(b.icmp_signed("==", x.shape[k], c64(0)), c64(1), x.shape[k])
                off = b.add(off, b.mul(b.urem(f, n), x.strides[k]))
                f = b.udiv(f, n)
            return off
        after = c64(1)                  # the product of the new lengths after axis k
        longer_after = ir.Constant(I1T, 0)
        strides: list = [None] * m
        trailing: list = [None] * m
        for k in range(m - 1, -1, -1):
            longer = b.icmp_signed(">", shape[k], c64(1))
            inner = b.mul(strides[k + 1], shape[k + 1]) if k + 1 < m else c64(1)
            strides[k] = b.select(longer, offset(after), inner)
            trailing[k] = b.not_(b.or_(longer, longer_after))
            longer_after = b.or_(longer_after, longer)
            after = b.mul(after, shape[k])
        last = c64(1)
        for k in range(m):
            strides[k] = b.select(trailing[k], last, strides[k])
            last = b.select(b.icmp_signed(">", shape[k], c64(1)), strides[k], last)
        return ok, strides

    def op_ravel(self, ops, types):
        x = ops[0]
        # copy=True (x.flatten()) always copies; else a view of contiguous data
        src = self.copy(x) if self.static.get("copy") else self.as_contiguous(x)
        return self.pack(Tensor(x.dtype, src.data, src.owner, [self.size_of(x.shape)], [c64(1)]))
