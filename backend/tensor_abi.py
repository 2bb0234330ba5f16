"""Tensor descriptors and their memory: the parts every tensor kernel works with.

A tensor<dtype, r> is, in LLVM, a descriptor struct passed by value (DESIGN.md §5;
llvm_types.desc_type):

    { ptr data, ptr owner, [r x i64] shape, [r x i64] strides }

Strides count ELEMENTS (numpy's byte strides divided by the item size at the boundary).
`owner` is the arena header of the allocation the data lives in, or null for memory borrowed
from the caller (numpy inputs).  Views (slices, transposes, reshapes of contiguous data)
share data and owner with their base, so a write through a view is seen in the base.

Memory: every new tensor is one allocation chained into the per-call arena like a list
(llvm_types.LIST_T header `{i64 nbytes, i64 aligned data address, ptr raw block, ptr next}`),
freed by `@pts.release`.  The header and the data are one malloc block (one malloc and one
free a temporary, as Numba's meminfo and data are): the header at its start, the data at
the first 64-byte boundary after it, and `raw` is the header itself (images compiled before
had two blocks, raw the data's; release and tensor_free free raw only when it is not the
header).  A tensor returned to Python is detached from the arena (`_dispatch.c`
block_make, runtime/tensors.py, libpts's loader.c): the raw pointer is zeroed and a
one-block header is unlinked from the arena's chain (through pprev, as tensor.free does),
so that release never reads it again, and the block is freed when the array (or libpts's
result) dies.  A tensor header (TENSOR_HDR_T) extends the list
header with `ptr pprev`, the address of the pointer that points at it (the context's list
head or the previous header's `next`), and stores ~nbytes (negative; a list's length never
is) so a header can tell it is a tensor's: `tensor.free` (ir.passes.release_tensors) unlinks
a temporary from the arena in O(1) at its last use and frees it, so release never sees it
again (no double free on an error path).  Pushing any header on the arena (tensor_alloc,
codegen's list_new) updates the pprev of a tensor header it covers (`adopt_head`).

Contract: `Tensor`/`Scalar` are an operand's parts as LLVM values; `KernelBase` is the
state of one `np.*` instruction being generated (tensor_codegen.Kernels is built on it):
its operands unpacked, its result packed, allocation in the arena, element loads and
stores, and the loop nest over a shape.
"""
from __future__ import annotations

import numpy as np
from llvmlite import ir

from pts.backend.llvm_types import CTX_T, F64T, I1T, I32T, I64T, I8T, LIST_T, PTR, desc_type
from pts.errors import CompileError
from pts.ir.types import (F16, INT_BITS, U64, UNSIGNED, DTYPES, DTYPE_NAMES, DTYPE_OF_SCALAR, F32, F64, I1, I32, I64, NONE,
                          ScalarType, TensorType, TupleType, Type)

F32T = ir.FloatType()
I16T = ir.IntType(16)
ALIGN = 64
# float16 is stored as IEEE half bits (an i16 in memory) and lives in registers as the
# float32 holding the same value: numpy computes each float16 ufunc in float32 and rounds
# the result to float16 (`round_half` after every operation, `to_half`/`from_half` at
# loads and stores), so pts never depends on the target's half support (x86-64 without
# F16C would need compiler-rt calls).
FLOATS = (F16, F32, F64)
INTS = tuple(INT_BITS)
BITS = INT_BITS
REG = {I1: I1T, F16: F32T, F32: F32T, F64: F64T,
       **{t: ir.IntType(bits) for t, bits in INT_BITS.items()}}
MEM = {**REG, I1: I8T, F16: I16T}
ITEMSIZE = {I1: 1, F16: 2, F32: 4, F64: 8, **{t: bits // 8 for t, bits in INT_BITS.items()}}


def scalar_const(value, t: ScalarType) -> ir.Constant:
    if t == F16:                       # the float16 nearest to value (numpy's rounding)
        return ir.Constant(F32T, float(np.float16(value)))
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


# ------------------------------------------------------------------ float16

def to_half(b: ir.IRBuilder, v):
    """The IEEE half bits (i16) nearest to float or double v, rounding to nearest even
    (numpy's npy_floatbits_to_halfbits / npy_doublebits_to_halfbits, which convert from
    the source's own bits: a double is rounded once, not through float32).  Branch free
    (selects), so loops over it vectorize."""
    wide = isinstance(v.type, ir.DoubleType)
    W, M, bias = (64, 52, 1023) if wide else (32, 23, 127)
    T = ir.IntType(W)

    def k(x):
        return ir.Constant(T, x)
    bits = b.bitcast(v, T)
    sign = b.trunc(b.lshr(bits, k(W - 16)), I16T)
    sign = b.and_(sign, ir.Constant(I16T, 0x8000))
    mag = b.and_(bits, k((1 << (W - 1)) - 1))
    exp = b.lshr(mag, k(M))
    mant = b.and_(mag, k((1 << M) - 1))
    e = b.sub(exp, k(bias - 15))                         # the half's biased exponent
    # inf and nan: numpy keeps the top mantissa bits, and a nan stays a nan
    payload = b.lshr(mant, k(M - 10))
    payload = b.select(b.and_(b.icmp_unsigned("!=", mant, k(0)),
                              b.icmp_unsigned("==", payload, k(0))), k(1), payload)
    special = b.or_(k(0x7C00), payload)
    # normal and subnormal halves: sig >> s, rounded to nearest even; a carry moves into
    # the exponent as it should (up to 0x7c00, inf)
    normal = b.icmp_signed(">", e, k(0))
    sig = b.select(normal, mant, b.or_(mant, k(1 << M)))
    s = b.select(normal, k(M - 10), b.sub(k(M - 9), e))
    s = b.select(b.icmp_signed(">", s, k(M + 1)), k(M + 1), s)   # (below: underflow to 0)
    head = b.lshr(sig, s)
    rem = b.and_(sig, b.sub(b.shl(k(1), s), k(1)))
    halfway = b.shl(k(1), b.sub(s, k(1)))
    up = b.or_(b.icmp_unsigned(">", rem, halfway),
               b.and_(b.icmp_unsigned("==", rem, halfway),
                      b.icmp_unsigned("!=", b.and_(head, k(1)), k(0))))
    h = b.add(b.or_(b.select(normal, b.shl(e, k(10)), k(0)), head), b.zext(up, T))
    h = b.select(b.icmp_signed("<", e, k(-10)), k(0), h)
    h = b.select(b.icmp_signed(">=", e, k(31)), k(0x7C00), h)
    h = b.select(b.icmp_unsigned("==", exp, k((1 << (W - 1 - M)) - 1)), special, h)
    return b.or_(b.trunc(h, I16T), sign)


def from_half(b: ir.IRBuilder, h):
    """The float32 of half bits h (i16): exact (npy_halfbits_to_floatbits)."""
    I32 = I32T
    x = b.zext(h, I32)
    sign = b.shl(b.and_(x, ir.Constant(I32, 0x8000)), ir.Constant(I32, 16))
    e = b.and_(b.lshr(x, ir.Constant(I32, 10)), ir.Constant(I32, 0x1F))
    m = b.and_(x, ir.Constant(I32, 0x3FF))
    normal = b.or_(b.shl(b.add(e, ir.Constant(I32, 112)), ir.Constant(I32, 23)),
                   b.shl(m, ir.Constant(I32, 13)))
    special = b.or_(ir.Constant(I32, 0x7F800000), b.shl(m, ir.Constant(I32, 13)))
    tiny = b.bitcast(b.fmul(b.uitofp(m, F32T), ir.Constant(F32T, 2.0 ** -24)), I32)
    bits = b.select(b.icmp_unsigned("==", e, ir.Constant(I32, 0)), tiny,
                    b.select(b.icmp_unsigned("==", e, ir.Constant(I32, 31)), special, normal))
    return b.bitcast(b.or_(bits, sign), F32T)


def round_half(b: ir.IRBuilder, v):
    """float or double v rounded to the nearest float16, as the float32 holding it."""
    return from_half(b, to_half(b, v))


def from_mem(b: ir.IRBuilder, v, dt: ScalarType):
    """An element loaded from memory (MEM[dt]) as its register value (REG[dt])."""
    if dt == I1:
        return b.icmp_unsigned("!=", v, ir.Constant(I8T, 0))
    if dt == F16:
        return from_half(b, v)
    return v


def to_mem(b: ir.IRBuilder, v, dt: ScalarType):
    """A register value (REG[dt]) as the element stored in memory (MEM[dt])."""
    if dt == I1:
        return b.zext(v, I8T)
    if dt == F16:
        return to_half(b, v)
    return v


# ------------------------------------------------------------------ scalar conversions

def icmp(b: ir.IRBuilder, dt: ScalarType, op: str, a, c):
    """An integer comparison in dtype dt (unsigned for bool and the uint dtypes)."""
    unsigned = dt == I1 or dt in UNSIGNED
    return (b.icmp_unsigned if unsigned else b.icmp_signed)(op, a, c)


def convert(b: ir.IRBuilder, v, src: Type, dst: Type):
    """numpy's astype for one scalar (x86-64 results where C leaves it undefined: a float
    that does not fit the integer type becomes its minimum value, as cvttsd2si gives; a
    float that does not fit an unsigned type goes through int64 as numpy's loops do on
    x86-64 for uint8/uint16/uint32)."""
    src, dst = plain(src), plain(dst)
    if src == dst:
        return v
    if dst == I1:
        if src in FLOATS:
            return b.fcmp_unordered("!=", v, ir.Constant(REG[src], 0.0))
        return b.icmp_signed("!=", v, ir.Constant(REG[src], 0))
    if src == I1:
        if dst == F16:
            return b.uitofp(v, F32T)
        return b.uitofp(v, REG[dst]) if dst in FLOATS else b.zext(v, REG[dst])
    if src in INTS and dst in INTS:
        if BITS[dst] < BITS[src]:
            return b.trunc(v, REG[dst])
        if BITS[dst] == BITS[src]:
            return v
        return (b.zext if src in UNSIGNED else b.sext)(v, REG[dst])
    if src in INTS:
        to = F64T if dst == F64 else F32T
        f = (b.uitofp if src in UNSIGNED else b.sitofp)(v, to)
        return round_half(b, f) if dst == F16 else f
    if dst in FLOATS:
        if dst == F16:
            return v if src == F16 else round_half(b, v)
        if src == F16:
            return v if dst == F32 else b.fpext(v, F64T)
        return b.fpext(v, REG[dst]) if dst == F64 else b.fptrunc(v, REG[dst])
    if dst in UNSIGNED:
        if dst == U64:        # numpy: values in [2**63, 2**64) convert, others as int64
            big = b.fcmp_ordered(">=", v, ir.Constant(REG[src], 2.0 ** 63))
            lo = convert(b, v, src, I64)
            fits = b.fcmp_ordered("<", v, ir.Constant(REG[src], 2.0 ** 64))
            hi = b.fptoui(b.select(b.and_(big, fits), v, ir.Constant(REG[src], 0.0)), I64T)
            return b.select(b.and_(big, fits), hi, lo)
        return b.trunc(convert(b, v, src, I32 if BITS[dst] < 32 else I64), REG[dst])
    bits = BITS[dst]
    if bits < 32:                      # C: through int (numpy's loops on x86-64)
        return b.trunc(convert(b, v, src, I32), REG[dst])
    lo = ir.Constant(REG[src], -float(2 ** (bits - 1)))
    hi = ir.Constant(REG[src], float(2 ** (bits - 1)))
    ok = b.and_(b.fcmp_ordered(">=", v, lo), b.fcmp_ordered("<", v, hi))
    safe = b.select(ok, v, ir.Constant(REG[src], 0.0))
    return b.select(ok, b.fptosi(safe, REG[dst]), ir.Constant(REG[dst], -(1 << (bits - 1))))


# ------------------------------------------------------------------ the arena

TENSOR_HDR_T = ir.LiteralStructType([I64T, I64T, PTR, PTR, PTR])
HDR_BYTES = 40


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
            raw = b.load(hdr_field(b, hdr, 2), typ=PTR)
            with b.if_then(b.icmp_unsigned("!=", raw, hdr)):     # (a two-block header)
                b.call(free, [raw])
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


class Tensor:
    """A descriptor's parts as LLVM values (shape/strides as lists of i64 values).
    `contiguous`: known when the code is generated to have C-contiguous strides (a fresh
    allocation), so that views and reshapes of it need no run-time stride analysis."""

    def __init__(self, dtype: ScalarType, data, owner, shape: list, strides: list,
                 contiguous: bool = False):
        self.dtype, self.data, self.owner = dtype, data, owner
        self.shape, self.strides = list(shape), list(strides)
        self.contiguous = contiguous

    @property
    def rank(self) -> int:
        return len(self.shape)


class Scalar:
    """A scalar operand of an elementwise op: a rank-0 operand with a value in a register."""

    def __init__(self, dtype: ScalarType, value):
        self.dtype, self.value = dtype, value
        self.shape, self.strides = [], []
        self.rank = 0


def to_boundary(b: ir.IRBuilder, ptr):
    """Bytes from `ptr` to the next 64-byte boundary (0 at one)."""
    return b.and_(b.sub(c64(0), b.ptrtoint(ptr, I64T)), c64(ALIGN - 1))


class KernelBase:
    """One `np.*` instruction being generated: operands, results, memory and loops."""

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
                      [b.extract_value(v, [3, k]) for k in range(t.rank)],
                      contiguous=id(v) in self._contiguous_descriptors())

    def pack(self, x: Tensor):
        b = self.b
        agg = ir.Constant(desc_type(x.rank), ir.Undefined)
        agg = b.insert_value(agg, x.data, 0)
        agg = b.insert_value(agg, x.owner, 1)
        for k in range(x.rank):
            agg = b.insert_value(agg, x.shape[k], [2, k])
            agg = b.insert_value(agg, x.strides[k], [3, k])
        if x.contiguous:
            self._contiguous_descriptors().add(id(agg))
        return agg

    def _contiguous_descriptors(self) -> set:
        """ids of the packed descriptors (LLVM values, alive as long as the module) known to
        be C-contiguous: a tensor op's result unpacked by a later op keeps the fact."""
        known = getattr(self.mc, "contiguous_descriptors", None)
        if known is None:
            known = self.mc.contiguous_descriptors = set()
        return known

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
        return from_mem(self.b, self.b.load(self.elem_ptr(x, off), typ=MEM[x.dtype]), x.dtype)

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
        self.b.store(to_mem(self.b, v, x.dtype), self.elem_ptr(x, off))

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
            # one block: the header, then the data at the first 64-byte boundary after it
            hdr = b.call(malloc, [b.add(nbytes, c64(HDR_BYTES + ALIGN - 1))])
            raw = hdr
            addr = b.and_(b.add(b.ptrtoint(hdr, I64T), c64(HDR_BYTES + ALIGN - 1)), c64(-ALIGN))
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
        return Tensor(dtype, data, b.extract_value(r, 1), shape, self.contiguous_strides(shape),
                      contiguous=True)

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
