"""LLVM types of the native ABI and the small IRBuilder helpers every code generator uses
(codegen, tensor and kernel code, gemm, the stdlib's math).

Contract: `llvm_type(t)` is the LLVM type of a pts type (a tensor's is its descriptor,
`desc_type`, laid out in backend/tensor_abi.py); CTX_T is the context struct of CTX_FIELDS
and IMPORT_TYPES the types of the import table's functions (backend/abi.py); lists are
LIST_T headers.  This module generates no code: it names types and builds small sequences
into a given builder.
"""
from __future__ import annotations

from llvmlite import ir

from pts.backend.abi import CTX_FIELDS, IMPORT_MATH
from pts.ir.core import Function
from pts.ir.types import (F16, INT_BITS, C128, DTYPE_OF_SCALAR, F32, F64, I1, I32, I64, NONE, STR, DictType, ListType, SetType,
                          ObjType, OptionalType, TensorType, TupleType, Type)

I1T, I8T, I32T, I64T, F64T = ir.IntType(1), ir.IntType(8), ir.IntType(32), ir.IntType(64), ir.DoubleType()
PTR = ir.PointerType()
VOID = ir.VoidType()
LIST_T = ir.LiteralStructType([I64T, I64T, PTR, PTR])

CTX_T = ir.LiteralStructType([I64T, I64T, I64T, PTR, PTR, PTR, PTR, PTR, I64T, PTR, PTR])
ARENA_NEXT, ARENA_END = CTX_FIELDS.index("arena_next"), CTX_FIELDS.index("arena_end")
STACK_LIMIT = CTX_FIELDS.index("stack_limit")
IMPORT_TYPES = {
    "malloc": ir.FunctionType(PTR, [I64T]),
    "realloc": ir.FunctionType(PTR, [PTR, I64T]),
    "free": ir.FunctionType(VOID, [PTR]),
    "write_str": ir.FunctionType(VOID, [PTR, PTR]),
    "write_i64": ir.FunctionType(VOID, [PTR, I64T]),
    "write_f64": ir.FunctionType(VOID, [PTR, F64T]),
    "write_bool": ir.FunctionType(VOID, [PTR, I64T]),
    "write_list": ir.FunctionType(VOID, [PTR, PTR, I64T]),
    "write_err": ir.FunctionType(VOID, [PTR, PTR]),
    # fn(data, begin, end) on chunks of [0, n), each >= grain, over the thread pool
    "parallel_for": ir.FunctionType(VOID, [PTR, PTR, I64T, I64T]),
    "str_call": ir.FunctionType(I32T, [PTR, PTR, PTR, PTR]),
    # runtime/c/dicts.h
    "dict_new": ir.FunctionType(PTR, [PTR, PTR, I64T]),
    "dict_find": ir.FunctionType(PTR, [PTR, PTR]),
    "dict_put": ir.FunctionType(PTR, [PTR, PTR, PTR]),
    "dict_del": ir.FunctionType(I64T, [PTR, PTR, PTR]),
    "dict_next": ir.FunctionType(I64T, [PTR, I64T]),
    "dict_last": ir.FunctionType(I64T, [PTR]),
    "dict_entry": ir.FunctionType(PTR, [PTR, I64T]),
    "dict_clear": ir.FunctionType(ir.VoidType(), [PTR]),
    "dict_copy": ir.FunctionType(PTR, [PTR, PTR]),
    "str_op": ir.FunctionType(I32T, [PTR, PTR, PTR, PTR]),
    "str_alloc": ir.FunctionType(PTR, [PTR, I64T, I64T]),
}
IMPORT_TYPES.update({n: ir.FunctionType(F64T, [F64T] * k) for n, k in IMPORT_MATH.items()})
ELEM_KIND = {I1: 0, I64: 1, F64: 2}

# sqrt, floor, ceil and fabs are instructions; hypot is CPython's own (ModuleCodegen.hypot);
# every other math function is libm's, called through the import table (IMPORT_MATH) rather
# than an LLVM intrinsic or a symbol by name
LLVM_INTRINSIC_MATH = {"sqrt", "floor", "ceil", "fabs", "copysign"}
LIBM_MATH = {"exp", "log", "log2", "log10", "sin", "cos", "pow", "tan", "asin", "acos", "atan",
             "sinh", "cosh", "tanh", "atan2", "log1p", "expm1", "erf", "erfc", "cbrt", "exp2",
             "nextafter"}


def desc_type(rank: int) -> ir.LiteralStructType:
    arr = ir.ArrayType(I64T, rank)
    return ir.LiteralStructType([PTR, PTR, arr, arr])


def llvm_type(t: Type) -> ir.Type:
    t = DTYPE_OF_SCALAR.get(t, t)     # numpy scalars (np.float64, ...) are plain values
    if t == I1:
        return I1T
    if t == I64:
        return I64T
    if t == F64:
        return F64T
    if t == F32:
        return ir.FloatType()
    if t == I32:
        return I32T
    if t == F16:                             # a float16 computes as the float32 of its value
        return ir.FloatType()
    if t in INT_BITS:                        # int8 ... uint64 (tensor_abi.REG)
        return ir.IntType(INT_BITS[t])
    if isinstance(t, TensorType):
        return desc_type(t.rank)
    if t == STR or isinstance(t, (ListType, DictType, SetType, ObjType)):
        return PTR
    if t == NONE:
        return I8T
    if isinstance(t, TupleType):
        return ir.LiteralStructType([llvm_type(e) for e in t.elems])
    if t == C128:                            # {re, im} (backend.complex_ops)
        return ir.LiteralStructType([F64T, F64T])
    if isinstance(t, OptionalType):          # {present, value} (backend.optional_ops)
        return ir.LiteralStructType([I1T, llvm_type(t.elem)])
    raise NotImplementedError(f"no LLVM type for {t}")


def is_float(v: ir.Value) -> bool:
    return isinstance(v.type, (ir.FloatType, ir.DoubleType))


def mem_type(t: Type) -> ir.Type:
    """How a list element is stored in memory (bools as bytes)."""
    return I8T if t == I1 else llvm_type(t)


def elem_size(t: Type) -> int:
    """Bytes a list element of type t takes (LLVM's layout of mem_type(t); the runtime's
    copies in and out use the same rule: runtime.list_values.layout)."""
    from pts.runtime.list_values import layout
    return layout(t)[0]


def result_type(f: Function) -> ir.Type:
    """Internal functions return `{i32 status, T value}` in registers (just i32 for none)."""
    if f.ret_type == NONE:
        return I32T
    return ir.LiteralStructType([I32T, llvm_type(f.ret_type)])


def alloca(b: ir.IRBuilder, t: ir.Type):
    """A stack slot typed as an opaque pointer (llvmlite would print a typed one)."""
    slot = b.alloca(t)
    slot.type = PTR
    return slot


def fast_or_slow(b: ir.IRBuilder, fn: ir.Function, ok, fast, slow, name: str):
    """`fast()` where `ok`, else `slow()` (each a function emitting code at the builder and
    returning its value; the slow one is marked unlikely): the phi of the two, the builder
    after it."""
    fast_block = fn.append_basic_block(f"{name}.fast")
    slow_block = fn.append_basic_block(f"{name}.slow")
    join = fn.append_basic_block(f"{name}.done")
    b.cbranch(ok, fast_block, slow_block)
    b.block.terminator.set_weights([1000, 1])
    b.position_at_end(slow_block)
    slow_value = slow()
    slow_end = b.block
    b.branch(join)
    b.position_at_end(fast_block)
    fast_value = fast()
    fast_end = b.block
    b.branch(join)
    b.position_at_end(join)
    phi = b.phi(slow_value.type)
    phi.add_incoming(fast_value, fast_end)
    phi.add_incoming(slow_value, slow_end)
    return phi


def splat(b: ir.IRBuilder, x, vt: ir.VectorType):
    """A vector of type vt with x in every lane."""
    undef = ir.Constant(vt, ir.Undefined)
    return b.shuffle_vector(b.insert_element(undef, x, ir.Constant(ir.IntType(32), 0)), undef,
                            ir.Constant(ir.VectorType(ir.IntType(32), vt.count), [0] * vt.count))


def store_fields(b: ir.IRBuilder, ptr, struct_t: ir.LiteralStructType, values: list) -> None:
    """Fill the struct at ptr field by field (the data block of a parallel_for task)."""
    for i, v in enumerate(values):
        b.store(v, b.gep(ptr, [ir.Constant(I32T, 0), ir.Constant(I32T, i)], source_etype=struct_t))


def load_fields(b: ir.IRBuilder, ptr, struct_t: ir.LiteralStructType) -> list:
    return [b.load(b.gep(ptr, [ir.Constant(I32T, 0), ir.Constant(I32T, i)], source_etype=struct_t),
                   typ=t) for i, t in enumerate(struct_t.elements)]


def leaves(t: Type) -> list[Type]:
    """Scalar slots of a value in the boxed ABI (tuples flattened)."""
    if isinstance(t, TupleType):
        return [leaf for e in t.elems for leaf in leaves(e)]
    if isinstance(t, OptionalType):          # the flag, then the value's slots
        return [I1] + leaves(t.elem)
    return [t]


def symbol(name: str) -> str:
    return "pts." + name
