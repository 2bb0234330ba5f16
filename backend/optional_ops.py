"""Optional values in native code: `optional<T>` is the struct `{i1 present, T}`.

Contract: a mixin of codegen.FunctionCodegen, one `op_X` per op of ir.optional_ops.  A None
has `present = 0` and a zero T (a null pointer, a zero descriptor), so the boxed entry
can store it and a reader that looks at the flag first never follows it.
"""
from __future__ import annotations

from llvmlite import ir

from pts.backend.llvm_types import llvm_type


class OptionalOps:
    """opt.none, opt.some, opt.is_none, opt.get (a mixin of FunctionCodegen)."""

    def op_opt_none(self, ins):
        return ir.Constant(llvm_type(ins.type), None)      # {0, zeroinitializer}

    def op_opt_some(self, ins, v):
        agg = ir.Constant(llvm_type(ins.type), ir.Undefined)
        agg = self.b.insert_value(agg, ir.Constant(ir.IntType(1), 1), 0)
        return self.b.insert_value(agg, v, 1)

    def op_opt_is_none(self, ins, v):
        return self.b.not_(self.b.extract_value(v, 0))

    def op_opt_get(self, ins, v):
        return self.b.extract_value(v, 1)
