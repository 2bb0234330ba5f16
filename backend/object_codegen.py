"""Objects of user classes in native code (ir.object_ops; a mixin of codegen.FunctionCodegen).

An object is a pointer to its class tag (i64: the class's position in Module.classes) and
then its fields, laid out as the LLVM literal struct of the field types of its class
(Module.classes) by the runtime's one layout rule (runtime.list_values.layout / offsets;
runtime.object_values marshals the same layout, `object_layout`).

Memory: objects live until the call's arena is released (no reference outlives the call
but through the copy made at the boundary), so obj.new carves each object from a block:
the context's `arena_next` / `arena_end` bound the free part of the call's current block,
and the common case is an add, a compare and a store inline (a program making many
short-lived Vectors spent most of its time in malloc and free when each object was a list
of its own).  A full block is left behind and `pts.object_block` chains a new one into
the arena's list of nodes (data null: release frees the node, which is the whole block, as
it does a string chunk: runtime/c/strings.c); release nulls the two fields.  The context
is the call's own (one per thread: runtime/native.py, _dispatch.c, loader.c), so carving
needs no lock.  An object larger than CARVED_MAX bytes is the data of a byte list of its
own (`pts.list_new`), as every object was before.  Fields start zeroed either way.
"""
from __future__ import annotations

from llvmlite import ir

from pts.backend.llvm_types import (ARENA_END, ARENA_NEXT, CTX_T, I1T, I8T, I32T, I64T, LIST_T,
                                    PTR, llvm_type)

# A call's first block is small: a malloc glibc serves from its per-size lists (a request
# of 1024 bytes or more first merges every small chunk freed so far — malloc_consolidate —
# which cost raytrace's list allocations after it a tenth of its time).  Its later blocks
# are PTS_BLOCK_MIN bytes (runtime/c/blocks.h) with their node, which runtime/c/blocks.c
# keeps for the next call when release frees them.
FIRST_BLOCK = 960           # bytes of objects (its 32-byte node comes first)
BLOCK = (1 << 20) - 32
CARVED_MAX = 512            # larger objects are a list of their own


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
        size = (size + 7) & ~7
        if size > CARVED_MAX:
            hdr = self.b.call(self.mc.list_new(), [self.ctx, ir.Constant(I64T, 1),
                                                   ir.Constant(I64T, size)])
            obj = self.b.load(self.b.gep(hdr, [ir.Constant(I32T, 0), ir.Constant(I32T, 2)],
                                         source_etype=LIST_T), typ=PTR)
        else:
            obj = self.carve(size)
            # the fields start zeroed (stores the fields' first obj.set make dead go away)
            self.b.call(self.mc.intrinsic("llvm.memset", [PTR, I64T]),
                        [self.b.gep(obj, [ir.Constant(I64T, 8)], inbounds=True, source_etype=I8T),
                         ir.Constant(I8T, 0), ir.Constant(I64T, size - 8), ir.Constant(I1T, 0)])
        self.b.store(ir.Constant(I64T, self.class_tag(ins.type.name)), obj)
        return obj

    def carve(self, size: int):
        return carve(self.mc, self.b, self.ctx, ir.Constant(I64T, size))

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


def carve(mc, b: ir.IRBuilder, ctx, size):
    """`size` bytes (an i64 value, a multiple of 8, at most CARVED_MAX) of the call's current
    block of objects, or of a new one when they do not fit (or no block was made yet: both
    bounds are null, and null + size > null).  Emits into b's function (obj.new here,
    list_new in codegen.py)."""
    fn = b.function
    next_p = b.gep(ctx, [ir.Constant(I32T, 0), ir.Constant(I32T, ARENA_NEXT)], source_etype=CTX_T)
    end_p = b.gep(ctx, [ir.Constant(I32T, 0), ir.Constant(I32T, ARENA_END)], source_etype=CTX_T)
    cur = b.load(next_p, typ=PTR)
    new = b.add(b.ptrtoint(cur, I64T), size)
    fits = b.icmp_unsigned("<=", new, b.ptrtoint(b.load(end_p, typ=PTR), I64T))
    fast = fn.append_basic_block("carve")
    slow = fn.append_basic_block("carve.block")
    done = fn.append_basic_block("carved")
    b.cbranch(fits, fast, slow)
    b.block.terminator.set_weights([1000, 1])
    b.position_at_end(fast)
    b.store(b.gep(cur, [size], source_etype=I8T), next_p)
    b.branch(done)
    b.position_at_end(slow)
    fresh = b.call(object_block(mc), [ctx, size])
    b.branch(done)
    b.position_at_end(done)
    p = b.phi(PTR)
    p.add_incoming(cur, fast)
    p.add_incoming(fresh, slow)
    return p


def object_block(mc) -> ir.Function:
    """ptr @pts.object_block(ctx, i64 size): a new block of objects, one malloc: a node of
    the arena's chain (len = cap = 0, data null) and then FIRST_BLOCK bytes (the call's
    first block: arena_end is null) or BLOCK bytes, of which the first `size` are returned
    and the rest become the context's arena_next..arena_end.  The previous block's rest is
    left unused (an object is never split over two blocks)."""
    def build():
        from pts.backend.tensor_abi import adopt_head   # a tensor header's pprev
        fn = ir.Function(mc.m, ir.FunctionType(PTR, [PTR, I64T]), name="pts.object_block")
        fn.attributes.add("noinline")
        fn.attributes.add("cold")
        ctx, size = fn.args
        b = ir.IRBuilder(fn.append_basic_block("entry"))
        malloc = mc.import_fn(b, ctx, "malloc")
        end_p = b.gep(ctx, [ir.Constant(I32T, 0), ir.Constant(I32T, ARENA_END)], source_etype=CTX_T)
        first = b.icmp_unsigned("==", b.load(end_p, typ=PTR), ir.Constant(PTR, None))
        cap = b.select(first, ir.Constant(I64T, FIRST_BLOCK), ir.Constant(I64T, BLOCK))
        node = b.call(malloc, [b.add(cap, ir.Constant(I64T, 32))])
        head_p = b.gep(ctx, [ir.Constant(I32T, 0), ir.Constant(I32T, 7)], source_etype=CTX_T)
        old = b.load(head_p, typ=PTR)
        for i, v in enumerate([ir.Constant(I64T, 0), ir.Constant(I64T, 0),
                               ir.Constant(PTR, None), old]):
            b.store(v, b.gep(node, [ir.Constant(I32T, 0), ir.Constant(I32T, i)], source_etype=LIST_T))
        adopt_head(b, old, node)
        b.store(node, head_p)
        data = b.gep(node, [ir.Constant(I64T, 32)], source_etype=I8T)
        for field, v in ((ARENA_NEXT, b.gep(data, [size], source_etype=I8T)),
                         (ARENA_END, b.gep(data, [cap], source_etype=I8T))):
            b.store(v, b.gep(ctx, [ir.Constant(I32T, 0), ir.Constant(I32T, field)], source_etype=CTX_T))
        b.ret(data)
        return fn
    return mc.helper("object_block", build)
