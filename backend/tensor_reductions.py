"""Reductions in tensor code: sum, mean, max, min, prod, argmax, argmin, any, all, std and
var, over all axes or some (keepdims), with numpy's results: float sums are pairwise as
numpy's, so they round as numpy's do.

Contract: `Reductions.reduce(x)` generates the REDUCTIONS instruction and returns its
value; `op_sum_to` generates np.sum_to (differentiation's sum of an adjoint back to the
shape of the operand an op broadcast).
"""
from __future__ import annotations

from llvmlite import ir

from pts.backend.llvm_types import I64T, I8T, PTR
from pts.backend.tensor_abi import (BITS, FLOATS, MEM, REG, Scalar, Tensor, c64, convert,
                                    dtype_of, from_mem, icmp, round_half, scalar_const)
from pts.backend.tensor_ufuncs import int_range
from pts.ir.types import F16, F32, F64, I1, I64, ScalarType, TensorType

REDUCTIONS = {"sum", "mean", "max", "min", "prod", "argmax", "argmin", "any", "all", "std", "var"}


class Reductions:
    """Reductions (a mixin of tensor_codegen.Kernels)."""

    def reduce(self, x: Tensor):
        """sum mean prod max min any all argmax argmin std var over a static axis (int,
        tuple or None) with keepdims.  The result dtype is numpy's (the instruction's type);
        sums accumulate in that dtype with numpy's pairwise summation when the last axis is
        reduced (else sequentially, as numpy's outer-loop reductions do), so results usually
        match numpy's bit for bit.  A reduction that keeps the last axis accumulates into the
        output in place (reduce_in_place).  Empty max/min/argmax/argmin raise
        numpy's ValueError; empty mean/std/var give nan.  The checks and the allocation are
        emitted here, the loops in a function of their own (`outlined`)."""
        name, b = self.name, self.b
        if isinstance(x, Scalar):
            x = self.scalar_tensor(x)
        rank = x.rank
        axes, keepdims = self.reduced_axes(rank)
        kept = [d for d in range(rank) if d not in axes]
        count = self.size_of([x.shape[d] for d in axes])
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
        if not isinstance(rt, TensorType):
            return self.outlined("reduce", [x], REG[out_dt],
                                 lambda k, ts, _: k.reduce_loops(ts[0], None))
        out = self.alloc(out_dt, out_shape)
        self.outlined("reduce", [x, out], None, lambda k, ts, _: k.reduce_loops(*ts))
        return self.pack(out)

    def reduced_axes(self, rank: int) -> tuple[tuple, bool]:
        """(the reduced axes, sorted and non-negative; keepdims) of this reduction."""
        axis = self.static.get("axis")
        keepdims = bool(self.static.get("keepdims", False))
        if rank == 0:
            return (), keepdims
        if axis is None:
            return tuple(range(rank)), keepdims
        return tuple(sorted(a % rank for a in (axis if isinstance(axis, tuple) else (axis,)))), \
            keepdims

    def reduce_loops(self, x: Tensor, out: Tensor | None):
        """The loops of `reduce`: the values into `out` (allocated), or the value itself
        (out None: a scalar result)."""
        name, b = self.name, self.b
        rank = x.rank
        axes, keepdims = self.reduced_axes(rank)
        kept = [d for d in range(rank) if d not in axes]
        red_shape = [x.shape[d] for d in axes]
        red_strides = [x.strides[d] for d in axes]
        out_dt = dtype_of(self.ins.type)
        acc_dt = {"any": I1, "all": I1, "max": x.dtype, "min": x.dtype, "argmax": x.dtype,
                  "argmin": x.dtype}.get(name, out_dt)
        if name in ("mean", "std", "var") and acc_dt not in FLOATS:
            acc_dt = F64
        if out is not None:
            out_strides_kept = [out.strides[k] for k, d in enumerate(kept)] if not keepdims \
                else [out.strides[d] for d in kept]
        else:
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
            self.reduce_in_place(x, out, axes, keepdims, count)
            return None

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
            return None
        return b.load(result_slot, typ=REG[out_dt])

    def outlined(self, what: str, tensors: list, ret, body, values: tuple = ()):
        """Calls a function of the module that runs body(k, tensors, values) — k this
        instruction's Kernels in that function, `tensors` and `values` (LLVM values) rebuilt
        from its arguments — and returns what it returns (`ret`: its LLVM type, or None).
        One function per module and code: the key is everything the body's code depends on
        (`what`, the op, its static attributes, its result type, the tensors' dtypes, ranks
        and known contiguity, the values' types), its arguments the context, the tensors'
        data, shapes and strides, and the values.  A reduction's loops live there, so that
        the function it is in can stay unoptimized glue (codegen.glue_op: a train step's
        entry with ~50 reductions and sums of adjoints, ~13k LLVM instructions, is not
        optimized as a whole) while the loops get -O3, compiled once however often the
        module reduces the same way.  The body must not raise (its messages would carry the
        first caller's span): checks stay in the caller.  At most one tensor is written, a
        fresh one (the data pointers are noalias)."""
        import hashlib
        mc = self.mc
        ins = self.ins
        sig = "|".join([what, ins.op, repr(sorted(self.static.items())), str(ins.type)] +
                       [f"{t.dtype}.{t.rank}.{int(t.contiguous)}" for t in tensors] +
                       [str(v.type) for v in values])
        name = f"{what}.{self.name}.{hashlib.sha1(sig.encode()).hexdigest()[:12]}"
        params = [PTR]
        for t in tensors:
            params += [PTR] + [I64T] * (2 * t.rank)
        params += [v.type for v in values]

        def build():
            fn = ir.Function(mc.m, ir.FunctionType(ret or ir.VoidType(), params),
                             name=f"pts.{name}")
            fn.linkage = "internal"
            fn.attributes.add("noinline")
            w = mc.worker(fn)
            w.ctx = fn.args[0]
            args, inner = list(fn.args[1:]), []
            for t in tensors:
                data, dims = args[0], args[1:1 + 2 * t.rank]
                # (the one tensor written is fresh: no other pointer reaches its memory)
                data.add_attribute("noalias")
                args = args[1 + 2 * t.rank:]
                inner.append(Tensor(t.dtype, data, None, dims[:t.rank], dims[t.rank:],
                                    contiguous=t.contiguous))
            r = body(type(self)(w, ins), inner, args)
            if ret is None:
                w.b.ret_void()
            else:
                w.b.ret(r)
            w.finish()
            return fn
        fn = mc.helper(name, build)
        args = [self.fc.ctx]
        for t in tensors:
            args += [t.data, *t.shape, *t.strides]
        return self.b.call(fn, args + list(values))

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

    def accumulate(self, x: Tensor, out: Tensor, axes: tuple, keepdims: bool, name: str,
                   center: Tensor | None = None) -> None:
        """out = reduction `name` of x over axes, in place (see reduce_in_place); with
        `center` (out-shaped), of the squared deviations (x - center)**2."""
        b, dt = self.b, out.dtype
        T = REG[dt]
        fl = dt in FLOATS
        if name in ("max", "min"):      # start from the dtype's far end
            lo, hi = ((float("-inf"), float("inf")) if fl else (0, 1) if dt == I1 else
                      int_range(dt))
            init = lo if name == "max" else hi
        else:
            init = {"sum": 0, "prod": 1, "any": 0, "all": 1}[name]
        first = scalar_const(init, dt)
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
        if dt == F16 and name in ("sum", "mean", "prod", "std", "var"):
            # numpy's float16 reductions accumulate in float32 and round the result
            return round_half(b, self.reduce_one(name, x, base, shape, strides, count, F32))
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
                    take = b.not_(icmp(b, dt, op, v, cur))
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
                v = from_mem(b, b.load(p, typ=MEM[src]), src)
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

    def op_sum_to(self, ops, types):
        """np.sum_to(g, like): g itself when it has like's shape (the common case costs a
        comparison of sizes), else a fresh array of like's shape that g's elements are
        added into in one walk of g in C order — g's leading axes, and the axes where like
        has size 1 (decided at run time), get output stride 0.  Outer axes add in order as
        numpy's outer-axis sums do; a summed last axis adds sequentially too (numpy's
        pairwise sum may round differently in the last bits)."""
        g, like = ops
        b = self.b
        lead = g.rank - like.rank
        gs = g.shape[lead:]
        ones = [b.icmp_signed("==", n, c64(1)) for n in like.shape]
        bad = self.any_true([b.and_(b.icmp_signed("!=", n, m), b.not_(one))
                             for n, m, one in zip(like.shape, gs, ones)])
        self.fail_if(bad, "ValueError", ["cannot sum an array of shape "] + self.shape_text(g.shape)
                     + [" to shape "] + self.shape_text(like.shape))
        if lead:
            same = ir.Constant(ir.IntType(1), 0)
        else:
            same = b.not_(self.any_true([b.icmp_signed("!=", n, m) for n, m in zip(like.shape, gs)]))
        before = b.block
        with b.if_then(b.not_(same)):
            out = self.alloc(g.dtype, like.shape, zero=True)
            to = [c64(0)] * lead + [b.select(one, c64(0), s) for one, s in zip(ones, out.strides)]
            # (out seen with g's shape: stride 0 on the axes summed into one element)
            into = Tensor(g.dtype, out.data, None, g.shape, to)
            self.outlined("sum_to", [g, into], None, lambda k, ts, _: k.sum_into(*ts))
            summed = b.block
        data, owner = b.phi(PTR), b.phi(PTR)
        data.add_incoming(g.data, before)
        data.add_incoming(out.data, summed)
        owner.add_incoming(g.owner, before)
        owner.add_incoming(out.owner, summed)
        strides = []
        for k, s in enumerate(out.strides):
            st = b.phi(I64T)
            st.add_incoming(g.strides[k] if not lead else c64(0), before)
            st.add_incoming(s, summed)
            strides.append(st)
        return self.pack(Tensor(g.dtype, data, owner, like.shape, strides))

    def sum_into(self, g: Tensor, out: Tensor) -> None:
        """out[i] += g[i] over g's shape, in C order (out has g's shape, stride 0 where
        elements add into one): sum_to's loop.  Where the last axis adds into one element
        (a batch norm's (1, C, 1, 1)), the row's sum runs in a register and is stored once
        (the same additions in the same order: a store and a load per element were a chain
        through memory, 2.5x slower)."""
        b = self.b
        add = b.fadd if g.dtype in FLOATS else b.add
        if g.rank == 0:
            self.store(out, c64(0), add(self.load(out, c64(0)), self.load(g, c64(0))))
            return
        T = REG[g.dtype]
        acc = self.slot(T)

        def row(offs):
            goff, ooff = offs
            with b.if_else(b.icmp_signed("==", out.strides[-1], c64(0))) as (into_one, other):
                with into_one:
                    b.store(self.load(out, ooff), acc)

                    def step(i):
                        v = self.load(g, b.add(goff, b.mul(i, g.strides[-1])))
                        b.store(add(b.load(acc, typ=T), v), acc)
                    self.fc.counted_loop(g.shape[-1], step)
                    self.store(out, ooff, b.load(acc, typ=T))
                with other:
                    def each(i):
                        go = b.add(goff, b.mul(i, g.strides[-1]))
                        oo = b.add(ooff, b.mul(i, out.strides[-1]))
                        self.store(out, oo, add(self.load(out, oo), self.load(g, go)))
                    self.fc.counted_loop(g.shape[-1], each)
        self.loop(g.shape[:-1], [g.strides[:-1], out.strides[:-1]], row)

    def fdiv(self, v, n, dt):
        return self.b.fdiv(v, self.b.sitofp(n, REG[dt]))
