"""Array creation in tensor code: zeros, ones, full, empty, eye, arange, linspace and the
*_like forms, shapes given as ints or tuples.

Contract: each `op_X(ops, types)` generates `np.X` and returns its value.
"""
from __future__ import annotations

from llvmlite import ir

from pts.backend.llvm_types import F64T, I8T, I64T
from pts.backend.tensor_abi import FLOATS, INTS, Scalar, c64, convert, dtype_of, to_mem
from pts.ir.types import F64, I1, I64

class Creation:
    """Creation ops (a mixin of tensor_codegen.Kernels)."""

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
            # (fresh, so contiguous: one call of tensor_copies' fill loop, of the module or
            # the library, which keeps the function that creates it glue: codegen.glue_op)
            v = to_mem(self.b, convert(self.b, fill.value, fill.dtype, dt), dt)
            self.b.call(self.fill_loop(dt), [out.data, self.size_of(shape), v])
        return self.pack(out)

    def op_zeros(self, ops, types):
        return self.create(self.shape_operand(ops[0]), None, zero=True)

    op_empty = op_zeros       # numpy leaves empty() uninitialized; pts gives zeros

    def op_ones(self, ops, types):
        return self.create(self.shape_operand(ops[0]), Scalar(I64, c64(1)))

    def op_full(self, ops, types):
        return self.create(self.shape_operand(ops[0]), self.python_int_fill(ops[1], types[1]))

    def python_int_fill(self, fill, t):
        """np.full's fill value: a Python int out of an int dtype's range raises numpy 2's
        OverflowError (packed as setitem packs it); others are cast."""
        dt = dtype_of(self.ins.type)
        if t == I64 and isinstance(fill, Scalar) and dt in INTS:
            return Scalar(dt, self.packed_scalar(fill, dt))
        return fill

    def op_zeros_like(self, ops, types):
        return self.create(ops[0].shape, None, zero=True)

    op_empty_like = op_zeros_like

    def op_ones_like(self, ops, types):
        return self.create(ops[0].shape, Scalar(I64, c64(1)))

    def op_full_like(self, ops, types):
        return self.create(ops[0].shape, self.python_int_fill(ops[1], types[1]))

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
        # (the loop in a function of its own: tensor_reductions.outlined)
        self.outlined("arange", [out], None, lambda k, ts, vs: k.arange_fill(ts[0], *vs),
                      (first, second, delta))
        return self.pack(out)

    def arange_fill(self, out, first, second, delta) -> None:
        """numpy's fill of arange's 1-d `out`: start and start + step, then start + i *
        delta (0 * inf is nan)."""
        b, dt = self.b, out.dtype

        def body(i):
            iv = convert(b, i, I64, dt)
            v = self.ufunc("add", [first, self.ufunc("multiply", [iv, delta], dt, dt)], dt, dt)
            v = b.select(b.icmp_signed("==", i, c64(1)), second, v)
            self.store(out, i, b.select(b.icmp_signed("==", i, c64(0)), first, v))
        self.fc.counted_loop(out.shape[0], body)

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
