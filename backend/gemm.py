"""GEMM for float32 and float64, emitted into the LLVM module being generated.

    C[M,N] (= or +=) A[M,K] @ B[K,N]  (+ bias[N] broadcast over rows, or bias[M] over
                                       columns) (then ReLU)

A and B are addressed with arbitrary element strides (row and column stride each; 0 for
broadcast, negative for reversed views, anything for transposes and slices); C has unit
column stride and any row stride.  The algorithm is the Goto/BLIS one:

    for jc in N-range, step nc <= NC:         # pts.gemm.T.range: the unit a thread would take
      for pc in 0..K, step KC:                # (at least once, so K == 0 still writes C)
        pack B[pc:pc+kc, jc:jc+nc] into NR-wide panels       (pts.gemm.T.pack.NR)
        for ic in 0..M, step MC:
          pack A[ic:ic+mc, pc:pc+kc] into MR-high panels     (pts.gemm.T.pack.MR)
            (unless A's rows are read in place: below)
          for ir, step MR: for jr, step NR:
            micro-kernel: an MR x NR tile of C from kc rank-1 updates (pts.gemm.T.kernel)

(Where all of M is one MC block, A is packed and N has several blocks, the jc and pc loops
trade places, so that each K block of A is packed once for all of N: MyConv's x @ W.T,
128 x 50176 x 1024, ~1-3% faster.)

Where B is read along k (`x @ W.T`, W row-major) and large, and A has few rows, the problem
is swapped (`Gemm.swapped`): C^T = B^T @ A^T, in pieces of C's columns computed into a
row-major buffer and copied into C transposed.  Packing B is then packing a transposed
copy of W, 32 rows at a time, from memory (latency-bound: MyConv's 205 MB W at ~7 GB/s,
~20% of the linear); swapped, W's rows are read in place by the kernels, and only the
small A is packed: 128 x 50176 x 1024 ~0.80-0.85 of its time, M = 32 ~0.67, M = 256 ~0.85,
128 x 1024 x 4096 ~0.95 (in-process A/B; B of 1.6 MB, the MLP's, was ~3% slower, hence
the size threshold).  K blocks are always those of the whole, unswapped problem (`kn`):
swapping, or splitting over threads, never changes a sum's order or its rounding.

Fewer rows of A (M < DOT_M = 9) with A and B both read along k (`v @ W.T`, a linear layer
for a batch of a few) are dot products instead (`Gemm.dots`): 4 x 4 (2 x 4 with 16 vector
registers) of them at a time, over all of K in vector lanes, then one reduction and the
epilogue; nothing packed, W read once.  128 x 50176 x 1024 at M = 1: 0.54 of its time
(~16.5 ms, torch's GEMV ~15), M = 4: 0.62, 8 x 2048 x 2048: 0.66 (in-process A/B).  One
row of A has a kernel of its own (1 x 4, prefetching all of W's next tile): MyConv's
linear at batch 1 then streams its 205 MB W at the rate of a C loop of AVX-512 loads over
the same array (~7.6 ms on 1 thread, Zen 4; the 4 x 4 kernel took ~8.1).  Where
more than one pass of 4 rows of A goes over W, W's rows must be short enough to stay in L2
between passes (DOT_L2), or else (up to DOT_BLOCK_M = 16 rows) K is cut into blocks whose
rows of A stay in L2 while W's rows stream past once (`dot_blocked`; each block's sums
added to C's in order): MyConv's linear at a batch of 8 ~0.45 of the tiles' time, 12 ~0.6,
16 ~0.7 (there the swapped tiles were half padding: C^T is 16 columns wide).

One row of A, or fewer than STREAM_M rows with a B of 1 MiB or more, with B's rows
contiguous (`x @ W` with W row-major at batch 1, `v @ W`: packing would copy all of B to
use each element once or a few times) is streamed instead (`Gemm.stream`): STREAM_K rows of
B at a time are scaled by A's elements and added to C's rows, which stay in L1 in blocks
of columns; B is read once, in place and in order.  MyConv's 1 x 50176 x 1024 with W
row-major: ~8.7 ms CPU, as the dot products of `x @ W.T` (~8.6; the packing gemm took ~65
and tensor code's former single-threaded vector @ matrix loop ~28).  Threads split it in
column chunks of at least STREAM_RUN bytes of B's rows.

Batched products that are not one call (a shared 2-D operand against a batch: conv2d's
`W @ cols` with cols (n, K, HW)) go through `BatchedGemm`: the batches split over the
thread pool, each chunk with its own workspace; each batch's sums are the serial entry's.

Packing copies the operands into contiguous, 64-byte aligned buffers, zero-padded to whole
panels: that is what absorbs arbitrary strides and the M/N edges.  Three ways to pack the
full panels, chosen at run time by the strides: vector copies k row by k row across all of
them (row-major B, column-major A: the source is read sequentially), VW x VW blocks loaded
along K and transposed in registers (row-major A, transposed B such as `x @ W.T`), or
scalar gathers (anything else).  A whose columns are contiguous (row-major A, the common
case) is not packed: the kernels read its MR rows where they are (pts.gemm.T.kernel.direct,
rows past M's edge read the last one again), and those rows stay in L1 across the jr loop
as a packed micro-panel would: packing them made the MLP's 256 x 784 x 512 ~8% slower
(conv2d's W @ cols of 32 x 27 x 12544: ~4% faster; in-process A/B, AVX-512 Xeon).  The
exception is rows a multiple of 4 KiB apart (K = 1024 f32): they all fall in the same L1
sets, so they are packed unless B has at most ALIASED_NR panels (8: each line of A then
meets few kernels before it is evicted; 128 x 1024 x 256 ~8%, 256 x 2048 x 128 ~19% faster
than packed, in-process A/B on the AVX-512 Xeon, where more panels were slower).  Read in
place, such rows go in tiles of SAME_SETS_ROWS (6) rows across two panels where the tile has
12: twelve rows at the same k fall in one 8-way L1 set (MyConv's linear, swapped, ~10%).  The
micro-kernel keeps MR x NV vectors of VW elements as accumulators in registers (`<VW x T>`
values and `llvm.fmuladd`, which is one FMA where the CPU has it and a multiply and an add
where it does not — never a libm call, so archive images stay import-free).  Tiles cut by M's edge store their first mr rows as vectors;
those cut by N's edge store their first nr columns by masked vector loads and stores
(llvm.masked.*: vmaskmovps on AVX2; LLVM expands them lane by lane elsewhere).  M's
last row of tiles, when short, runs a shorter kernel (EDGE_KERNELS), because padding rows
cost as much as real ones: at most 2 rows a 2 x 2NR kernel over pairs of B panels
(pts.gemm.T.kernel.2x32 for f32 on AVX2), at most 4 or 8 rows a 4 x NR or 8 x NR one
where MR is larger (AVX-512's 12 rows: M = 256 leaves 4, M = 128 and 512 leave 8): the
MLP's first layer ~3% and 64 x 288 x 3136 ~7% faster than with the 12-row kernel
(in-process A/B; the others within the noise of +-3%).  The first K block stores (C = acc,
without reading C) unless the caller asks to accumulate; later K blocks add.  The last K
block also applies the epilogue, in numpy's order and rounding: the sum, then `+ bias`,
then ReLU (as the ufunc `np.maximum(s, 0)` of backend/tensor_ufuncs.py: s where s >= 0 or
s is NaN, else 0).

Every part is its own internal, never-inlined function; all but the micro-kernel are
optimized for size (`optsize`): left to -O3, LLVM unrolls and vectorizes the packing and
edge loops into thousands of instructions that cost seconds of compile time per module
and nothing measurable at run time.

Sizes follow the target: the host CPU's vector width and register count for the JIT
(AVX2+FMA: VW=8 f32 / 4 f64, tile 6 x 16 / 6 x 8; AVX-512: 12 x 32 / 12 x 16), a 128-bit
baseline for portable archive images.  C is row-major, so the tiles are visited along C's
rows (jr innermost, as OpenBLAS visits its column-major C down the columns): consecutive
kernels read and write consecutive 64-byte pieces of the same MR rows, which the hardware
prefetcher streams, where walking down a column of tiles missed in cache on every C row of
every tile (1024^3 f32 ~10% and f64 ~15% slower).  So the A micro-panel (MR x KC) is what
stays in L1 across the jr loop, and KC is sized for it: MR * KC elements ~ 12 KiB, KC >=
256 (AVX2 f32 6 x 512, f64 6 x 256; AVX-512 12 x 256).  The B block (KC x NC) is read
again by every micro-panel of A, so it is sized to stay in L2: NC = B_BLOCK bytes / KC
(AVX-512 f32: 512 columns), and N is cut into equal blocks of at most NC (1024 is 2 x 512,
not NC and a remainder).  Blocks of 2048 columns (4 MiB, streamed from L3) made conv2d's
W @ cols of 64 x 288 x 3136 ~15% and of 64 x 288 x 784 ~5% slower (in-process A/B, AVX-512
Xeon with 1.25 MiB of L2; 512^3, 1024^3, the MLP and 128 x 50176 x 1024 within +-3%; a
fixed 640 with a remainder was no better).  A deep KC also halves the passes
over C (every K block loads and stores every tile) for long K, and a K of up to 2 KC is one
block (`kcb`): one pass over C, with the micro-panel twice as deep (the MLP's 256 x 784 x
512: ~5% faster; longer K is cut into equal blocks of at most KC, which ran ~4% faster
than blocks of 2 KC for MyConv's 128 x 50176 x 1024).  MC only bounds A's packing buffer
(~144-288 KiB).

The entry `pts.gemm.T(ctx, M, N, K, A, rsa, csa, B, rsb, csb, C, rsc, bias, rowb, acc, relu,
work)`: `bias` null for none (else contiguous: N elements, or M when `rowb`, i1: one per row
of C, as conv2d's (C_out, 1) bias of W @ cols), `acc` i1: C += instead of C =,
`relu` i1: the epilogue's ReLU, `work` null to allocate the packing buffers (through the
context's malloc import slot, freed before returning) or a block of at least
`worksize(M, N, K)` bytes the caller owns (a batched matmul allocates it once).  One
internal function per dtype per module.
"""
from __future__ import annotations

from dataclasses import dataclass

from llvmlite import ir

from pts.backend.llvm_types import (I1T, I8T, I64T, F64T, PTR, VOID, alloca, load_fields, splat,
                                    store_fields)

F32T = ir.FloatType()
ALIGN = 64
# copies of the micro-kernel's k step per loop iteration: -O3 would make 2 (and none in
# tensor modules, archives' among them, which turn unrolling off).  4 against 2, builds
# alternated in one process, two runs: 256 x 784 x 512 (the MLP) 1.00 / 0.97, 512^3 0.98 /
# 0.97, 1024^3 0.99 / 1.00, 256 x 256 x 512 0.97 / 1.00; against -O3's own 2: 0.96-0.97 on
# the MLP in four runs.  3 was no better than 2.
UNROLL = 4
# The B block's budget (KC x NC elements, `blocking`): half of a server core's L2.
B_BLOCK = 512 << 10
# K blocks may be kc + kc/4 deep for B this narrow (`Gemm.kcb`): 0.4 of the 2048 columns B
# blocks had when that was measured, where so deep a block kept within half of the budget.
DEEP_N = 819
# M's last row of tiles, when it has few rows, runs a kernel of (rows, B panels) instead of
# the full MR-high one (whose padding rows cost as much as real ones): the first whose rows
# hold it.  Two rows go across two panels, so that 8 accumulators hide the FMA latency.
EDGE_KERNELS = ((2, 2), (4, 1), (8, 1))
# A's rows a multiple of 4 KiB apart are read in place where B has at most this many panels
ALIASED_NR = 8
# ... and then (with 512-bit vectors and 12-row tiles) in tiles of this many rows across 2
# panels (Gemm.range_fn's `same_sets`): 12 rows of A at the same k fall in one 8-way L1 set
# and evict each other, 6 fit.  Thread CPU time, in-process A/B against 12 x 32 tiles on
# Zen 4 (A/A within 1.5%): MyConv's linear (x @ W.T swapped: W's rows 196 KiB apart) at
# batch 128 0.91, 64 0.90, 256 0.90, 32 0.95; 128 x 1024 x 256 0.71, 256 x 2048 x 128
# 0.73, 1024 x 1024 x 256 0.92; the same sums in the same order (bit for bit)
SAME_SETS_ROWS = 6
# `Gemm.dots`: problems with fewer rows than this, A and B both read along k
DOT_M = 9
# ... or up to DOT_BLOCK_M rows where W's rows are longer than that, in K blocks
# (`Gemm.dot_blocked`) whose rows of A hold at most DOT_X_BLOCK bytes (they stay in L2 while
# W streams past: MyConv's linear, 1024 x 50176 f32, at a batch of 8 ran ~0.45 of the tiles'
# time, 12 ~0.6; at 16 as the tiles with a half-width kernel, ~0.7 of the full tiles;
# blocks of 64, 128 and 256 KiB were slower than 512 (in-process A/B, Zen 4, loaded machine))
DOT_BLOCK_M = 16
DOT_X_BLOCK = 512 << 10
# the dot kernel's tile: DOT_TILE rows of W by DOT_TILE (DOT_TILE / 2 with 16 vector registers) of A
DOT_TILE = 4
# ... where its rows of W, read again for each DOT_TILE rows of A, fit in this much of L2
DOT_L2 = 256 << 10
# `Gemm.few_columns`: problems at most NR / DOT_N_PANEL wide and at least DOT_K_VECTORS
# vectors deep, A and B both read along k, are dot products too
DOT_N_PANEL = 2
DOT_K_VECTORS = 8
# `Gemm.swapped`: problems with B read along k, M in this range, N >= 2 M and a B of at
# least SWAP_B_BYTES (read from memory: packing it is what the swap saves), in pieces of
# SWAP_ROWS columns of C
SWAP_M = (16, 256)
SWAP_B_BYTES = 8 << 20
SWAP_ROWS = 1024
# `Gemm.streamed`: problems with fewer rows than STREAM_M, B's rows contiguous and a B of
# at least STREAM_B_BYTES (packing it would copy all of B to use each element a few times):
# C's rows in blocks of STREAM_L1 bytes (all M rows), STREAM_K rows of B per pass over them
STREAM_M = 5
STREAM_B_BYTES = 1 << 20
STREAM_L1 = 16 << 10
STREAM_K = 8
# ... and threads split them in chunks of at least STREAM_RUN bytes of B's rows (a page:
# chunks of 512 f32 columns of 1024-column rows, read 2 KB of every 4 KB, ran ~1.6x slower)
STREAM_RUN = 4096


@dataclass(frozen=True)
class Blocking:
    vw: int      # elements per vector
    nv: int      # vectors per micro-tile row (NR = nv * vw)
    mr: int
    mc: int
    kc: int
    nc: int
    kmax: int    # K up to this is one block (one pass over C), longer K blocks of kc

    @property
    def nr(self) -> int:
        return self.nv * self.vw


def _host_vector() -> tuple[int, int]:
    """(vector bits, vector registers) of this process's CPU."""
    import llvmlite.binding as llvm
    llvm.initialize_native_target()
    feats = llvm.get_host_cpu_features()
    triple = llvm.get_process_triple()
    if triple.startswith("aarch64"):
        return 128, 32
    if feats.get("avx512f"):
        return 512, 32
    if feats.get("avx"):
        return 256, 16
    return 128, 16


_HOST: list = []


def blocking(mc, itemsize: int) -> Blocking:
    if getattr(mc, "portable", False):
        bits, regs = 128, (32 if str(mc.m.triple).startswith("aarch64") else 16)
    else:
        if not _HOST:
            _HOST.append(_host_vector())
        bits, regs = _HOST[0]
    vw = bits // (8 * itemsize)
    nv = 2
    mr = min(12, (regs - nv - 1) // nv)
    kc = max(256, 12288 // (mr * itemsize) // 8 * 8)    # A micro-panel ~12 KiB (L1)
    mcb = max(mr, (147456 // (kc * itemsize)) // mr * mr)
    nr = nv * vw
    nc = B_BLOCK // (kc * itemsize) // nr * nr
    return Blocking(vw, nv, mr, mcb, kc, nc, 2 * kc)


def c64(v: int) -> ir.Constant:
    return ir.Constant(I64T, v)


def imin(b, x, y):
    return b.select(b.icmp_signed("<", x, y), x, y)


def imax(b, x, y):
    return b.select(b.icmp_signed(">", x, y), x, y)


def at_least_one(b, x):
    return b.select(b.icmp_signed("<", x, c64(1)), c64(1), x)


def ceil_div(b, x, d):
    """x / d rounded up, for x >= 0 and d > 0 (an int or a value)."""
    d = c64(d) if isinstance(d, int) else d
    return b.sdiv(b.add(x, b.sub(d, c64(1))), d)


def round_up(b, x, m: int):
    return b.mul(ceil_div(b, x, m), c64(m))


def transpose(b: ir.IRBuilder, vecs: list) -> list:
    """W vectors of W elements (rows) -> their columns: log2(W) rounds of interleaving row
    i with row i + W/2 (the gemm's packing of k-contiguous panels, transposing copies)."""
    W = len(vecs)
    h = W // 2
    i32 = ir.IntType(32)
    lo = ir.Constant(ir.VectorType(i32, W), [k for j in range(h) for k in (j, j + W)])
    hi = ir.Constant(ir.VectorType(i32, W), [k for j in range(h, W) for k in (j, j + W)])
    for _ in range(W.bit_length() - 1):
        new = []
        for i in range(h):
            new += [b.shuffle_vector(vecs[i], vecs[i + h], lo),
                    b.shuffle_vector(vecs[i], vecs[i + h], hi)]
        vecs = new
    return vecs


def for_range(b: ir.IRBuilder, start, end, step, body, name: str = "l") -> None:
    """for i = start; i < end; i += step: body(i)."""
    fn = b.function
    pre = b.block
    head = fn.append_basic_block(name + ".head")
    blk = fn.append_basic_block(name + ".body")
    done = fn.append_basic_block(name + ".done")
    b.branch(head)
    b.position_at_end(head)
    i = b.phi(I64T)
    i.add_incoming(start, pre)
    b.cbranch(b.icmp_signed("<", i, end), blk, done)
    b.position_at_end(blk)
    body(i)
    i.add_incoming(b.add(i, step if isinstance(step, ir.Value) else c64(step)), b.block)
    b.branch(head)
    b.position_at_end(done)


class Gemm:
    """The gemm functions of one dtype in one module (built once, on first use)."""

    def __init__(self, mc, dt_name: str):
        self.mc = mc
        self.tn = dt_name                       # "f32" / "f64"
        self.T = F32T if dt_name == "f32" else F64T
        self.size = 4 if dt_name == "f32" else 8
        self.p = blocking(mc, self.size)
        self.V = ir.VectorType(self.T, self.p.vw)

    def name(self, part: str = "") -> str:
        return f"gemm.{self.tn}" + (f".{part}" if part else "")

    def fn(self, part: str, ret, args: list, build, small: bool = True) -> ir.Function:
        """An internal function of the gemm, never inlined: only the micro-kernel is
        optimized for speed; the rest (packing, loops, edges) for size, which keeps LLVM
        from unrolling and vectorizing loops whose time does not matter (compile time)."""
        def make():
            f = ir.Function(self.mc.m, ir.FunctionType(ret, args), name="pts." + self.name(part))
            f.attributes.add("noinline")
            if small:
                f.attributes.add("optsize")
            build(f)
            return f
        return self.mc.helper(self.name(part), make)

    def gep(self, b, p, off):
        return b.gep(p, [off], source_etype=self.T)

    def bias_from(self, b, bias, rowb, row, col):
        """The bias of the block of C from (row, col): bias + row when the bias is per row
        (rowb), else bias + col; null for none."""
        at = self.gep(b, bias, b.select(rowb, row, col))
        return b.select(b.icmp_unsigned("==", bias, ir.Constant(PTR, None)), bias, at)

    # ------------------------------------------------------------ packing

    def pack(self, R: int) -> ir.Function:
        """void pack.R(ptr dst, ptr src, i64 s_micro, i64 s_k, i64 n_micro, i64 kc):
        dst[q][p][r] = src[(q*R + r) * s_micro + p * s_k], zero past n_micro."""
        T, size = self.T, self.size

        def build(f):
            dst, src, sm, sk, nm, kc = f.args
            b = ir.IRBuilder(f.append_basic_block("entry"))
            npanels = ceil_div(b, nm, R)

            def panel(q):
                r0 = b.mul(q, c64(R))
                rows = imin(b, c64(R), b.sub(nm, r0))
                srcq = self.gep(b, src, b.mul(r0, sm))
                dstq = self.gep(b, dst, b.mul(q, b.mul(c64(R), kc)))
                full = b.icmp_signed("==", rows, c64(R))

                def by_rows(nrows, p0=c64(0)):
                    # read along k, write with stride R (edge panels, tails)
                    def row(r):
                        sr = self.gep(b, srcq, b.mul(r, sm))
                        for_range(b, p0, kc, 1, lambda p: b.store(
                            b.load(self.gep(b, sr, b.mul(p, sk)), typ=T),
                            self.gep(b, dstq, b.add(b.mul(p, c64(R)), r))), "pk")
                    for_range(b, c64(0), nrows, 1, row, "pr")

                def by_blocks():
                    # k-contiguous sources (row-major A, transposed B): VW x VW blocks
                    # loaded as vectors along k and transposed in registers
                    VW = self.p.vw
                    kv = b.mul(b.sdiv(kc, c64(VW)), c64(VW))

                    def block(p0):
                        for c0 in range(0, R, VW):
                            cw = min(VW, R - c0)
                            vecs = []
                            for r in range(VW):
                                if r < cw:
                                    ld = b.load(self.gep(b, srcq, b.add(b.mul(c64(c0 + r), sm), p0)), typ=self.V)
                                    ld.align = size
                                    vecs.append(ld)
                                else:
                                    vecs.append(ir.Constant(self.V, [ir.Constant(T, 0.0)] * VW))
                            for q, v in enumerate(transpose(b, vecs)):
                                if cw < VW:
                                    v = b.shuffle_vector(v, ir.Constant(self.V, ir.Undefined),
                                                         ir.Constant(ir.VectorType(ir.IntType(32), cw), list(range(cw))))
                                st = b.store(v, self.gep(b, dstq, b.add(b.mul(b.add(p0, c64(q)), c64(R)), c64(c0))))
                                st.align = size
                    for_range(b, c64(0), kv, VW, block, "pb")
                    by_rows(c64(R), kv)

                with b.if_else(full) as (then, other):
                    with then:
                        with b.if_else(b.icmp_signed("==", sk, c64(1))) as (kthen, kother):
                            with kthen:
                                by_blocks()
                            with kother:
                                def srow(p):
                                    sp = self.gep(b, srcq, b.mul(p, sk))
                                    dp = self.gep(b, dstq, b.mul(p, c64(R)))
                                    for r in range(R):
                                        b.store(b.load(self.gep(b, sp, b.mul(c64(r), sm)), typ=T),
                                                self.gep(b, dp, c64(r)))
                                for_range(b, c64(0), kc, 1, srow, "ps")
                    with other:
                        b.call(self.mc.intrinsic("llvm.memset", [PTR, I64T]),
                               [dstq, ir.Constant(I8T, 0), b.mul(kc, c64(R * size)), ir.Constant(I1T, 0)])
                        by_rows(rows)
            # contiguous micro rows (row-major B, column-major A): all full panels k row by
            # k row, R-element vectors, the source read sequentially; the rest panel by panel
            nfull = b.select(b.icmp_signed("==", sm, c64(1)), b.sdiv(nm, c64(R)), c64(0))
            VT = ir.VectorType(T, R)

            def krow(p):
                sp = self.gep(b, src, b.mul(p, sk))
                dp = self.gep(b, dst, b.mul(p, c64(R)))

                def piece(q):
                    v = b.load(self.gep(b, sp, b.mul(q, c64(R))), typ=VT)
                    v.align = size
                    st = b.store(v, self.gep(b, dp, b.mul(q, b.mul(c64(R), kc))))
                    st.align = size
                for_range(b, c64(0), nfull, 1, piece, "kq")
            with b.if_then(b.icmp_signed(">", nfull, c64(0))):
                for_range(b, c64(0), kc, 1, krow, "kp")
            for_range(b, nfull, npanels, 1, panel, "q")
            b.ret_void()
        f = self.fn(f"pack.{R}", VOID, [PTR, PTR, I64T, I64T, I64T, I64T], build)
        return f

    # ------------------------------------------------------------ micro-kernel

    def vector_intrinsic(self, name: str, ty: ir.FunctionType, suffix: str = "") -> ir.Function:
        """LLVM's intrinsic `name` on <VW x T> (llvmlite cannot name vector intrinsics
        itself), declared once per module; `suffix`: the mangling of its other types."""
        name = f"{name}.v{self.p.vw}{'f32' if self.size == 4 else 'f64'}{suffix}"
        f = self.mc.m.globals.get(name)
        return f if f is not None else ir.Function(self.mc.m, ty, name=name)

    def fmuladd(self) -> ir.Function:
        return self.vector_intrinsic("llvm.fmuladd", ir.FunctionType(self.V, [self.V] * 3))

    @staticmethod
    def kernel_blocks(f: ir.Function, pointers) -> tuple:
        """A kernel's builder at its entry block and its blocks (entry, k.head, k.body,
        tail), its `pointers` arguments marked noalias."""
        for p in pointers:
            p.add_attribute("noalias")
        blocks = [f.append_basic_block(name) for name in ("entry", "k.head", "k.body", "tail")]
        return ir.IRBuilder(blocks[0]), blocks

    def loop_head(self, b: ir.IRBuilder, entry, head, count: int) -> tuple:
        """Branch from entry to the k loop's head and build there the k phi (from 0) and
        `count` accumulator phis (from zero vectors); the loop's body adds their incomings."""
        b.branch(head)
        b.position_at_end(head)
        p = b.phi(I64T)
        p.add_incoming(c64(0), entry)
        accs = []
        for _ in range(count):
            phi = b.phi(self.V)
            phi.add_incoming(ir.Constant(self.V, None), entry)
            accs.append(phi)
        return p, accs

    def rows(self, b: ir.IRBuilder, base, stride, count: int, n) -> list:
        """Pointers to `count` rows of base, `stride` elements apart; those past the first
        n read row n - 1 again."""
        last = b.sub(n, c64(1))
        return [self.gep(b, base, b.mul(imin(b, c64(i), last), stride)) for i in range(count)]

    def kernel(self, rows: int = 0, panels: int = 1, direct: bool = False) -> ir.Function:
        """void kernel(i64 kc, ptr Ap, ptr Bp, ptr C, i64 rsc, i64 mr, i64 nr, i1 overwrite,
        ptr bias, i1 rowb, i1 relu): C[:mr, :nr] (= or +=) Ap-panel @ Bp-panel, then
        (`epilogue`) + bias[:nr] (or bias[:mr], one per row, when rowb) unless null, then
        ReLU if asked.  With `rows` and `panels`: a tile of
        that many rows (mr <= rows) across that many B panels (nr == panels * NR).
        `direct` (kernel.direct: i64 kc, ptr A, i64 rsa, ptr Bp, ...): A's rows read where
        they are, unit column stride, row stride rsa, instead of from a packed panel."""
        T, V, P = self.T, self.V, self.p
        AS, NV, VW, NR = P.mr, P.nv, P.vw, P.nr
        MR = rows or AS
        PANEL_NV = NV
        NV, NR = NV * panels, NR * panels
        fma = self.fmuladd()

        def build(f):
            if direct:
                kc, ap, rsa, bp, c, rsc, mr, nr, overwrite, bias, rowb, relu = f.args
            else:
                kc, ap, bp, c, rsc, mr, nr, overwrite, bias, rowb, relu = f.args
            b, (entry, head, body, tail) = self.kernel_blocks(f, (ap, bp, c, bias))
            if direct:      # rows past mr read the last one (their sums are not stored)
                arows = self.rows(b, ap, rsa, MR, mr)
            # the tile's rows of C, fetched for writing now: the sums are added to them and
            # stored after the k loop, thousands of cycles later (in-process A/B, AVX-512
            # Xeon, two runs: 512^3 0.955 / 0.972, conv2d's 64 x 288 x 3136 0.983 / 0.966,
            # the MLP's first layer 0.982 / 0.988, 1024^3 1.000 / 0.988; A/A within 1.5%)
            fetch = self.mc.intrinsic("llvm.prefetch", [PTR])
            write, keep, data = (ir.Constant(ir.IntType(32), v) for v in (1, 3, 1))
            for crow in self.rows(b, c, rsc, MR, mr):      # rows past mr: the last one again
                for e in range(0, NR, ALIGN // self.size):
                    b.call(fetch, [self.gep(b, crow, c64(e)), write, keep, data])
            p, accs = self.loop_head(b, entry, head, MR * NV)
            b.cbranch(b.icmp_signed("<", p, kc), body, tail)
            b.position_at_end(body)
            bv = []
            for q in range(panels):
                brow = self.gep(b, bp, b.add(b.mul(c64(q * P.nr), kc), b.mul(p, c64(P.nr))))
                for v in range(PANEL_NV):
                    ld = b.load(self.gep(b, brow, c64(v * VW)), typ=V)
                    ld.align = VW * self.size
                    bv.append(ld)
            arow = self.gep(b, ap, b.mul(p, c64(AS)))
            new = []
            for i in range(MR):
                at = self.gep(b, arows[i], p) if direct else self.gep(b, arow, c64(i))
                av = splat(b, b.load(at, typ=T), V)
                for v in range(NV):
                    new.append(b.call(fma, [av, bv[v], accs[i * NV + v]]))
            for phi, n in zip(accs, new):
                phi.add_incoming(n, body)
            p.add_incoming(b.add(p, c64(1)), body)
            b.branch(head).set_metadata("llvm.loop", self.mc.loop_id(unroll=UNROLL))

            b.position_at_end(tail)
            has_bias = b.icmp_unsigned("!=", bias, ir.Constant(PTR, None))
            full = b.icmp_signed("==", nr, c64(NR))     # whole rows (M's edge: the first mr)
            if panels > 1:
                full = ir.Constant(I1T, 1)
            with b.if_else(full) as (then, other):
                with then:
                    self.store_tile(b, accs, c, rsc, mr, MR, NV, overwrite, bias, has_bias, rowb, relu, None)
                with other:         # N's edge: the first nr columns, by masked vectors
                    lanes = ir.VectorType(ir.IntType(32), VW)
                    limit = splat(b, b.trunc(nr, ir.IntType(32)), lanes)
                    masks = [b.icmp_signed("<", ir.Constant(lanes, [v * VW + q for q in range(VW)]), limit)
                             for v in range(NV)]
                    self.store_tile(b, accs, c, rsc, mr, MR, NV, overwrite, bias, has_bias, rowb, relu, masks)
            b.ret_void()
        return self.fn("kernel" + (f".{MR}x{NR}" if rows else "") + (".direct" if direct else ""),
                       VOID, [I64T, PTR] + ([I64T] if direct else []) +
                       [PTR, PTR, I64T, I64T, I64T, I1T, PTR, I1T, I1T], build, small=False)

    def epilogue(self, b: ir.IRBuilder, s, bias, relu):
        """s + bias (-0.0 when there is none), then ReLU when `relu` (a scalar i1): the
        result is s where s > 0 or s is NaN, else +0.0 — as np.maximum(s, 0.0), which
        returns its second operand on a tie (-0.0 gives +0.0), and np.where(s <= 0, 0, s)."""
        s = b.fadd(s, bias)
        zero = ir.Constant(s.type, None)
        return b.select(relu, b.select(b.fcmp_unordered(">", s, zero), s, zero), s)

    def masked(self, kind: str) -> ir.Function:
        """llvm.masked.load / llvm.masked.store on <VW x T> (vmaskmovps on AVX2)."""
        V, mask = self.V, ir.VectorType(I1T, self.p.vw)
        ty = ir.FunctionType(VOID, [V, PTR, ir.IntType(32), mask]) if kind == "store" else \
            ir.FunctionType(V, [PTR, ir.IntType(32), mask, V])
        return self.vector_intrinsic(f"llvm.masked.{kind}", ty, ".p0")

    def store_tile(self, b: ir.IRBuilder, accs: list, c, rsc, mr, MR: int, NV: int, overwrite,
                   bias, has_bias, rowb, relu, masks: list | None) -> None:
        """The accumulators into C's first mr rows (C = acc, or C += acc unless overwrite),
        through the epilogue (`epilogue`: + bias[:] when bias is not null — bias[i] on row i
        when `rowb` — then ReLU when `relu`).  `masks`: per vector of a row, which lanes are
        C's columns (N's edge), or None for all of them."""
        T, V, VW = self.T, self.V, self.p.vw
        nz = ir.Constant(V, [ir.Constant(T, -0.0)] * VW)         # x + -0.0 == x for every x
        zero = ir.Constant(V, None)
        align = ir.Constant(ir.IntType(32), self.size)

        def load(ptr, v):
            if masks is None:
                ld = b.load(ptr, typ=V)
                ld.align = self.size
                return ld
            return b.call(self.masked("load"), [ptr, align, masks[v], zero])

        def store(value, ptr, v):
            if masks is None:
                st = b.store(value, ptr)
                st.align = self.size
            else:
                b.call(self.masked("store"), [value, ptr, align, masks[v]])

        pre = b.block
        row_bias = b.and_(has_bias, rowb)
        with b.if_then(b.and_(has_bias, b.not_(rowb))):
            bl = [load(self.gep(b, bias, c64(v * VW)), v) for v in range(NV)]
            in_bias = b.block
        bvs = []
        for v in range(NV):
            phi = b.phi(V)
            phi.add_incoming(nz, pre)
            phi.add_incoming(bl[v], in_bias)
            bvs.append(phi)

        def store_row(i: int, add: bool):
            crow = self.gep(b, c, b.mul(c64(i), rsc))
            pre = b.block
            with b.if_then(row_bias):
                x = b.load(self.gep(b, bias, c64(i)), typ=T)
                in_row = b.block
            rb = b.phi(T)
            rb.add_incoming(ir.Constant(T, -0.0), pre)
            rb.add_incoming(x, in_row)
            rv = splat(b, rb, V)
            for v in range(NV):
                ptr = self.gep(b, crow, c64(v * VW))
                s = accs[i * NV + v]
                if add:
                    s = b.fadd(load(ptr, v), s)
                store(self.epilogue(b, s, b.select(rowb, rv, bvs[v]), relu), ptr, v)

        def rows(add: bool):
            store_row(0, add)
            for i in range(1, MR):
                with b.if_then(b.icmp_signed(">", mr, c64(i)), likely=True):
                    store_row(i, add)
        with b.if_else(overwrite) as (ow, add):          # (C is not read when overwritten)
            with ow:
                rows(False)
            with add:
                rows(True)

    # ------------------------------------------------------------ blocked loops

    def range_fn(self) -> ir.Function:
        """void range(M, N, K, A, rsa, csa, B, rsb, csb, C, rsc, bias, rowb, acc, relu, bufA,
        bufB, n0, n1, kn): columns [n0, n1) of C (the unit of work a thread would take), in
        the K blocks of a problem kn columns wide (`kcb`: the whole problem's, so that the
        sums, and their rounding, do not depend on how it was split)."""
        P = self.p
        pack_a, pack_b = self.pack(P.mr), self.pack(P.nr)
        edges = [(rows, panels) for rows, panels in EDGE_KERNELS if rows < P.mr]
        # the kernels by where A's rows come from (True: in place, False: packed panels —
        # the rarer case, which keeps only the first edge kernel: each costs compile time),
        # the full-height one first, then the edge ones by rows
        kernels = {direct: [(P.mr, 1, self.kernel(direct=direct))] +
                   [(rows, panels, self.kernel(rows, panels, direct))
                    for rows, panels in (edges if direct else edges[:1])]
                   for direct in (True, False)}
        # (the rows that fit an 8-way L1 set: SAME_SETS_ROWS; with 512-bit vectors, where
        # their 2-panel tile is 24 accumulators of the 32 registers)
        same_sets = P.mr > SAME_SETS_ROWS and P.vw * self.size >= 64
        if same_sets:
            k62 = self.kernel(SAME_SETS_ROWS, 2, True)
            k61 = self.kernel(SAME_SETS_ROWS, 1, True)

        def build(f):
            (M, N, K, A, rsa, csa, B, rsb, csb, C, rsc, bias, rowb, acc, relu, bufa, bufb, n0,
             n1, kn) = f.args
            b = ir.IRBuilder(f.append_basic_block("entry"))
            # A's rows are read in place when their columns are contiguous, unless they lie a
            # multiple of 4 KiB apart (in the same L1 sets) and B has more than ALIASED_NR
            # panels (each reads them again)
            rows_in_place = b.icmp_signed("==", csa, c64(1))
            apart = b.icmp_signed("!=", b.and_(b.mul(rsa, c64(self.size)), c64(4095)), c64(0))
            width = b.sub(n1, n0)
            step = self.kcb(b, K, kn)
            nkb = at_least_one(b, ceil_div(b, K, step))         # K == 0: one pass
            ncb = round_up(b, ceil_div(b, width, at_least_one(b, ceil_div(b, width, P.nc))), P.nr)

            def k_range(kb):
                """(pc, kc): where K block kb starts and how deep it is (0 for K == 0)."""
                pc = b.mul(kb, step)
                kc = imin(b, step, b.sub(K, pc))
                return pc, b.select(b.icmp_signed("<", kc, c64(0)), c64(0), kc)

            def jblock(jc, one_kb=None):
                """Columns [jc, jc + ncb): all K blocks, or K block `one_kb` alone with A's
                block packed already (`a_once` below)."""
                nc = imin(b, ncb, b.sub(n1, jc))

                def kblock(kb, a_ready: bool):
                    pc, kc = k_range(kb)
                    overwrite = b.and_(b.icmp_signed("==", kb, c64(0)), b.not_(acc))
                    last = b.icmp_signed("==", kb, b.sub(nkb, c64(1)))      # the epilogue's

                    def bias_at(row, col):      # the tile's first bias element, or null
                        return b.select(last, self.bias_from(b, bias, rowb, row, col),
                                        ir.Constant(PTR, None))
                    use_relu = b.and_(last, relu)
                    b.call(pack_b, [bufb, self.gep(b, B, b.add(b.mul(pc, rsb), b.mul(jc, csb))),
                                    csb, rsb, nc, kc])

                    def iblock(ic):
                        mcc = imin(b, c64(P.mc), b.sub(M, ic))
                        a_block = self.gep(b, A, b.add(b.mul(ic, rsa), b.mul(pc, csa)))
                        direct = b.and_(rows_in_place, b.or_(apart, b.icmp_signed("<=", nc, c64(ALIASED_NR * P.nr))))
                        with b.if_else(direct) as (in_place, packed):
                            with in_place:
                                tiles(ic, mcc, a_block, True)
                            with packed:
                                if not a_ready:
                                    b.call(pack_a, [bufa, a_block, rsa, csa, mcc, kc])
                                tiles(ic, mcc, a_block, False)

                    def tiles(ic, mcc, a_block, direct: bool):
                        """The tiles of rows [ic, ic + mcc): A's rows read in place (`direct`,
                        unit column stride) or from the packed block in bufa."""
                        def tile(r0, mr, a_args, crow, jr, kern, width):
                            """One kernel call: C's rows [ic + r0, + mr) (crow: the first),
                            columns [jc + jr, + width) cut to nc."""
                            nr = imin(b, c64(width), b.sub(nc, jr))
                            bp = self.gep(b, bufb, b.mul(jr, kc))
                            bptr = bias_at(b.add(ic, r0), b.add(jc, jr))
                            b.call(kern, [kc] + a_args + [bp, self.gep(b, crow, jr), rsc, mr,
                                                          nr, overwrite, bptr, rowb, use_relu])

                        def ir_loop(ir_):
                            mr = imin(b, c64(P.mr), b.sub(mcc, ir_))
                            a_args = [self.gep(b, a_block, b.mul(ir_, rsa)), rsa] if direct else \
                                [self.gep(b, bufa, b.mul(ir_, kc))]
                            crow = self.gep(b, C, b.add(b.mul(b.add(ic, ir_), rsc), jc))

                            def jr_loop(jr, kern, width):
                                tile(ir_, mr, a_args, crow, jr, kern, width)

                            def row_of_tiles(choices):
                                """The tiles of this row with the first kernel of `choices`
                                (rows, panels, kernel) that has rows >= mr."""
                                rows, panels, kern = choices[0]
                                if len(choices) == 1:       # the full-height kernel
                                    for_range(b, c64(0), nc, P.nr, lambda jr: jr_loop(jr, kern, P.nr), "jr")
                                    return
                                with b.if_else(b.icmp_signed("<=", mr, c64(rows))) as (short, other):
                                    with short:
                                        # whole groups of `panels` panels (a kernel of one
                                        # panel takes N's edge too), then the rest
                                        w = panels * P.nr
                                        nw = b.mul(b.sdiv(nc, c64(w)), c64(w)) if panels > 1 else nc
                                        for_range(b, c64(0), nw, w, lambda jr: jr_loop(jr, kern, w), "jw")
                                        if panels > 1:
                                            full = choices[-1][2]
                                            for_range(b, nw, nc, P.nr, lambda jr: jr_loop(jr, full, P.nr), "jt")
                                    with other:
                                        row_of_tiles(choices[1:])
                            full_height, *short = kernels[direct]
                            row_of_tiles(short + [full_height])
                        if not (direct and same_sets):
                            for_range(b, c64(0), mcc, P.mr, ir_loop, "ir")
                            return

                        def six_loop(r0):
                            """Rows [r0, r0 + SAME_SETS_ROWS) by tiles of that many rows
                            across 2 panels (the last panel alone): A's rows in place a
                            multiple of 4 KiB apart (SAME_SETS_ROWS)."""
                            mr = imin(b, c64(SAME_SETS_ROWS), b.sub(mcc, r0))
                            a_args = [self.gep(b, a_block, b.mul(r0, rsa)), rsa]
                            crow = self.gep(b, C, b.add(b.mul(b.add(ic, r0), rsc), jc))

                            def jr6(jr, kern, width):
                                tile(r0, mr, a_args, crow, jr, kern, width)
                            w = 2 * P.nr
                            nw = b.mul(b.sdiv(nc, c64(w)), c64(w))
                            for_range(b, c64(0), nw, w, lambda jr: jr6(jr, k62, w), "j6")
                            for_range(b, nw, nc, P.nr, lambda jr: jr6(jr, k61, P.nr), "j61")
                        with b.if_else(apart) as (spread, one_set):
                            with spread:
                                for_range(b, c64(0), mcc, P.mr, ir_loop, "ir")
                            with one_set:
                                for_range(b, c64(0), mcc, SAME_SETS_ROWS, six_loop, "i6")
                    for_range(b, c64(0), M, P.mc, iblock, "ic")
                if one_kb is None:
                    for_range(b, c64(0), nkb, 1, lambda kb: kblock(kb, False), "pc")
                else:
                    kblock(one_kb, True)
            # Where all of M is one block of A, A is packed and B has several blocks of
            # columns, the K blocks go outside: each block of A is packed once, not once per
            # block of columns (MyConv's 128 x 50176 x 1024 linear packed its x twice)
            a_once = b.and_(b.icmp_signed("<=", M, c64(P.mc)),
                            b.and_(b.icmp_signed(">", width, ncb),
                                   b.not_(b.and_(rows_in_place, apart))))
            with b.if_else(a_once) as (once, per_block):
                with once:
                    def k_outside(kb):
                        pc, kc = k_range(kb)
                        b.call(pack_a, [bufa, self.gep(b, A, b.mul(pc, csa)), rsa, csa, M, kc])
                        for_range(b, n0, n1, ncb, lambda jc: jblock(jc, kb), "jk")
                    for_range(b, c64(0), nkb, 1, k_outside, "pk")
                with per_block:
                    for_range(b, n0, n1, ncb, jblock, "jc")
            b.ret_void()
        return self.fn("range", VOID, [I64T, I64T, I64T, PTR, I64T, I64T, PTR, I64T, I64T, PTR, I64T,
                                       PTR, I1T, I1T, I1T, PTR, PTR, I64T, I64T, I64T], build)

    # ------------------------------------------------------------ entry

    def a_bytes(self, b: ir.IRBuilder, M, N, K):
        P = self.p
        a = b.mul(round_up(b, imin(b, M, c64(P.mc)), P.mr), self.kcb(b, K, N))
        return round_up(b, b.mul(a, c64(self.size)), ALIGN)

    def buf_bytes(self, b: ir.IRBuilder, M, N, K):
        """Bytes of range's packing buffers for an (M, N, K) problem, A's then B's."""
        P = self.p
        bb = b.mul(round_up(b, imin(b, N, c64(P.nc)), P.nr), self.kcb(b, K, N))
        return b.add(self.a_bytes(b, M, N, K), round_up(b, b.mul(bb, c64(self.size)), ALIGN))

    def may_swap(self, b: ir.IRBuilder, M, N, K):
        """Is an (M, N, K) problem's shape one that `swapped` computes (with B k-contiguous)?"""
        few = b.and_(b.icmp_signed(">=", M, c64(SWAP_M[0])), b.icmp_signed("<=", M, c64(SWAP_M[1])))
        big = b.icmp_signed(">=", b.mul(b.mul(K, N), c64(self.size)), c64(SWAP_B_BYTES))
        return b.and_(few, b.and_(b.icmp_signed("<=", b.mul(M, c64(2)), N), big))

    def worksize(self, b: ir.IRBuilder, M, N, K):
        """Bytes of workspace for an (M, N, K) problem (emitted inline): range's packing
        buffers, or where it may be swapped, those of a piece of the swapped problem and
        the piece of C^T, whichever is more."""
        rows = imin(b, N, c64(SWAP_ROWS))
        piece = b.add(self.buf_bytes(b, rows, M, K), b.mul(b.mul(rows, M), c64(self.size)))
        own = self.buf_bytes(b, M, N, K)
        more = b.and_(self.may_swap(b, M, N, K), b.icmp_signed(">", piece, own))
        return b.add(b.select(more, piece, own), c64(ALIGN))

    def transposed_copy(self) -> ir.Function:
        """void tcopy(ptr dst, i64 rsd, ptr src, i64 rss, i64 rows, i64 cols):
        dst[j, i] = src[i, j] for i < rows, j < cols (both with unit column stride)."""
        VW = self.p.vw

        def build(f):
            dst, rsd, src, rss, rows, cols = f.args
            b = ir.IRBuilder(f.append_basic_block("entry"))

            def scalars(i0, i1, j0, j1):
                def row(i):
                    si = self.gep(b, src, b.mul(i, rss))
                    di = self.gep(b, dst, i)
                    for_range(b, j0, j1, 1, lambda j: b.store(
                        b.load(self.gep(b, si, j), typ=self.T), self.gep(b, di, b.mul(j, rsd))), "tj")
                for_range(b, i0, i1, 1, row, "ti")

            def block(i0, j0):      # VW x VW, transposed in registers
                vecs = []
                for r in range(VW):
                    ld = b.load(self.gep(b, src, b.add(b.mul(b.add(i0, c64(r)), rss), j0)), typ=self.V)
                    ld.align = self.size
                    vecs.append(ld)
                for q, v in enumerate(transpose(b, vecs)):
                    st = b.store(v, self.gep(b, dst, b.add(b.mul(b.add(j0, c64(q)), rsd), i0)))
                    st.align = self.size
            rv = b.mul(b.sdiv(rows, c64(VW)), c64(VW))
            cv = b.mul(b.sdiv(cols, c64(VW)), c64(VW))
            for_range(b, c64(0), rv, VW, lambda i0: for_range(
                b, c64(0), cv, VW, lambda j0: block(i0, j0), "tb"), "ta")
            scalars(c64(0), rv, cv, cols)
            scalars(rv, rows, c64(0), cols)
            b.ret_void()
        return self.fn("tcopy", VOID, [PTR, I64T, PTR, I64T, I64T, I64T], build)

    def swapped(self, b: ir.IRBuilder, rng, args, buf, kn) -> None:
        """C = A @ B as C^T = B^T @ A^T, in pieces of SWAP_ROWS columns of C, each computed
        into a row-major C^T piece in the workspace and copied into C transposed (loaded
        from C first when accumulating).  For B read along k (`x @ W.T`) and few rows of A:
        B^T's rows are then read in place by the kernels, where B itself had to be packed,
        and only A, the smaller operand, is packed (MyConv's 128 x 50176 x 1024 linear:
        ~0.84 of its time).  The K blocks stay the unswapped problem's (kn): the same sums,
        the same rounding."""
        (M, N, K, A, rsa, csa, B, rsb, csb, C, rsc, bias, rowb, acc, relu) = args
        rows = imin(b, N, c64(SWAP_ROWS))
        bufb = b.gep(buf, [self.a_bytes(b, rows, M, K)], source_etype=I8T)
        ct = b.gep(buf, [self.buf_bytes(b, rows, M, K)], source_etype=I8T)
        tcopy = self.transposed_copy()

        def piece(c0):
            cn = imin(b, c64(SWAP_ROWS), b.sub(N, c0))
            cp = self.gep(b, C, c0)
            with b.if_then(acc):
                b.call(tcopy, [ct, M, cp, rsc, M, cn])
            # a bias over C's columns is one over C^T's rows, and the other way round
            pbias = self.bias_from(b, bias, rowb, c64(0), c0)
            b.call(rng, [cn, M, K, self.gep(b, B, b.mul(c0, csb)), csb, rsb, A, csa, rsa, ct, M,
                         pbias, b.not_(rowb), acc, relu, buf, bufb, c64(0), M, kn])
            b.call(tcopy, [cp, rsc, ct, M, cn, M])
        for_range(b, c64(0), N, SWAP_ROWS, piece, "sw")

    def reduce_lanes(self, b: ir.IRBuilder, vecs: list) -> list:
        """Vectors of partial sums -> vectors of their lane sums, VW per vector, in order
        (the sum of vecs[i] in lane i % VW of result i // VW): pairs of vectors are halved
        and interleaved, log2(VW) rounds of shuffles and adds."""
        VW = self.p.vw
        vt = ir.VectorType(ir.IntType(32), VW)
        g = VW                  # lanes each source still spreads over
        while g > 1:
            if len(vecs) % 2:
                vecs = vecs + [ir.Constant(self.V, None)]
            h, groups = g // 2, VW // g
            lo = [off + q * g + l for off in (0, VW) for q in range(groups) for l in range(h)]
            hi = [x + h for x in lo]
            vecs = [b.fadd(b.shuffle_vector(x, y, ir.Constant(vt, lo)),
                           b.shuffle_vector(x, y, ir.Constant(vt, hi)))
                    for x, y in zip(vecs[::2], vecs[1::2])]
            g = h
        return vecs

    def dot_rows(self) -> int:
        """Rows of A in the dot kernel's tile: DOT_TILE with 32 vector registers, else half."""
        return DOT_TILE if self.p.mr >= 12 else DOT_TILE // 2

    def dot_kernel(self, one: bool = False) -> ir.Function:
        """void dot(i64 K, ptr A, i64 rsa, i64 mr, ptr W, i64 rsw, i64 nr, ptr C, i64 rsc,
        i1 acc, ptr bias, i1 rowb, i1 relu, ptr pf0, ptr pf1): C[i, j] (= or +=) A[i, :] .
        W[j, :] for i < mr <= DR, j < nr <= DOT_TILE (rows past mr or nr read the last one
        again), through the epilogue.  All of K in VW-lane partial sums (the last vector
        masked), then one reduction.  pf0[:K] and pf1[:K] are prefetched into L2 as it goes.
        `one`: the kernel for one row of A (`dot.1`: DR = 1, mr ignored), which takes
        DOT_TILE prefetch pointers, one per row of W's next tile: a row of A is one pass over
        W, so each step fetches as many lines of the next tile as it reads of this one
        (MyConv's linear at batch 1, 1 thread: ~0.93 of the 4-row kernel's time, whose
        mr - 1 repeated rows cost FMAs and loads and whose two prefetched rows left the
        next tile's other two cold; in-process A/B, Zen 4)."""
        T, V, VW = self.T, self.V, self.p.vw
        DR = 1 if one else self.dot_rows()
        fma = self.fmuladd()

        def build(f):
            K, a, rsa, mr, w, rsw, nr, c, rsc, acc, bias, rowb, relu, *pfs = f.args
            b, (entry, head, body, tail) = self.kernel_blocks(f, (a, w, c, bias))
            arows, wrows = self.rows(b, a, rsa, DR, mr), self.rows(b, w, rsw, DOT_TILE, nr)
            kv = b.mul(b.sdiv(K, c64(VW)), c64(VW))
            p, accs = self.loop_head(b, entry, head, DR * DOT_TILE)

            def step(bb, at, load):
                av = [load(self.gep(bb, r, at)) for r in arows]
                wv = [load(self.gep(bb, r, at)) for r in wrows]
                return [bb.call(fma, [av[i], wv[j], accs[i * DOT_TILE + j]])
                        for i in range(DR) for j in range(DOT_TILE)]

            def plain(ptr):
                ld = b.load(ptr, typ=V)
                ld.align = self.size
                return ld
            b.cbranch(b.icmp_signed("<", p, kv), body, tail)
            b.position_at_end(body)
            # a line of each of two rows of W the next tiles read (into L2: the caller's
            # choice, `dots`), so that W streams from memory ahead of the FMAs (MyConv's
            # linear at a batch of 16: ~0.8 of the time without, 8: ~0.82, 12: ~0.9, 4:
            # ~0.94, 1 unchanged; in-process A/B, Zen 4, loaded machine)
            fetch = self.mc.intrinsic("llvm.prefetch", [PTR])
            for pf in pfs:
                b.call(fetch, [self.gep(b, pf, p)] + [ir.Constant(ir.IntType(32), v) for v in (0, 2, 1)])
            new = step(b, p, plain)
            for phi, n in zip(accs, new):
                phi.add_incoming(n, body)
            p.add_incoming(b.add(p, c64(VW)), body)
            b.branch(head).set_metadata("llvm.loop", self.mc.loop_id(unroll=2))

            b.position_at_end(tail)         # K's last K % VW elements: masked loads
            lanes = ir.VectorType(ir.IntType(32), VW)
            mask = b.icmp_signed("<", ir.Constant(lanes, list(range(VW))),
                                 splat(b, b.trunc(b.sub(K, kv), ir.IntType(32)), lanes))
            align = ir.Constant(ir.IntType(32), self.size)
            sums = self.reduce_lanes(b, step(b, kv, lambda ptr: b.call(
                self.masked("load"), [ptr, align, mask, ir.Constant(V, None)])))
            has_bias = b.icmp_unsigned("!=", bias, ir.Constant(PTR, None))
            for i in range(DR):
                for j in range(DOT_TILE):
                    n = i * DOT_TILE + j
                    s = b.extract_element(sums[n // VW], ir.Constant(ir.IntType(32), n % VW))
                    inside = b.and_(b.icmp_signed(">", mr, c64(i)), b.icmp_signed(">", nr, c64(j)))
                    with b.if_then(inside):
                        ptr = self.gep(b, c, b.add(b.mul(c64(i), rsc), c64(j)))
                        pre = b.block
                        with b.if_then(acc):
                            old = b.load(ptr, typ=T)
                            added = b.fadd(old, s)
                            in_acc = b.block
                        v = b.phi(T)
                        v.add_incoming(s, pre)
                        v.add_incoming(added, in_acc)
                        pre = b.block
                        with b.if_then(has_bias):
                            bv = b.load(self.gep(b, bias, b.select(rowb, c64(i), c64(j))), typ=T)
                            in_bias = b.block
                        bb = b.phi(T)
                        bb.add_incoming(ir.Constant(T, -0.0), pre)
                        bb.add_incoming(bv, in_bias)
                        b.store(self.epilogue(b, v, bb, relu), ptr)
            b.ret_void()
        return self.fn("dot.1" if one else "dot", VOID,
                       [I64T, PTR, I64T, I64T, PTR, I64T, I64T, PTR, I64T, I1T, PTR, I1T, I1T]
                       + [PTR] * (DOT_TILE if one else 2), build, small=False)

    def few_rows(self, b: ir.IRBuilder, M, K):
        """Does an M x K A take `dots` (with A and B read along k)?  M < DOT_M, and one
        pass of the dot kernel's rows over W, or several over rows of W short enough to stay
        in L2 between them (DOT_TILE rows of at most DOT_L2 bytes); or up to DOT_BLOCK_M rows
        and rows of W longer than that, in K blocks (`dot_depth`)."""
        one_pass = b.icmp_signed("<=", M, c64(self.dot_rows()))
        short = b.icmp_signed("<=", b.mul(K, c64(DOT_TILE * self.size)), c64(DOT_L2))
        few = b.and_(b.icmp_signed("<", M, c64(DOT_M)), b.or_(one_pass, short))
        return b.or_(few, self.dot_blocked(b, M, K))

    def dot_blocked(self, b: ir.IRBuilder, M, K):
        """Do `dots` run in K blocks (`dot_depth`)?  More rows of A than one pass of the dot
        kernel, at most DOT_BLOCK_M, and rows of W too long to stay in L2 while those rows
        go over them (more than DOT_L2 bytes for DOT_TILE rows).  Neither depends on N:
        a thread's chunk of columns takes the way of the whole (a split by rows needs more
        than 2 CHUNK_ROWS rows), so the sums do not depend on the thread count."""
        several = b.and_(b.icmp_signed(">", M, c64(self.dot_rows())),
                         b.icmp_signed("<=", M, c64(DOT_BLOCK_M)))
        return b.and_(several, b.icmp_signed(">", b.mul(K, c64(DOT_TILE * self.size)), c64(DOT_L2)))

    def dot_depth(self, b: ir.IRBuilder, M, K):
        """The K block of `dots`: all of K, or where they are blocked (`dot_blocked`) as
        many elements as keep the M rows of A's block within DOT_X_BLOCK bytes (L2: read
        again by every DOT_TILE rows of W), a multiple of 256."""
        rows = at_least_one(b, M)
        depth = b.mul(b.sdiv(b.sdiv(c64(DOT_X_BLOCK // self.size), rows), c64(256)), c64(256))
        depth = imax(b, depth, c64(256))
        return b.select(self.dot_blocked(b, M, K), imin(b, depth, at_least_one(b, K)), at_least_one(b, K))

    def few_columns(self, b: ir.IRBuilder, N, K):
        """Does a problem N wide take `dots` (with A and B read along k) whatever its M?  N
        at most half a B panel (DOT_N_PANEL: the tiles would compute mostly padding), W's N
        rows small enough to stay in L1-L2 while every DOT_TILE rows of A go over them
        (DOT_L2), and K at least DOT_K_VECTORS vectors (the dot kernel runs along k in
        vector lanes, and reduces them per element).  The MLP's small layer, (64 x 256) @
        (256 x 10): 5.5 -> 2.4 us; a 10-class head of 4096 x 256 ~3x faster (AVX-512, f32,
        in-process A/B).  A chunk of a split problem takes the same way as the whole (it
        has all of N), so results do not depend on the thread count."""
        P = self.p
        narrow = b.icmp_signed("<=", b.mul(N, c64(DOT_N_PANEL)), c64(P.nr))
        fits = b.icmp_signed("<=", b.mul(b.mul(N, K), c64(self.size)), c64(DOT_L2))
        deep = b.icmp_signed(">=", K, c64(DOT_K_VECTORS * P.vw))
        return b.and_(narrow, b.and_(fits, deep))

    def dots(self, b: ir.IRBuilder, args) -> None:
        """C = A @ B for few rows of A (`few_rows`), A's rows and B's columns both read along
        k (`x @ W.T` for a batch of a few, `v @ W.T`): each element a dot product of a row of
        A and a row of W = B^T, DR x DOT_TILE at a time, read in place, nothing packed.
        Where the tiled kernels took 2-, 4- or 8-row edge kernels over a packed transposed
        copy of W (MyConv's linear for one image: 128 x 50176 x 1024 at M = 1, 4, 12 ...).
        Also for few columns of any M (`few_columns`: a classifier's head, `h @ W.T` with
        W of 10 rows), where the tiles' NR-wide panels were mostly padding."""
        (M, N, K, A, rsa, csa, B, rsb, csb, C, rsc, bias, rowb, acc, relu) = args
        kern, kern1, DR = self.dot_kernel(), self.dot_kernel(one=True), self.dot_rows()
        depth = self.dot_depth(b, M, K)
        nkb = at_least_one(b, ceil_div(b, K, depth))            # K == 0: one block
        null = ir.Constant(PTR, None)

        def kblock(kb, cols_rows):
            """K block kb: its sums added to C's but for the first (unless accumulating),
            the epilogue on the last."""
            k0 = b.mul(kb, depth)
            kc = imax(b, imin(b, depth, b.sub(K, k0)), c64(0))
            last = b.icmp_signed("==", kb, b.sub(nkb, c64(1)))
            kacc = b.or_(acc, b.icmp_signed(">", kb, c64(0)))
            krelu = b.and_(relu, last)

            def cols(j0):
                nr = imin(b, c64(DOT_TILE), b.sub(N, j0))
                w = self.gep(b, B, b.add(b.mul(j0, csb), k0))

                def rows(i0):
                    mr = imin(b, c64(DR), b.sub(M, i0))
                    tb = b.select(last, self.bias_from(b, bias, rowb, i0, j0), null)
                    # two rows of W's next DOT_TILE (the next j0's), to prefetch while these
                    # rows of A go over this block: tile t of A fetches rows 2t and 2t + 1
                    # (mod DOT_TILE) of it; the last j0 fetches its own
                    # (one row of A, `dot.1`: all DOT_TILE rows of the next tile)
                    t2 = b.mul(b.sdiv(i0, c64(DR)), c64(2))
                    jn = b.add(j0, c64(DOT_TILE))
                    nxt = b.icmp_signed("<", jn, N)
                    pfs = []
                    for u in range(DOT_TILE):
                        r = b.add(jn, b.srem(b.add(t2, c64(u)), c64(DOT_TILE)))
                        r = b.select(nxt, imin(b, r, b.sub(N, c64(1))), j0)
                        pfs.append(self.gep(b, B, b.add(b.mul(r, csb), k0)))
                    args = [kc, self.gep(b, A, b.add(b.mul(i0, rsa), k0)), rsa, mr, w, csb, nr,
                            self.gep(b, C, b.add(b.mul(i0, rsc), j0)), rsc, kacc, tb, rowb,
                            krelu]
                    with b.if_else(b.icmp_signed("==", M, c64(1))) as (one_row, more):
                        with one_row:
                            b.call(kern1, args + pfs)
                        with more:
                            b.call(kern, args + pfs[:2])
                return rows
            cols_rows(cols)
        # the smaller operand is the one read again: W's rows (few columns, `few_columns`)
        # while each DR rows of A go over all of them, or A's few rows over each DOT_TILE
        # rows of W (each element is its own sum: the order changes no result); K blocks
        # outermost, so that A's block stays in L2 while W's rows stream past
        with b.if_else(b.icmp_signed("<=", N, M)) as (rows_outer, cols_outer):
            with rows_outer:
                for_range(b, c64(0), nkb, 1, lambda kb: kblock(kb, lambda cols: for_range(
                    b, c64(0), M, DR, lambda i0: for_range(
                        b, c64(0), N, DOT_TILE, lambda j0: cols(j0)(i0), "dj"), "di")), "dk")
            with cols_outer:
                for_range(b, c64(0), nkb, 1, lambda kb: kblock(kb, lambda cols: for_range(
                    b, c64(0), N, DOT_TILE,
                    lambda j0: for_range(b, c64(0), M, DR, cols(j0), "di"), "dj")), "dk")

    def streamed_rows(self, b: ir.IRBuilder, M, K, kn):
        """Does an (M, kn, K) problem with B's rows contiguous take `streamed` (`x @ W` at a
        batch of a few, W row-major)?  One row, or M < STREAM_M and B of at least
        STREAM_B_BYTES (kn:
        the whole problem's width, so that a thread's chunk takes the same way as the whole
        and results do not depend on the thread count)."""
        few = b.icmp_signed("<", M, c64(STREAM_M))
        big = b.icmp_signed(">=", b.mul(b.mul(K, kn), c64(self.size)), c64(STREAM_B_BYTES))
        return b.or_(b.icmp_signed("==", M, c64(1)), b.and_(few, big))

    def stream_fn(self) -> ir.Function:
        """void stream(M, N, K, A, rsa, csa, B, rsb, C, rsc, bias, rowb, acc, relu): C (= or
        +=) A @ B for few rows of A and B's rows contiguous (unit column stride), read in
        place: each row of B, scaled by A[i, p], is added to row i of C (`streamed`), in
        blocks of C's columns that stay in L1 (STREAM_L1 bytes for all M rows), STREAM_K rows
        of B at a time (one load and one store of C per STREAM_K multiply-adds).  Each
        element of C sums over p in order, from 0 (or from C when accumulating); the
        epilogue (+ bias, ReLU) is a last pass over the block."""
        T, V, VW = self.T, self.V, self.p.vw
        fma = self.fmuladd()
        lanes = ir.VectorType(ir.IntType(32), VW)
        align = ir.Constant(ir.IntType(32), self.size)

        def build(f):
            M, N, K, A, rsa, csa, B, rsb, C, rsc, bias, rowb, acc, relu = f.args
            for ptr in (A, B, C, bias):
                ptr.add_attribute("noalias")
            b = ir.IRBuilder(f.append_basic_block("entry"))
            has_bias = b.icmp_unsigned("!=", bias, ir.Constant(PTR, None))
            jb = imax(b, c64(VW), b.mul(b.sdiv(c64(STREAM_L1 // self.size), b.mul(M, c64(VW))),
                                        c64(VW)))
            k4 = b.mul(b.sdiv(K, c64(STREAM_K)), c64(STREAM_K))

            def block(j0):
                w = imin(b, jb, b.sub(N, j0))
                wv = b.mul(b.sdiv(w, c64(VW)), c64(VW))
                mask = b.icmp_signed("<", ir.Constant(lanes, list(range(VW))),
                                     splat(b, b.trunc(b.sub(w, wv), ir.IntType(32)), lanes))

                def over_columns(body):
                    """body(j, load, store) for the block's whole vectors, then its last
                    partial one (masked)."""
                    def plain_load(ptr):
                        ld = b.load(ptr, typ=V)
                        ld.align = self.size
                        return ld

                    def plain_store(v, ptr):
                        st = b.store(v, ptr)
                        st.align = self.size
                    for_range(b, c64(0), wv, VW, lambda j: body(b.add(j0, j), plain_load,
                                                                 plain_store), "sj")
                    with b.if_then(b.icmp_signed("<", wv, w)):
                        body(b.add(j0, wv),
                             lambda ptr: b.call(self.masked("load"), [ptr, align, mask,
                                                                      ir.Constant(V, None)]),
                             lambda v, ptr: b.call(self.masked("store"), [v, ptr, align, mask]))

                def crow(i):
                    return self.gep(b, C, b.mul(i, rsc))
                with b.if_then(b.not_(acc)):
                    for_range(b, c64(0), M, 1, lambda i: over_columns(
                        lambda j, ld, st: st(ir.Constant(V, None), self.gep(b, crow(i), j))), "sz")

                def rows_of_b(p0, count: int, R: int):
                    """C's R rows += A[:, p0:p0 + count] @ B[p0:p0 + count]: each vector of
                    B's rows loaded once for all R rows."""
                    brows = [self.gep(b, B, b.mul(b.add(p0, c64(u)), rsb)) for u in range(count)]
                    av, ci = [], []
                    for i in range(R):
                        ai = self.gep(b, A, b.add(b.mul(c64(i), rsa), b.mul(p0, csa)))
                        av.append([splat(b, b.load(self.gep(b, ai, b.mul(c64(u), csa)), typ=T), V)
                                   for u in range(count)])
                        ci.append(crow(c64(i)))

                    def step(j, ld, st):
                        bv = [ld(self.gep(b, r, j)) for r in brows]
                        for i in range(R):
                            ptr = self.gep(b, ci[i], j)
                            s = ld(ptr)
                            for u in range(count):
                                s = b.call(fma, [av[i][u], bv[u], s])
                            st(s, ptr)
                    over_columns(step)

                def all_rows(R: int):
                    for_range(b, c64(0), k4, STREAM_K, lambda p0: rows_of_b(p0, STREAM_K, R), "sp")
                    for_range(b, k4, K, 1, lambda p: rows_of_b(p, 1, R), "st")

                def by_rows(R: int):
                    if R == STREAM_M - 1:
                        all_rows(R)
                        return
                    with b.if_else(b.icmp_signed("==", M, c64(R))) as (this, other):
                        with this:
                            all_rows(R)
                        with other:
                            by_rows(R + 1)
                by_rows(1)

                def epilogue(i):
                    ci = crow(i)
                    pre = b.block
                    with b.if_then(b.and_(has_bias, rowb)):
                        x = b.load(self.gep(b, bias, i), typ=T)
                        in_row = b.block
                    rb = b.phi(T)
                    rb.add_incoming(ir.Constant(T, -0.0), pre)
                    rb.add_incoming(x, in_row)
                    rv = splat(b, rb, V)
                    col_bias = b.and_(has_bias, b.not_(rowb))

                    def step(j, ld, st):
                        ptr = self.gep(b, ci, j)
                        pre = b.block
                        with b.if_then(col_bias):
                            bl = ld(self.gep(b, bias, j))
                            in_col = b.block
                        bv = b.phi(V)
                        bv.add_incoming(rv, pre)
                        bv.add_incoming(bl, in_col)
                        st(self.epilogue(b, ld(ptr), bv, relu), ptr)
                    over_columns(step)
                with b.if_then(b.or_(has_bias, relu)):
                    for_range(b, c64(0), M, 1, epilogue, "se")
            for_range(b, c64(0), N, jb, block, "sb")
            b.ret_void()
        return self.fn("stream", VOID, [I64T, I64T, I64T, PTR, I64T, I64T, PTR, I64T, PTR, I64T,
                                        PTR, I1T, I1T, I1T], build, small=False)

    def run_fn(self) -> ir.Function:
        """void run(ctx, M, N, K, A, rsa, csa, B, rsb, csb, C, rsc, bias, rowb, acc, relu,
        work, kn): the entry's work in the K blocks of a problem kn columns wide (a thread's
        part of a problem N wide runs in the whole problem's K blocks)."""
        rng = self.range_fn()

        def build(f):
            (ctx, M, N, K, A, rsa, csa, B, rsb, csb, C, rsc, bias, rowb, acc, relu, work,
             kn) = f.args
            entry = f.append_basic_block("entry")
            b = ir.IRBuilder(entry)
            empty = b.or_(b.icmp_signed("<=", M, c64(0)), b.icmp_signed("<=", N, c64(0)))
            with b.if_then(empty, likely=False):
                b.ret_void()
            few = b.and_(b.or_(self.few_rows(b, M, K), self.few_columns(b, N, K)), b.and_(
                b.icmp_signed("==", csa, c64(1)), b.icmp_signed("==", rsb, c64(1))))
            with b.if_then(few):
                self.dots(b, f.args[1:16])
                b.ret_void()
            stream = b.and_(self.streamed_rows(b, M, K, kn), b.icmp_signed("==", csb, c64(1)))
            with b.if_then(stream):
                b.call(self.stream_fn(), [M, N, K, A, rsa, csa, B, rsb, C, rsc, bias, rowb, acc,
                                          relu])
                b.ret_void()
            size = self.worksize(b, M, N, K)
            own = b.icmp_unsigned("==", work, ir.Constant(PTR, None))
            pre = b.block
            with b.if_then(own):
                got = b.call(self.mc.import_fn(b, ctx, "malloc"), [size])
                in_own = b.block
            buf = b.phi(PTR)
            buf.add_incoming(work, pre)
            buf.add_incoming(got, in_own)
            bufa = self.align(b, buf)
            swap = b.and_(self.may_swap(b, M, N, K), b.and_(
                b.icmp_signed("==", rsb, c64(1)), b.icmp_signed("!=", csb, c64(1))))
            with b.if_else(swap) as (then, other):
                with then:
                    self.swapped(b, rng, f.args[1:16], bufa, kn)
                with other:
                    bufb = b.gep(bufa, [self.a_bytes(b, M, N, K)], source_etype=I8T)
                    b.call(rng, [M, N, K, A, rsa, csa, B, rsb, csb, C, rsc, bias, rowb, acc, relu,
                                 bufa, bufb, c64(0), N, kn])
            with b.if_then(own):
                b.call(self.mc.import_fn(b, ctx, "free"), [buf])
            b.ret_void()
        return self.fn("run", VOID, ParallelGemm.FIELDS[:-1] + [PTR, I64T], build)

    def entry(self) -> ir.Function:
        run = self.run_fn()

        def build(f):
            b = ir.IRBuilder(f.append_basic_block("entry"))
            b.call(run, list(f.args) + [f.args[2]])
            b.ret_void()
        return self.fn("", VOID, ParallelGemm.FIELDS[:-1] + [PTR], build)

    def kcb(self, b, K, N):
        """The K block for a problem N columns wide: all of K up to kmax (one pass over C:
        on AVX2, the MLP's 784 ran ~5% faster than as 512 + 272), else K cut into as few
        blocks as it takes of equal depth (rounded up to 8) at most kc, or at most
        kc + kc/4 when N is at most DEEP_N columns (the MLP's 512, not 1024).  Equal
        blocks, not kc's and a remainder: with AVX-512's kc of 256 the MLP's 784 was
        3 x 256 + 16, a whole pass over C and B's packing for 2% of the work.  Measured
        together with A read in place and the edge kernels (in-process A/B, AVX-512 Xeon,
        against the gemm before all three): the MLP's first layer (264 + 264 + 256) and
        K = 600 (304 + 296) ~7% faster, 1024^3 and 128 x 50176 x 1024 unchanged; blocks of
        320 where N is 1024 had cost those 4-7%.  MyConv's linear, K = 50176, ran ~4%
        slower in blocks of 1024."""
        P = self.p
        deep = P.kc + P.kc // 4 // 8 * 8
        depth = b.select(b.icmp_signed("<=", N, c64(DEEP_N)), c64(deep), c64(P.kc))
        blocks = at_least_one(b, ceil_div(b, K, depth))         # no / 0 at K <= 0
        even = round_up(b, ceil_div(b, K, blocks), 8)
        return at_least_one(b, b.select(b.icmp_signed("<=", K, c64(P.kmax)), K, even))

    @staticmethod
    def align(b, p):
        addr = b.and_(b.add(b.ptrtoint(p, I64T), c64(ALIGN - 1)), c64(-ALIGN))
        return b.inttoptr(addr, PTR)


# Threads: a problem of at least this many multiply-adds is offered to the pool, in chunks
# (the grain) of at least CHUNK_MIN of them, and at least CHUNK_COLS columns / CHUNK_ROWS
# rows: each chunk is a sub-problem that packs its own copy of the operand it does not
# split where that is not read in place, and the pool makes up to 4 chunks per thread.  A
# problem `swapped` computes keeps chunks of at least 4 M columns, so that each sub-problem
# is still swapped (2 M at least) and its copy of A^T (MyConv's 25 MB x) is packed by few.
# The grain also tells the pool's cost model, which learns per (task, units, grain) whether
# splitting pays, one shape from another.
PARALLEL_MIN = 1 << 18
CHUNK_MIN = 1 << 17
CHUNK_COLS = 128
CHUNK_ROWS = 96


class ParallelGemm:
    """`pts.gemm.T.par(ctx, M, N, K, A, rsa, csa, B, rsb, csb, C, rsc, bias, rowb, acc, relu)`:
    the entry split over the thread pool (the `parallel_for` import) into column blocks of
    whole micro-tiles (or row blocks when M > N).  Each task is a sub-problem run (`run`)
    with its own packing buffers in the whole problem's K blocks: the K order does not
    move, so results equal 1 thread's (where a task's K blocks followed its own width,
    256 x 600 x 1024 on 2 threads differed from 1 thread in the last bits)."""

    FIELDS = [PTR, I64T, I64T, I64T, PTR, I64T, I64T, PTR, I64T, I64T, PTR, I64T, PTR, I1T,
              I1T, I1T, I1T]            # ctx .. relu, then by_columns

    def __init__(self, g: Gemm):
        self.g = g
        self.env_t = ir.LiteralStructType(self.FIELDS)

    def task(self) -> ir.Function:
        g, P = self.g, self.g.p

        def build(f):
            env, begin, end = f.args
            b = ir.IRBuilder(f.append_basic_block("entry"))
            (ctx, M, N, K, A, rsa, csa, B, rsb, csb, C, rsc, bias, rowb, acc, relu,
             by_cols) = load_fields(b, env, self.env_t)
            null = ir.Constant(PTR, None)
            with b.if_else(by_cols) as (cols, rows):
                with cols:
                    n0 = b.mul(begin, c64(P.nr))
                    n1 = imin(b, b.mul(end, c64(P.nr)), N)
                    bias_n = g.bias_from(b, bias, rowb, c64(0), n0)
                    b.call(g.run_fn(), [ctx, M, b.sub(n1, n0), K, A, rsa, csa,
                                        g.gep(b, B, b.mul(n0, csb)), rsb, csb, g.gep(b, C, n0), rsc,
                                        bias_n, rowb, acc, relu, null, N])
                with rows:
                    m0 = b.mul(begin, c64(P.mr))
                    m1 = imin(b, b.mul(end, c64(P.mr)), M)
                    bias_m = g.bias_from(b, bias, rowb, m0, c64(0))
                    b.call(g.run_fn(), [ctx, b.sub(m1, m0), N, K, g.gep(b, A, b.mul(m0, rsa)), rsa,
                                        csa, B, rsb, csb, g.gep(b, C, b.mul(m0, rsc)), rsc, bias_m,
                                        rowb, acc, relu, null, N])
            b.ret_void()
        return g.fn("task", VOID, [PTR, I64T, I64T], build)

    def entry(self) -> ir.Function:
        g, P = self.g, self.g.p

        def build(f):
            args = list(f.args)
            ctx, M, N, K = args[:4]
            b = ir.IRBuilder(f.append_basic_block("entry"))
            env = alloca(b, self.env_t)
            small = b.icmp_signed("<", b.mul(b.mul(M, N), K), c64(PARALLEL_MIN))
            with b.if_else(small) as (serial, split):
                with serial:
                    b.call(g.entry(), args + [ir.Constant(PTR, None)])
                with split:
                    by_cols = b.icmp_signed(">=", N, M)
                    swap = b.and_(by_cols, g.may_swap(b, M, N, K))
                    shared = self.shared_a(b, ctx, args, by_cols, swap)
                    store_fields(b, env, self.env_t, shared[0] + [by_cols])
                    units = b.select(by_cols, ceil_div(b, N, P.nr), ceil_div(b, M, P.mr))
                    per_unit = b.mul(K, b.select(by_cols, b.mul(M, c64(P.nr)),
                                                 b.mul(N, c64(P.mr))))
                    per_unit = b.select(b.icmp_signed(">", per_unit, c64(0)), per_unit, c64(1))
                    grain = b.add(b.sdiv(c64(CHUNK_MIN), per_unit), c64(1))
                    least = b.select(by_cols, c64(-(-CHUNK_COLS // P.nr)),
                                     c64(-(-CHUNK_ROWS // P.mr)))
                    least = b.select(swap, imax(b, least, ceil_div(b, b.mul(M, c64(4)), P.nr)),
                                     least)
                    # `streamed` problems read runs of B's rows as wide as a chunk
                    streamed = b.and_(g.streamed_rows(b, M, K, N),
                                      b.icmp_signed("==", args[9], c64(1)))
                    least = b.select(streamed, imax(b, least, c64(-(-STREAM_RUN // (g.size * P.nr)))),
                                     least)
                    grain = imax(b, grain, least)
                    g.mc.parallel_for(b, ctx, self.task(), env, units, grain)
                    with b.if_then(shared[1]):
                        b.call(g.mc.import_fn(b, ctx, "free"), [shared[2]])
            b.ret_void()
        return g.fn("par", VOID, self.FIELDS[:-1], build)

    def shared_a(self, b: ir.IRBuilder, ctx, args: list, by_cols, swap) -> tuple:
        """The entry's arguments with A made row-major once for all column chunks, where
        every chunk would pack its own copy: A a transposed view (unit row stride, `dh.T @
        x`, a linear layer's weight gradient, 6 chunks of the MLP's 256 x 784 x 64 each
        packed all of dh.T).  The copy's rows are then read in place by the kernels of every
        chunk (its row stride padded off multiples of 4 KiB, which would pack them again);
        the sums and their order do not change (the kernels read the same values), so
        neither do the results, at any thread count.  Returns (arguments, copied: i1, the
        copy to free)."""
        g = self.g
        M, K, A, rsa, csa = args[1], args[3], args[4], args[5], args[6]
        null = ir.Constant(PTR, None)
        want = b.and_(b.and_(by_cols, b.not_(swap)),
                      b.and_(b.icmp_signed("!=", csa, c64(1)), b.icmp_signed("==", rsa, c64(1))))
        want = b.and_(want, b.icmp_signed(">", K, c64(1)))
        # a row stride that is a multiple of 4 KiB puts every row in the same L1 sets
        aliased = b.icmp_signed("==", b.and_(b.mul(K, c64(g.size)), c64(4095)), c64(0))
        lda = b.add(K, b.select(aliased, c64(g.p.vw), c64(0)))
        pre = b.block
        with b.if_then(want):
            buf = b.call(g.mc.import_fn(b, ctx, "malloc"), [b.mul(b.mul(M, lda), c64(g.size))])
            # buf[m, k] = A[m, k]: A's memory as K rows of M (row stride csa), transposed
            b.call(g.transposed_copy(), [buf, lda, A, csa, K, M])
            in_want = b.block
        a, ra, ca = b.phi(PTR), b.phi(I64T), b.phi(I64T)
        for phi, mine, theirs in ((a, buf, A), (ra, lda, rsa), (ca, c64(1), csa)):
            phi.add_incoming(theirs, pre)
            phi.add_incoming(mine, in_want)
        out = list(args)
        out[4], out[5], out[6] = a, ra, ca
        cp = b.phi(PTR)
        cp.add_incoming(null, pre)
        cp.add_incoming(buf, in_want)
        return out, want, cp


# Batched products (`BatchedGemm`): at least this many batches of a problem are split over
# the pool by batches (whole products per chunk, each chunk with one workspace), fewer are
# each split by columns or rows as one product is
BATCH_SPLIT = 4


class BatchedGemm:
    """`pts.gemm.T.batch(ctx, count, M, N, K, A, rsa, csa, sa, B, rsb, csb, sb, C, rsc, sc)`:
    C[i] = A[i] @ B[i] for i < count, the i-th operands sa, sb, sc elements on (0 for one
    shared by every batch: `W @ cols` with cols (n, K, HW), an im2col convolution).  Batches
    in chunks over the thread pool, each chunk packing into one workspace of its own and
    running the serial entry per batch (where per-batch calls of the split entry each woke
    the pool for a small product, and a loop of serial calls used one thread); few batches
    (< BATCH_SPLIT) are each split as one product is; little work in all (PARALLEL_MIN) is
    one serial loop.  Every batch's sums are the serial entry's, so results do not depend on
    the thread count or the chunking."""

    FIELDS = [PTR, I64T, I64T, I64T, I64T, PTR, I64T, I64T, I64T, PTR, I64T, I64T, I64T, PTR,
              I64T, I64T]

    def __init__(self, g: Gemm):
        self.g = g
        self.env_t = ir.LiteralStructType(self.FIELDS)

    def loop(self, b: ir.IRBuilder, fields: list, begin, end, work) -> None:
        """Batches [begin, end) through `call`: the serial entry with `work`, or (work None)
        the entry split over the pool."""
        g = self.g
        ctx, count, M, N, K, A, rsa, csa, sa, B, rsb, csb, sb, C, rsc, sc = fields
        null = ir.Constant(PTR, None)
        no = ir.Constant(I1T, 0)

        def one(i):
            args = [ctx, M, N, K, g.gep(b, A, b.mul(i, sa)), rsa, csa, g.gep(b, B, b.mul(i, sb)),
                    rsb, csb, g.gep(b, C, b.mul(i, sc)), rsc, null, no, no, no]
            if work is None:
                b.call(ParallelGemm(g).entry(), args)
            else:
                b.call(g.entry(), args + [work])
        for_range(b, begin, end, 1, one, "bt")

    def with_work(self, b: ir.IRBuilder, fields: list, begin, end) -> None:
        g = self.g
        ctx, M, N, K = fields[0], fields[2], fields[3], fields[4]
        work = b.call(g.mc.import_fn(b, ctx, "malloc"), [g.worksize(b, M, N, K)])
        self.loop(b, fields, begin, end, work)
        b.call(g.mc.import_fn(b, ctx, "free"), [work])

    def task(self) -> ir.Function:
        def build(f):
            env, begin, end = f.args
            b = ir.IRBuilder(f.append_basic_block("entry"))
            self.with_work(b, load_fields(b, env, self.env_t), begin, end)
            b.ret_void()
        return self.g.fn("batch.task", VOID, [PTR, I64T, I64T], build)

    def entry(self) -> ir.Function:
        g = self.g

        def build(f):
            fields = list(f.args)
            ctx, count, M, N, K = fields[:5]
            b = ir.IRBuilder(f.append_basic_block("entry"))
            empty = b.or_(b.icmp_signed("<=", count, c64(0)),
                          b.or_(b.icmp_signed("<=", M, c64(0)), b.icmp_signed("<=", N, c64(0))))
            with b.if_then(empty, likely=False):
                b.ret_void()
            each = b.mul(b.mul(M, N), K)
            small = b.icmp_signed("<", b.mul(each, count), c64(PARALLEL_MIN))
            with b.if_else(small) as (serial, split):
                with serial:
                    self.with_work(b, fields, c64(0), count)
                with split:
                    with b.if_else(b.icmp_signed(">=", count, c64(BATCH_SPLIT))) as (by_batch, each_split):
                        with by_batch:
                            env = alloca(b, self.env_t)
                            store_fields(b, env, self.env_t, fields)
                            per = at_least_one(b, each)
                            grain = b.add(b.sdiv(c64(CHUNK_MIN), per), c64(1))
                            g.mc.parallel_for(b, ctx, self.task(), env, count, grain)
                        with each_split:
                            self.loop(b, fields, c64(0), count, None)
            b.ret_void()
        return g.fn("batch", VOID, self.FIELDS, build)


def gemm(mc, dt_name: str) -> Gemm:
    """The Gemm of dtype 'f32' / 'f64' for module codegen `mc` (one per module)."""
    cache = mc.__dict__.setdefault("_gemm", {})
    g = cache.get(dt_name)
    if g is None:
        g = cache[dt_name] = Gemm(mc, dt_name)
    return g


def call(mc, b: ir.IRBuilder, ctx, dt_name: str, M, N, K, A, rsa, csa, B, rsb, csb, C, rsc,
         bias=None, acc: bool | ir.Value = False, work=None,
         relu: bool | ir.Value = False, rowb: bool | ir.Value = False) -> None:
    """Emit a call of the gemm entry at b: split over the thread pool unless the caller
    brings its own packing workspace (batched calls reuse one)."""
    acc, relu, rowb = (v if isinstance(v, ir.Value) else ir.Constant(I1T, int(v))
                       for v in (acc, relu, rowb))
    args = [ctx, M, N, K, A, rsa, csa, B, rsb, csb, C, rsc,
            bias if bias is not None else ir.Constant(PTR, None), rowb, acc, relu]
    if work is None:
        b.call(_library_fn(mc, dt_name, "par", ParallelGemm.FIELDS[:-1])
               or ParallelGemm(gemm(mc, dt_name)).entry(), args)
    else:
        b.call(_library_fn(mc, dt_name, "", ParallelGemm.FIELDS[:-1] + [PTR])
               or gemm(mc, dt_name).entry(), args + [work])


def call_batched(mc, b: ir.IRBuilder, ctx, dt_name: str, count, M, N, K, A, rsa, csa, sa, B,
                 rsb, csb, sb, C, rsc, sc) -> None:
    """Emit a call of the batched entry (`BatchedGemm`): C[i] = A[i] @ B[i] for i < count,
    the operands of batch i sa, sb, sc elements on from A, B, C."""
    args = [ctx, count, M, N, K, A, rsa, csa, sa, B, rsb, csb, sb, C, rsc, sc]
    b.call(_library_fn(mc, dt_name, "batch", BatchedGemm.FIELDS)
           or BatchedGemm(gemm(mc, dt_name)).entry(), args)


def _library_fn(mc, dt_name: str, part: str, args: list, ret=VOID) -> ir.Function | None:
    """The precompiled library's function (backend.kernel_library) where mc's code may call
    it (`mc.library`: code compiled in this process), else None: the module's own gemm."""
    if not mc.library:
        return None
    from pts.backend import kernel_library
    mc.library_used = True
    return mc.external(kernel_library.symbol(dt_name, part), ir.FunctionType(ret, args))
