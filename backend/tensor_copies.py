"""Copies in tensor code: the module's outlined copy, fill and stream loops (one function
per module, dtype and rank, or backend.kernel_library's precompiled one), register-blocked
transposes, and the ops that copy: copy, astype, concatenate, stack.

Contract: `filler`, `streamer` and `copier` return the LLVM function of the loop (built
once per module); `Copies.copy_to` / `Copies.copy` copy a tensor; each `op_X(ops, types)`
generates `np.X` and returns its value.
"""
from __future__ import annotations

from llvmlite import ir

from pts.backend.codegen import Worker
from pts.backend.llvm_types import I1T, I32T, I64T, PTR, VOID
from pts.backend.tensor_abi import (ALIGN, ITEMSIZE, KernelBase, MEM, Scalar, Tensor, c64, convert,
                                    dtype_of, to_boundary)
from pts.ir.types import DTYPE_NAMES, ScalarType

def filler(mc, dt: ScalarType) -> ir.Function:
    """`void fill(ptr dst, i64 n, T value)`: n contiguous elements of dtype dt set to value
    (its memory type: a bool is a byte), once per module and dtype — or backend.kernel_library's
    (`pts_lib.fill.<dtype>`).  The row loops of fused kernels fill a row with an (N, 1) leaf's
    value this way (kernel_codegen), instead of carrying a loop that LLVM vectorizes again in
    every kernel."""
    name = f"fill.{DTYPE_NAMES[dt]}"
    fnty = ir.FunctionType(VOID, [PTR, I64T, MEM[dt]])
    from pts.backend import kernel_library
    if mc.library and dt in kernel_library.FILLS:
        mc.library_used = True          # precompiled (backend/kernel_library.py)
        return mc.external(kernel_library.fill_symbol(dt), fnty)

    def build():
        fn = ir.Function(mc.m, fnty, name=f"pts.{name}")
        fn.linkage = "internal"
        fn.attributes.add("noinline")
        fn.args[0].add_attribute("noalias")
        w = Worker(mc, fn)
        dst, n, value = fn.args
        w.counted_loop(n, lambda j: w.b.store(value, w.b.gep(dst, [j], source_etype=MEM[dt])))
        w.b.ret_void()
        w.finish()
        return fn
    return mc.helper(name, build)


def store_nontemporal(mc, b: ir.IRBuilder, v, ptr) -> None:
    """Store the 64-byte vector v at ptr, a 64-byte boundary, with a non-temporal store."""
    st = b.store(v, ptr)
    st.align = ALIGN
    st.set_metadata("nontemporal", mc.m.add_metadata([ir.Constant(I32T, 1)]))


def streamer(mc, dt: ScalarType) -> ir.Function:
    """`void stream(ptr dst, ptr src, i64 n)`: n contiguous elements of dtype dt copied with
    non-temporal stores, which write whole cache lines to memory without first reading them
    into the cache (as a plain store must) and without evicting what is cached.  Fused
    kernels with large outputs compute each row into a cached scratch row and stream it
    out (kernel_codegen: STREAM_BYTES): a third less memory traffic for an output that
    does not stay in cache anyway.  The elements before dst's first 64-byte boundary and
    after its last are stored plainly; the stores between are 64-byte vectors (two or
    four stores where vectors are narrower).  The caller orders them with a fence before
    another thread may read dst (x86's non-temporal stores are weakly ordered).  Or
    backend.kernel_library's (`pts_lib.stream.<dtype>`), as `filler`."""
    name = f"stream.{DTYPE_NAMES[dt]}"
    from pts.backend import kernel_library
    if mc.library and dt in kernel_library.FILLS:
        mc.library_used = True          # precompiled (backend/kernel_library.py)
        return mc.external(kernel_library.stream_symbol(dt),
                           ir.FunctionType(VOID, [PTR, PTR, I64T]))

    def build():
        T, size = MEM[dt], ITEMSIZE[dt]
        lanes = ALIGN // size
        V = ir.VectorType(T, lanes)
        fn = ir.Function(mc.m, ir.FunctionType(VOID, [PTR, PTR, I64T]), name=f"pts.{name}")
        fn.linkage = "internal"
        for attr in ("noinline", "nounwind"):
            fn.attributes.add(attr)
        fn.args[0].add_attribute("noalias")
        fn.args[1].add_attribute("noalias")
        w = Worker(mc, fn)
        b = w.b
        dst, src, n = fn.args
        c = lambda v: ir.Constant(I64T, v)     # noqa: E731

        def plain(j):
            b.store(b.load(b.gep(src, [j], source_etype=T), typ=T),
                    b.gep(dst, [j], source_etype=T))
        # elements before the first boundary: (-dst mod 64) / size, at most n
        head = b.udiv(to_boundary(b, dst), c(size))
        head = b.select(b.icmp_signed("<", n, head), n, head)
        w.counted_loop(head, plain)
        vectors = b.udiv(b.sub(n, head), c(lanes))

        def vector(i):
            j = b.add(head, b.mul(i, c(lanes)))
            v = b.load(b.gep(src, [j], source_etype=T), typ=V)
            v.align = size
            store_nontemporal(mc, b, v, b.gep(dst, [j], source_etype=T))
        w.counted_loop(vectors, vector)
        tail = b.add(head, b.mul(vectors, c(lanes)))
        w.counted_loop(b.sub(n, tail), lambda j: plain(b.add(tail, j)))
        b.ret_void()
        w.finish()
        return fn
    return mc.helper(name, build)


def copier(mc, src_dt: ScalarType, dst_dt: ScalarType, rank: int) -> ir.Function:
    """`void copy(ptr dst, ptr src, i64 shape[rank], i64 dst_strides[rank], i64
    src_strides[rank])`: the loop nest of dst[...] = src, once per module for two dtypes and
    a rank — reshapes, slice assignments and copies call it instead of carrying a loop nest
    each, which LLVM would optimize and generate again at every one."""
    name = f"copy.{DTYPE_NAMES[src_dt]}.{DTYPE_NAMES[dst_dt]}.r{rank}"
    fnty = ir.FunctionType(VOID, [PTR, PTR] + [I64T] * (3 * rank))
    if mc.library:
        from pts.backend import kernel_library
        if (src_dt, dst_dt, rank) in kernel_library.COPIES:
            mc.library_used = True      # precompiled (backend/kernel_library.py)
            return mc.external(kernel_library.copy_symbol(src_dt, dst_dt, rank), fnty)

    def build():
        fn = ir.Function(mc.m, fnty, name=f"pts.{name}")
        fn.linkage = "internal"
        fn.attributes.add("noinline")
        for a in fn.args[:2]:
            a.add_attribute("noalias")          # callers separate overlapping operands
        w = Worker(mc, fn)
        shape, dst_strides, src_strides = (list(fn.args[2 + rank * i:2 + rank * (i + 1)])
                                           for i in range(3))
        k = KernelBase(w, None)
        dst = Tensor(dst_dt, fn.args[0], None, shape, dst_strides)
        src = Tensor(src_dt, fn.args[1], None, shape, src_strides)

        def body(offs):
            k.store(dst, offs[0], convert(w.b, k.load(src, offs[1]), src_dt, dst_dt))

        def general():
            if rank < 2:
                k.loop(shape, [dst_strides, src_strides], body)
                return
            with w.b.if_else(transposing(w.b, shape, src_strides)) as (tiled, plain):
                with tiled:
                    if src_dt == dst_dt and ITEMSIZE[src_dt] in (4, 8):
                        tiled_loop(k, shape, [dst_strides, src_strides], body,
                                   32 // ITEMSIZE[src_dt], (dst, src))
                    else:
                        tiled_loop(k, shape, [dst_strides, src_strides], body,
                                   64 // ITEMSIZE[src_dt])
                with plain:
                    k.loop(shape, [dst_strides, src_strides], body)
        if src_dt != dst_dt or rank == 0:
            general()
        else:
            b = w.b
            width = 32 // ITEMSIZE[src_dt]
            rows = b.and_(b.icmp_signed(">=", shape[-1], c64(width)),
                          b.and_(b.icmp_signed("==", dst_strides[-1], c64(1)),
                                 b.icmp_signed("==", src_strides[-1], c64(1))))
            with b.if_else(rows) as (by_rows, other):
                with by_rows:
                    k.loop(shape[:-1], [dst_strides[:-1], src_strides[:-1]],
                           lambda offs: row_copy(k, dst, src, offs, shape[-1], width))
                with other:
                    general()
        w.b.ret_void()
        w.finish()
        return fn
    return mc.helper(name, build)


def row_copy(k: "KernelBase", dst: Tensor, src: Tensor, offs: list, n, width: int) -> None:
    """dst[offs[0]:][:n] = src[offs[1]:][:n] for n >= width: vectors of `width` elements,
    the last one ending at n (it overlaps the one before: the operands do not alias).  The
    loop vectorizer would run rows shorter than its vector body times its interleave — as
    conv2d's 28-element rows — one element at a time."""
    b = k.b
    vt = ir.VectorType(MEM[dst.dtype], width)

    def piece(at):
        v = b.load(k.elem_ptr(src, b.add(offs[1], at)), typ=vt)
        v.align = ITEMSIZE[src.dtype]
        st = b.store(v, k.elem_ptr(dst, b.add(offs[0], at)))
        st.align = ITEMSIZE[dst.dtype]
    k.fc.counted_loop(b.sdiv(n, c64(width)), lambda q: piece(b.mul(q, c64(width))))
    piece(b.sub(n, c64(width)))


def register_transpose(k: "KernelBase", tensors: tuple, base: list, dst_j, src_i,
                       width: int) -> None:
    """One width x width tile of a transposing copy: dst[base0 + jj*dst_j + ii] =
    src[base1 + ii*src_i + jj] (the source unit-strided along j, the destination along i)."""
    from pts.backend.gemm import transpose
    b = k.b
    dst, src = tensors
    vt = ir.VectorType(MEM[src.dtype], width)
    size = ITEMSIZE[src.dtype]
    rows = []
    for ii in range(width):
        v = b.load(k.elem_ptr(src, b.add(base[1], b.mul(c64(ii), src_i))), typ=vt)
        v.align = size
        rows.append(v)
    for jj, v in enumerate(transpose(b, rows)):
        st = b.store(v, k.elem_ptr(dst, b.add(base[0], b.mul(c64(jj), dst_j))))
        st.align = size


def unit_axis(b: ir.IRBuilder, shape: list, strides: list):
    """The last axis before the innermost with unit stride and more than one element (a
    run-time i64; C of a channels-last image viewed as NCHW), or -1."""
    p = c64(-1)
    for a in range(len(shape) - 1):
        unit = b.and_(b.icmp_signed("==", strides[a], c64(1)), b.icmp_signed(">", shape[a], c64(1)))
        p = b.select(unit, c64(a), p)
    return p


def moved_last(b: ir.IRBuilder, values: list, p) -> list:
    """values with the entry of axis p (a run-time i64) moved to the end."""
    r = len(values)
    out = []
    for q in range(r - 1):          # position q holds axis q (q < p) or q + 1
        out.append(b.select(b.icmp_signed("<", c64(q), p), values[q], values[q + 1]))
    last = values[0]
    for a in range(1, r):
        last = b.select(b.icmp_signed("==", p, c64(a)), values[a], last)
    return out + [last]


def transposing(b: ir.IRBuilder, shape: list, src_strides: list):
    """Does a copy read across its source's rows: the innermost axis strided in the source
    and an outer axis unit-strided (`unit_axis`: a transpose, NCHW <-> NHWC)?  Walked in the
    destination's order, every element would be a load from another cache line (25 MB of
    NHWC data read as NCHW: 23 ms); `tiled_loop` copies such a copy in square tiles."""
    inner = len(shape) - 1
    return b.and_(b.icmp_signed(">=", unit_axis(b, shape, src_strides), c64(0)),
                  b.and_(b.icmp_signed("!=", src_strides[inner], c64(1)),
                         b.icmp_signed(">", shape[inner], c64(1))))


def tiled_loop(k: "KernelBase", shape: list, strides: list[list], body, tile: int,
               vectors: tuple | None = None) -> None:
    """k.loop for a `transposing` copy: the last outer axis j with unit source stride and the
    innermost axis i are walked in tile x tile squares (one cache line of each side), the
    other axes around them in order; body(offsets) as k.loop's.  With `vectors` (dst, src
    of one dtype; tile = a 32-byte vector's elements), a whole tile whose destination is
    unit-strided along i is tile vector loads along j, a transpose in registers and tile
    vector stores along i, and an axis's last block ends at its end (axes shorter than a
    tile go element by element): 2048 x 2048 f32 `.T.copy()` ~11 -> ~7.6 ms (numpy's 31),
    NHWC -> NCHW, 25 MB: ~11.5 -> ~9.5 ms (numpy's 9.4)."""
    b = k.b
    inner = len(shape) - 1
    j = unit_axis(b, shape, strides[1])
    # the axes but the innermost, j moved last: the others in order around the tiles
    shape_j, *strides_j = (moved_last(b, values[:inner], j) for values in [shape, *strides])
    nj, ni = shape_j[-1], shape[inner]
    sj = [s[-1] for s in strides_j]
    si = [s[inner] for s in strides]
    fc = k.fc

    def span(q, n):
        """(first index, length) of block q along an axis of n; with `vectors`, the last
        block of an axis of at least `tile` ends at n (it overlaps the one before, which a
        copy may)."""
        at = b.mul(q, c64(tile))
        if vectors is not None:
            last = b.sub(n, c64(tile))
            at = b.select(b.and_(b.icmp_signed(">=", n, c64(tile)), b.icmp_signed(">", at, last)),
                          last, at)
        left = b.sub(n, at)
        return at, b.select(b.icmp_signed("<", left, c64(tile)), left, c64(tile))

    def tiles(offs: list):
        def jblock(jb):
            j0, jn = span(jb, nj)

            def iblock(ib):
                i0, in_ = span(ib, ni)
                base = [b.add(o, b.add(b.mul(j0, s), b.mul(i0, t))) for o, s, t in zip(offs, sj, si)]

                def elements():
                    fc.counted_loop(jn, lambda jj: fc.counted_loop(in_, lambda ii: body(
                        [b.add(o, b.add(b.mul(jj, s), b.mul(ii, t)))
                         for o, s, t in zip(base, sj, si)])))
                if vectors is None:
                    elements()
                    return
                whole = b.and_(b.and_(b.icmp_signed("==", jn, c64(tile)),
                                      b.icmp_signed("==", in_, c64(tile))),
                               b.icmp_signed("==", si[0], c64(1)))
                with b.if_else(whole) as (block, edge):
                    with block:
                        register_transpose(k, vectors, base, sj[0], si[1], tile)
                    with edge:
                        elements()
            fc.counted_loop(b.sdiv(b.add(ni, c64(tile - 1)), c64(tile)), iblock)
        fc.counted_loop(b.sdiv(b.add(nj, c64(tile - 1)), c64(tile)), jblock)
    k.loop(shape_j[:-1], [s[:-1] for s in strides_j], tiles)


class Copies:
    """Copies (a mixin of tensor_codegen.Kernels)."""

    def fill_loop(self, dt: ScalarType) -> ir.Function:
        """`filler`'s loop, for the other mixins (which do not import this module)."""
        return filler(self.mc, dt)

    def overlaps(self, x: Tensor, y: Tensor):
        """Might x and y share memory?  (Conservative: address ranges intersect.)"""
        b = self.b
        if x.rank == 0 and y.rank == 0:
            return b.icmp_unsigned("==", x.data, y.data)

        def extent(t: Tensor):
            lo, hi, empty = c64(0), c64(0), ir.Constant(I1T, 0)
            for s, st in zip(t.shape, t.strides):
                span = b.mul(b.sub(s, c64(1)), st)
                neg = b.icmp_signed("<", span, c64(0))
                lo = b.add(lo, b.select(neg, span, c64(0)))
                hi = b.add(hi, b.select(neg, c64(0), span))
                empty = b.or_(empty, b.icmp_signed("==", s, c64(0)))
            base = b.ptrtoint(t.data, I64T)
            size = c64(ITEMSIZE[t.dtype])
            return (b.add(base, b.mul(lo, size)), b.add(base, b.mul(b.add(hi, c64(1)), size)), empty)
        xl, xh, xe = extent(x)
        yl, yh, ye = extent(y)
        inter = b.and_(b.icmp_unsigned("<", xl, yh), b.icmp_unsigned("<", yl, xh))
        return b.and_(inter, b.not_(b.or_(xe, ye)))

    def copy_to(self, dst: Tensor, src, shape: list, src_strides: list) -> None:
        """dst[...] = src (broadcast by src_strides), converting to dst's dtype: a call of the
        module's copy loop for the two dtypes and the rank (`copier`)."""
        self.b.call(copier(self.mc, src.dtype, dst.dtype, len(shape)),
                    [dst.data, src.data] + list(shape) + list(dst.strides) + list(src_strides))

    def copy(self, x: Tensor, dtype: ScalarType | None = None) -> Tensor:
        out = self.alloc(dtype or x.dtype, x.shape)
        self.copy_to(out, x, x.shape, x.strides)
        return out

    def op_copy(self, ops, types):
        return self.pack(self.copy(ops[0]))

    def op_astype(self, ops, types):
        x = ops[0]
        dt = dtype_of(self.ins.type)
        if isinstance(x, Scalar):
            return convert(self.b, x.value, x.dtype, dt)
        return self.pack(self.copy(x, dt))

    def op_concatenate(self, ops, types):
        """np.concatenate of a tuple of arrays along a static axis (None: flattened)."""
        xs = ops[0]
        b = self.b
        out_dt = dtype_of(self.ins.type)
        axis = self.static.get("axis", 0)
        if axis is None:
            xs = [self.flat(x) for x in xs]
            axis = 0
        rank = xs[0].rank
        if any(x.rank != rank for x in xs):
            self.refuse("np.concatenate of arrays of different ranks")
        axis %= rank
        for i, x in enumerate(xs[1:], 1):
            for d in range(rank):
                if d == axis:
                    continue
                self.fail_if(b.icmp_signed("!=", x.shape[d], xs[0].shape[d]), "ValueError",
                             ["all the input array dimensions except for the concatenation axis must "
                              f"match exactly, but along dimension {d}, the array at index 0 has size ",
                              xs[0].shape[d], f" and the array at index {i} has size ", x.shape[d]])
        total = c64(0)
        for x in xs:
            total = b.add(total, x.shape[axis])
        shape = list(xs[0].shape)
        shape[axis] = total
        out = self.alloc(out_dt, shape)
        start = c64(0)
        for x in xs:
            part = Tensor(out_dt, b.gep(out.data, [b.mul(start, out.strides[axis])], source_etype=MEM[out_dt]),
                          out.owner, x.shape, out.strides)
            self.copy_to(part, x, x.shape, x.strides)
            start = b.add(start, x.shape[axis])
        return self.pack(out)

    def flat(self, x: Tensor) -> Tensor:
        c = self.as_contiguous(x)
        return Tensor(x.dtype, c.data, c.owner, [self.size_of(x.shape)], [c64(1)])

    def op_stack(self, ops, types):
        """np.stack: arrays of one shape along a new static axis."""
        xs = ops[0]
        b = self.b
        out_dt = dtype_of(self.ins.type)
        rank = xs[0].rank
        axis = self.static.get("axis", 0) % (rank + 1)
        bad = ir.Constant(I1T, 0)
        for x in xs[1:]:
            if x.rank != rank:
                self.refuse("np.stack of arrays of different ranks")
            bad = b.or_(bad, self.any_true([b.icmp_signed("!=", s, t) for s, t in zip(x.shape, xs[0].shape)]))
        self.fail_if(bad, "ValueError", ["all input arrays must have the same shape"])
        shape = list(xs[0].shape)
        shape.insert(axis, c64(len(xs)))
        out = self.alloc(out_dt, shape)
        inner_strides = [s for d, s in enumerate(out.strides) if d != axis]
        for k, x in enumerate(xs):
            part = Tensor(out_dt, b.gep(out.data, [b.mul(c64(k), out.strides[axis])], source_etype=MEM[out_dt]),
                          out.owner, x.shape, inner_strides)
            self.copy_to(part, x, x.shape, x.strides)
        return self.pack(out)
