"""Ufuncs (and where, clip) in tensor code: numpy broadcasting, the dtypes numpy's loop
computes in (`resolve_loop`, NEP 50 weak scalars), and the scalar code of each ufunc on one
element.

Contract: `Ufuncs.elementwise` generates an ELEMENTWISE instruction (or where, clip) and
returns its value; `Ufuncs.ufunc` is one element's computation, also used by the fused
kernels of kernel_codegen.
"""
from __future__ import annotations

import numpy as np
from llvmlite import ir

from pts.backend.llvm_types import I1T, I64T, PTR
from pts.backend.tensor_abi import (BITS, FLOATS, REG, Scalar, Tensor, c64, convert, dtype_of,
                                    icmp, np_dtype, pts_dtype, round_half)
from pts.ir.types import (F16, F32, F64, I1, I32, I64, NONE, NUMPY_SCALARS, U64, UNSIGNED,
                          ScalarType, TensorType, Type)

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


def int_range(dt: ScalarType) -> tuple[int, int]:
    """The least and greatest value of integer dtype dt."""
    info = np.iinfo(np_dtype(dt))
    return int(info.min), int(info.max)


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


def fixed_clip_bounds(name: str, operands: list) -> bool:
    """Is this a clip whose two bounds are each one value for every element, scalars or 0-d
    arrays (numpy's constant-bounds loop, which keeps x when it equals a bound: clip of 0.0
    to [-0.0, 1] is 0.0; with an array bound, -0.0)?  `operands`: Scalar / Tensor / None,
    or pts types."""
    if name != "clip" or len(operands) != 3:
        return False
    for x in operands[1:]:
        if x is None or x == NONE:
            return False
        if isinstance(x, (Tensor, TensorType)) and x.rank != 0:
            return False
    return True


def loop_dtypes(name: str, types: list[Type], out_dt: ScalarType):
    """(input dtypes, loop dtype) of ufunc `name` (or where, clip) producing out_dt."""
    if name == "where":
        return [I1, out_dt, out_dt], out_dt
    if name == "clip":
        return [out_dt] * 3, out_dt
    return resolve_loop(name, types)


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


class Ufuncs:
    """Broadcasting and ufuncs (a mixin of tensor_codegen.Kernels)."""

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
        fixed_bounds = fixed_clip_bounds(name, ops)

        def compute(vals):
            it = iter(vals)
            full = [(None, NONE) if x is None else (next(it), x.dtype) for x in ops]
            return self.element(name, full, in_dts, loop_out, out_dt, uniform, fixed_bounds)

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
                uniform_exponent: bool = False, fixed_bounds: bool = False):
        """One element of ufunc `name` (or where, clip): operands (value, dtype), None for an
        absent clip bound, converted to the loop's dtypes; the result converted to out_dt.
        `uniform_exponent`: a power whose exponent is one value for the whole array (see
        uniform_exponent).  `fixed_bounds`: clip's bounds are both one value for the whole
        array (numpy's constant-bounds loop, which keeps x when it equals a bound)."""
        b = self.b
        conv = [None if v is None else convert(b, v, src, dt)
                for (v, src), dt in zip(vals, in_dts)]
        if name == "clip":
            r = self.clip(conv[0], conv[1], conv[2], out_dt, fixed_bounds)
        elif name == "power" and uniform_exponent and loop_out in FLOATS:
            r = self.power_by_scalar(conv[0], conv[1], loop_out)
            r = round_half(b, r) if loop_out == F16 else r
        else:
            r = self.ufunc(name, conv, in_dts[0] if name != "where" else out_dt, loop_out)
        return convert(b, r, loop_out, out_dt)

    def weak_int_operands(self, name, ops, types, in_dts):
        """NEP 50 for a Python int with an array of a smaller int dtype (int8 ... uint32, and
        uint64 for negative ints): comparisons compare the true values (numpy special-cases
        them); arithmetic raises OverflowError when it does not fit."""
        for x, t, dt in zip(ops, types, in_dts):
            if t != I64 or not isinstance(x, Scalar) or dt not in BITS or dt == I64:
                continue
            if name in COMPARE and dt != U64:
                return [I64] * len(in_dts)
            v = x.value
            lo, hi = int_range(dt)
            bad = self.b.icmp_signed("<", v, c64(lo))
            if hi < 2 ** 63:
                bad = self.b.or_(bad, self.b.icmp_signed(">", v, c64(hi)))
            self.fail_if(bad, "OverflowError",
                         ["Python integer ", v, f" out of bounds for {np_dtype(dt).name}"])
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

    def clip(self, v, lo, hi, dt, fixed_bounds: bool = False):
        """numpy's clip: _NPY_MIN(_NPY_MAX(x, lo), hi), NaN in x or a bound propagates.  Of
        equal floats (0.0, -0.0) numpy keeps the bound, but keeps x in its loop for bounds
        that are one value for the whole array (two scalars or 0-d arrays)."""
        b = self.b
        if dt in FLOATS:
            gt, lt = (">=", "<=") if fixed_bounds else (">", "<")
            if lo is not None:
                isnan = b.fcmp_unordered("uno", v, v)
                v = b.select(isnan, v, b.select(b.fcmp_ordered(gt, v, lo), v, lo))
            if hi is not None:
                isnan = b.fcmp_unordered("uno", v, v)
                v = b.select(isnan, v, b.select(b.fcmp_ordered(lt, v, hi), v, hi))
            return v
        if lo is not None:
            v = b.select(icmp(b, dt, ">", v, lo), v, lo)
        if hi is not None:
            v = b.select(icmp(b, dt, "<", v, hi), v, hi)
        return v

    def ufunc(self, name: str, vals: list, dt: ScalarType, out_dt: ScalarType):
        """One element of ufunc `name` computed in loop dtype dt (numpy's inner loops)."""
        b = self.b
        if dt == F16:            # numpy's float16 loops: in float32, rounded to float16
            r = self.ufunc(name, vals, F32, F32 if out_dt == F16 else out_dt)
            return round_half(b, r) if isinstance(r.type, ir.FloatType) else r
        fl = dt in FLOATS
        if name in COMPARE:
            a, c = vals
            if fl:
                op = COMPARE[name]
                return b.fcmp_unordered(op, a, c) if op == "!=" else b.fcmp_ordered(op, a, c)
            return icmp(b, dt, COMPARE[name], a, c)
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
            if dt == I1 or dt in UNSIGNED:
                return vals[0]
            neg = b.icmp_signed("<", vals[0], ir.Constant(REG[dt], 0))
            return b.select(neg, b.sub(ir.Constant(REG[dt], 0), vals[0]), vals[0])
        if name == "square":
            return b.fmul(vals[0], vals[0]) if fl else (b.and_ if dt == I1 else b.mul)(vals[0], vals[0])
        if name in ("maximum", "minimum"):
            a, c = vals
            op = ">" if name == "maximum" else "<"
            if fl:   # (a > c || isnan(a)) ? a : c — NaN from either side propagates, and of
                # equal operands (0.0, -0.0) the second is kept, as numpy's loop does
                keep = b.or_(b.fcmp_ordered(op, a, c), b.fcmp_unordered("uno", a, a))
            else:
                keep = icmp(b, dt, op, a, c)
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
            return b.sub(b.zext(icmp(b, dt, ">", x, zero), REG[dt]),
                         b.zext(icmp(b, dt, "<", x, zero), REG[dt]))
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
            if dt in UNSIGNED:
                return b.select(ok, b.lshr(a, safe), ir.Constant(REG[dt], 0))
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
        if dt in UNSIGNED:
            is0 = b.icmp_unsigned("==", c, zero)
            safe = b.select(is0, one, c)
            return (b.select(is0, zero, b.udiv(a, safe)),
                    b.select(is0, zero, b.urem(a, safe)))
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
        if dt not in UNSIGNED:
            self.fail_if(self.b.icmp_signed("<", c, ir.Constant(REG[dt], 0)), "ValueError",
                         ["Integers to negative integer powers are not allowed."])
        return self.b.call(self.mc.ipow(REG[dt]), [a, c])
