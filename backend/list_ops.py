"""Tuples, lists and print in native code.

List layout: `{i64 len, i64 cap, ptr data, ptr next}` (llvm_types.LIST_T; bools are stored
as bytes), allocated by ModuleCodegen's `list_new` / `list_reserve` helpers into the
per-call arena.

Contract: a mixin of codegen.FunctionCodegen: each `op_X(ins, *operands)` generates the
IR instruction X and returns its value; `counted_loop` is the loop every code generator
uses for n iterations.
"""
from __future__ import annotations

from llvmlite import ir

from pts.backend.llvm_types import (ELEM_KIND, I1T, I8T, I32T, I64T, LIST_T, PTR, elem_size, leaves,
                                    llvm_type, mem_type)
from pts.ir.types import (F64, I1, I64, NONE, NUMPY_SCALARS, STR, ListType, OptionalType,
                          TensorType, TupleType,
                          Type)

class ListOps:
    """Tuples, lists and print (a mixin of FunctionCodegen)."""

    # tuples -------------------------------------------------------------

    def op_tuple(self, ins, *vals):
        agg = ir.Constant(llvm_type(ins.type), ir.Undefined)
        for i, v in enumerate(vals):
            agg = self.b.insert_value(agg, v, i)
        return agg

    def op_tuple_get(self, ins, t, i):
        return self.b.extract_value(t, ins.args[1].value)

    # lists --------------------------------------------------------------

    def field(self, lst, i: int):
        return self.b.gep(lst, [ir.Constant(I32T, 0), ir.Constant(I32T, i)], source_etype=LIST_T)

    def list_len(self, lst):
        n = self.b.load(self.field(lst, 0), typ=I64T)
        n.set_metadata("range", self.mc.range_md(I64T, 0, (1 << 63) - 1))     # len >= 0
        return n

    def elem_ptr(self, lst, i, t: Type):
        data = self.b.load(self.field(lst, 2), typ=PTR)
        return self.b.gep(data, [i], inbounds=True, source_etype=mem_type(t))

    def load_elem(self, lst, i, t: Type):
        v = self.b.load(self.elem_ptr(lst, i, t), typ=mem_type(t))
        if t == I1:                  # bools are stored as bytes 0 or 1
            v.set_metadata("range", self.mc.range_md(I8T, 0, 2))
            return self.b.trunc(v, I1T)
        return v

    def store_elem(self, lst, i, v, t: Type):
        if t == I1:
            v = self.b.zext(v, I8T)
        self.b.store(v, self.elem_ptr(lst, i, t))

    def new_list(self, t: Type, n):
        return self.b.call(self.mc.list_new(), [self.ctx, ir.Constant(I64T, elem_size(t)), n])

    def op_list_new(self, ins, n):
        return self.new_list(ins.type.elem, n)

    def counted_loop(self, n, body, interleave=None) -> None:
        """for i in range(n): body(i) — in LLVM IR directly.  `interleave` (an int, or a
        function asked once the body is emitted): how many vector iterations the loop
        vectorizer runs side by side (llvm.loop.interleave.count); None: its choice."""
        bd = self.b
        pre = bd.block
        head = self.fn.append_basic_block("loop")
        blk = self.fn.append_basic_block("loopbody")
        done = self.fn.append_basic_block("loopdone")
        bd.branch(head)
        bd.position_at_end(head)
        i = bd.phi(I64T)
        i.add_incoming(ir.Constant(I64T, 0), pre)
        bd.cbranch(bd.icmp_signed("<", i, n), blk, done)
        bd.position_at_end(blk)
        body(i)
        i.add_incoming(bd.add(i, ir.Constant(I64T, 1)), bd.block)
        latch = bd.branch(head)
        if callable(interleave):
            interleave = interleave()
        if interleave:
            latch.set_metadata("llvm.loop", self.mc.loop_id(interleave))
        bd.position_at_end(done)

    def op_list_fill(self, ins, n, v):
        t = ins.type.elem
        lst = self.new_list(t, n)
        self.counted_loop(self.list_len(lst), lambda i: self.store_elem(lst, i, v, t))
        return lst

    def copy_into(self, dst, dst_start, src, n, t: Type) -> None:
        size = self.b.mul(n, ir.Constant(I64T, elem_size(t)))
        memcpy = self.mc.intrinsic("llvm.memcpy", [PTR, PTR, I64T])
        self.b.call(memcpy, [self.elem_ptr(dst, dst_start, t), self.elem_ptr(src, ir.Constant(I64T, 0), t),
                             size, ir.Constant(I1T, 0)])

    def op_list_repeat(self, ins, lst, n):
        t = ins.type.elem
        k = self.list_len(lst)
        times = self.b.select(self.b.icmp_signed("<", n, ir.Constant(I64T, 0)), ir.Constant(I64T, 0), n)
        out = self.new_list(t, self.b.mul(k, times))
        self.counted_loop(times, lambda i: self.copy_into(out, self.b.mul(i, k), lst, k, t))
        return out

    def op_list_copy(self, ins, lst):
        t = ins.type.elem
        n = self.list_len(lst)
        out = self.new_list(t, n)
        self.copy_into(out, ir.Constant(I64T, 0), lst, n, t)
        return out

    def op_vtuple_from_list(self, ins, lst):
        return lst          # a Tuple[T, ...] is the fresh list itself (ir.vartuple_ops)

    def op_list_len(self, ins, lst):
        return self.list_len(lst)

    def op_list_get(self, ins, lst, i):
        return self.load_elem(lst, i, ins.type)

    def op_list_set(self, ins, lst, i, v):
        self.store_elem(lst, i, v, ins.args[0].type.elem)

    def op_list_append(self, ins, lst, v):
        t = ins.args[0].type.elem
        n = self.list_len(lst)
        n1 = self.b.add(n, ir.Constant(I64T, 1))
        self.b.call(self.mc.list_reserve(), [self.ctx, lst, ir.Constant(I64T, elem_size(t)), n1])
        self.store_elem(lst, n, v, t)
        self.b.store(n1, self.field(lst, 0))

    def op_list_pop(self, ins, lst):
        n1 = self.b.sub(self.list_len(lst), ir.Constant(I64T, 1))
        self.b.store(n1, self.field(lst, 0))
        return self.load_elem(lst, n1, ins.type)

    def op_list_pop_at(self, ins, lst, i):
        t = ins.type
        n1 = self.b.sub(self.list_len(lst), ir.Constant(I64T, 1))
        item = self.load_elem(lst, i, t)
        moved = self.b.mul(self.b.sub(n1, i), ir.Constant(I64T, elem_size(t)))
        memmove = self.mc.intrinsic("llvm.memmove", [PTR, PTR, I64T])
        self.b.call(memmove, [self.elem_ptr(lst, i, t),
                              self.elem_ptr(lst, self.b.add(i, ir.Constant(I64T, 1)), t),
                              moved, ir.Constant(I1T, 0)])
        self.b.store(n1, self.field(lst, 0))
        return item

    def op_list_eq(self, ins, a, b):
        t = ins.args[0].type.elem
        bd = self.b
        n = self.list_len(a)
        same_len = bd.icmp_signed("==", n, self.list_len(b))
        pre = bd.block
        head = self.fn.append_basic_block("eqloop")
        body = self.fn.append_basic_block("eqbody")
        done = self.fn.append_basic_block("eqdone")
        bd.cbranch(same_len, head, done)
        bd.position_at_end(head)
        i = bd.phi(I64T)
        i.add_incoming(ir.Constant(I64T, 0), pre)
        more = bd.icmp_signed("<", i, n)
        bd.cbranch(more, body, done)
        bd.position_at_end(body)
        x, y = self.load_elem(a, i, t), self.load_elem(b, i, t)
        eq = bd.fcmp_ordered("==", x, y) if t == F64 else bd.icmp_signed("==", x, y)
        i.add_incoming(bd.add(i, ir.Constant(I64T, 1)), body)
        bd.cbranch(eq, head, done)
        bd.position_at_end(done)
        res = bd.phi(I1T)
        res.add_incoming(ir.Constant(I1T, 0), pre)
        res.add_incoming(ir.Constant(I1T, 1), head)
        res.add_incoming(ir.Constant(I1T, 0), body)
        return res

    # print --------------------------------------------------------------

    def op_print(self, ins, *vals):
        for x in ins.args:
            if any(isinstance(leaf, TensorType) or leaf in NUMPY_SCALARS for leaf in leaves(x.type)):
                from pts.errors import CompileError
                from pts.ir.types import py_name
                raise CompileError(f"native code for printing a {py_name(x.type)} is not built "
                                   f"yet (use backend='interp')", ins.span)
        if ins.attrs.get("file") == "stderr":     # one str, made by the lowering
            self.call_import("write_err", list(vals))
            return
        sep, end = ins.attrs.get("sep", " "), ins.attrs.get("end", "\n")   # print(sep=, end=)
        for k, (x, v) in enumerate(zip(ins.args, vals)):
            if k and sep:
                self.write_str(sep)
            self.write_value(v, x.type)
        if end:
            self.write_str(end)

    def call_import(self, name: str, args):
        return self.b.call(self.mc.import_fn(self.b, self.ctx, name), [self.ctx] + list(args))

    def write_str(self, s: str) -> None:
        self.call_import("write_str", [self.mc.string(s)])

    def write_value(self, v, t: Type) -> None:
        if t == I64:
            self.call_import("write_i64", [v])
        elif t == F64:
            self.call_import("write_f64", [v])
        elif t == I1:
            self.call_import("write_bool", [self.b.zext(v, I64T)])
        elif t == STR:
            self.call_import("write_str", [v])
        elif t == NONE:
            self.write_str("None")
        elif isinstance(t, ListType):
            self.call_import("write_list", [v, ir.Constant(I64T, ELEM_KIND[t.elem])])
        elif isinstance(t, TupleType):
            self.write_str("(")
            for i, e in enumerate(t.elems):
                if i:
                    self.write_str(", ")
                self.write_value(self.b.extract_value(v, i), e)
            if len(t.elems) == 1:
                self.write_str(",")
            self.write_str(")")
        elif isinstance(t, OptionalType):        # None, or the value
            with self.b.if_else(self.b.extract_value(v, 0)) as (present, absent):
                with present:
                    self.write_value(self.b.extract_value(v, 1), t.elem)
                with absent:
                    self.write_str("None")
        else:
            raise NotImplementedError(f"print of {t}")
