"""Native code for tensor ops (`np.*` instructions): descriptors, views and LLVM loop kernels.

A tensor<dtype, r> is, in LLVM, a descriptor struct passed by value (DESIGN.md §5):

    { ptr data, ptr owner, [r x i64] shape, [r x i64] strides }

Strides count ELEMENTS (numpy's byte strides divided by the item size at the boundary).
`owner` is the arena header of the allocation the data lives in, or null for memory borrowed
from the caller (numpy inputs).  Views (slices, transposes, reshapes of contiguous data)
share data and owner with their base, so a write through a view is seen in the base.

Memory: every new tensor is one allocation chained into the per-call arena like a list
(llvm_types.LIST_T header `{i64 nbytes, i64 aligned data address, ptr raw block, ptr next}`),
freed by `@pts.release`.  A tensor returned to Python is detached from the arena by the
Python side (runtime/tensors.py zeroes the header's raw pointer so release skips it and
frees the block when the numpy array dies).  A tensor header (TENSOR_HDR_T) extends the list
header with `ptr pprev`, the address of the pointer that points at it (the context's list
head or the previous header's `next`), and stores ~nbytes (negative; a list's length never
is) so a header can tell it is a tensor's: `tensor.free` (ir.passes.release_tensors) unlinks
a temporary from the arena in O(1) at its last use and frees it, so release never sees it
again (no double free on an error path).  Pushing any header on the arena (tensor_alloc,
codegen's list_new) updates the pprev of a tensor header it covers (`adopt_head`).

Kernels are LLVM loops specialized for the static rank: a loop nest over the output shape
in C order, each operand addressed by a running offset (stride 0 on broadcast dimensions).
Each kernel family is one method of `Kernels` below, with the numpy behaviour it matches.
Errors numpy would raise (broadcasting, shapes, indices) are raised through the context
with the instruction's span and numpy's message text, formatted at run time.

Contract: `emit(fc, ins, args)` generates one `np.*` instruction in the function being
built by `fc` (a codegen.FunctionCodegen) and returns its LLVM value (or None).  Ops not
built raise CompileError "native code for 'np.X' is not built yet".
"""
from __future__ import annotations

import numpy as np
from llvmlite import ir

from pts.backend.codegen import Worker
from pts.backend.llvm_types import (CTX_T, I1T, I8T, I32T, I64T, F64T, LIST_T, PTR, VOID,
                                    desc_type)
from pts.errors import CompileError
from pts.ir.types import (DTYPE_NAMES, DTYPE_OF_SCALAR, DTYPES, F32, F64, I1, I32, I64, NONE,
                          NUMPY_SCALARS, ScalarType, TensorType, TupleType, Type)

F32T = ir.FloatType()
ALIGN = 64
HUGE_PAGES_MIN = 1 << 21
MADV_HUGEPAGE = 14           # Linux
FLOATS = (F32, F64)
INTS = (I32, I64)
REG = {I1: I1T, I32: I32T, I64: I64T, F32: F32T, F64: F64T}
MEM = {I1: I8T, I32: I32T, I64: I64T, F32: F32T, F64: F64T}
ITEMSIZE = {I1: 1, I32: 4, I64: 8, F32: 4, F64: 8}
BITS = {I32: 32, I64: 64}


def scalar_const(value, t: ScalarType) -> ir.Constant:
    if t in FLOATS:
        return ir.Constant(REG[t], float(value))
    if t == I1:
        return ir.Constant(I1T, int(bool(value)))
    v = int(value) & ((1 << BITS[t]) - 1)
    if v >> (BITS[t] - 1):
        v -= 1 << BITS[t]
    return ir.Constant(REG[t], v)


def c64(v: int) -> ir.Constant:
    return ir.Constant(I64T, v)


# ------------------------------------------------------------------ scalar conversions

def convert(b: ir.IRBuilder, v, src: Type, dst: Type):
    """numpy's astype for one scalar (x86-64 results where C leaves it undefined: a float
    that does not fit the integer type becomes its minimum value, as cvttsd2si gives)."""
    src, dst = plain(src), plain(dst)
    if src == dst:
        return v
    if dst == I1:
        if src in FLOATS:
            return b.fcmp_unordered("!=", v, ir.Constant(REG[src], 0.0))
        return b.icmp_signed("!=", v, ir.Constant(REG[src], 0))
    if src == I1:
        return b.uitofp(v, REG[dst]) if dst in FLOATS else b.zext(v, REG[dst])
    if src in INTS and dst in INTS:
        return b.trunc(v, REG[dst]) if BITS[dst] < BITS[src] else b.sext(v, REG[dst])
    if src in INTS:
        return b.sitofp(v, REG[dst])
    if dst in FLOATS:
        return b.fpext(v, REG[dst]) if dst == F64 else b.fptrunc(v, REG[dst])
    bits = BITS[dst]
    lo = ir.Constant(REG[src], -float(2 ** (bits - 1)))
    hi = ir.Constant(REG[src], float(2 ** (bits - 1)))
    ok = b.and_(b.fcmp_ordered(">=", v, lo), b.fcmp_ordered("<", v, hi))
    safe = b.select(ok, v, ir.Constant(REG[src], 0.0))
    return b.select(ok, b.fptosi(safe, REG[dst]), ir.Constant(REG[dst], -(1 << (bits - 1))))


# ------------------------------------------------------------------ the arena

TENSOR_HDR_T = ir.LiteralStructType([I64T, I64T, PTR, PTR, PTR])


def hdr_field(b: ir.IRBuilder, hdr, i: int):
    return b.gep(hdr, [ir.Constant(I32T, 0), ir.Constant(I32T, i)], source_etype=TENSOR_HDR_T)


def adopt_head(b: ir.IRBuilder, old, new) -> None:
    """`new` is being pushed on the arena over `old` (its next): if old is a tensor header,
    its pprev becomes &new.next."""
    with b.if_then(b.icmp_unsigned("!=", old, ir.Constant(PTR, None))):
        with b.if_then(b.icmp_signed("<", b.load(hdr_field(b, old, 0), typ=I64T), c64(0))):
            b.store(hdr_field(b, new, 3), hdr_field(b, old, 4))


def tensor_free(mc) -> ir.Function:
    """void @pts.tensor_free(ctx, ptr owner): unlink a tensor header from the arena and free
    its block and itself; a null owner (borrowed memory) is left alone."""
    def build():
        fn = ir.Function(mc.m, ir.FunctionType(ir.VoidType(), [PTR, PTR]), name="pts.tensor_free")
        ctx, hdr = fn.args
        b = ir.IRBuilder(fn.append_basic_block("entry"))
        with b.if_then(b.icmp_unsigned("!=", hdr, ir.Constant(PTR, None))):
            pprev = b.load(hdr_field(b, hdr, 4), typ=PTR)
            nxt = b.load(hdr_field(b, hdr, 3), typ=PTR)
            b.store(nxt, pprev)
            with b.if_then(b.icmp_unsigned("!=", nxt, ir.Constant(PTR, None))):
                with b.if_then(b.icmp_signed("<", b.load(hdr_field(b, nxt, 0), typ=I64T), c64(0))):
                    b.store(pprev, hdr_field(b, nxt, 4))
            free = mc.import_fn(b, ctx, "free")
            b.call(free, [b.load(hdr_field(b, hdr, 2), typ=PTR)])
            b.call(free, [hdr])
        b.ret_void()
        return fn
    return mc.helper("tensor_free", build)


def free_tensor(fc, ins, args: list) -> None:
    """`tensor.free %t, %keep...`: free t's owner unless it is one of the keeps' owners."""
    b = fc.b
    owner = b.extract_value(args[0], 1)
    keep = ir.Constant(I1T, 0)
    for k in args[1:]:
        keep = b.or_(keep, b.icmp_unsigned("==", owner, b.extract_value(k, 1)))
    if args[1:]:
        with b.if_then(b.not_(keep)):
            b.call(tensor_free(fc.mc), [fc.ctx, owner])
    else:
        b.call(tensor_free(fc.mc), [fc.ctx, owner])


# ------------------------------------------------------------------ the boxed ABI

def box_result(mc, b: ir.IRBuilder, ctx, v, t: TensorType):
    """Store a result descriptor in arena memory; the boxed result slot gets its address."""
    size = 8 * (2 + 2 * t.rank)
    hdr = b.call(mc.list_new(), [ctx, c64(1), c64(size)])
    data = b.load(b.gep(hdr, [ir.Constant(I32T, 0), ir.Constant(I32T, 2)], source_etype=LIST_T), typ=PTR)
    b.store(v, data)
    return b.ptrtoint(data, I64T)


# ------------------------------------------------------------------ numpy at compile time

def np_dtype(t: ScalarType) -> np.dtype:
    return np.dtype(DTYPE_NAMES[t])


def pts_dtype(d) -> ScalarType:
    return DTYPES[np.dtype(d).name]


def plain(t: Type) -> Type:
    """The value type a numpy scalar type computes as (np.float64 is an f64)."""
    return DTYPE_OF_SCALAR.get(t, t)


def dtype_of(t: Type) -> ScalarType:
    return t.dtype if isinstance(t, TensorType) else plain(t)


def resolve_loop(name: str, types: list[Type]) -> tuple[list[ScalarType], ScalarType]:
    """The dtypes numpy's ufunc loop computes in for operands of these pts types (NEP 50:
    Python int/float scalars are weak), as (inputs, output)."""
    ufunc = getattr(np, name)
    args = []
    for t in types:
        if isinstance(t, TensorType) or t in NUMPY_SCALARS or t == I1:
            args.append(np_dtype(dtype_of(t)))
        else:
            args.append({I64: int, F64: float}[t])
    dts = ufunc.resolve_dtypes(tuple(args) + (None,) * ufunc.nout)
    return [pts_dtype(d) for d in dts[:ufunc.nin]], pts_dtype(dts[ufunc.nin])


def uniform_exponent(name: str, operands: list) -> bool:
    """Is this a power whose exponent is one value for every element, a scalar or a 0-d
    array (numpy's loop then sees it with stride 0 and takes its fast exponents:
    Kernels.power_by_scalar)?  `operands`: Scalar / Tensor, or pts types."""
    if name != "power" or len(operands) != 2:
        return False
    e = operands[1]
    if isinstance(e, (Tensor, TensorType)):
        return e.rank == 0
    return True


def loop_dtypes(name: str, types: list[Type], out_dt: ScalarType):
    """(input dtypes, loop dtype) of ufunc `name` (or where, clip) producing out_dt."""
    if name == "where":
        return [I1, out_dt, out_dt], out_dt
    if name == "clip":
        return [out_dt] * 3, out_dt
    return resolve_loop(name, types)


class Tensor:
    """A descriptor's parts as LLVM values (shape/strides as lists of i64 values)."""

    def __init__(self, dtype: ScalarType, data, owner, shape: list, strides: list):
        self.dtype, self.data, self.owner = dtype, data, owner
        self.shape, self.strides = list(shape), list(strides)

    @property
    def rank(self) -> int:
        return len(self.shape)


class Scalar:
    """A scalar operand of an elementwise op: a rank-0 operand with a value in a register."""

    def __init__(self, dtype: ScalarType, value):
        self.dtype, self.value = dtype, value
        self.shape, self.strides = [], []
        self.rank = 0


UNARY_FLOAT = {"exp": "llvm.exp", "log": "llvm.log", "sqrt": "llvm.sqrt", "sin": "llvm.sin",
               "cos": "llvm.cos", "floor": "llvm.floor", "ceil": "llvm.ceil",
               "tanh": "tanh", "tan": "tan", "log1p": "log1p", "expm1": "expm1"}
COMPARE = {"equal": "==", "not_equal": "!=", "less": "<", "less_equal": "<=",
           "greater": ">", "greater_equal": ">="}
ELEMENTWISE = set(UNARY_FLOAT) | set(COMPARE) | {
    "add", "subtract", "multiply", "true_divide", "floor_divide", "remainder", "power",
    "negative", "positive", "absolute", "maximum", "minimum", "sign", "square",
    "logical_and", "logical_or", "logical_not", "bitwise_and", "bitwise_or", "bitwise_xor",
    "invert", "left_shift", "right_shift"}
REDUCTIONS = {"sum", "mean", "max", "min", "prod", "argmax", "argmin", "any", "all", "std", "var"}


def emit(fc, ins, args: list):
    return Kernels(fc, ins).run(args)


def filler(mc, dt: ScalarType) -> ir.Function:
    """`void fill(ptr dst, i64 n, T value)`: n contiguous elements of dtype dt set to value
    (its memory type: a bool is a byte), once per module and dtype — or backend.kernel_library's
    (`pts_lib.fill.<dtype>`).  The row loops of fused kernels fill a row with an (N, 1) leaf's
    value this way (kernel_codegen), instead of carrying a loop that LLVM vectorizes again in
    every kernel."""
    name = f"fill.{DTYPE_NAMES[dt]}"
    fnty = ir.FunctionType(VOID, [PTR, I64T, MEM[dt]])
    if mc.library:
        from pts.backend import kernel_library
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


def to_boundary(b: ir.IRBuilder, ptr):
    """Bytes from `ptr` to the next 64-byte boundary (0 at one)."""
    return b.and_(b.sub(c64(0), b.ptrtoint(ptr, I64T)), c64(ALIGN - 1))


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
    if mc.library:
        from pts.backend import kernel_library
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
        k = Kernels(w, None)
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


def row_copy(k: "Kernels", dst: Tensor, src: Tensor, offs: list, n, width: int) -> None:
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


def register_transpose(k: "Kernels", tensors: tuple, base: list, dst_j, src_i,
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


def tiled_loop(k: "Kernels", shape: list, strides: list[list], body, tile: int,
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


class Kernels:
    def __init__(self, fc, ins):
        self.fc = fc
        self.mc = fc.mc
        self.ins = ins                  # (None in outlined loops: copier)
        self.name = ins.op[3:] if ins is not None else ""
        self.static = ins.static() if ins is not None else {}

    @property
    def b(self) -> ir.IRBuilder:
        return self.fc.b

    def refuse(self, what: str | None = None):
        what = what or f"'np.{self.name}'"
        raise CompileError(f"native code for {what} is not built yet (tensor code runs with "
                           f"pts.script(f, backend='interp') for now)", self.ins.span)

    # ---------------------------------------------------------------- dispatch

    def run(self, args):
        name = self.name
        types = [a.type for a in self.ins.args]
        ops = [self.operand(v, t) for v, t in zip(args, types)]
        if name in ELEMENTWISE or name in ("where", "clip"):
            return self.elementwise(ops, types)
        if name in REDUCTIONS:
            return self.reduce(ops[0])
        method = getattr(self, "op_" + name, None)
        if method is None:
            self.refuse()
        return method(ops, types)

    def operand(self, v, t: Type):
        if isinstance(t, TensorType):
            return self.unpack(v, t)
        if isinstance(t, TupleType):
            return [self.operand(self.b.extract_value(v, i), e) for i, e in enumerate(t.elems)]
        if t == NONE:
            return None
        return Scalar(plain(t), v)

    def unpack(self, v, t: TensorType) -> Tensor:
        b = self.b
        return Tensor(t.dtype, b.extract_value(v, 0), b.extract_value(v, 1),
                      [b.extract_value(v, [2, k]) for k in range(t.rank)],
                      [b.extract_value(v, [3, k]) for k in range(t.rank)])

    def pack(self, x: Tensor):
        b = self.b
        agg = ir.Constant(desc_type(x.rank), ir.Undefined)
        agg = b.insert_value(agg, x.data, 0)
        agg = b.insert_value(agg, x.owner, 1)
        for k in range(x.rank):
            agg = b.insert_value(agg, x.shape[k], [2, k])
            agg = b.insert_value(agg, x.strides[k], [3, k])
        return agg

    def result(self, x: Tensor):
        t = self.ins.type
        if isinstance(t, TensorType):
            assert x.rank == t.rank, (self.name, x.rank, t)
            return self.pack(x)
        return convert(self.b, self.load(x, c64(0)), x.dtype, t)

    # ---------------------------------------------------------------- memory

    def elem_ptr(self, x: Tensor, off):
        return self.b.gep(x.data, [off], source_etype=MEM[x.dtype])

    def load(self, x, off):
        if isinstance(x, Scalar):
            return x.value
        v = self.b.load(self.elem_ptr(x, off), typ=MEM[x.dtype])
        return self.b.icmp_unsigned("!=", v, ir.Constant(I8T, 0)) if x.dtype == I1 else v

    def prefetch(self, x: Tensor, off, n) -> None:
        """A hint: elements off..off+n-1 of contiguous x will be read soon (into L1).  Never
        faults, so `off` may be past x's end (rows after the last).  `n`: an int (the
        prefetches are emitted one after another) or a value (a loop)."""
        b = self.b
        per_line = ALIGN // ITEMSIZE[x.dtype]
        fn = self.mc.intrinsic("llvm.prefetch", [PTR])
        read, l1, data = ir.Constant(I32T, 0), ir.Constant(I32T, 3), ir.Constant(I32T, 1)

        def line(i):
            b.call(fn, [self.elem_ptr(x, b.add(off, b.mul(i, c64(per_line)))), read, l1, data])
        if isinstance(n, int):
            for i in range(-(-n // per_line)):
                line(c64(i))
        else:
            self.fc.counted_loop(b.sdiv(b.add(n, c64(per_line - 1)), c64(per_line)), line)

    def aligned(self, block):
        """The first 64-byte boundary in `block` (null stays null)."""
        return self.b.gep(block, [to_boundary(self.b, block)], source_etype=I8T)

    def store(self, x: Tensor, off, v):
        if x.dtype == I1:
            v = self.b.zext(v, I8T)
        self.b.store(v, self.elem_ptr(x, off))

    def size_of(self, shape: list):
        n = c64(1)
        for s in shape:
            n = self.b.mul(n, s)
        return n

    def contiguous_strides(self, shape: list) -> list:
        strides = [c64(1)] * len(shape)
        acc = c64(1)
        for k in range(len(shape) - 1, -1, -1):
            strides[k] = acc
            acc = self.b.mul(acc, shape[k])
        return strides

    def tensor_alloc(self) -> ir.Function:
        """{ptr data, ptr owner} @pts.tensor_alloc(ctx, i64 nbytes): a 64-byte aligned block
        chained into the arena (see the module docstring for the header)."""
        mc = self.mc

        def build():
            rt = ir.LiteralStructType([PTR, PTR])
            fn = ir.Function(mc.m, ir.FunctionType(rt, [PTR, I64T]), name="pts.tensor_alloc")
            ctx, nbytes = fn.args
            b = ir.IRBuilder(fn.append_basic_block("entry"))
            malloc = mc.import_fn(b, ctx, "malloc")
            hdr = b.call(malloc, [c64(40)])
            raw = b.call(malloc, [b.add(nbytes, c64(ALIGN))])
            # as numpy does: blocks of 2 MiB and more ask for transparent huge pages (a
            # fresh block's first touch faults once per 2 MiB, not once per 4 KiB page)
            with b.if_then(b.icmp_unsigned(">=", nbytes, c64(HUGE_PAGES_MIN))):
                madvise = mc.external("madvise", ir.FunctionType(I32T, [PTR, I64T, I32T]))
                start = b.and_(b.add(b.ptrtoint(raw, I64T), c64(4095)), c64(-4096))
                end = b.add(b.ptrtoint(raw, I64T), nbytes)
                b.call(madvise, [b.inttoptr(start, PTR), b.sub(end, start),
                                 ir.Constant(I32T, MADV_HUGEPAGE)])
            addr = b.and_(b.add(b.ptrtoint(raw, I64T), c64(ALIGN - 1)), c64(-ALIGN))
            head_p = b.gep(ctx, [ir.Constant(I32T, 0), ir.Constant(I32T, 7)], source_etype=CTX_T)
            old = b.load(head_p, typ=PTR)
            for i, v in enumerate([b.not_(nbytes), addr, raw, old, head_p]):
                b.store(v, b.gep(hdr, [ir.Constant(I32T, 0), ir.Constant(I32T, i)], source_etype=TENSOR_HDR_T))
            adopt_head(b, old, hdr)
            b.store(hdr, head_p)
            agg = b.insert_value(ir.Constant(rt, ir.Undefined), b.inttoptr(addr, PTR), 0)
            b.ret(b.insert_value(agg, hdr, 1))
            return fn
        return mc.helper("tensor_alloc", build)

    def alloc(self, dtype: ScalarType, shape: list, zero: bool = False) -> Tensor:
        """A new C-contiguous tensor owned by the arena."""
        b = self.b
        nbytes = b.mul(self.size_of(shape), c64(ITEMSIZE[dtype]))
        r = b.call(self.tensor_alloc(), [self.fc.ctx, nbytes])
        data = b.extract_value(r, 0)
        if zero:
            b.call(self.mc.intrinsic("llvm.memset", [PTR, I64T]),
                   [data, ir.Constant(I8T, 0), nbytes, ir.Constant(I1T, 0)])
        return Tensor(dtype, data, b.extract_value(r, 1), shape, self.contiguous_strides(shape))

    def scratch_done(self, x: Tensor, unless: Tensor | None = None) -> None:
        """Free this op's scratch allocation x now (not when it is `unless`'s memory)."""
        b = self.b
        if unless is None:
            b.call(tensor_free(self.mc), [self.fc.ctx, x.owner])
            return
        with b.if_then(b.icmp_unsigned("!=", x.owner, unless.owner)):
            b.call(tensor_free(self.mc), [self.fc.ctx, x.owner])

    def result_of_scratch(self, x: Tensor):
        """result(x), freeing x when the result is a scalar read out of it."""
        r = self.result(x)
        if not isinstance(self.ins.type, TensorType):
            self.scratch_done(x)
        return r

    def slot(self, t: ir.Type, init=None):
        """A stack slot in the entry block (mem2reg makes it a register)."""
        s = self.fc.ab.alloca(t)
        s.type = PTR
        if init is not None:
            self.b.store(init, s)
        return s

    # ---------------------------------------------------------------- loops

    def loop(self, shape: list, strides: list[list], body, bases=None) -> None:
        """for idx in ndindex(shape): body(offsets) — one running offset per stride list."""
        bases = bases or [c64(0)] * len(strides)

        def level(d: int, offs: list):
            if d == len(shape):
                body(offs)
                return
            self.fc.counted_loop(shape[d], lambda i: level(
                d + 1, [self.b.add(o, self.b.mul(i, s[d])) for o, s in zip(offs, strides)]))
        level(0, bases)

    # ---------------------------------------------------------------- errors

    def fail_if(self, cond, kind: str, parts: list) -> None:
        """raise kind(message) when cond; parts: str, i64 values, ("str?", c, a, b) picking a
        string at run time, ("int?", c, v) printing v only when c."""
        fc = self.fc
        fail = fc.fn.append_basic_block("tfail")
        cont = fc.fn.append_basic_block("tok")
        self.b.cbranch(cond, fail, cont)
        self.b.block.terminator.set_weights([1, 1000])
        fb = ir.IRBuilder(fail)
        fc.set_error(fb, kind, self.message(fb, parts), self.ins.span)
        self.b.position_at_end(cont)

    def message(self, b: ir.IRBuilder, parts: list):
        """The message of `parts` (see fail_if) at b: a constant string, or a call of the
        function that formats messages of that template (`message_fn`)."""
        if all(isinstance(p, str) for p in parts):
            return self.mc.string("".join(parts))
        template: list = []
        args: list = []
        for p in parts:
            if isinstance(p, str):
                if not p:
                    continue
                if template and template[-1][0] == "s":
                    template[-1] = ("s", template[-1][1] + p)
                else:
                    template.append(("s", p))
            elif isinstance(p, tuple) and p[0] == "str?":
                template.append(p[:1] + p[2:])
                args.append(p[1])
            elif isinstance(p, tuple):
                template.append(("int?",))
                args += [p[2], p[1]]
            else:
                template.append(("int",))
                args.append(p)
        return b.call(self.message_fn(tuple(template)), [self.fc.ctx] + args)

    def message_fn(self, template: tuple) -> ir.Function:
        """`ptr @pts.msg.N(ctx, values...)`: the text of one message template ("s" text,
        "int" i64, "int?" i64 and i1 show, "str?" i1 pick between two texts) in an arena
        buffer; one cold function per template per module, so that a failure path is one
        call however many shapes its message prints (a broadcast error: 10 pieces)."""
        templates = self.mc.message_templates
        name = templates.setdefault(template, f"msg.{len(templates)}")

        def build():
            types = [PTR]
            for t in template:
                types += {"s": [], "int": [I64T], "int?": [I64T, I1T], "str?": [I1T]}[t[0]]
            fn = ir.Function(self.mc.m, ir.FunctionType(PTR, types), name=f"pts.{name}")
            for attr in ("noinline", "optnone", "cold"):
                fn.attributes.add(attr)
            b = ir.IRBuilder(fn.append_basic_block("entry"))
            ctx, values = fn.args[0], iter(fn.args[1:])
            size = 1 + sum(len(t[1].encode()) if t[0] == "s" else
                           max(len(t[1].encode()), len(t[2].encode())) if t[0] == "str?" else 21
                           for t in template)
            hdr = b.call(self.mc.list_new(), [ctx, c64(1), c64(size)])
            buf = b.load(b.gep(hdr, [ir.Constant(I32T, 0), ir.Constant(I32T, 2)],
                               source_etype=LIST_T), typ=PTR)
            pos = c64(0)
            put_str, put_int = self.msg_str(), self.msg_int()
            for t in template:
                if t[0] == "s":
                    pos = b.call(put_str, [buf, pos, self.mc.string(t[1])])
                elif t[0] == "str?":
                    text = b.select(next(values), self.mc.string(t[1]), self.mc.string(t[2]))
                    pos = b.call(put_str, [buf, pos, text])
                elif t[0] == "int?":
                    v = next(values)
                    pos = b.call(put_int, [buf, pos, v, next(values)])
                else:
                    pos = b.call(put_int, [buf, pos, next(values), ir.Constant(I1T, 1)])
            b.store(ir.Constant(I8T, 0), b.gep(buf, [pos], source_etype=I8T))
            b.ret(buf)
            return fn
        return self.mc.helper(name, build)

    def msg_str(self) -> ir.Function:
        """i64 @pts.msg_str(ptr buf, i64 pos, ptr cstr): append a C string, new position."""
        def build():
            fn = ir.Function(self.mc.m, ir.FunctionType(I64T, [PTR, I64T, PTR]), name="pts.msg_str")
            buf, pos, s = fn.args
            entry, head, body, done = (fn.append_basic_block(n) for n in ("entry", "head", "body", "done"))
            b = ir.IRBuilder(entry)
            b.branch(head)
            b.position_at_end(head)
            k = b.phi(I64T)
            k.add_incoming(c64(0), entry)
            ch = b.load(b.gep(s, [k], source_etype=I8T), typ=I8T)
            b.cbranch(b.icmp_unsigned("==", ch, ir.Constant(I8T, 0)), done, body)
            b.position_at_end(body)
            b.store(ch, b.gep(buf, [b.add(pos, k)], source_etype=I8T))
            k.add_incoming(b.add(k, c64(1)), body)
            b.branch(head)
            b.position_at_end(done)
            b.ret(b.add(pos, k))
            return fn
        return self.mc.helper("msg_str", build)

    def msg_int(self) -> ir.Function:
        """i64 @pts.msg_int(ptr buf, i64 pos, i64 v, i1 show): append v in decimal if show."""
        def build():
            fn = ir.Function(self.mc.m, ir.FunctionType(I64T, [PTR, I64T, I64T, I1T]), name="pts.msg_int")
            buf, pos, v, show = fn.args
            blocks = [fn.append_basic_block(n) for n in ("entry", "go", "count", "write", "done", "skip")]
            entry, go, count, write, done, skip = blocks
            b = ir.IRBuilder(entry)
            b.cbranch(show, go, skip)
            b.position_at_end(skip)
            b.ret(pos)
            b.position_at_end(go)
            neg = b.icmp_signed("<", v, c64(0))
            u = b.select(neg, b.sub(c64(0), v), v)
            b.store(ir.Constant(I8T, ord("-")), b.gep(buf, [pos], source_etype=I8T))
            start = b.add(pos, b.zext(neg, I64T))
            b.branch(count)
            b.position_at_end(count)
            t = b.phi(I64T)
            n = b.phi(I64T)
            t.add_incoming(u, go)
            n.add_incoming(c64(1), go)
            more = b.icmp_unsigned(">=", t, c64(10))
            t.add_incoming(b.udiv(t, c64(10)), count)
            n.add_incoming(b.add(n, c64(1)), count)
            b.cbranch(more, count, write)
            b.position_at_end(write)
            k = b.phi(I64T)
            w = b.phi(I64T)
            k.add_incoming(n, count)
            w.add_incoming(u, count)
            k1 = b.sub(k, c64(1))
            digit = b.add(b.trunc(b.urem(w, c64(10)), I8T), ir.Constant(I8T, ord("0")))
            b.store(digit, b.gep(buf, [b.add(start, k1)], source_etype=I8T))
            k.add_incoming(k1, write)
            w.add_incoming(b.udiv(w, c64(10)), write)
            b.cbranch(b.icmp_signed(">", k1, c64(0)), write, done)
            b.position_at_end(done)
            b.ret(b.add(start, n))
            return fn
        return self.mc.helper("msg_int", build)

    @staticmethod
    def shape_text(shape: list) -> list:
        """numpy's shape tuple text: (2,3) (4,) ()."""
        if not shape:
            return ["()"]
        parts: list = ["("]
        for k, s in enumerate(shape):
            parts += [s, ","] if k < len(shape) - 1 or len(shape) == 1 else [s]
        return parts + [")"]

    def any_true(self, conds: list):
        r = ir.Constant(I1T, 0)
        for c in conds:
            r = self.b.or_(r, c)
        return r

    def index_i64(self, x: Scalar):
        return convert(self.b, x.value, x.dtype, I64) if x.dtype != I64 else x.value

    # ---------------------------------------------------------------- broadcasting

    def broadcast(self, ops: list, rank: int, out: Tensor | None = None) -> tuple[list, list[list]]:
        """numpy broadcasting of the operands' shapes: (shape, per-operand strides with 0 on
        broadcast dimensions).  Mismatch: ValueError 'operands could not be broadcast
        together with shapes (2,3) (4,) ' (every operand's shape, scalars as (), then the
        output's when there is one: x += y lists x, y and x)."""
        shape, bad = self.broadcast_shape(ops, rank)
        if any(x.rank for x in ops) and len(ops) > 1:
            msg: list = ["operands could not be broadcast together with shapes "]
            for x in ops + ([out] if out is not None else []):
                msg += self.shape_text(x.shape) + [" "]
            self.fail_if(bad, "ValueError", msg)
        strides = [[self.bstride(x, d, rank) for d in range(rank)] for x in ops]
        return shape, strides

    def broadcast_shape(self, ops: list, rank: int) -> tuple[list, ir.Value]:
        """The broadcast shape of the operands, and whether they clash (i1)."""
        b = self.b
        shape, bad = [], ir.Constant(I1T, 0)
        for d in range(rank):
            out = c64(1)
            for x in ops:
                k = d - (rank - x.rank)
                if k < 0:
                    continue
                s = x.shape[k]
                ne1 = b.icmp_signed("!=", s, c64(1))
                clash = b.and_(b.icmp_signed("!=", out, c64(1)), b.icmp_signed("!=", out, s))
                bad = b.or_(bad, b.and_(ne1, clash))
                out = b.select(ne1, s, out)
            shape.append(out)
        return shape, bad

    def bstride(self, x, d: int, rank: int):
        k = d - (rank - x.rank)
        if k < 0:
            return c64(0)
        return self.b.select(self.b.icmp_signed("==", x.shape[k], c64(1)), c64(0), x.strides[k])

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

    # ---------------------------------------------------------------- elementwise

    def elementwise(self, ops: list, types: list):
        """Ufuncs (and where, clip) with numpy broadcasting: operands are converted to the
        dtypes numpy's loop computes in (`ufunc.resolve_dtypes`, NEP 50 weak scalars), the
        result to the instruction's dtype.  `out=k` writes into operand k (x += y)."""
        name = self.name
        rt = self.ins.type
        out_dt = dtype_of(rt)
        out_index = self.static.get("out")
        in_dts, loop_out = loop_dtypes(name, types, out_dt)
        if name not in ("where", "clip"):
            in_dts = self.weak_int_operands(name, ops, types, in_dts)
        live = [(x, dt) for x, dt in zip(ops, in_dts) if x is not None]

        uniform = isinstance(rt, TensorType) and uniform_exponent(name, ops)

        def compute(vals):
            it = iter(vals)
            full = [(None, NONE) if x is None else (next(it), x.dtype) for x in ops]
            return self.element(name, full, in_dts, loop_out, out_dt, uniform)

        xs = [x for x, _ in live]
        if not isinstance(rt, TensorType):      # scalars and 0-d arrays give a scalar
            return compute([self.load(x, c64(0)) for x in xs])
        if out_index is not None:
            target = ops[out_index]
            shape, _ = self.broadcast(xs, rt.rank, out=target)
            b = self.b
            bad = self.any_true([b.icmp_signed("!=", s, t) for s, t in zip(shape, target.shape)])
            self.fail_if(bad, "ValueError", ["non-broadcastable output operand with shape "]
                         + self.shape_text(target.shape) + [" doesn't match the broadcast shape "]
                         + self.shape_text(shape))
            srcs = [x if (isinstance(x, Scalar) or x is target) else self.separate(x, target)
                    for x in xs]
            _, strides = self.broadcast(srcs, rt.rank) if len(srcs) else (shape, [])
            out = Tensor(out_dt, target.data, target.owner, target.shape, target.strides)
        else:
            shape, strides = self.broadcast(xs, rt.rank)
            srcs = xs
            out = self.alloc(out_dt, shape)

        def body(offs):
            vals = [self.load(x, o) for x, o in zip(srcs, offs[1:])]
            self.store(out, offs[0], compute(vals))
        self.loop(shape, [out.strides] + strides, body)
        for x, src in zip(xs, srcs):
            if src is not x:                    # separate()'s copy, if it made one
                self.scratch_done(src, unless=x)
        return self.pack(out)

    def element(self, name: str, vals: list, in_dts: list, loop_out, out_dt,
                uniform_exponent: bool = False):
        """One element of ufunc `name` (or where, clip): operands (value, dtype), None for an
        absent clip bound, converted to the loop's dtypes; the result converted to out_dt.
        `uniform_exponent`: a power whose exponent is one value for the whole array (see
        uniform_exponent)."""
        b = self.b
        conv = [None if v is None else convert(b, v, src, dt)
                for (v, src), dt in zip(vals, in_dts)]
        if name == "clip":
            r = self.clip(conv[0], conv[1], conv[2], out_dt)
        elif name == "power" and uniform_exponent and loop_out in FLOATS:
            r = self.power_by_scalar(conv[0], conv[1], loop_out)
        else:
            r = self.ufunc(name, conv, in_dts[0] if name != "where" else out_dt, loop_out)
        return convert(b, r, loop_out, out_dt)

    def weak_int_operands(self, name, ops, types, in_dts):
        """NEP 50 for a Python int with an int32 array: comparisons compare the true values
        (numpy special-cases them); arithmetic raises OverflowError when it does not fit."""
        for x, t, dt in zip(ops, types, in_dts):
            if t != I64 or not isinstance(x, Scalar) or dt != I32:
                continue
            if name in COMPARE:
                return [I64] * len(in_dts)
            v = x.value
            bad = self.b.or_(self.b.icmp_signed("<", v, c64(-2 ** 31)),
                             self.b.icmp_signed(">=", v, c64(2 ** 31)))
            self.fail_if(bad, "OverflowError", ["Python integer ", v, " out of bounds for int32"])
        return in_dts

    def separate(self, x: Tensor, target: Tensor) -> Tensor:
        """x, or a copy of it when it may overlap target (numpy's overlap rule: results are
        as if the inputs were read before anything is written)."""
        risky = self.overlaps(x, target)
        before = self.b.block
        b = self.b
        with b.if_then(risky):
            c = self.copy(x)
            copied = b.block
        data, owner = b.phi(PTR), b.phi(PTR)
        data.add_incoming(x.data, before)
        data.add_incoming(c.data, copied)
        owner.add_incoming(x.owner, before)
        owner.add_incoming(c.owner, copied)
        strides = []
        for s_orig, s_new in zip(x.strides, c.strides):
            p = b.phi(I64T)
            p.add_incoming(s_orig, before)
            p.add_incoming(s_new, copied)
            strides.append(p)
        return Tensor(x.dtype, data, owner, x.shape, strides)

    def fconst(self, dt, v):
        return ir.Constant(REG[dt], v)

    def intrinsic(self, name: str, dt: ScalarType, args: list):
        return self.b.call(self.mc.intrinsic(name, [REG[dt]]), args)

    def libm(self, name: str, dt: ScalarType, args: list):
        sym = name + ("f" if dt == F32 else "")
        fn = self.mc.external(sym, ir.FunctionType(REG[dt], [REG[dt]] * len(args)))
        return self.b.call(fn, args)

    def clip(self, v, lo, hi, dt):
        """numpy's clip: _NPY_MIN(_NPY_MAX(x, lo), hi), NaN in x or a bound propagates."""
        b = self.b
        if dt in FLOATS:
            if lo is not None:
                isnan = b.fcmp_unordered("uno", v, v)
                v = b.select(isnan, v, b.select(b.fcmp_ordered(">", v, lo), v, lo))
            if hi is not None:
                isnan = b.fcmp_unordered("uno", v, v)
                v = b.select(isnan, v, b.select(b.fcmp_ordered("<", v, hi), v, hi))
            return v
        cmp = b.icmp_unsigned if dt == I1 else b.icmp_signed
        if lo is not None:
            v = b.select(cmp(">", v, lo), v, lo)
        if hi is not None:
            v = b.select(cmp("<", v, hi), v, hi)
        return v

    def ufunc(self, name: str, vals: list, dt: ScalarType, out_dt: ScalarType):
        """One element of ufunc `name` computed in loop dtype dt (numpy's inner loops)."""
        b = self.b
        fl = dt in FLOATS
        if name in COMPARE:
            a, c = vals
            if fl:
                op = COMPARE[name]
                return b.fcmp_unordered(op, a, c) if op == "!=" else b.fcmp_ordered(op, a, c)
            return (b.icmp_unsigned if dt == I1 else b.icmp_signed)(COMPARE[name], a, c)
        if name == "where":
            return b.select(*vals)
        if name in ("add", "subtract", "multiply"):
            a, c = vals
            if dt == I1:        # bool + is or, bool * is and
                return b.or_(a, c) if name == "add" else b.and_(a, c)
            if fl:
                return {"add": b.fadd, "subtract": b.fsub, "multiply": b.fmul}[name](
                    a, c, flags=self.fc.float_flags)
            return {"add": b.add, "subtract": b.sub, "multiply": b.mul}[name](a, c)
        if name == "true_divide":
            return b.fdiv(*vals)
        if name in ("floor_divide", "remainder"):
            q, r = self.float_divmod(*vals, dt) if fl else self.int_divmod(*vals, dt)
            return q if name == "floor_divide" else r
        if name == "power":
            if fl:
                return self.b.call(self.mc.intrinsic("llvm.pow", [REG[dt]]), vals)
            return self.int_power(*vals, dt)
        if name == "negative":
            return b.fneg(vals[0]) if fl else b.sub(ir.Constant(REG[dt], 0), vals[0])
        if name == "positive":
            return vals[0]
        if name == "absolute":
            if fl:
                return self.intrinsic("llvm.fabs", dt, vals)
            if dt == I1:
                return vals[0]
            neg = b.icmp_signed("<", vals[0], ir.Constant(REG[dt], 0))
            return b.select(neg, b.sub(ir.Constant(REG[dt], 0), vals[0]), vals[0])
        if name == "square":
            return b.fmul(vals[0], vals[0]) if fl else (b.and_ if dt == I1 else b.mul)(vals[0], vals[0])
        if name in ("maximum", "minimum"):
            a, c = vals
            op = ">=" if name == "maximum" else "<="
            if fl:   # (a >= c || isnan(a)) ? a : c — NaN from either side propagates
                keep = b.or_(b.fcmp_ordered(op, a, c), b.fcmp_unordered("uno", a, a))
            else:
                keep = (b.icmp_unsigned if dt == I1 else b.icmp_signed)(op, a, c)
            return b.select(keep, a, c)
        if name == "sign":
            x = vals[0]
            if fl:
                one, zero = self.fconst(dt, 1.0), self.fconst(dt, 0.0)
                r = b.select(b.fcmp_ordered(">", x, zero), one,
                             b.select(b.fcmp_ordered("<", x, zero), self.fconst(dt, -1.0),
                                      b.select(b.fcmp_ordered("==", x, zero), zero, x)))
                return r
            zero = ir.Constant(REG[dt], 0)
            return b.sub(b.zext(b.icmp_signed(">", x, zero), REG[dt]),
                         b.zext(b.icmp_signed("<", x, zero), REG[dt]))
        if name in ("floor", "ceil") and not fl:
            return vals[0]
        if name in UNARY_FLOAT:
            fn = UNARY_FLOAT[name]
            from pts.backend.stdlib_math import NAMES
            if dt in FLOATS and name in NAMES:   # stdlib/vmath.py: inlined, vectorizes, no libm
                return b.call(self.mc.stdlib_math(name, dt), vals)
            from pts.backend import codegen
            if dt == F64 and name in getattr(codegen, "IMPORT_MATH", ()) and hasattr(self.fc, "libm_call"):
                return self.fc.libm_call(name, vals)      # f64 libm through the import table
            if fn.startswith("llvm."):
                return self.intrinsic(fn, dt, vals)
            return self.libm(fn, dt, vals)
        if name in ("logical_and", "logical_or"):
            a, c = [convert(b, v, dt, I1) for v in vals]
            return b.and_(a, c) if name == "logical_and" else b.or_(a, c)
        if name == "logical_not":
            return b.not_(convert(b, vals[0], dt, I1))
        if name in ("bitwise_and", "bitwise_or", "bitwise_xor"):
            return {"bitwise_and": b.and_, "bitwise_or": b.or_, "bitwise_xor": b.xor}[name](*vals)
        if name == "invert":
            return b.not_(vals[0])
        if name in ("left_shift", "right_shift"):
            a, c = vals
            width = ir.Constant(REG[dt], BITS[dt])
            ok = b.icmp_unsigned("<", c, width)       # numpy: (size_t)b < bits
            safe = b.select(ok, c, ir.Constant(REG[dt], 0))
            if name == "left_shift":
                return b.select(ok, b.shl(a, safe), ir.Constant(REG[dt], 0))
            fill = b.select(b.icmp_signed("<", a, ir.Constant(REG[dt], 0)),
                            ir.Constant(REG[dt], -1), ir.Constant(REG[dt], 0))
            return b.select(ok, b.ashr(a, safe), fill)
        self.refuse()

    def power_by_scalar(self, a, c, dt):
        """numpy's float power loop when the exponent is one value (stride 0): exponents
        -1, 0, 0.5, 1 and 2 are 1 / a, 1, sqrt(a), a and a * a, others pow (so
        (-inf) ** 0.5 is nan and (-0.0) ** 0.5 is -0.0, where pow gives inf and 0.0)."""
        b = self.b
        r = self.b.call(self.mc.intrinsic("llvm.pow", [REG[dt]]), [a, c])
        for e, v in ((2.0, lambda: b.fmul(a, a)), (1.0, lambda: a),
                     (0.5, lambda: self.intrinsic("llvm.sqrt", dt, [a])),
                     (0.0, lambda: self.fconst(dt, 1.0)),
                     (-1.0, lambda: b.fdiv(self.fconst(dt, 1.0), a))):
            r = b.select(b.fcmp_ordered("==", c, self.fconst(dt, e)), v(), r)
        return r

    def int_divmod(self, a, c, dt):
        """numpy's integer floor_divide / remainder: x // 0 == x % 0 == 0, MIN // -1 == MIN."""
        b = self.b
        T = REG[dt]
        zero, one, m1 = ir.Constant(T, 0), ir.Constant(T, 1), ir.Constant(T, -1)
        is0 = b.icmp_signed("==", c, zero)
        is_m1 = b.icmp_signed("==", c, m1)
        safe = b.select(b.or_(is0, is_m1), one, c)
        q = b.select(is_m1, b.sub(zero, a), b.sdiv(a, safe))
        r = b.select(is_m1, zero, b.srem(a, safe))
        adjust = b.and_(b.icmp_signed("!=", r, zero), b.icmp_signed("<", b.xor(r, c), zero))
        q = b.sub(q, b.zext(adjust, T))
        r = b.select(adjust, b.add(r, c), r)
        return b.select(is0, zero, q), b.select(is0, zero, r)

    def float_divmod(self, a, c, dt):
        """npy_divmod / npy_floor_divide / npy_remainder: Python's floor semantics; for a
        zero divisor floor_divide gives a / 0 and remainder fmod(a, 0) = nan."""
        b = self.b
        T = REG[dt]
        zero = ir.Constant(T, 0.0)
        copysign = self.mc.intrinsic("llvm.copysign", [T])
        mod = b.frem(a, c)
        div = b.fdiv(b.fsub(a, mod), c)
        mod_nz = b.fcmp_unordered("!=", mod, zero)
        signs_differ = b.xor(b.fcmp_ordered("<", c, zero), b.fcmp_ordered("<", mod, zero))
        fix = b.and_(mod_nz, signs_differ)
        mod2 = b.select(mod_nz, b.select(fix, b.fadd(mod, c), mod), b.call(copysign, [zero, c]))
        div = b.select(fix, b.fsub(div, ir.Constant(T, 1.0)), div)
        div_nz = b.fcmp_unordered("!=", div, zero)
        floor = self.intrinsic("llvm.floor", dt, [div])
        floor = b.select(b.fcmp_ordered(">", b.fsub(div, floor), ir.Constant(T, 0.5)),
                         b.fadd(floor, ir.Constant(T, 1.0)), floor)
        q = b.select(div_nz, floor, b.call(copysign, [zero, b.fdiv(a, c)]))
        c0 = b.fcmp_ordered("==", c, zero)
        return b.select(c0, b.fdiv(a, c), q), b.select(c0, mod, mod2)

    def int_power(self, a, c, dt):
        """Integer power by squaring (wrapping); negative exponents raise like numpy."""
        self.fail_if(self.b.icmp_signed("<", c, ir.Constant(REG[dt], 0)), "ValueError",
                     ["Integers to negative integer powers are not allowed."])
        return self.b.call(self.mc.ipow(REG[dt]), [a, c])

    # ---------------------------------------------------------------- reductions

    def reduce(self, x: Tensor):
        """sum mean prod max min any all argmax argmin std var over a static axis (int,
        tuple or None) with keepdims.  The result dtype is numpy's (the instruction's type);
        sums accumulate in that dtype with numpy's pairwise summation when the last axis is
        reduced (else sequentially, as numpy's outer-loop reductions do), so results usually
        match numpy's bit for bit.  A reduction that keeps the last axis accumulates into the
        output in place (reduce_in_place).  Empty max/min/argmax/argmin raise
        numpy's ValueError; empty mean/std/var give nan."""
        name, b = self.name, self.b
        if isinstance(x, Scalar):
            x = self.scalar_tensor(x)
        rank = x.rank
        axis = self.static.get("axis")
        keepdims = bool(self.static.get("keepdims", False))
        if axis is None:
            axes = tuple(range(rank))
        else:
            axes = tuple(sorted(a % rank if rank else 0 for a in (axis if isinstance(axis, tuple) else (axis,))))
        if rank == 0:
            axes = ()
        kept = [d for d in range(rank) if d not in axes]
        red_shape = [x.shape[d] for d in axes]
        red_strides = [x.strides[d] for d in axes]
        count = self.size_of(red_shape)
        rt = self.ins.type
        out_dt = dtype_of(rt)
        out_shape = [x.shape[d] if d in kept else c64(1) for d in range(rank)] if keepdims \
            else [x.shape[d] for d in kept]
        if name in ("max", "min"):
            self.fail_if(b.icmp_signed("==", count, c64(0)), "ValueError",
                         [f"zero-size array to reduction operation "
                          f"{'maximum' if name == 'max' else 'minimum'} which has no identity"])
        if name in ("argmax", "argmin"):
            self.fail_if(b.icmp_signed("==", count, c64(0)), "ValueError",
                         [f"attempt to get {name} of an empty sequence"])
        acc_dt = {"any": I1, "all": I1, "max": x.dtype, "min": x.dtype, "argmax": x.dtype,
                  "argmin": x.dtype}.get(name, out_dt)
        if name in ("mean", "std", "var") and acc_dt not in FLOATS:
            acc_dt = F64
        if isinstance(rt, TensorType):
            out = self.alloc(out_dt, out_shape)
            out_strides_kept = [out.strides[k] for k, d in enumerate(kept)] if not keepdims \
                else [out.strides[d] for d in kept]
        else:
            out = None
            out_strides_kept = [c64(0)] * len(kept)
        result_slot = self.slot(REG[out_dt])
        self.pairwise_inner = bool(axes) and axes[-1] == rank - 1
        if self.pairwise_inner and len(axes) == rank > 1 and acc_dt in FLOATS and \
                name in ("sum", "mean", "std", "var"):
            # a full reduction of C-contiguous data: numpy coalesces it into one 1-D loop
            flat = self.as_flat_if_contiguous(x)
            if flat is not None:
                x, red_shape, red_strides = flat
        count = self.size_of(red_shape)
        if out is not None and axes and axes[-1] != rank - 1 and acc_dt == out_dt and \
                name in ("sum", "mean", "prod", "max", "min", "any", "all", "std", "var"):
            return self.reduce_in_place(x, out, axes, keepdims, count)

        def per_output(offs):
            xbase, obase = offs
            value = self.reduce_one(name, x, xbase, red_shape, red_strides, count, acc_dt)
            value = convert(self.b, value, acc_dt if name not in ("argmax", "argmin") else I64, out_dt)
            if out is not None:
                self.store(out, obase, value)
            else:
                self.b.store(value, result_slot)
        self.loop([x.shape[d] for d in kept], [[x.strides[d] for d in kept], out_strides_kept],
                  per_output)
        if out is not None:
            return self.pack(out)
        return self.b.load(result_slot, typ=REG[out_dt])

    def reduce_in_place(self, x: Tensor, out: Tensor, axes: tuple, keepdims: bool, count):
        """A reduction that keeps the last axis (x.sum(axis=0)): the output starts at the
        operation's identity and x is walked once in C order, out[kept] = op(out[kept], x) —
        the inner loop runs along the last axis, contiguous in x and out (vectorized).
        numpy's outer-axis reductions add in the same order, so sums match bit for bit.
        var and std as numpy computes them: the mean first, then the squared deviations."""
        name = self.name
        if name in ("std", "var"):
            mean = self.alloc(out.dtype, out.shape)
            self.accumulate(x, mean, axes, keepdims, "sum")
            self.divide(mean, count)
            self.accumulate(x, out, axes, keepdims, "sum", center=mean)
            n = self.b.sub(count, c64(int(self.static.get("ddof", 0))))
            self.divide(out, self.b.select(self.b.icmp_signed("<", n, c64(0)), c64(0), n),
                        sqrt=name == "std")
            self.scratch_done(mean)
        else:
            self.accumulate(x, out, axes, keepdims, "sum" if name == "mean" else name)
            if name == "mean":
                self.divide(out, count)
        return self.pack(out)

    def accumulate(self, x: Tensor, out: Tensor, axes: tuple, keepdims: bool, name: str,
                   center: Tensor | None = None) -> None:
        """out = reduction `name` of x over axes, in place (see reduce_in_place); with
        `center` (out-shaped), of the squared deviations (x - center)**2."""
        b, dt = self.b, out.dtype
        T = REG[dt]
        fl = dt in FLOATS
        if name in ("max", "min"):      # start from the dtype's far end
            lo, hi = ((float("-inf"), float("inf")) if fl else (0, 1) if dt == I1 else
                      (-2 ** (BITS[dt] - 1), 2 ** (BITS[dt] - 1) - 1))
            init = lo if name == "max" else hi
        else:
            init = {"sum": 0, "prod": 1, "any": 0, "all": 1}[name]
        first = ir.Constant(T, float(init) if fl else init)
        self.loop(out.shape, [out.strides], lambda offs: self.store(out, offs[0], first))
        out_strides, k = [], 0
        for d in range(x.rank):
            if d in axes:
                out_strides.append(c64(0))
                k += 1 if keepdims else 0
            else:
                out_strides.append(out.strides[k])
                k += 1

        def step(offs):
            v = convert(b, self.load(x, offs[0]), x.dtype, dt)
            if center is not None:
                v = self.deviation(b, v, self.load(center, offs[1]), dt, True)
            self.store(out, offs[1], self.combine(name, self.load(out, offs[1]), v, dt))
        self.loop(x.shape, [x.strides, out_strides], step)

    def divide(self, out: Tensor, n, sqrt: bool = False) -> None:
        """out /= n elementwise (then the square root)."""
        def one(offs):
            v = self.fdiv(self.load(out, offs[0]), n, out.dtype)
            self.store(out, offs[0], self.intrinsic("llvm.sqrt", out.dtype, [v]) if sqrt else v)
        self.loop(out.shape, [out.strides], one)

    def combine(self, name: str, a, v, dt):
        """One step of reduction `name`: the accumulated a with the next element v."""
        b = self.b
        fl = dt in FLOATS
        if name in ("sum", "mean"):
            return b.fadd(a, v, flags=("reassoc", "nsz")) if fl else (b.or_ if dt == I1 else b.add)(a, v)
        if name == "prod":
            return b.fmul(a, v) if fl else (b.and_ if dt == I1 else b.mul)(a, v)
        if name == "any":
            return b.or_(a, v)
        if name == "all":
            return b.and_(a, v)
        if fl:      # numpy's NaN-propagating maximum; the intrinsic vectorizes as a reduction
            return self.intrinsic("llvm.maximum" if name == "max" else "llvm.minimum", dt, [a, v])
        return self.ufunc("maximum" if name == "max" else "minimum", [a, v], dt, dt)

    def reduce_one(self, name, x: Tensor, base, shape, strides, count, dt):
        """One reduced value over the (shape, strides) elements from offset base."""
        b = self.b
        T = REG[dt]
        fl = dt in FLOATS
        if name in ("sum", "mean") and fl:
            r = self.float_sum(x, base, shape, strides, dt)
            return self.fdiv(r, count, dt) if name == "mean" else r
        if name in ("std", "var"):
            mean = self.fdiv(self.float_sum(x, base, shape, strides, dt), count, dt)
            ddof = self.static.get("ddof", 0)
            n = b.sub(count, c64(int(ddof)))
            n = b.select(b.icmp_signed("<", n, c64(0)), c64(0), n)
            var = self.fdiv(self.float_sum(x, base, shape, strides, dt, mean), n, dt)
            return self.intrinsic("llvm.sqrt", dt, [var]) if name == "std" else var
        if name in ("argmax", "argmin"):
            best = self.slot(T)
            idx = self.slot(I64T, c64(0))
            k = self.slot(I64T, c64(0))
            first = self.load(x, base)
            b.store(convert(b, first, x.dtype, dt), best)
            op = "<=" if name == "argmax" else ">="

            def step(offs):
                v = convert(b, self.load(x, offs[0]), x.dtype, dt)
                cur = b.load(best, typ=T)
                i = b.load(k, typ=I64T)
                if fl:   # numpy: if !(v <= best) take it; a nan best is final
                    take = b.and_(b.not_(b.fcmp_ordered(op, v, cur)), b.fcmp_ordered("ord", cur, cur))
                else:
                    take = b.not_((b.icmp_unsigned if dt == I1 else b.icmp_signed)(op, v, cur))
                b.store(b.select(take, v, cur), best)
                b.store(b.select(take, i, b.load(idx, typ=I64T)), idx)
                b.store(b.add(i, c64(1)), k)
            self.loop(shape, [strides], step, [base])
            return b.load(idx, typ=I64T)
        init = {"sum": 0, "mean": 0, "prod": 1, "any": 0, "all": 1}.get(name)
        acc = self.slot(T)
        if init is None:      # max / min start from the first element
            b.store(convert(b, self.load(x, base), x.dtype, dt), acc)
        else:
            b.store(ir.Constant(T, float(init) if fl else init), acc)

        def step(offs):
            v = convert(b, self.load(x, offs[0]), x.dtype, dt)
            b.store(self.combine(name, b.load(acc, typ=T), v, dt), acc)
        self.loop(shape, [strides], step, [base])
        r = b.load(acc, typ=T)
        if name == "mean":
            r = self.fdiv(r, count, dt)
        return r

    def as_flat_if_contiguous(self, x: Tensor):
        """(x, shape, strides) of a full reduction: when x is C-contiguous at run time the
        reduction runs as one 1-D loop over all elements (shape 1, ..., 1, size), as numpy's
        iterator coalesces it, else over x's own shape and strides."""
        b = self.b
        ok = self.is_contiguous(x)
        n = self.size_of(x.shape)
        shape = [b.select(ok, c64(1), s) for s in x.shape[:-1]] + [b.select(ok, n, x.shape[-1])]
        strides = [b.select(ok, c64(0), st) for st in x.strides[:-1]] + \
            [b.select(ok, c64(1), x.strides[-1])]
        return x, shape, strides

    def float_sum(self, x: Tensor, base, shape, strides, dt, mean=None):
        """Sum of x's elements over (shape, strides) from base, in float dtype dt: numpy's
        pairwise summation along the last axis when it is reduced, outer reduced axes (and
        everything when it is not) accumulated sequentially from 0.  With `mean`, sums the
        squared deviations (x - mean)**2 (numpy's var computes them as an array first)."""
        b = self.b
        T = REG[dt]
        acc = self.slot(T, ir.Constant(T, 0.0))
        squared = mean is not None
        mean = mean if squared else ir.Constant(T, 0.0)
        if self.pairwise_inner and shape:
            fn = self.pairwise(x.dtype, dt, squared)

            def row(offs):
                p = b.gep(x.data, [offs[0]], source_etype=MEM[x.dtype])
                r = b.call(fn, [p, shape[-1], strides[-1], mean])
                b.store(b.fadd(b.load(acc, typ=T), r), acc)
            self.loop(shape[:-1], [strides[:-1]], row, [base])
        else:
            def step(offs):
                v = convert(b, self.load(x, offs[0]), x.dtype, dt)
                b.store(b.fadd(b.load(acc, typ=T), self.deviation(b, v, mean, dt, squared)), acc)
            self.loop(shape, [strides], step, [base])
        return b.load(acc, typ=T)

    @staticmethod
    def deviation(b, v, mean, dt, squared: bool):
        if not squared:
            return v
        d = b.fsub(v, mean)
        return b.fmul(d, d)

    def pairwise(self, src: ScalarType, dt: ScalarType, squared: bool, unit: bool = False
                 ) -> ir.Function:
        """T @pts.pairwise(ptr a, i64 n, i64 stride, T mean): numpy's @TYPE@_pairwise_sum —
        n < 8: a plain loop; n <= 128: eight accumulators combined as ((r0+r1)+(r2+r3))+
        ((r4+r5)+(r6+r7)) plus the rest; else the halves (split at a multiple of 8).  A
        stride of 1 goes to a copy compiled for it (`unit`), where the eight accumulators
        become one vector (row sums 2x faster; the same additions in the same order)."""
        mc = self.mc
        T = REG[dt]
        key = f"pairwise.{src}.{dt}.{int(squared)}" + (".unit" if unit else "")

        def build():
            fn = ir.Function(mc.m, ir.FunctionType(T, [PTR, I64T, I64T, T]), name="pts." + key)
            a, n, stride, mean = fn.args
            names = ("entry", "small", "smallloop", "smalldone", "notsmall", "block", "bloop",
                     "bbody", "brest", "brestbody", "bdone", "split")
            bb = {nm: fn.append_basic_block(nm) for nm in names}
            b = ir.IRBuilder(bb["entry"])
            if unit:
                stride = c64(1)
            else:
                go_unit = fn.append_basic_block("unit")
                general = fn.append_basic_block("general")
                b.cbranch(b.icmp_signed("==", stride, c64(1)), go_unit, general)
                b.position_at_end(go_unit)
                b.ret(b.call(self.pairwise(src, dt, squared, unit=True), [a, n, stride, mean]))
                b.position_at_end(general)

            def elem(i):
                p = b.gep(a, [b.mul(i, stride)], source_etype=MEM[src])
                v = b.load(p, typ=MEM[src])
                if src == I1:
                    v = b.icmp_unsigned("!=", v, ir.Constant(I8T, 0))
                return self.deviation(b, convert(b, v, src, dt), mean, dt, squared)
            zero = ir.Constant(T, 0.0)
            b.cbranch(b.icmp_signed("<", n, c64(8)), bb["small"], bb["notsmall"])
            # n < 8
            b.position_at_end(bb["small"])
            b.branch(bb["smallloop"])
            b.position_at_end(bb["smallloop"])
            i = b.phi(I64T)
            res = b.phi(T)
            i.add_incoming(c64(0), bb["small"])
            res.add_incoming(zero, bb["small"])
            more = b.icmp_signed("<", i, n)
            b.cbranch(more, bb["smalldone"], bb["bdone"])
            b.position_at_end(bb["smalldone"])
            res2 = b.fadd(res, elem(i))
            i.add_incoming(b.add(i, c64(1)), bb["smalldone"])
            res.add_incoming(res2, bb["smalldone"])
            b.branch(bb["smallloop"])
            # 8 <= n <= 128
            b.position_at_end(bb["notsmall"])
            b.cbranch(b.icmp_signed("<=", n, c64(128)), bb["block"], bb["split"])
            b.position_at_end(bb["block"])
            r0 = [elem(c64(j)) for j in range(8)]
            end = b.sub(n, b.srem(n, c64(8)))
            b.branch(bb["bloop"])
            b.position_at_end(bb["bloop"])
            k = b.phi(I64T)
            k.add_incoming(c64(8), bb["block"])
            rs = [b.phi(T) for _ in range(8)]
            for r, v in zip(rs, r0):
                r.add_incoming(v, bb["block"])
            b.cbranch(b.icmp_signed("<", k, end), bb["bbody"], bb["brest"])
            b.position_at_end(bb["bbody"])
            for j, r in enumerate(rs):
                r.add_incoming(b.fadd(r, elem(b.add(k, c64(j)))), bb["bbody"])
            k.add_incoming(b.add(k, c64(8)), bb["bbody"])
            b.branch(bb["bloop"])
            b.position_at_end(bb["brest"])
            tree = b.fadd(b.fadd(b.fadd(rs[0], rs[1]), b.fadd(rs[2], rs[3])),
                          b.fadd(b.fadd(rs[4], rs[5]), b.fadd(rs[6], rs[7])))
            b.branch(bb["brestbody"])
            b.position_at_end(bb["brestbody"])
            m = b.phi(I64T)
            acc = b.phi(T)
            m.add_incoming(k, bb["brest"])
            acc.add_incoming(tree, bb["brest"])
            tail = fn.append_basic_block("tail")
            b.cbranch(b.icmp_signed("<", m, n), tail, bb["bdone"])
            b.position_at_end(tail)
            m.add_incoming(b.add(m, c64(1)), tail)
            acc.add_incoming(b.fadd(acc, elem(m)), tail)
            b.branch(bb["brestbody"])
            b.position_at_end(bb["bdone"])
            out = b.phi(T)
            out.add_incoming(res, bb["smallloop"])
            out.add_incoming(acc, bb["brestbody"])
            b.ret(out)
            # n > 128: halves
            b.position_at_end(bb["split"])
            n2 = b.sdiv(n, c64(2))
            n2 = b.sub(n2, b.srem(n2, c64(8)))
            left = b.call(fn, [a, n2, stride, mean])
            rest = b.gep(a, [b.mul(n2, stride)], source_etype=MEM[src])
            right = b.call(fn, [rest, b.sub(n, n2), stride, mean])
            b.ret(b.fadd(left, right))
            return fn
        return mc.helper(key, build)

    def fdiv(self, v, n, dt):
        return self.b.fdiv(v, self.b.sitofp(n, REG[dt]))

    def scalar_tensor(self, x: Scalar) -> Tensor:
        t = self.alloc(x.dtype, [])
        self.store(t, c64(0), x.value)
        return t

    # ---------------------------------------------------------------- indexing

    def select(self, x: Tensor, pattern: str, idx: list) -> Tensor:
        """The view x[index] for a getitem/setitem pattern (ints, slices, None): ints must be
        in range (IndexError 'index 5 is out of bounds for axis 0 with size 3'), slices follow
        PySlice_AdjustIndices, None inserts a length-1 axis."""
        b = self.b
        it = iter(idx)
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
                j = b.select(b.icmp_signed("<", i, c64(0)), b.add(i, n), i)
                bad = b.or_(b.icmp_signed("<", j, c64(0)), b.icmp_signed(">=", j, n))
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
        v = self.select(x, self.ins.attrs["pattern"], ops[1:])
        return self.result(v)

    def op_setitem(self, ops, types):
        """x[index] = value: value (scalar or tensor) is broadcast to the selection and cast
        to x's dtype like numpy; an overlapping tensor value is read before writing."""
        x, value = ops[0], ops[1]
        target = self.select(x, self.ins.attrs["pattern"], ops[2:])
        b = self.b
        if isinstance(value, Scalar):
            v = self.packed_scalar(value, x.dtype)
            self.loop(target.shape, [target.strides], lambda offs: self.store(target, offs[0], v))
            return None
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
                     + self.shape_text(value.shape) + [" into shape "] + self.shape_text(target.shape))
        inner = Tensor(value.dtype, value.data, value.owner, value.shape[max(extra, 0):],
                       value.strides[max(extra, 0):])
        src = self.separate(inner, target)
        strides = [self.bstride(src, d, target.rank) for d in range(target.rank)]
        self.copy_to(target, src, target.shape, strides)
        self.scratch_done(src, unless=inner)
        return None

    def packed_scalar(self, value: Scalar, dt: ScalarType):
        """A scalar stored into an array of dtype dt, as numpy converts it (PyArray_Pack):
        into an int array through a Python int, so a float that is a nan, infinite or
        beyond int64 raises as int() and PyLong_AsLong do, and an integer beyond int32
        raises OverflowError (an array value is cast instead, unchecked)."""
        b = self.b
        v, src = value.value, value.dtype
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
        if dt == I32 and src == I64:
            self.fail_if(b.or_(b.icmp_signed("<", v, c64(-2 ** 31)), b.icmp_signed(">=", v, c64(2 ** 31))),
                         "OverflowError", ["Python integer ", v, " out of bounds for int32"])
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

    def op_item(self, ops, types):
        x = ops[0]
        if isinstance(x, Scalar):
            return convert(self.b, x.value, x.dtype, self.ins.type)
        self.fail_if(self.b.icmp_signed("!=", self.size_of(x.shape), c64(1)), "ValueError",
                     ["can only convert an array of size 1 to a Python scalar"])
        return convert(self.b, self.load(x, c64(0)), x.dtype, self.ins.type)

    # ---------------------------------------------------------------- views and copies

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
        return Tensor(x.dtype, data, owner, x.shape, self.contiguous_strides(x.shape))

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

    # ---------------------------------------------------------------- matmul / dot

    def op_matmul(self, ops, types):
        return self.matmul(ops, types, dot=False)

    def op_dot(self, ops, types):
        a, c = ops
        if isinstance(a, Scalar) or isinstance(c, Scalar):
            self.name = "multiply"
            return self.elementwise(ops, types)
        if a.rank > 2 or c.rank > 2:
            self.refuse("np.dot of arrays with more than 2 dimensions")
        return self.matmul(ops, types, dot=True)

    def matmul(self, ops, types, dot: bool):
        """matmul / dot for 1-D, 2-D and (matmul) batched operands with broadcast batch
        dimensions; a 1-D operand is a row (left) or column (right) that is dropped from
        the result.  Computed in numpy's loop dtype (bool: or of ands)."""
        a, c = ops
        b = self.b
        if isinstance(a, Scalar) or isinstance(c, Scalar):
            self.refuse("np.matmul of a scalar")
        in_dts, dt = resolve_loop("matmul", types)
        out_dt = dtype_of(self.ins.type)
        ka = a.shape[-1]
        kb = c.shape[0] if c.rank == 1 else c.shape[-2]
        if dot:
            self.fail_if(b.icmp_signed("!=", ka, kb), "ValueError",
                         ["shapes "] + self.shape_text(a.shape) + [" and "] + self.shape_text(c.shape)
                         + [" not aligned: ", ka, f" (dim {a.rank - 1}) != ", kb, f" (dim {max(c.rank - 2, 0)})"])
        else:
            self.fail_if(b.icmp_signed("!=", ka, kb), "ValueError",
                         ["matmul: Input operand 1 has a mismatch in its core dimension 0, with gufunc "
                          "signature (n?,k),(k,m?)->(n?,m?) (size ", kb, " is different from ", ka, ")"])
        # (batch..., n, k) and (batch..., k, m) views; 1-D operands get a length-1 axis
        if a.rank == 1:
            A = Tensor(a.dtype, a.data, a.owner, [c64(1), ka], [c64(0), a.strides[0]])
        else:
            A = a
        if c.rank == 1:
            B = Tensor(c.dtype, c.data, c.owner, [kb, c64(1)], [c.strides[0], c64(0)])
        else:
            B = c
        fast = dt in FLOATS and out_dt == dt          # blocked, packed gemm (backend/gemm.py)
        if fast and A.dtype != dt:
            A = self.copy(A, dt)
        if fast and B.dtype != dt:
            B = self.copy(B, dt)
        ba = Tensor(A.dtype, None, None, A.shape[:-2], A.strides[:-2])
        bb = Tensor(B.dtype, None, None, B.shape[:-2], B.strides[:-2])
        nb = max(ba.rank, bb.rank)
        n, m = A.shape[-2], B.shape[-1]
        if nb:
            bshape, (sa, sb) = self.batch_broadcast(ba, bb, nb, a, c, n, m)
        else:
            bshape, sa, sb = [], [], []
        rt = self.ins.type
        if isinstance(rt, TensorType):
            shape = bshape + ([n] if a.rank > 1 else []) + ([m] if c.rank > 1 else [])
            out = self.alloc(out_dt, shape, zero=False)
            ost = out.strides[:nb]
            on = out.strides[nb] if a.rank > 1 else c64(0)
            om = out.strides[-1] if c.rank > 1 else c64(0)
        else:
            out = self.alloc(out_dt, [])
            ost, on, om = [], c64(0), c64(0)
        if fast and not bshape and (a.rank == 1) != (c.rank == 1):
            # matrix @ vector, vector @ matrix: packing for the gemm would copy the whole
            # matrix to use each element once; contiguous operands take a vectorized loop
            # (A and B, not a and c: they may be converted copies)
            col = Tensor(B.dtype, B.data, B.owner, [kb], [B.strides[-2]])
            row = Tensor(A.dtype, A.data, A.owner, [ka], [A.strides[-1]])
            if c.rank == 1:
                unit = b.and_(b.icmp_signed("==", A.strides[-1], c64(1)),
                              b.icmp_signed("==", col.strides[0], c64(1)))
            else:
                unit = b.icmp_signed("==", B.strides[-1], c64(1))
            with b.if_else(unit) as (then, otherwise):
                with then:
                    self.matvec(A, col, out, n, ka) if c.rank == 1 else self.vecmat(row, B, out, m, ka)
                with otherwise:
                    self.gemm_batches(A, B, out, bshape, sa, sb, ost, n, m, ka, on, collapse=True)
        elif fast:
            self.gemm_batches(A, B, out, bshape, sa, sb, ost, n, m, ka, on, collapse=a.rank > 1)
        if fast:
            for t, orig in ((A, a), (B, c)):
                if t.dtype != orig.dtype:       # the converted copy above
                    self.scratch_done(t)
            return self.result_of_scratch(out)
        T = REG[dt]
        zero = ir.Constant(T, 0.0 if dt in FLOATS else 0)
        # accumulate in a row buffer of the loop dtype: for i: row = 0; for p: row += a[i,p] *
        # b[p,:] — the inner loop runs along b's and the row's last axis (vectorizable);
        # each element still sums over p in order
        row_buf = self.alloc(dt, [m])

        def per_batch(offs):
            oa, ob, oo = offs

            def row(i):
                ra = b.add(oa, b.mul(i, A.strides[-2]))
                ro = b.add(oo, b.mul(i, on))
                self.fc.counted_loop(m, lambda j: self.store(row_buf, j, zero))

                def inner(p):
                    x = convert(b, self.load(A, b.add(ra, b.mul(p, A.strides[-1]))), A.dtype, dt)
                    rb = b.add(ob, b.mul(p, B.strides[-2]))

                    def col(j):
                        y = convert(b, self.load(B, b.add(rb, b.mul(j, B.strides[-1]))), B.dtype, dt)
                        s = self.load(row_buf, j)
                        if dt in FLOATS:
                            s = b.fadd(s, b.fmul(x, y))
                        elif dt == I1:
                            s = b.or_(s, b.and_(x, y))
                        else:
                            s = b.add(s, b.mul(x, y))
                        self.store(row_buf, j, s)
                    self.fc.counted_loop(m, col)
                self.fc.counted_loop(ka, inner)
                self.fc.counted_loop(m, lambda j: self.store(
                    out, b.add(ro, b.mul(j, om)), convert(b, self.load(row_buf, j), dt, out_dt)))
            self.fc.counted_loop(n, row)
        self.loop(bshape, [sa, sb, ost], per_batch)
        self.scratch_done(row_buf)
        return self.result_of_scratch(out)

    def matvec(self, A: Tensor, v: Tensor, out: Tensor, n, k) -> None:
        """out[i] = sum_p A[i, p] * v[p], rows of A and v contiguous: a dot product per row
        (reassociated, in the float dtype, as BLAS's gemv does)."""
        b = self.b
        T = REG[out.dtype]
        acc = self.slot(T)

        def row(i):
            base = b.mul(i, A.strides[0])
            b.store(ir.Constant(T, 0.0), acc)

            def step(p):
                s = b.fadd(b.load(acc, typ=T),
                           b.fmul(self.load(A, b.add(base, p)), self.load(v, p), flags=("contract",)),
                           flags=("reassoc", "nsz", "contract"))
                b.store(s, acc)
            self.fc.counted_loop(k, step)
            self.store(out, b.mul(i, out.strides[0]), b.load(acc, typ=T))
        self.fc.counted_loop(n, row)

    def vecmat(self, v: Tensor, B: Tensor, out: Tensor, m, k) -> None:
        """out[j] = sum_p v[p] * B[p, j], rows of B contiguous: out starts at 0 and each row
        of B, scaled by v[p], is added to it (vectorized along j; each out[j] sums in order)."""
        b = self.b
        T = REG[out.dtype]
        self.fc.counted_loop(m, lambda j: self.store(out, j, ir.Constant(T, 0.0)))

        def step(p):
            s = self.load(v, b.mul(p, v.strides[0]))
            base = b.mul(p, B.strides[0])
            self.fc.counted_loop(m, lambda j: self.store(
                out, j, b.fadd(self.load(out, j), b.fmul(s, self.load(B, b.add(base, j))))))
        self.fc.counted_loop(k, step)

    def gemm_batches(self, A: Tensor, B: Tensor, out: Tensor, bshape, sa, sb, ost, n, m, k, on,
                     collapse: bool):
        """out[batch] = A[batch] @ B[batch] through the gemm of backend/gemm.py: one call when
        there is no batch or when B is shared by every batch and A's batches are evenly
        spaced rows (x @ W with x (..., n, k)), else one call per batch with one workspace."""
        from pts.backend import gemm
        b, mc, ctx = self.b, self.mc, self.fc.ctx
        dn = "f32" if A.dtype == F32 else "f64"
        ET = MEM[A.dtype]
        rsa, csa, rsb, csb = A.strides[-2], A.strides[-1], B.strides[-2], B.strides[-1]

        def one(oa, ob, oo, rows, work=None):
            gemm.call(mc, b, ctx, dn, rows, m, k, b.gep(A.data, [oa], source_etype=ET), rsa, csa,
                      b.gep(B.data, [ob], source_etype=ET), rsb, csb,
                      b.gep(out.data, [oo], source_etype=ET), on, work=work)
        if not bshape:
            one(c64(0), c64(0), c64(0), n)
            return

        def batched():
            work = gemm.alloc_work(mc, b, ctx, dn, n, m, k)
            self.loop(bshape, [sa, sb, ost], lambda offs: one(*offs, n, work=work))
            gemm.free_work(mc, b, ctx, work)
        if not collapse:
            batched()
            return
        ok = ir.Constant(I1T, 1)
        expect, rows = b.mul(n, rsa), n
        for d in range(len(bshape) - 1, -1, -1):
            ok = b.and_(ok, b.icmp_signed("==", sb[d], c64(0)))
            ok = b.and_(ok, b.or_(b.icmp_signed("==", bshape[d], c64(1)), b.icmp_signed("==", sa[d], expect)))
            expect = b.mul(expect, bshape[d])
            rows = b.mul(rows, bshape[d])
        with b.if_else(ok) as (then, other):
            with then:
                one(c64(0), c64(0), c64(0), rows)
            with other:
                batched()

    def batch_broadcast(self, ba, bb, nb, a, c, n, m):
        b = self.b
        shape, bad = [], ir.Constant(I1T, 0)
        for d in range(nb):
            out = c64(1)
            for x in (ba, bb):
                k = d - (nb - x.rank)
                if k < 0:
                    continue
                s = x.shape[k]
                ne1 = b.icmp_signed("!=", s, c64(1))
                bad = b.or_(bad, b.and_(ne1, b.and_(b.icmp_signed("!=", out, c64(1)), b.icmp_signed("!=", out, s))))
                out = b.select(ne1, s, out)
            shape.append(out)
        msg: list = ["operands could not be broadcast together with remapped shapes [original->remapped]: "]
        for x, bx in ((a, ba), (c, bb)):
            core = "newaxis," * (2 if x.rank > 1 else 1)
            msg += self.shape_text(x.shape) + ["->("]
            for s in bx.shape:
                msg += [s, ","]
            msg += [core[:-1] + ") "]
        msg += [" and requested shape ("]
        msg += ([n, ","] if a.rank > 1 else []) + ([m] if c.rank > 1 else []) + [")"]
        self.fail_if(bad, "ValueError", msg)
        strides = [[self.bstride(x, d, nb) for d in range(nb)] for x in (ba, bb)]
        return shape, strides

    # ---------------------------------------------------------------- creation

    def shape_operand(self, op) -> list:
        if isinstance(op, list):
            dims = [self.index_i64(v) for v in op]
        else:
            dims = [self.index_i64(op)]
        bad = self.any_true([self.b.icmp_signed("<", d, c64(0)) for d in dims])
        self.fail_if(bad, "ValueError", ["negative dimensions are not allowed"])
        return dims

    def create(self, shape: list, fill: Scalar | None, zero: bool = False):
        dt = dtype_of(self.ins.type)
        out = self.alloc(dt, shape, zero=zero)
        if fill is not None:
            v = convert(self.b, fill.value, fill.dtype, dt)
            self.loop(shape, [out.strides], lambda offs: self.store(out, offs[0], v))
        return self.pack(out)

    def op_zeros(self, ops, types):
        return self.create(self.shape_operand(ops[0]), None, zero=True)

    op_empty = op_zeros       # numpy leaves empty() uninitialized; pts gives zeros

    def op_ones(self, ops, types):
        return self.create(self.shape_operand(ops[0]), Scalar(I64, c64(1)))

    def op_full(self, ops, types):
        return self.create(self.shape_operand(ops[0]), ops[1])

    def op_zeros_like(self, ops, types):
        return self.create(ops[0].shape, None, zero=True)

    op_empty_like = op_zeros_like

    def op_ones_like(self, ops, types):
        return self.create(ops[0].shape, Scalar(I64, c64(1)))

    def op_full_like(self, ops, types):
        return self.create(ops[0].shape, ops[1])

    def op_eye(self, ops, types):
        b = self.b
        n = self.index_i64(ops[0])
        m = self.index_i64(ops[1]) if len(ops) > 1 and ops[1] is not None else n
        k = self.index_i64(ops[2]) if len(ops) > 2 else c64(0)
        shape = self.shape_operand([Scalar(I64, n), Scalar(I64, m)])
        dt = dtype_of(self.ins.type)
        out = self.alloc(dt, shape, zero=True)
        one = convert(b, ir.Constant(I64T, 1), I64, dt)

        def body(i):
            j = b.add(i, k)
            ok = b.and_(b.icmp_signed(">=", j, c64(0)), b.icmp_signed("<", j, m))
            with b.if_then(ok):
                self.store(out, b.add(b.mul(i, out.strides[0]), j), one)
        self.fc.counted_loop(n, body)
        return self.pack(out)

    def op_arange(self, ops, types):
        """numpy's arange: length ceil((stop - start) / step) in double; values
        start + i * delta with delta = (start + step) - start in the result dtype."""
        b = self.b
        dt = dtype_of(self.ins.type)
        vals = [(o.value, o.dtype) for o in ops]
        if len(vals) == 1:
            start, stop, step = (ir.Constant(I64T, 0), I64), vals[0], (ir.Constant(I64T, 1), I64)
        elif len(vals) == 2:
            start, stop, step = vals[0], vals[1], (ir.Constant(I64T, 1), I64)
        else:
            start, stop, step = vals
        common = F64 if any(t in FLOATS for _, t in (start, stop, step)) else I64
        s0, s1, st = (convert(b, v, t, common) for v, t in (start, stop, step))
        if common == I64:
            self.fail_if(b.icmp_signed("==", st, c64(0)), "ZeroDivisionError", ["division by zero"])
            span = b.sitofp(b.sub(s1, s0), F64T)
            q = b.fdiv(span, b.sitofp(st, F64T))
            second = b.add(s0, st)
        else:
            self.fail_if(b.fcmp_ordered("==", st, ir.Constant(F64T, 0.0)), "ZeroDivisionError",
                         ["division by zero"])
            span = b.fsub(s1, s0)
            q = b.fdiv(span, st)
            second = b.fadd(s0, st)
        # numpy's _arange_safe_ceil_to_intp; fptosi of a nan or of a value out of the i64
        # range would be poison
        ceil = self.intrinsic("llvm.ceil", F64, [q])
        self.fail_if(b.fcmp_unordered("uno", ceil, ceil), "ValueError",
                     ["arange: cannot compute length"])
        self.fail_if(b.fcmp_ordered(">=", self.intrinsic("llvm.fabs", F64, [ceil]),
                                    ir.Constant(F64T, 2.0 ** 63)),
                     "ValueError", ["Maximum allowed size exceeded"])
        length = b.fptosi(ceil, I64T)
        length = b.select(b.fcmp_ordered(">", q, ir.Constant(F64T, 0.0)), length, c64(0))
        # numpy's underflow and divide-by-inf rule: a quotient of 0 from a span that is not
        # 0 is one element, unless the quotient is -0.0 (arange(0.0, 1.0, inf) is [0.])
        under = b.and_(b.fcmp_ordered("==", q, ir.Constant(F64T, 0.0)),
                       b.fcmp_unordered("!=", span, ir.Constant(F64T, 0.0)))
        negative = b.icmp_signed("<", b.bitcast(q, I64T), c64(0))
        length = b.select(under, b.select(negative, c64(0), c64(1)), length)
        out = self.alloc(dt, [length])
        first = convert(b, s0, common, dt)
        second = convert(b, second, common, dt)
        delta = self.ufunc("subtract", [second, first], dt, dt)

        def body(i):
            # numpy's fill: start and start + step, then start + i * delta (0 * inf is nan)
            iv = convert(b, i, I64, dt)
            v = self.ufunc("add", [first, self.ufunc("multiply", [iv, delta], dt, dt)], dt, dt)
            v = b.select(b.icmp_signed("==", i, c64(1)), second, v)
            self.store(out, i, b.select(b.icmp_signed("==", i, c64(0)), first, v))
        self.fc.counted_loop(length, body)
        return self.pack(out)

    def op_linspace(self, ops, types):
        """numpy's linspace: y = i * step + start in float64 (step = delta / div), the last
        value exactly stop when endpoint; cast to dtype (integers floor first)."""
        b = self.b
        dt = dtype_of(self.ins.type)
        start = convert(b, ops[0].value, ops[0].dtype, F64)
        stop = convert(b, ops[1].value, ops[1].dtype, F64)
        num = self.index_i64(ops[2]) if len(ops) > 2 else c64(50)
        endpoint = bool(self.static.get("endpoint", True))
        self.fail_if(b.icmp_signed("<", num, c64(0)), "ValueError",
                     ["Number of samples, ", num, ", must be non-negative."])
        div = b.sub(num, c64(1)) if endpoint else num
        divf = b.sitofp(div, F64T)
        delta = b.fsub(stop, start)
        step = b.fdiv(delta, divf)
        step_zero = b.fcmp_ordered("==", step, ir.Constant(F64T, 0.0))
        div_pos = b.icmp_signed(">", div, c64(0))
        out = self.alloc(dt, [num])

        def body(i):
            fi = b.sitofp(i, F64T)
            y_step = b.select(step_zero, b.fmul(b.fdiv(fi, divf), delta), b.fmul(fi, step))
            y = b.fadd(b.select(div_pos, y_step, b.fmul(fi, delta)), start)
            if endpoint:
                last = b.and_(b.icmp_signed(">", num, c64(1)), b.icmp_signed("==", i, b.sub(num, c64(1))))
                y = b.select(last, stop, y)
            if dt in INTS:
                y = self.intrinsic("llvm.floor", F64, [y])
            self.store(out, i, convert(b, y, F64, dt))
        self.fc.counted_loop(num, body)
        return self.pack(out)
