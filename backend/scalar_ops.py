"""Scalar ops in native code: arithmetic with Python's semantics (floor division and
modulo, powers, shifts), comparisons, conversions and the math module.

Contract: a mixin of codegen.FunctionCodegen: each `op_X(ins, *operands)` generates the
IR instruction X from its operands' LLVM values and returns the result (Python's errors,
ZeroDivisionError and the like, go through `op_check`'s and `set_error`'s context
plumbing of FunctionCodegen).
"""
from __future__ import annotations

from llvmlite import ir

from pts.backend.llvm_types import (F64T, I1T, I64T, LIBM_MATH, LLVM_INTRINSIC_MATH, is_float,
                                    llvm_type)
from pts.ir.core import Const, Instr
from pts.ir.types import DTYPE_OF_SCALAR, F64, I1

class ScalarOps:
    """Arithmetic, comparisons, conversions and math (a mixin of FunctionCodegen)."""

    # arithmetic ---------------------------------------------------------

    def op_add(self, ins, a, b):
        if ins in self.counters:          # see loop_counters: cannot wrap, so LLVM may know
            return self.b.add(a, b, flags=("nuw", "nsw"))    # the counter's range
        return self.b.fadd(a, b, flags=self.float_flags) if is_float(a) else self.b.add(a, b)

    def op_sub(self, ins, a, b):
        return self.b.fsub(a, b, flags=self.float_flags) if is_float(a) else self.b.sub(a, b)

    def op_mul(self, ins, a, b):
        return self.b.fmul(a, b, flags=self.float_flags) if is_float(a) else self.b.mul(a, b)

    def op_div(self, ins, a, b):
        return self.b.fdiv(a, b)

    def _int_divmod(self, a, b, zero_test: bool = False):
        """Python floor division and modulo of i64 (b != 0 is checked before).

        When a and b are both in [0, 2**53) (one unsigned compare of a | b), the quotient
        comes from the FPU: q = trunc(fl(a / b)), a and b being exact doubles.  Rounding is
        monotonic and the true floor m = floor(a / b) and m + 1 are representable, so
        fl(a / b) is in [m, m + 1] (in any rounding mode) and q is m or m + 1; r = a - q*b
        is then a % b or a % b - b (< 0), and one compare fixes both.  On current x86 cores
        a double division has a shorter latency and a better throughput than a 64-bit (even
        a 32-bit) integer division: count_primes() runs ~15% faster.  Other operands take
        the integer division below.  `zero_test`: the remainder is only compared with 0
        (`k % i == 0`), and a - q*b is 0 exactly when a % b is (q = m + 1 leaves a % b - b,
        in [-b, -1]), so the fast path skips the fix-up of r (q stays right)."""
        if a.type != I64T:
            return self._int_divmod_int(a, b)
        bd = self.b
        c53 = ir.Constant(I64T, 1 << 53)
        small = bd.icmp_unsigned("<", bd.or_(a, b), c53)
        fast = self.fn.append_basic_block("divmod.fp")
        slow = self.fn.append_basic_block("divmod.int")
        done = self.fn.append_basic_block("divmod.done")
        bd.cbranch(small, fast, slow)
        bd.position_at_end(fast)
        q0 = bd.fptosi(bd.fdiv(bd.sitofp(a, F64T), bd.sitofp(b, F64T)), I64T)
        r0 = bd.sub(a, bd.mul(q0, b, flags=("nuw", "nsw")), flags=("nsw",))
        over = bd.icmp_signed("<", r0, ir.Constant(I64T, 0))
        q_fast = bd.sub(q0, bd.zext(over, I64T))
        r_fast = r0 if zero_test else bd.select(over, bd.add(r0, b), r0)
        bd.branch(done)
        bd.position_at_end(slow)
        q_slow, r_slow = self._int_divmod_int(a, b)
        slow_end = bd.block
        bd.branch(done)
        bd.position_at_end(done)
        q = bd.phi(I64T)
        q.add_incoming(q_fast, fast)
        q.add_incoming(q_slow, slow_end)
        r = bd.phi(I64T)
        r.add_incoming(r_fast, fast)
        r.add_incoming(r_slow, slow_end)
        return q, r

    def _int_divmod_int(self, a, b):
        """_int_divmod by the integer division (C's, truncating, then floored)."""
        bd = self.b
        minus1 = bd.icmp_signed("==", b, ir.Constant(I64T, -1))
        safe = bd.select(minus1, ir.Constant(I64T, 1), b)
        q = bd.select(minus1, bd.sub(ir.Constant(I64T, 0), a), bd.sdiv(a, safe))
        r = bd.select(minus1, ir.Constant(I64T, 0), bd.srem(a, safe))
        # C truncates toward zero; Python floors: adjust when the signs of r and b differ
        adjust = bd.and_(bd.icmp_signed("!=", r, ir.Constant(I64T, 0)),
                         bd.icmp_signed("<", bd.xor(r, b), ir.Constant(I64T, 0)))
        q = bd.sub(q, bd.zext(adjust, I64T))
        r = bd.select(adjust, bd.add(r, b), r)
        return q, r

    def _float_divmod(self, a, b):
        """CPython's float_divmod: (floor(a / b), a - floor * b with the sign of b)."""
        bd = self.b
        zero = ir.Constant(F64T, 0.0)
        mod = self.libm_call("fmod", [a, b])        # frem would be a call of fmod by name
        # LLVM turns fmod(a, b) into `frem nnan` where it knows that a is not infinite and b
        # not 0 (the cases where fmod sets errno) — poison when a or b is a nan (LLVM
        # 20's optimizeFMod; llvm/llvm-project#199284), and a branch on poison is undefined:
        # at -O3 `math.nan % y` was 0.0, int() of it raised a ZeroDivisionError with no
        # message, and loops that tested it never ended.  A select does not propagate the
        # poison of the arm it does not take.
        mod = bd.select(bd.fcmp_unordered("uno", a, b), bd.fadd(a, b), mod)
        div = bd.fdiv(bd.fsub(a, mod), b)
        mod_nz = bd.fcmp_unordered("!=", mod, zero)
        signs_differ = bd.xor(bd.fcmp_ordered("<", b, zero), bd.fcmp_ordered("<", mod, zero))
        fix = bd.and_(mod_nz, signs_differ)
        copysign = self.mc.intrinsic("llvm.copysign", [F64T])
        mod = bd.select(mod_nz, bd.select(fix, bd.fadd(mod, b), mod), bd.call(copysign, [zero, b]))
        div = bd.select(fix, bd.fsub(div, ir.Constant(F64T, 1.0)), div)
        div_nz = bd.fcmp_unordered("!=", div, zero)
        floor = bd.call(self.mc.intrinsic("llvm.floor", [F64T]), [div])
        floor = bd.select(bd.fcmp_ordered(">", bd.fsub(div, floor), ir.Constant(F64T, 0.5)),
                          bd.fadd(floor, ir.Constant(F64T, 1.0)), floor)
        floordiv = bd.select(div_nz, floor, bd.call(copysign, [zero, bd.fdiv(a, b)]))
        return floordiv, mod

    def _const_divmod(self, a, d: int, want_mod: bool):
        """Floor division / modulo by a positive constant, without the -1 and sign fix-ups
        a general divisor needs: x // 2**k -> x >> k, x % 2**k -> x & (2**k - 1)."""
        bd = self.b
        if d & (d - 1) == 0:
            k = d.bit_length() - 1
            if want_mod:
                return bd.and_(a, ir.Constant(I64T, d - 1))
            return bd.ashr(a, ir.Constant(I64T, k))
        dc = ir.Constant(I64T, d)
        r = bd.srem(a, dc)
        neg = bd.icmp_signed("<", r, ir.Constant(I64T, 0))
        if want_mod:
            return bd.select(neg, bd.add(r, dc), r)
        return bd.sub(bd.sdiv(a, dc), bd.zext(neg, I64T))

    def op_floordiv(self, ins, a, b):
        if ins.type == F64:
            return self._float_divmod(a, b)[0]
        d = ins.args[1]
        if isinstance(d, Const) and d.value > 0:
            return self._const_divmod(a, d.value, want_mod=False)
        return self._int_divmod(a, b)[0]

    def op_mod(self, ins, a, b):
        if ins.type == F64:
            return self._float_divmod(a, b)[1]
        d = ins.args[1]
        if isinstance(d, Const) and d.value > 0:
            return self._const_divmod(a, d.value, want_mod=True)
        return self._int_divmod(a, b, zero_test=self._only_compared_with_zero(ins))[1]

    def _only_compared_with_zero(self, ins: Instr) -> bool:
        """Every reader of `ins` is `eq`/`ne` of it and the constant 0."""
        if getattr(self, "f", None) is None:     # (kernel workers: no IR function)
            return False
        users = self.__dict__.get("_users")
        if users is None:
            from pts.ir.analysis import uses
            users = self._users = uses(self.f)
        readers = users.get(ins, [])
        return bool(readers) and all(
            u.op in ("eq", "ne") and len(u.args) == 2 and not u.targets
            and any(a is ins for a in u.args)
            and all(a is ins or (isinstance(a, Const) and a.value == 0) for a in u.args)
            for u in readers)

    def op_pow(self, ins, a, b):
        if ins.type == F64:
            return self.libm_call("pow", [a, b])
        return self.b.call(self.mc.ipow(I64T), [a, b])


    def op_neg(self, ins, a):
        return self.b.fneg(a) if is_float(a) else self.b.sub(ir.Constant(a.type, 0), a)

    def op_abs(self, ins, a):
        if ins.type == F64:
            return self.b.call(self.mc.intrinsic("llvm.fabs", [F64T]), [a])
        neg = self.b.icmp_signed("<", a, ir.Constant(I64T, 0))
        return self.b.select(neg, self.b.sub(ir.Constant(I64T, 0), a), a)

    def op_and(self, ins, a, b):
        return self.b.and_(a, b)

    def op_or(self, ins, a, b):
        return self.b.or_(a, b)

    def op_xor(self, ins, a, b):
        return self.b.xor(a, b)

    def op_shl(self, ins, a, b):
        big = self.b.icmp_signed(">=", b, ir.Constant(I64T, 64))
        safe = self.b.select(big, ir.Constant(I64T, 0), b)
        return self.b.select(big, ir.Constant(I64T, 0), self.b.shl(a, safe))

    def op_shr(self, ins, a, b):
        big = self.b.icmp_signed(">", b, ir.Constant(I64T, 63))
        return self.b.ashr(a, self.b.select(big, ir.Constant(I64T, 63), b))

    def op_invert(self, ins, a):
        return self.b.xor(a, ir.Constant(I64T, -1))

    def op_not(self, ins, a):
        return self.b.xor(a, ir.Constant(I1T, 1))

    def compare(self, ins, op: str, a, b):
        t = DTYPE_OF_SCALAR.get(ins.args[0].type, ins.args[0].type)
        if is_float(a):
            if op == "!=":
                return self.b.fcmp_unordered("!=", a, b)
            return self.b.fcmp_ordered(op, a, b)
        if t == I1:
            return self.b.icmp_unsigned(op, a, b)
        return self.b.icmp_signed(op, a, b)

    def op_eq(self, ins, a, b):
        return self.compare(ins, "==", a, b)

    def op_ne(self, ins, a, b):
        return self.compare(ins, "!=", a, b)

    def op_lt(self, ins, a, b):
        return self.compare(ins, "<", a, b)

    def op_le(self, ins, a, b):
        return self.compare(ins, "<=", a, b)

    def op_gt(self, ins, a, b):
        return self.compare(ins, ">", a, b)

    def op_ge(self, ins, a, b):
        return self.compare(ins, ">=", a, b)

    def op_select(self, ins, c, a, b):
        return self.b.select(c, a, b)

    def op_cast(self, ins, a):
        """Numeric scalar conversion with numpy's astype semantics (see tensor_abi.convert)."""
        from pts.backend.tensor_abi import convert
        return convert(self.b, a, ins.args[0].type, ins.type)

    def op_view(self, ins, a):
        from pts.backend.tensor_abi import from_half, to_half
        from pts.ir.types import F16
        if ins.args[0].type == F16:               # the half's bits (held as a float)
            a = to_half(self.b, a)
        if ins.type == F16:
            return from_half(self.b, self.b.bitcast(a, ir.IntType(16)))
        return self.b.bitcast(a, llvm_type(ins.type))

    def op_itof(self, ins, a):
        return self.b.sitofp(a, F64T)

    def op_btoi(self, ins, a):
        return self.b.zext(a, I64T)

    def op_ftoi(self, ins, a):
        return self.b.fptosi(a, I64T)

    def op_isnan(self, ins, a):
        return self.b.fcmp_unordered("uno", a, a)

    def _fabs(self, a):
        return self.b.call(self.mc.intrinsic("llvm.fabs", [F64T]), [a])

    def op_isinf(self, ins, a):
        return self.b.fcmp_ordered("==", self._fabs(a), ir.Constant(F64T, float("inf")))

    def op_isfinite(self, ins, a):
        return self.b.fcmp_ordered("<", self._fabs(a), ir.Constant(F64T, float("inf")))

    def math(self, name: str, args):
        if name in LLVM_INTRINSIC_MATH:
            return self.b.call(self.mc.intrinsic("llvm." + name, [F64T]), list(args))
        return self.libm_call(name, args)

    def op_math_fmod(self, ins, a, b):
        # with _float_divmod's guard: LLVM may turn the call into a `frem nnan` (poison on nan)
        r = self.libm_call("fmod", [a, b])
        return self.b.select(self.b.fcmp_unordered("uno", a, b), self.b.fadd(a, b), r)

    def op_math_hypot(self, ins, a, b):
        return self.b.call(self.mc.hypot(), [a, b])

    def libm_call(self, name: str, args):
        """f64 libm function `name`: through its import-table slot (see IMPORT_MATH) in
        portable code (archive images), by name in code for this process, where LLVM knows
        the libm functions (no side effects: hoisted, merged, folded on constants).
        `mc.libm_called`: the module's code depends on `portable` (backend.save_images)."""
        self.mc.libm_called = True
        if not self.mc.portable:
            return self.b.call(self.mc.libm(name, len(args)), list(args))
        return self.b.call(self.mc.import_fn(self.b, self.ctx, name), list(args))


def _math_op(name: str):
    def op(self, ins, *args):
        return self.math(name, args)
    return op


for _name in LLVM_INTRINSIC_MATH | LIBM_MATH:
    setattr(ScalarOps, "op_math_" + _name, _math_op(_name))
