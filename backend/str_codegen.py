"""Native code for the str.* ops (ir.string_ops) and string constants.

Representation: a str value is a pointer to its UTF-8 bytes, NUL-terminated, with the byte
length as an i64 in the 8 bytes before them.  So a str is also a C string (print's
`write_str`, an error's message in the context) and its length is known without a scan.
Constants are private globals `{i64 n, [n+1 x i8]}`; strings made at run time live in the
per-call arena (runtime.strings allocates them and chains them into `ctx.lists`).

Every str.* op is one call of the import `str_call(ctx, desc, argv, out) -> i32 status`:
`desc` is a constant C string "op|operand types|result type" (IR type text, so it means
the same in a JIT, a disk-cached image or an archive), `argv` the operands as i64 slots
(tuples flattened; floats as their bits; pointers as addresses), `out` the result's slots.
A non-zero status is the exception's kind code: the callee has set ctx.msg, this code
fills in the op's span and returns the status, as a failed `check` does.  The runtime's
`str_call` runs the op's `evaluate` (CPython's operation), so native results are the
interpreter's exactly.
"""
from __future__ import annotations

from llvmlite import ir

from pts.backend.llvm_types import CTX_T, I32T, I64T, I8T, PTR, alloca, leaves, llvm_type
from pts.errors import KIND_CODES
from pts.ir.types import F64, I1, NONE, STR, TupleType, Type


def str_const(mc, s: str) -> ir.Value:
    """A pointer to the bytes of constant s (length-prefixed, NUL-terminated)."""
    cache = mc.__dict__.setdefault("str_values", {})
    g = cache.get(s)
    if g is None:
        data = s.encode("utf-8", "surrogatepass")
        arr = ir.ArrayType(I8T, len(data) + 1)
        ty = ir.LiteralStructType([I64T, arr])
        g = ir.GlobalVariable(mc.m, ty, name=f"strv.{len(cache)}")
        g.global_constant = True
        g.linkage = "private"
        g.initializer = ir.Constant(ty, [ir.Constant(I64T, len(data)),
                                         ir.Constant(arr, bytearray(data + b"\0"))])
        g.align = 8
        ref = g.gep([ir.Constant(I32T, 0), ir.Constant(I32T, 1)])
        g.type = PTR          # opaque pointers, as backend.codegen's strings
        ref.type = PTR
        g = cache[s] = ref
    return g


def _to_slot(b: ir.IRBuilder, v: ir.Value, t: Type) -> ir.Value:
    if t == F64:
        return b.bitcast(v, I64T)
    if t == I1 or t == NONE:
        return b.zext(v, I64T)
    if isinstance(v.type, ir.IntType):
        return v if v.type.width == 64 else b.sext(v, I64T)
    return b.ptrtoint(v, I64T)


def _from_slot(b: ir.IRBuilder, x: ir.Value, t: Type) -> ir.Value:
    if t == F64:
        return b.bitcast(x, llvm_type(t))
    if t == I1:
        return b.trunc(x, ir.IntType(1))
    if t == NONE:
        return ir.Constant(I8T, 0)
    lt = llvm_type(t)
    if isinstance(lt, ir.IntType):
        return x if lt.width == 64 else b.trunc(x, lt)
    return b.inttoptr(x, PTR)


def emit(fc, ins, vals: list) -> ir.Value | None:
    """The call of str_call for instruction ins with operand values vals."""
    b = fc.b
    types = [a.type for a in ins.args]
    slots = []
    for v, t in zip(vals, types):
        if isinstance(t, TupleType):
            for k, leaf in enumerate(leaves(t)):
                slots.append((_leaf(b, v, t, k), leaf))
        else:
            slots.append((v, t))
    argv = alloca(b, ir.ArrayType(I64T, max(len(slots), 1)))
    for k, (v, t) in enumerate(slots):
        b.store(_to_slot(b, v, t), b.gep(argv, [ir.Constant(I64T, k)], source_etype=I64T))
    rleaves = leaves(ins.type) if ins.type is not None else []
    out = alloca(b, ir.ArrayType(I64T, max(len(rleaves), 1)))
    desc = ins.op + "|" + ";".join(str(t) for t in types) + "|" + str(ins.type)
    status = fc.call_import("str_call", [fc.mc.string(desc), argv, out])
    fail = fc.fn.append_basic_block("str.fail")
    cont = fc.fn.append_basic_block("str.ok")
    b.cbranch(b.icmp_signed("!=", status, ir.Constant(I32T, 0)), fail, cont)
    b.block.terminator.set_weights([1, 1000])
    fb = ir.IRBuilder(fail)
    # the message is the callee's (ctx.msg); the kind is the status; the place is ours
    fields = {0: fb.sext(status, I64T), 1: ir.Constant(I64T, ins.span.line),
              2: ir.Constant(I64T, ins.span.col), 3: fc.mc.string(ins.span.file),
              5: fc.func_str}
    for i, val in fields.items():
        fb.store(val, fb.gep(fc.ctx, [ir.Constant(I32T, 0), ir.Constant(I32T, i)],
                             source_etype=CTX_T))
    fc.ret_status(fb, status)
    b.position_at_end(cont)
    if ins.type is None:
        return None
    got = [_from_slot(b, b.load(b.gep(out, [ir.Constant(I64T, k)], source_etype=I64T), typ=I64T),
                      t) for k, t in enumerate(rleaves)]
    if isinstance(ins.type, TupleType):
        return _build(b, ins.type, iter(got))
    return got[0]


def _leaf(b: ir.IRBuilder, v: ir.Value, t: TupleType, k: int) -> ir.Value:
    """The k-th scalar leaf of tuple value v of type t (tuples flattened in order)."""
    path = []

    def walk(tt: Type, prefix: list) -> None:
        if isinstance(tt, TupleType):
            for i, e in enumerate(tt.elems):
                walk(e, prefix + [i])
        else:
            path.append(prefix)
    walk(t, [])
    for i in path[k]:
        v = b.extract_value(v, i)
    return v


def _build(b: ir.IRBuilder, t: Type, it) -> ir.Value:
    if not isinstance(t, TupleType):
        return next(it)
    agg = ir.Constant(llvm_type(t), ir.Undefined)
    for i, e in enumerate(t.elems):
        agg = b.insert_value(agg, _build(b, e, it), i)
    return agg


STATUS = KIND_CODES
