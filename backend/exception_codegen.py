"""Native code of the exception ops (ir.exception_ops): a mixin of codegen.FunctionCodegen.

Every raising point of native code ends in `ret_status` with a non-zero status after the
context's error fields are filled (codegen.set_error, or a callee that filled them).  In a
block that ends in `try ^ok(...), ^handler(...)`, `ret_status` branches instead to the
block's unwind edge, which passes the handler edge's arguments and jumps to the handler;
so every raising point (checks, calls, kernels, tensor ops' shape errors) is caught the
same way.  The handler reads the exception from the context (`exc.caught`: its kind, message and
where-raised fields), and `raise %e` fills them again and returns (or unwinds) like `raise`.
`exc.isa` tests a kind code against the constant set of codes of the module's kinds that
are instances of the class (ir.exception_ops.codes_matching).
"""
from __future__ import annotations

from llvmlite import ir

from pts.backend.llvm_types import CTX_T, I1T, I32T, I64T, PTR, llvm_type
from pts.backend.str_codegen import str_const
from pts.errors import kind_code
from pts.ir.exception_ops import codes_matching, module_kinds

# EXC_VALUE's elements: the context's fields kind, msg, line, col, file, func (CTX_FIELDS)
EXC_FIELDS = [(0, I64T), (4, PTR), (1, I64T), (2, I64T), (3, PTR), (5, PTR)]


class ExceptionOps:
    unwind: ir.Block | None = None    # the current block's unwind edge (a `try` block)

    def begin_block(self, blk) -> None:
        """Before a block's instructions: a `try` block gets its unwind edge."""
        term = blk.instrs[-1] if blk.instrs else None
        self.unwind = self.fn.append_basic_block(blk.name + ".unwind") \
            if term is not None and term.op == "try" else None

    def ctx_field(self, b: ir.IRBuilder, k: int):
        return b.gep(self.ctx, [ir.Constant(I32T, 0), ir.Constant(I32T, k)], source_etype=CTX_T)

    def op_try(self, ins):
        ok, handler = ins.targets
        self.pass_args(ok, self.b.block)
        self.b.branch(self.blocks[ok.block])
        ub = ir.IRBuilder(self.unwind)
        self.pass_args(handler, self.unwind)
        ub.branch(self.blocks[handler.block])
        self.unwind = None

    def op_exc_caught(self, ins):
        """The context's kind, msg, line, col, file and func fields (CTX_FIELDS 0-5)."""
        agg = ir.Constant(llvm_type(ins.type), ir.Undefined)
        for k, (field, t) in enumerate(EXC_FIELDS):
            v = self.b.load(self.ctx_field(self.b, field), typ=t)
            agg = self.b.insert_value(agg, v, k)
        return agg

    def op_exc_isa(self, ins, code):
        if not hasattr(self.mc, "exception_kinds"):
            self.mc.exception_kinds = module_kinds(self.mc.irmod)
        out = ir.Constant(I1T, 0)
        for c in codes_matching(ins.attrs["kind"], self.mc.exception_kinds):
            out = self.b.or_(out, self.b.icmp_signed("==", code, ir.Constant(I64T, c)))
        return out

    def op_exc_name(self, ins, code):
        """The class name: a select over the module's kinds (a code nobody registered is
        a RuntimeError, as pts.errors.kind_of_code reads it)."""
        if not hasattr(self.mc, "exception_kinds"):
            self.mc.exception_kinds = module_kinds(self.mc.irmod)
        out = str_const(self.mc, "RuntimeError")
        for k in sorted(self.mc.exception_kinds):
            hit = self.b.icmp_signed("==", code, ir.Constant(I64T, kind_code(k)))
            out = self.b.select(hit, str_const(self.mc, k.split(".")[0]), out)
        return out

    def op_exc_raise(self, ins, exc):
        self.raise_value(ins, exc)
        # (the block's `try` terminator follows, in a block nothing reaches)
        self.b.position_at_end(self.fn.append_basic_block("raised"))

    def raise_value(self, ins, exc):
        """raise %e: the caught exception's fields back into the context."""
        b = self.b
        for k, (field, t) in enumerate(EXC_FIELDS):
            b.store(b.extract_value(exc, k), self.ctx_field(b, field))
        self.ret_status(b, b.trunc(b.extract_value(exc, 0), I32T))
