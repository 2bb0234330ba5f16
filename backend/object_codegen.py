"""Objects of user classes in native code (ir.object_ops; a mixin of codegen.FunctionCodegen).

An object is a pointer to its class tag (i64: the class's position in Module.classes) and
then its fields, laid out as the LLVM literal struct of the field types of its class
(Module.classes) by the runtime's one layout rule (runtime.list_values.layout / offsets;
runtime.object_values marshals the same layout, `object_layout`).  Its memory is the data of a byte list allocated
with `pts.list_new` in the per-call arena: zeroed, and released with every list after the
call, so an object lives as long as any reference to it can.
"""
from __future__ import annotations

from llvmlite import ir

from pts.backend.llvm_types import I8T, I64T, llvm_type
from pts.backend.list_ops import LIST_T


class ObjectOps:
    """obj.new / obj.get / obj.set / obj.is (a mixin of FunctionCodegen)."""

    def object_layout(self, name: str) -> tuple[dict, int]:
        """({field: (offset, type)}, size in bytes) of class `name`."""
        cache = self.mc.__dict__.setdefault("object_layouts", {})
        found = cache.get(name)
        if found is None:
            from pts.runtime import list_values  # noqa: F401 - (object_values reads it)
            from pts.runtime.object_values import object_layout
            fields, size = object_layout(self.mc.irmod.classes[name])
            found = cache[name] = ({f: (o, t) for f, o, t in fields}, size)
        return found

    def class_tag(self, name: str) -> int:
        return list(self.mc.irmod.classes).index(name)

    def field_ptr(self, obj, ins):
        fields, _ = self.object_layout(ins.args[0].type.name)
        off, t = fields[ins.attrs["field"]]
        return self.b.gep(obj, [ir.Constant(I64T, off)], inbounds=True, source_etype=I8T), t

    def op_obj_new(self, ins):
        _, size = self.object_layout(ins.type.name)
        hdr = self.b.call(self.mc.list_new(), [self.ctx, ir.Constant(I64T, 1),
                                               ir.Constant(I64T, size)])
        obj = self.b.load(self.b.gep(hdr, [ir.Constant(ir.IntType(32), 0),
                                            ir.Constant(ir.IntType(32), 2)],
                                     source_etype=LIST_T), typ=ir.PointerType())
        self.b.store(ir.Constant(I64T, self.class_tag(ins.type.name)), obj)
        return obj

    def op_obj_isa(self, ins, obj):
        """isinstance by the tag: one of the tags of the class and its subclasses."""
        from pts.ir.object_ops import subclass_of
        m = self.mc.irmod
        tags = [i for i, n in enumerate(m.classes)
                if subclass_of(n, ins.attrs["cls"], m.class_bases)]
        tag = self.b.load(obj, typ=I64T)
        r = ir.Constant(ir.IntType(1), 0)
        for t in tags:
            r = self.b.or_(r, self.b.icmp_signed("==", tag, ir.Constant(I64T, t)))
        return r

    def op_obj_cast(self, ins, obj):
        return obj

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
