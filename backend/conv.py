"""Native code of `np.conv2d_wide` (stdlib/nn.py's conv2d with stride 1 and dilation 1):
images over the thread pool, each one's convolution computed in buffers that stay in L2.

    out[q] (C_out, OH * OW) = W (C_out, K) @ cols_q (K, OH * OW) + bias,   K = C * KH * KW

per image q.  A task of the pool takes a range of images and one workspace: the padded
image (its padding zeroed once: only the interior is written per image), cols, and the
gemm's packing buffers (backend/gemm.py's serial entry, the bias in its epilogue, writing
out[q] in place).  Row t = (ci, i, j) of cols is kernel tap (i, j)'s window of channel ci:
OH rows of OW elements of the padded image, copied by a vectorized row loop (`rows`).
Everything an image touches but its output stays in the core's L2 between the copies
that write it and the product that reads it; the batch is read once and the output
written once (the language's version padded the whole batch into one more array, and
split each image's product over the pool: MyConv's convolutions did not get faster on a
second thread).  (Rows as wide as the padded input's, eager `_conv2d_wide`'s trick that
makes each tap one long copy, ran no faster here: 7% more columns in the product, and a
crop copy after it.)

3x3 convolutions of many images with at least 8 channels in and out take Winograd's
F(4x4, 3x3) instead (backend/winograd.py, `Winograd.usable`): a quarter of the products.
`relu`: the output through a ReLU (the gemm's epilogue, or the Winograd output transform's),
for a Sequential's Conv2d, [BatchNorm2d,] ReLU in eval mode (stdlib/nn.py conv2d_relu).

One image (or little work in all) is one serial pass whose product is split over the pool
instead (`gemm.call` without a workspace).  Every image's sums are the serial gemm's in
its K blocks, whichever path and thread count computes it: results do not depend on the
number of threads (ParallelGemm keeps the whole problem's K blocks).

The function: `pts.conv.T(ctx, n, c, h, w, x, sxn, sxc, sxh, sxw, c_out, kh, kw, wm, rsw,
csw, bias, sb, pad, oh, ow, out, relu)`, strides in elements (x and the weight matrix any
strides, bias any stride: it is copied into the workspace, as the gemm's epilogue wants
it contiguous), out C-contiguous (n, c_out, oh, ow).
"""
from __future__ import annotations

from llvmlite import ir

from pts.backend import gemm
from pts.backend.gemm import ALIGN, PARALLEL_MIN, c64, for_range, round_up
from pts.backend.llvm_types import I1T, I8T, I64T, PTR, VOID, alloca, load_fields, store_fields
from pts.backend.winograd import Winograd
from pts.ir.types import F32, F64

FIELDS = [PTR] + [I64T] * 4 + [PTR] + [I64T] * 4 + [I64T] * 3 + [PTR, I64T, I64T] + \
    [PTR, I64T] + [I64T] * 3 + [PTR, I1T]


class Conv:
    """The convolution of one dtype ('f32' / 'f64') in module codegen `mc`."""

    def __init__(self, mc, dt_name: str):
        self.mc, self.dt = mc, dt_name
        self.g = gemm.gemm(mc, dt_name)
        self.T, self.size = self.g.T, self.g.size
        self.env_t = ir.LiteralStructType(FIELDS)

    def fn(self, part: str, args: list, build, ret=VOID) -> ir.Function:
        name = f"conv.{self.dt}" + (f".{part}" if part else "")

        def make():
            f = ir.Function(self.mc.m, ir.FunctionType(ret, args), name="pts." + name)
            f.attributes.add("noinline")
            build(f)
            return f
        return self.mc.helper(name, make)

    def at(self, b, p, off):
        return b.gep(p, [off], source_etype=self.T)

    def layout(self, b, f: list):
        """(hp, wp, L, P, K, the workspace's parts' element offsets, its bytes) of a problem."""
        (ctx, n, c, h, w, x, sxn, sxc, sxh, sxw, c_out, kh, kw, wm, rsw, csw, bias, sb, pad,
         oh, ow, out, _relu) = f
        hp = b.add(h, b.mul(pad, c64(2)))
        wp = b.add(w, b.mul(pad, c64(2)))
        L = b.mul(oh, ow)
        P = b.mul(hp, wp)
        K = b.mul(b.mul(c, kh), kw)
        per = ALIGN // self.size

        def up(v):              # elements, rounded up to whole 64-byte lines
            return round_up(b, v, per)
        o_cols = up(b.mul(c, P))
        o_bias = b.add(o_cols, up(b.mul(K, L)))
        o_gemm = b.add(o_bias, up(c_out))
        nbytes = b.add(b.mul(o_gemm, c64(self.size)), self.g.worksize(b, c_out, L, K))
        return hp, wp, L, P, K, (o_cols, o_bias, o_gemm), b.add(nbytes, c64(ALIGN))

    def images(self, b, f: list, begin, end, split: bool) -> None:
        """Images [begin, end) with a workspace of their own; `split`: each image's product
        over the pool (gemm.call without a workspace), else the serial gemm."""
        (ctx, n, c, h, w, x, sxn, sxc, sxh, sxw, c_out, kh, kw, wm, rsw, csw, bias, sb, pad,
         oh, ow, out, relu) = f
        T = self.T
        hp, wp, L, P, K, (o_cols, o_bias, o_gemm), nbytes = self.layout(b, f)
        raw, base = self.workspace(b, ctx, nbytes)
        xp, cols, bvec = (self.at(b, base, o) for o in (c64(0), o_cols, o_bias))
        work = self.at(b, base, o_gemm)
        self.zero(b, xp, b.mul(c, P))
        self.copy_bias(b, bias, sb, c_out, bvec)

        def image(q):
            xq = self.at(b, x, b.mul(q, sxn))
            unit = b.icmp_signed("==", sxw, c64(1))

            # the image into the padded one's interior: rows of w elements, wp apart
            def channel(ci):
                src = self.at(b, xq, b.mul(ci, sxc))
                dst = self.at(b, xp, b.add(b.add(b.mul(ci, P), b.mul(pad, wp)), pad))
                with b.if_else(unit) as (contiguous, strided):
                    with contiguous:
                        b.call(self.rows(), [dst, wp, src, sxh, h, w])
                    with strided:
                        def row(r):
                            s_row = self.at(b, src, b.mul(r, sxh))
                            d_row = self.at(b, dst, b.mul(r, wp))
                            for_range(b, c64(0), w, 1, lambda s: b.store(
                                b.load(self.at(b, s_row, b.mul(s, sxw)), typ=T),
                                self.at(b, d_row, s)), "px")
                        for_range(b, c64(0), h, 1, row, "pr")
            for_range(b, c64(0), c, 1, channel, "pc")

            # im2col: row t = (ci, i, j) of cols is tap (i, j)'s window of channel ci, oh
            # rows of ow elements from xp[ci, i:, j:]
            def tap_channel(ci):
                def tap_row(i):
                    def tap(j):
                        t = b.add(b.mul(b.add(b.mul(ci, kh), i), kw), j)
                        src = self.at(b, xp, b.add(b.mul(ci, P), b.add(b.mul(i, wp), j)))
                        b.call(self.rows(), [self.at(b, cols, b.mul(t, L)), ow, src, wp, oh, ow])
                    for_range(b, c64(0), kw, 1, tap, "tj")
                for_range(b, c64(0), kh, 1, tap_row, "ti")
            for_range(b, c64(0), c, 1, tap_channel, "tc")
            # out[q] (c_out, oh * ow) = wm @ cols + bias, written in place
            gemm.call(self.mc, b, ctx, self.dt, c_out, L, K, wm, rsw, csw, cols, L, c64(1),
                      self.at(b, out, b.mul(q, b.mul(c_out, L))), L, bias=bvec, rowb=True,
                      relu=relu, work=None if split else work)
        for_range(b, begin, end, 1, image, "img")
        b.call(self.mc.import_fn(b, ctx, "free"), [raw])

    def workspace(self, b, ctx, nbytes):
        """(raw, base): malloc(nbytes), and its first 64-byte aligned address (nbytes has
        ALIGN bytes to spare); the task frees raw."""
        raw = b.call(self.mc.import_fn(b, ctx, "malloc"), [nbytes])
        mis = b.and_(b.ptrtoint(raw, I64T), c64(ALIGN - 1))
        return raw, b.gep(raw, [b.and_(b.sub(c64(ALIGN), mis), c64(ALIGN - 1))], source_etype=I8T)

    def zero(self, b, p, count) -> None:
        """count elements from p set to zero."""
        b.call(self.mc.intrinsic("llvm.memset", [PTR, I64T]),
               [p, ir.Constant(I8T, 0), b.mul(count, c64(self.size)), ir.Constant(I1T, 0)])

    def copy_bias(self, b, bias, sb, c_out, dst) -> None:
        """dst[:c_out] = bias[::sb] (the gemm's epilogue and the Winograd output transform
        read it contiguous)."""
        for_range(b, c64(0), c_out, 1, lambda co: b.store(
            b.load(self.at(b, bias, b.mul(co, sb)), typ=self.T), self.at(b, dst, co)), "cb")

    def rows(self) -> ir.Function:
        """rows(dst, dst_stride, src, src_stride, count, length): count rows of `length`
        contiguous elements: a loop LLVM vectorizes (rows of a few dozen elements: a libc
        memcpy per row cost more than the copy)."""
        T = self.T

        def build(f):
            dst, ds, src, ss, count, length = f.args
            b = ir.IRBuilder(f.append_basic_block("entry"))

            def row(r):
                s_row = self.at(b, src, b.mul(r, ss))
                d_row = self.at(b, dst, b.mul(r, ds))
                for_range(b, c64(0), length, 1, lambda e: b.store(
                    b.load(self.at(b, s_row, e), typ=T), self.at(b, d_row, e)), "re")
            for_range(b, c64(0), count, 1, row, "rr")
            b.ret_void()
        return self.fn("rows", [PTR, I64T, PTR, I64T, I64T, I64T], build)

    def task(self) -> ir.Function:
        def build(f):
            env, begin, end = f.args
            b = ir.IRBuilder(f.append_basic_block("entry"))
            self.images(b, load_fields(b, env, self.env_t), begin, end, split=False)
            b.ret_void()
        return self.fn("task", [PTR, I64T, I64T], build)

    def entry(self) -> ir.Function:
        def build(f):
            fields = list(f.args)
            ctx, n, c, c_out, kh, kw, oh, ow = (fields[i] for i in (0, 1, 2, 10, 11, 12, 19, 20))
            b = ir.IRBuilder(f.append_basic_block("entry"))
            empty = b.or_(b.icmp_signed("<=", n, c64(0)),
                          b.or_(b.icmp_signed("<=", c_out, c64(0)),
                                b.icmp_signed("<=", b.mul(oh, ow), c64(0))))
            with b.if_then(empty, likely=False):
                b.ret_void()
            # multiply-adds per image, on the wide rows
            each = b.mul(b.mul(c_out, b.mul(b.mul(c, kh), kw)), b.mul(oh, b.add(ow, b.sub(kw, c64(1)))))
            alone = b.or_(b.icmp_signed("<", n, c64(2)),
                          b.icmp_signed("<", b.mul(each, n), c64(PARALLEL_MIN)))
            with b.if_else(alone) as (one, many):
                with one:
                    self.images(b, fields, c64(0), n, split=True)
                with many:
                    fast = Winograd.usable(b, c, c_out, kh, kw, oh, ow)
                    with b.if_else(fast) as (winograd, direct):
                        with winograd:
                            Winograd(self).run(b, fields)
                        with direct:
                            env = alloca(b, self.env_t)
                            store_fields(b, env, self.env_t, fields)
                            self.mc.parallel_for(b, ctx, self.task(), env, n, c64(1))
            b.ret_void()
        return self.fn("", FIELDS, build)


def conv(mc, dt_name: str) -> Conv:
    cache = mc.__dict__.setdefault("_conv", {})
    if dt_name not in cache:
        cache[dt_name] = Conv(mc, dt_name)
    return cache[dt_name]


class Convolution:
    """`np.conv2d_wide` (a mixin of tensor_codegen.Kernels)."""

    def op_conv2d_wide(self, ops, types):
        x, wm, bias, kh, kw, pad, relu = ops
        b = self.b
        kh, kw, pad, relu = kh.value, kw.value, pad.value, relu.value
        n, c, h, w = x.shape
        c_out, k = wm.shape
        self.fail_if(b.or_(b.or_(b.icmp_signed("<", kh, c64(1)), b.icmp_signed("<", kw, c64(1))),
                           b.icmp_signed("<", pad, c64(0))),
                     "ValueError", ["conv2d: kernel sizes must be positive and padding >= 0"])
        self.fail_if(b.icmp_signed("!=", k, b.mul(b.mul(c, kh), kw)), "ValueError",
                     ["conv2d: input channels do not match the weight"])
        self.fail_if(b.icmp_signed("!=", bias.shape[0], c_out), "ValueError",
                     ["conv2d: the bias does not have one element per output channel"])
        oh = b.add(b.sub(b.add(h, b.mul(pad, c64(2))), kh), c64(1))
        ow = b.add(b.sub(b.add(w, b.mul(pad, c64(2))), kw), c64(1))
        self.fail_if(b.or_(b.icmp_signed("<", oh, c64(0)), b.icmp_signed("<", ow, c64(0))),
                     "ValueError", ["negative dimensions are not allowed"])
        out = self.alloc(x.dtype, [n, c_out, oh, ow], zero=False)
        dt = "f32" if x.dtype == F32 else "f64"
        assert x.dtype in (F32, F64)
        entry = gemm._library_fn(self.mc, dt, "conv", FIELDS) or conv(self.mc, dt).entry()
        b.call(entry,
               [self.fc.ctx, n, c, h, w, x.data] + list(x.strides) +
               [c_out, kh, kw, wm.data, wm.strides[0], wm.strides[1], bias.data, bias.strides[0],
                pad, oh, ow, out.data, relu])
        return self.result_of_scratch(out)
