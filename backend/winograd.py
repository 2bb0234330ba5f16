"""Winograd's minimal filtering F(4x4, 3x3) for `np.conv2d_wide`'s 3x3 convolutions of many
images (Lavin and Gray, "Fast Algorithms for Convolutional Neural Networks", 2015): 36
multiplications for each 4x4 tile of outputs of a channel pair where the definition makes
144, so a quarter of the products of backend/conv.py's im2col path.

    Y = A^T [ (G g G^T) * (B^T d B) ] A        d: a 6x6 input tile, g: a 3x3 filter

per tile and channel pair, summed over the input channels.  The sum over channels of the
elementwise products is, for each of the 36 points xi, one matrix product:

    M_xi (tiles, C_out) = V_xi (tiles, C) @ U_xi (C, C_out)

U = G g G^T for every filter, once a call (`weights`, before the images go over the pool);
V = B^T d B for every tile (`input_tile`), M by backend/gemm.py's serial gemm, Y from M
(`output_row`) with the bias added (and the ReLU of conv.py's `relu`).  Channels are the
vector lanes of both transforms: a task copies its image channels-last into a padded buffer
(`channels_last`, by register transposes), and the tiles of an image go in chunks of whole
tile rows whose V and M stay in the core's L2 (`TILE_BYTES`).  A NaN or an infinity would
spread over its whole tile through the transforms: an image holding one takes conv.py's
direct way instead (and every image, where a weight is not finite).

The output transform goes a row of tiles at a time: its vectors are staged, then each
channel's output rows under the tiles (one contiguous run in NCHW) are stored a vector of
positions at a time, vw staged vectors transposed in registers, nontemporal where the runs
are whole 64-byte lines.  Storing each tile's 4 x 4 corner by pieces of 4 elements, with
the lines read before they were written, was a quarter of the convolution's time.

MyConv at batch 128 on one thread (AVX-512): its 32 -> 64 channel convolution 43.9 -> 14.1 ms,
16 -> 32 channels 12.5 -> 5.1 ms (the output rows stored whole: 17.6 -> 14.1 and 6.2 -> 5.1);
the gemm is about two thirds of it.

Rounding: the transforms' coefficients (1/4, 1/6, 1/24, 4, 8...) make float32 results
differ from the direct sums by ~1e-5 of the output's scale (measured on unit-normal data
with 8-32 channels: max error 3.4e-6 of the largest output), against ~1e-6 for the direct
product -- the trade of every Winograd convolution (cuDNN's, oneDNN's).  Every image is
computed the same way whichever thread or chunk takes it: results do not depend on the
number of threads.  `usable` says which problems take this path (backend/conv.py's entry).
"""
from __future__ import annotations

from fractions import Fraction

from llvmlite import ir

from pts.backend import gemm
from pts.backend.gemm import ALIGN, c64, ceil_div, for_range, imax, imin, round_up, transpose
from pts.backend.llvm_types import I1T, I64T, PTR, alloca, load_fields, splat, store_fields
from pts.backend.tensor_copies import store_nontemporal

F = Fraction
# F(4x4, 3x3) at the points 0, 1, -1, 2, -2 and infinity
BT = [[4, 0, -5, 0, 1, 0],
      [0, -4, -4, 1, 1, 0],
      [0, 4, -4, -1, 1, 0],
      [0, -2, -1, 2, 1, 0],
      [0, 2, -1, -2, 1, 0],
      [0, 4, 0, -5, 0, 1]]
G = [[F(1, 4), 0, 0],
     [F(-1, 6), F(-1, 6), F(-1, 6)],
     [F(-1, 6), F(1, 6), F(-1, 6)],
     [F(1, 24), F(1, 12), F(1, 6)],
     [F(1, 24), F(-1, 12), F(1, 6)],
     [0, 0, 1]]
AT = [[1, 1, 1, 1, 1, 0],
      [0, 1, -1, 2, -2, 0],
      [0, 1, 1, 4, 4, 0],
      [0, 1, -1, 8, -8, 1]]
OUT, ALPHA = 4, 6            # output tile side, input tile side
POINTS = ALPHA * ALPHA
# a chunk of tiles (whole rows of them): its V and M (36 rows of C and C_out lanes a tile)
# within this many bytes, where a row of tiles is not more
TILE_BYTES = 704 << 10
# the smallest problems that take this path (smaller: the transforms cost what they save)
MIN_CHANNELS = 8
MIN_SIDE = 4


def combine(b: ir.IRBuilder, coeffs: list, vals: list, fmuladd, splat):
    """sum(c * v for c, v in zip(coeffs, vals)) without the zero terms; +-1 as adds (and
    the others as fmuladd calls, or a multiply and an add without one)."""
    acc = None
    for c, v in zip(coeffs, vals):
        if c == 0:
            continue
        if acc is None:
            acc = v if c == 1 else b.fmul(splat(c), v)
        elif c == 1:
            acc = b.fadd(acc, v)
        elif c == -1:
            acc = b.fsub(acc, v)
        elif fmuladd is None:
            acc = b.fadd(acc, b.fmul(splat(c), v))
        else:
            acc = b.call(fmuladd, [splat(c), v, acc])
    return acc


def apply2(b, mat: list, tile: list, fmuladd, splat) -> list:
    """mat @ tile @ mat^T of a square tile (a list of rows of values)."""
    cols = [[combine(b, row, [r[j] for r in tile], fmuladd, splat) for j in range(len(tile[0]))]
            for row in mat]
    return [[combine(b, row, r, fmuladd, splat) for row in mat] for r in cols]


class Winograd:
    """The F(4x4, 3x3) path of one dtype's convolution (`conv`, a backend/conv.Conv)."""

    def __init__(self, conv):
        self.cv, self.mc, self.g = conv, conv.mc, conv.g
        self.T, self.size, self.V = conv.T, conv.size, conv.g.V
        self.vw = conv.g.p.vw
        self.env_t = ir.LiteralStructType(list(conv.env_t.elements) + [PTR])

    def splat_fn(self, T):
        def splat(c):
            return ir.Constant(T, float(c)) if T is self.T else \
                ir.Constant(T, [ir.Constant(self.T, float(c))] * self.vw)
        return splat

    @staticmethod
    def usable(b, c, c_out, kh, kw, oh, ow):
        """Does a problem (of many images) take this path?  (Never a thread-count question:
        the same problem gives the same bits on any number of threads.)"""
        ok = b.and_(b.icmp_signed("==", kh, c64(3)), b.icmp_signed("==", kw, c64(3)))
        for v, least in ((c, MIN_CHANNELS), (c_out, MIN_CHANNELS), (oh, MIN_SIDE), (ow, MIN_SIDE)):
            ok = b.and_(ok, b.icmp_signed(">=", v, c64(least)))
        return ok

    # ---------------------------------------------------------------- the call

    def run(self, b, fields: list) -> None:
        """U for the call, then the images over the pool (entry's many-images path); a
        weight that is not finite (it would make NaN of infinities) sends every image the
        direct way (backend/conv.py's task, whose fields are the first ones of ours)."""
        ctx, n, c, c_out = (fields[i] for i in (0, 1, 2, 10))
        u = b.call(self.mc.import_fn(b, ctx, "malloc"),
                   [b.mul(b.mul(c64(POINTS * self.size), c), c_out)])
        finite = b.call(self.weights(), [u] + [fields[i] for i in (2, 10, 13, 14, 15)])
        env = alloca(b, self.env_t)
        store_fields(b, env, self.env_t, fields + [u])
        with b.if_else(finite) as (transformed, direct):
            with transformed:
                self.mc.parallel_for(b, ctx, self.task(), env, n, c64(1))
            with direct:
                self.mc.parallel_for(b, ctx, self.cv.task(), env, n, c64(1))
        b.call(self.mc.import_fn(b, ctx, "free"), [u])

    def weights(self) -> ir.Function:
        """weights(u, c, c_out, wm, rsw, csw): U[xi][ci][co] = (G g G^T)[xi] for the filter g
        of (co, ci), wm[co, ci*9 + i*3 + j] = g[i][j]; returns whether every g was finite."""
        T = self.T

        def build(f):
            u, c, c_out, wm, rsw, csw = f.args
            b = ir.IRBuilder(f.append_basic_block("entry"))
            splat = self.splat_fn(T)
            zero = ir.Constant(T, 0.0)
            acc = alloca(b, T)
            b.store(zero, acc)

            def channel(ci):
                def filt(co):
                    row = self.cv.at(b, wm, b.mul(co, rsw))
                    g = [[b.load(self.cv.at(b, row, b.mul(b.add(b.mul(ci, c64(9)), c64(3 * i + j)), csw)),
                                 typ=T) for j in range(3)] for i in range(3)]
                    total = b.load(acc, typ=T)
                    for e in (e for r in g for e in r):
                        total = b.fadd(total, b.fmul(e, zero))
                    b.store(total, acc)
                    ug = apply2(b, G, g, None, splat)
                    for xi in range(POINTS):
                        at = b.add(b.mul(b.add(b.mul(c64(xi), c), ci), c_out), co)
                        b.store(ug[xi // ALPHA][xi % ALPHA], self.cv.at(b, u, at))
                for_range(b, c64(0), c_out, 1, filt, "wo")
            for_range(b, c64(0), c, 1, channel, "wc")
            b.ret(b.fcmp_ordered("==", b.load(acc, typ=T), zero))
        return self.cv.fn("wino.weights", [PTR, I64T, I64T, PTR, I64T, I64T], build, ret=I1T)

    def task(self) -> ir.Function:
        def build(f):
            env, begin, end = f.args
            b = ir.IRBuilder(f.append_basic_block("entry"))
            fields = load_fields(b, env, self.env_t)
            self.images(b, env, fields[:-1], fields[-1], begin, end)
            b.ret_void()
        return self.cv.fn("wino.task", [PTR, I64T, I64T], build)

    # ---------------------------------------------------------------- a task's images

    def images(self, b, env, f: list, u, begin, end) -> None:
        (ctx, n, c, h, w, x, sxn, sxc, sxh, sxw, c_out, kh, kw, wm, rsw, csw, bias, sb, pad,
         oh, ow, out, relu) = f
        vw, size = self.vw, self.size
        th, tw = ceil_div(b, oh, OUT), ceil_div(b, ow, OUT)
        tiles = b.mul(th, tw)
        hp, wp = b.add(b.mul(th, c64(OUT)), c64(2)), b.add(b.mul(tw, c64(OUT)), c64(2))
        cp, cop = round_up(b, c, vw), round_up(b, c_out, vw)
        # a chunk: rb whole rows of tiles, tb = rb * tw tiles, their V and M within
        # TILE_BYTES (one row at least), the image's rows in chunks of balanced sizes
        per_row = b.mul(b.mul(b.add(cp, cop), c64(POINTS * size)), tw)
        most = imax(b, c64(1), b.sdiv(c64(TILE_BYTES), per_row))
        rb = ceil_div(b, th, ceil_div(b, th, most))           # the chunks' rows balanced
        tb = b.mul(rb, tw)
        per = ALIGN // size

        def up(v):
            return round_up(b, v, per)
        o_v = up(b.mul(b.mul(hp, wp), cp))
        o_m = b.add(o_v, up(b.mul(b.mul(c64(POINTS), tb), cp)))
        o_b = b.add(o_m, up(b.mul(b.mul(c64(POINTS), tb), cop)))
        # output_row's stage (a row of tiles, one block of channels) and position table
        # (i64 entries, round_up(OUT * ow, vw) of them)
        o_s = b.add(o_b, up(cop))
        o_t = b.add(o_s, up(b.mul(tw, c64(OUT * OUT * vw))))
        o_g = b.add(o_t, up(b.mul(round_up(b, b.mul(c64(OUT), ow), vw), c64(8 // size))))
        nbytes = b.add(b.add(b.mul(o_g, c64(size)), self.g.worksize(b, tb, c_out, c)), c64(ALIGN))
        raw, base = self.cv.workspace(b, ctx, nbytes)
        xp, vbuf, mbuf, bvec, stage, table, work = (
            self.cv.at(b, base, o) for o in (c64(0), o_v, o_m, o_b, o_s, o_t, o_g))
        self.table(b, table, ow)
        # the padded image's borders and padding channels (zero once: V's rows are written
        # whole before the gemm reads them), the bias (zeros past c_out: the last block's
        # spare lanes)
        self.cv.zero(b, xp, o_v)
        self.cv.zero(b, bvec, cop)
        self.cv.copy_bias(b, bias, sb, c_out, bvec)
        row_v, row_m = b.mul(tb, cp), b.mul(tb, cop)      # elements between two points' rows
        L = b.mul(oh, ow)

        def image(q):
            xq = self.cv.at(b, x, b.mul(q, sxn))
            finite = b.call(self.channels_last(), [xp, wp, cp, pad, xq, sxc, sxh, sxw, c, h, w])
            outq = self.cv.at(b, out, b.mul(q, b.mul(c_out, L)))

            def chunk(r0):
                nt = b.mul(imin(b, rb, b.sub(th, r0)), tw)
                t0 = b.mul(r0, tw)

                def tile_in(t):
                    ty, tx = b.sdiv(b.add(t0, t), tw), b.srem(b.add(t0, t), tw)
                    src = self.cv.at(b, xp, b.mul(b.add(b.mul(b.mul(ty, c64(OUT)), wp),
                                                        b.mul(tx, c64(OUT))), cp))
                    b.call(self.input_tile(), [src, b.mul(wp, cp), cp,
                                               self.cv.at(b, vbuf, b.mul(t, cp)), row_v, cp])
                for_range(b, c64(0), nt, 1, tile_in, "ti")

                def point(xi):
                    gemm.call(self.mc, b, ctx, self.cv.dt, nt, c_out, c,
                              self.cv.at(b, vbuf, b.mul(xi, row_v)), cp, c64(1),
                              self.cv.at(b, u, b.mul(b.mul(xi, c), c_out)), c_out, c64(1),
                              self.cv.at(b, mbuf, b.mul(xi, row_m)), cop, work=work)
                for_range(b, c64(0), c64(POINTS), 1, point, "xi")

                def row_out(r):
                    y0 = b.mul(b.add(r0, r), c64(OUT))
                    b.call(self.output_row(), [
                        self.cv.at(b, mbuf, b.mul(b.mul(r, tw), cop)), row_m, cop, tw, bvec,
                        self.cv.at(b, outq, b.mul(y0, ow)), L, ow,
                        imin(b, c64(OUT), b.sub(oh, y0)), c_out, relu, stage, table])
                for_range(b, c64(0), b.sdiv(nt, tw), 1, row_out, "ro")
            with b.if_else(finite) as (transformed, direct):
                with transformed:
                    for_range(b, c64(0), th, rb, chunk, "tc")
                with direct:                    # (conv.py's task: its fields lead ours)
                    b.call(self.cv.task(), [env, q, b.add(q, c64(1))])
        for_range(b, begin, end, 1, image, "wimg")
        # nontemporal stores (output_row's) are weakly ordered: fenced before the pool, or
        # the caller, reads what the task wrote
        b.fence("seq_cst")
        b.call(self.mc.import_fn(b, ctx, "free"), [raw])

    def channels_last(self) -> ir.Function:
        """channels_last(xp, wp, cp, pad, x, sxc, sxh, sxw, c, h, w): xp[(y+pad)*wp + x+pad]
        [ci] = x[ci, y, x] (the interior of the padded channels-last image).  Rows of unit
        stride at least vw long go vw channels by vw columns: vw loads, a transpose in
        registers, vw stores (the last block of a row overlaps the one before); the other
        channels and strides element by element.  Returns whether every element was finite
        (the sum of the elements times 0 is 0): a NaN or an infinity would spread over its
        whole tile through the transforms, where the definition's sums keep it to the
        outputs whose windows hold it, so such an image goes the direct way."""
        vw, T, V = self.vw, self.T, self.V

        def build(f):
            xp, wp, cp, pad, x, sxc, sxh, sxw, c, h, w = f.args
            b = ir.IRBuilder(f.append_basic_block("entry"))
            fma = self.g.fmuladd()
            zero_v, zero = ir.Constant(V, None), ir.Constant(T, 0.0)
            acc_v, acc = alloca(b, V), alloca(b, T)
            b.store(zero_v, acc_v)
            b.store(zero, acc)
            fast = b.and_(b.icmp_signed("==", sxw, c64(1)),
                          b.and_(b.icmp_signed(">=", w, c64(vw)), b.icmp_signed(">=", c, c64(vw))))
            blocked = b.select(fast, b.mul(b.sdiv(c, c64(vw)), c64(vw)), c64(0))

            def dst_of(y, e):
                return self.cv.at(b, xp, b.mul(b.add(b.add(b.mul(b.add(y, pad), wp), pad), e), cp))

            def block(c0):
                def row(y):
                    src = self.cv.at(b, x, b.add(b.mul(c0, sxc), b.mul(y, sxh)))

                    def columns(k):
                        x0 = imin(b, b.mul(k, c64(vw)), b.sub(w, c64(vw)))
                        vecs = [self.vload(b, self.cv.at(b, src, b.add(b.mul(c64(i), sxc), x0)))
                                for i in range(vw)]
                        a = b.load(acc_v, typ=V)
                        for v in vecs:
                            a = b.call(fma, [v, zero_v, a])
                        b.store(a, acc_v)
                        for e, v in enumerate(transpose(b, vecs)):
                            self.vstore(b, v, self.cv.at(b, dst_of(y, b.add(x0, c64(e))), c0))
                    for_range(b, c64(0), ceil_div(b, w, vw), 1, columns, "cx")
                for_range(b, c64(0), h, 1, row, "cy")
            for_range(b, c64(0), blocked, vw, block, "cb")

            def channel(ci):
                def row(y):
                    src = self.cv.at(b, x, b.add(b.mul(ci, sxc), b.mul(y, sxh)))

                    def element(e):
                        v = b.load(self.cv.at(b, src, b.mul(e, sxw)), typ=T)
                        b.store(b.fadd(b.load(acc, typ=T), b.fmul(v, zero)), acc)
                        b.store(v, self.cv.at(b, dst_of(y, e), ci))
                    for_range(b, c64(0), w, 1, element, "ex")
                for_range(b, c64(0), h, 1, row, "ey")
            for_range(b, blocked, c, 1, channel, "ec")
            b.ret(self.all_zero(b, b.load(acc_v, typ=V), b.load(acc, typ=T)))
        return self.cv.fn("wino.channels_last", [PTR] + [I64T] * 3 + [PTR] + [I64T] * 6, build,
                          ret=I1T)

    def all_zero(self, b, vec, scalar):
        """Are the lanes of vec and scalar all zeros (none NaN)?"""
        total = scalar
        for k in range(self.vw):
            total = b.fadd(total, b.extract_element(vec, ir.Constant(ir.IntType(32), k)))
        return b.fcmp_ordered("==", total, ir.Constant(self.T, 0.0))

    def vload(self, b, p):
        ld = b.load(p, typ=self.V)
        ld.align = self.size
        return ld

    def vstore(self, b, v, p):
        st = b.store(v, p)
        st.align = self.size

    def input_tile(self) -> ir.Function:
        """input_tile(src, ld_row, ld_col, v, ld_point, cp): for each block of vw channels,
        V[xi] = (B^T d B)[xi] of the 6x6 tile d at src (rows ld_row apart, columns ld_col),
        V[xi] at v + xi * ld_point."""
        def build(f):
            src, ldr, ldc, v, ldp, cp = f.args
            b = ir.IRBuilder(f.append_basic_block("entry"))
            fma, splat = self.g.fmuladd(), self.splat_fn(self.V)

            def block(c0):
                d = [[self.vload(b, self.cv.at(b, src, b.add(b.add(b.mul(c64(i), ldr),
                                                                   b.mul(c64(j), ldc)), c0)))
                      for j in range(ALPHA)] for i in range(ALPHA)]
                vt = apply2(b, BT, d, fma, splat)
                for xi in range(POINTS):
                    self.vstore(b, vt[xi // ALPHA][xi % ALPHA],
                                self.cv.at(b, v, b.add(b.mul(c64(xi), ldp), c0)))
            for_range(b, c64(0), cp, self.vw, block, "ib")
            b.ret_void()
        return self.cv.fn("wino.input_tile", [PTR, I64T, I64T, PTR, I64T, I64T], build)

    def output_row(self) -> ir.Function:
        """output_row(m, ld_point, ld_tile, tiles, bias, dst, ld_ch, ow, rows, c_out, relu,
        stage, table): a row of tiles, block of vw output channels by block.  Each tile's
        Y = A^T M A + bias (M[xi] at m + tile * ld_tile + xi * ld_point), then max(Y, 0)
        where `relu` (NaN kept, as the gemm's epilogue), goes to `stage` (vector (i, j) of
        tile t at (16 t + 4 i + j) vw); then the block's channels' `rows` output rows, which
        are one run of rows * ow elements at dst + co * ld_ch, are stored vw elements at a
        time: the vw staged vectors of those positions (`table`: the stage offset of
        position p = i * ow + x) transposed, one store per channel, masked on the run's
        last partial vector.  Where the runs are 64-byte aligned (NCHW outputs of a width
        that makes them so, as MyConv's 28), the whole vectors are nontemporal stores:
        they fill whole lines, which are not read first."""
        V, vw, size = self.V, self.vw, self.size
        i32 = ir.IntType(32)

        def build(f):
            m, ldp, ldt, tiles, bias, dst, ldc, ow, rows, c_out, relu, stage, table = f.args
            b = ir.IRBuilder(f.append_basic_block("entry"))
            fma, const = self.g.fmuladd(), self.splat_fn(V)
            npos = b.mul(rows, ow)
            # (a vector a line, as the host's AVX-512: the runs whole lines where dst and
            # the channels' stride are; the portable images' vectors are not)
            nontemporal = None
            if size * vw == ALIGN:
                nontemporal = b.and_(
                    b.icmp_signed("==", b.urem(b.ptrtoint(dst, I64T), c64(ALIGN)), c64(0)),
                    b.icmp_signed("==", b.urem(b.mul(ldc, c64(size)), c64(ALIGN)), c64(0)))
            lane_ids = ir.Constant(ir.VectorType(i32, vw), list(range(vw)))
            align = ir.Constant(i32, size)

            def block(c0):
                bv = self.vload(b, self.cv.at(b, bias, c0))
                lanes = imin(b, c64(vw), b.sub(c_out, c0))

                def tile(t):
                    mt = self.cv.at(b, m, b.add(b.mul(t, ldt), c0))
                    mt = [[self.vload(b, self.cv.at(b, mt, b.mul(c64(i * ALPHA + j), ldp)))
                           for j in range(ALPHA)] for i in range(ALPHA)]
                    y = [self.g.epilogue(b, e, bv, relu) for r in apply2(b, AT, mt, fma, const)
                         for e in r]
                    at = self.cv.at(b, stage, b.mul(t, c64(OUT * OUT * vw)))
                    for k, e in enumerate(y):
                        self.vstore(b, e, self.cv.at(b, at, c64(k * vw)))
                for_range(b, c64(0), tiles, 1, tile, "ot")
                whole_block = b.icmp_signed("==", lanes, c64(vw))

                def run(p0):
                    offs = [b.load(b.gep(table, [b.add(p0, c64(q))], source_etype=I64T), typ=I64T)
                            for q in range(vw)]
                    chans = transpose(b, [self.vload(b, self.cv.at(b, stage, o)) for o in offs])
                    dsts = [self.cv.at(b, dst, b.add(b.mul(b.add(c0, c64(k)), ldc), p0))
                            for k in range(vw)]
                    whole = b.and_(whole_block, b.icmp_signed("<=", b.add(p0, c64(vw)), npos))
                    def stores(store):
                        for v, d in zip(chans, dsts):
                            store(v, d)
                    with b.if_else(whole) as (fast, edge):
                        with fast:
                            if nontemporal is None:
                                stores(lambda v, d: self.vstore(b, v, d))
                            else:
                                with b.if_else(nontemporal) as (nt, plain):
                                    with nt:
                                        stores(lambda v, d: store_nontemporal(self.mc, b, v, d))
                                    with plain:
                                        stores(lambda v, d: self.vstore(b, v, d))
                        with edge:
                            left = b.trunc(b.sub(npos, p0), i32)
                            mask = b.icmp_signed("<", lane_ids, splat(b, left, lane_ids.type))
                            for k, (v, d) in enumerate(zip(chans, dsts)):
                                with b.if_then(b.icmp_signed(">", lanes, c64(k))):
                                    b.call(self.g.masked("store"), [v, d, align, mask])
                for_range(b, c64(0), npos, vw, run, "op")
            for_range(b, c64(0), c_out, vw, block, "ob")
            b.ret_void()
        return self.cv.fn("wino.output_row", [PTR, I64T, I64T, I64T, PTR, PTR, I64T, I64T, I64T,
                                              I64T, I1T, PTR, PTR], build)

    def table(self, b, table, ow) -> None:
        """table[p] = the stage offset (`output_row`) of output position p = i * ow + x of a
        row of tiles, for p < OUT * ow, then 0 up to a whole vector of positions."""
        vw = self.vw
        n = b.mul(c64(OUT), ow)

        def entry(p):
            i, x = b.sdiv(p, ow), b.srem(p, ow)
            at = b.add(b.add(b.mul(b.sdiv(x, c64(OUT)), c64(OUT * OUT)), b.mul(i, c64(OUT))),
                       b.srem(x, c64(OUT)))
            at = b.select(b.icmp_signed("<", p, n), b.mul(at, c64(vw)), c64(0))
            b.store(at, b.gep(table, [p], source_etype=I64T))
        for_range(b, c64(0), round_up(b, n, vw), 1, entry, "tp")
