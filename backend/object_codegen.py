"""Objects of user classes in native code (ir.object_ops; a mixin of codegen.FunctionCodegen).

An object is a pointer to its fields, laid out as the LLVM literal struct of the field
types of its class (Module.classes) by the runtime's one layout rule
(runtime.list_values.layout / offsets).  Its memory is the data of a byte list allocated
with `pts.list_new` in the per-call arena: zeroed, and released with every list after the
call, so an object lives as long as any reference to it can.
"""
from __future__ import annotations

from llvmlite import ir

from pts.backend.llvm_types import I8T, I64T, llvm_type
from pts.backend.list_ops import LIST_T
from pts.ir.types import TupleType


class ObjectOps:
    """obj.new / obj.get / obj.set / obj.is (a mixin of FunctionCodegen)."""

    def object_layout(self, name: str) -> tuple[dict, int]:
        """({field: (offset, type)}, size in bytes) of class `name`."""
        cache = self.mc.__dict__.setdefault("object_layouts", {})
        found = cache.get(name)
        if found is None:
            from pts.runtime.list_values import layout, offsets
            fields = self.mc.irmod.classes[name]
            tup = TupleType(tuple(t for _, t in fields))
            size = layout(tup)[0] if fields else 0
            found = cache[name] = ({f: (o, t) for (f, t), o in zip(fields, offsets(tup))},
                                   max(size, 8))
        return found

    def field_ptr(self, obj, ins):
        fields, _ = self.object_layout(ins.args[0].type.name)
        off, t = fields[ins.attrs["field"]]
        return self.b.gep(obj, [ir.Constant(I64T, off)], inbounds=True, source_etype=I8T), t

    def op_obj_new(self, ins):
        _, size = self.object_layout(ins.type.name)
        hdr = self.b.call(self.mc.list_new(), [self.ctx, ir.Constant(I64T, 1),
                                               ir.Constant(I64T, size)])
        return self.b.load(self.b.gep(hdr, [ir.Constant(ir.IntType(32), 0),
                                             ir.Constant(ir.IntType(32), 2)],
                                      source_etype=LIST_T), typ=ir.PointerType())

    def op_obj_get(self, ins, obj):
        p, t = self.field_ptr(obj, ins)
        return self.b.load(p, typ=llvm_type(t))

    def op_obj_set(self, ins, obj, v):
        p, _ = self.field_ptr(obj, ins)
        self.b.store(v, p)

    def op_obj_null(self, ins):
        return ir.Constant(ir.PointerType(), None)

    def op_obj_is(self, ins, a, b):
        return self.b.icmp_unsigned("==", a, b)
