"""Complex numbers in native code: `c128` is the struct `{double re, double im}`.

Contract: a mixin of codegen.FunctionCodegen, one `op_X` per op of ir.complex_ops, each
doing CPython 3.11's float operations in its order (Objects/complexobject.c: _Py_c_sum,
_Py_c_prod, _Py_c_quot, _Py_c_abs), with no fast-math flags (no FMA contraction), so the
bits are CPython's.  abs calls libm's hypot through the import table, as CPython does.
"""
from __future__ import annotations

from llvmlite import ir

from pts.backend.llvm_types import F64T, I1T

C128T = ir.LiteralStructType([F64T, F64T])
ZERO = ir.Constant(F64T, 0.0)
NAN = ir.Constant(F64T, float("nan"))
INF = ir.Constant(F64T, float("inf"))


class ComplexOps:
    """complex, c.real, c.imag, c.add ... c.abs (a mixin of FunctionCodegen)."""

    def _make(self, re, im):
        agg = ir.Constant(C128T, ir.Undefined)
        return self.b.insert_value(self.b.insert_value(agg, re, 0), im, 1)

    def _parts(self, z):
        return self.b.extract_value(z, 0), self.b.extract_value(z, 1)

    def op_complex(self, ins, re, im):
        return self._make(re, im)

    def op_c_real(self, ins, z):
        return self.b.extract_value(z, 0)

    def op_c_imag(self, ins, z):
        return self.b.extract_value(z, 1)

    def op_c_add(self, ins, a, b):
        (ar, ai), (br, bi) = self._parts(a), self._parts(b)
        return self._make(self.b.fadd(ar, br), self.b.fadd(ai, bi))

    def op_c_sub(self, ins, a, b):
        (ar, ai), (br, bi) = self._parts(a), self._parts(b)
        return self._make(self.b.fsub(ar, br), self.b.fsub(ai, bi))

    def op_c_mul(self, ins, a, b):
        # _Py_c_prod: (ar*br - ai*bi, ar*bi + ai*br)
        bd = self.b
        (ar, ai), (br, bi) = self._parts(a), self._parts(b)
        return self._make(bd.fsub(bd.fmul(ar, br), bd.fmul(ai, bi)),
                          bd.fadd(bd.fmul(ar, bi), bd.fmul(ai, br)))

    def op_c_neg(self, ins, a):
        ar, ai = self._parts(a)
        return self._make(self.b.fneg(ar), self.b.fneg(ai))

    def op_c_eq(self, ins, a, b):
        (ar, ai), (br, bi) = self._parts(a), self._parts(b)
        return self.b.and_(self.b.fcmp_ordered("==", ar, br), self.b.fcmp_ordered("==", ai, bi))

    def op_c_ne(self, ins, a, b):
        return self.b.not_(self.op_c_eq(ins, a, b))

    def op_c_div(self, ins, a, b):
        # _Py_c_quot (Smith): divide by the larger of |br|, |bi|; both zero: nan (the
        # frontend raised before); a nan among them: nan
        bd = self.b
        (ar, ai), (br, bi) = self._parts(a), self._parts(b)
        fabs = self.mc.intrinsic("llvm.fabs", [F64T])
        abr, abi = bd.call(fabs, [br]), bd.call(fabs, [bi])
        # |br| >= |bi|: ratio = bi/br, denom = br + bi*ratio
        r1 = bd.fdiv(bi, br)
        d1 = bd.fadd(br, bd.fmul(bi, r1))
        re1 = bd.fdiv(bd.fadd(ar, bd.fmul(ai, r1)), d1)
        im1 = bd.fdiv(bd.fsub(ai, bd.fmul(ar, r1)), d1)
        # |bi| > |br|: ratio = br/bi, denom = br*ratio + bi
        r2 = bd.fdiv(br, bi)
        d2 = bd.fadd(bd.fmul(br, r2), bi)
        re2 = bd.fdiv(bd.fadd(bd.fmul(ar, r2), ai), d2)
        im2 = bd.fdiv(bd.fsub(bd.fmul(ai, r2), ar), d2)
        first = bd.fcmp_ordered(">=", abr, abi)
        second = bd.fcmp_ordered(">=", abi, abr)
        zero = bd.and_(first, bd.fcmp_ordered("==", abr, ZERO))
        re = bd.select(first, bd.select(zero, NAN, re1), bd.select(second, re2, NAN))
        im = bd.select(first, bd.select(zero, NAN, im1), bd.select(second, im2, NAN))
        return self._make(re, im)

    def op_c_abs(self, ins, z):
        # _Py_c_abs: an infinite part gives inf (even with a nan), another nan gives nan,
        # else libm's hypot
        bd = self.b
        re, im = self._parts(z)
        fabs = self.mc.intrinsic("llvm.fabs", [F64T])
        are, aim = bd.call(fabs, [re]), bd.call(fabs, [im])
        h = self.libm_call("hypot", [re, im])
        finite = bd.and_(bd.fcmp_ordered("<", are, INF), bd.fcmp_ordered("<", aim, INF))
        inf = bd.or_(bd.fcmp_ordered("==", are, INF), bd.fcmp_ordered("==", aim, INF))
        return bd.select(finite, h, bd.select(inf, INF, NAN))
