"""Calling compiled code from Python: the context, the import table, argument boxing.

Contract: `NativeEntry(native_module, ir_function)(args)` calls the boxed entry point of a
compiled function with Python values and returns Python values (see `ir.types` for the
mapping), raising the scripted exception on a non-zero status.  List arguments are copied
into runtime lists and copied back afterwards, so a scripted `xs.append(1)` is seen by
the caller as in Python.  All lists made during the call are freed before returning.

The import table gives generated code memory (malloc/free: runtime/c/blocks.c, libc
realloc), output (`print` writes go to Python's `sys.stdout`, so redirection and capture
work), libm's math functions (the C functions CPython's math module calls too) and the
thread pool of parallel kernels (runtime/threads.py).

Most signatures are not called through here: `ScriptFunction` and `ScriptMethod` register
them with the C dispatcher (pts._dispatch, runtime/_dispatch.c) using
`NativeEntry.dispatch_info` (with `result_program` and `arg_program` for results and
arguments of several slots), and the dispatcher calls the boxed entry itself.  This module
is the fallback for everything else (str and list arguments, float32 scalars, ...), for
arguments the dispatcher hands back (ndarray subclasses, byte-swapped or oddly strided
arrays) and for builds without the extension (`DISPATCH` is then None).
"""
from __future__ import annotations

import ctypes
import math
import struct
import sys
import threading

from pts.backend.abi import CTX_FIELDS, IMPORT_MATH, IMPORTS
from pts.errors import Span, kind_of_code, runtime_error
from pts.runtime import threads as _threads
from pts.ir.types import (ObjType, C128, F64, I1, I64, NONE, STR, DictType, ListType, OptionalType, SetType, VarTupleType,
                          TensorType, TupleType, Type)

_libc = ctypes.CDLL(None)
_libc.malloc.restype = ctypes.c_void_p
_libc.malloc.argtypes = [ctypes.c_size_t]
_libc.free.argtypes = [ctypes.c_void_p]


class Context(ctypes.Structure):
    _fields_ = [("kind", ctypes.c_int64), ("line", ctypes.c_int64), ("col", ctypes.c_int64),
                ("file", ctypes.c_char_p), ("msg", ctypes.c_char_p), ("func", ctypes.c_char_p),
                ("imports", ctypes.c_void_p), ("lists", ctypes.c_void_p),
                ("stack_limit", ctypes.c_int64), ("arena_next", ctypes.c_void_p),
                ("arena_end", ctypes.c_void_p)]


# Native stack a call may use before recursive functions raise RecursionError.  Python
# threads get 8 MiB stacks on Linux by default; leave room for the interpreter's frames.
STACK_BUDGET = 4 << 20


assert [f[0] for f in Context._fields_] == CTX_FIELDS


def error_from_status(status: int, file: str | None, line: int, col: int, msg: str | None,
                      func: str | None) -> BaseException:
    """The Python exception for a non-zero status of a native call and the context's fields."""
    kind = kind_of_code(status)      # (a user kind this process compiled, else RuntimeError)
    exc = runtime_error(kind, msg or "", Span(file or "<unknown>", line, col), func)
    exc.__suppress_context__ = True
    return exc


def _load_dispatch():
    """The C dispatcher module, or None if it is not built or disagrees about the context."""
    try:
        from pts import _dispatch
    except ImportError:
        return None
    if list(_dispatch.CTX_LAYOUT) != [(n, getattr(Context, n).offset) for n, _ in Context._fields_]:
        return None
    if not hasattr(_dispatch, "set_unbox_hook"):    # built from older sources: rebuilt next
        return None
    _dispatch.set_error_hook(error_from_status)
    return _dispatch


DISPATCH = _load_dispatch()
_DISPATCH_SLOT = {I64: "i", F64: "f", I1: "b", NONE: "n"}


def _dispatch_slot(t: Type) -> str | None:
    """The C dispatcher's slot type for a parameter or result of type t, if it has one."""
    return "t" if type(t) is TensorType else _DISPATCH_SLOT.get(t)


_LEAF_OPS = {I64: b"i", F64: b"f", I1: b"b", C128: b"c", NONE: b"n", STR: b"s"}
_LIST_OPS = {I64: b"i", F64: b"f", I1: b"b"}


def _numpy_scalar_leaf(t: Type):
    """(op, leaf object) of a numpy scalar result the C dispatcher makes itself
    (box_value's 'x' and 'y': np.float64, np.int64, np.float32 and the fixed-width ints,
    np.bool_ as numpy's own two objects), else None (float16: the hook's).  Only where
    numpy's scalar objects have the layout box_value writes: the head, then the value."""
    from pts.ir.types import F32, INT_BITS, NPF64, NPI1, NPI64
    if t not in (NPF64, NPI64, NPI1, F32) and t not in INT_BITS:
        return None
    import numpy as np
    if t == NPI1:
        return b"y", (np.False_, np.True_)
    from pts.runtime.tensors import NATIVE
    typ = {NPF64: np.float64, NPI64: np.int64}.get(t) or NATIVE[t].type
    size = np.dtype(typ).itemsize
    if typ.__basicsize__ < _OBJECT_HEAD + size or typ.__itemsize__:
        return None
    return b"x", (typ, size)


_OBJECT_HEAD = object.__basicsize__     # sizeof(PyObject): where a numpy scalar's value is


def result_program(t: Type) -> tuple | None:
    """The C dispatcher's program for a result of type t made of several slots or of
    memory of the call (tuples, None, Optional, str, lists, ...: `box_value` in
    runtime/_dispatch.c): (bytes, leaf objects, slot count), or None if it cannot make it
    (too many slots, leaves or arrays).  Leaves it does not make itself (dicts, sets,
    lists of anything but numbers, float32 scalars) are `unbox_leaf`'s."""
    objs: list = []
    tensors = [0]

    def emit(t: Type) -> bytes:
        if type(t) is TensorType:
            from pts.runtime.tensors import NATIVE    # (numpy is imported: a tensor result)
            dtype = NATIVE[t.dtype]
            objs.append((dtype, dtype.itemsize, t.rank, t))
            tensors[0] += 1
            return b"t" + bytes([len(objs) - 1])
        if isinstance(t, TupleType):
            if len(t.elems) > 255:
                raise OverflowError
            return b"(" + bytes([len(t.elems)]) + b"".join(emit(e) for e in t.elems)
        if isinstance(t, OptionalType):
            inner = emit(t.elem)
            return b"?" + bytes([_slots(t.elem), len(inner)]) + inner
        op = _LEAF_OPS.get(t)
        if op is not None:
            return op
        scalar = _numpy_scalar_leaf(t)
        if scalar is not None:
            objs.append(scalar[1])
            return scalar[0] + bytes([len(objs) - 1])
        if isinstance(t, ListType) and t.elem in _LIST_OPS and not isinstance(t, VarTupleType):
            return b"l" + _LIST_OPS[t.elem]
        objs.append(t)
        return b"h" + bytes([len(objs) - 1])
    if not _leaves_apart(t):
        return None
    try:
        prog = emit(t)
    except (OverflowError, ValueError, KeyError):     # (bytes([n]) for n > 255)
        return None
    nres = _slots(t)
    if DISPATCH is None or nres > DISPATCH.MAX_RESULTS or tensors[0] > DISPATCH.MAX_SEEN \
            or len(objs) > 256:
        return None
    return prog, tuple(objs), nres


_ARG_OPS = {(I64, I64): b"i", (I64, F64): b"I", (F64, F64): b"f", (I1, I1): b"b",
            (I1, I64): b"B", (I1, F64): b"D", (NONE, NONE): b"n"}


def arg_program(value: Type, param: Type) -> bytes | None:
    """The C dispatcher's program for an argument whose value has type `value` (as the
    signature saw it) passed to a parameter of type `param` made of several slots or None
    (`unbox_arg` in runtime/_dispatch.c): tuples of numbers and bools at any depth, None,
    Optionals of those.  None for what it does not take (str, lists, arrays in tuples)."""
    op = _ARG_OPS.get((value, param))
    if op is not None:
        return op
    if isinstance(param, OptionalType):
        if value == NONE:
            return b"0" + bytes([_slots(param.elem)]) if _slots(param.elem) < 256 else None
        inner = arg_program(value, param.elem)
        return None if inner is None else b"1" + inner
    if isinstance(value, TupleType) and isinstance(param, TupleType) and \
            len(value.elems) == len(param.elems) < 256:
        parts = [arg_program(v, p) for v, p in zip(value.elems, param.elems)]
        return None if None in parts else b"(" + bytes([len(parts)]) + b"".join(parts)
    return None


def _containers(t: Type) -> list:
    """The lists, dicts and sets of a result of type t outside other containers."""
    if isinstance(t, TupleType):
        return [c for e in t.elems for c in _containers(e)]
    if isinstance(t, OptionalType):
        return _containers(t.elem)
    return [t] if isinstance(t, (ListType, DictType, SetType)) else []


def _inside(t: Type, kinds) -> bool:
    """Does a value of type t hold a value of one of `kinds` (types' classes)?"""
    if isinstance(t, kinds):
        return True
    if isinstance(t, (TupleType,)):
        return any(_inside(e, kinds) for e in t.elems)
    for inner in ("elem", "key", "val"):
        sub = getattr(t, inner, None)
        if isinstance(sub, Type) and _inside(sub, kinds):
            return True
    return False


def _leaves_apart(t: Type) -> bool:
    """Can the C dispatcher make each container of a result of type t on its own (the
    Python path reads them all with one Marshal, which makes a runtime list seen twice
    one Python list, and arrays inside them with the call's TensorCall)?  At most one
    list, dict or set, no array inside it, no list inside a dict or set."""
    cs = _containers(t)
    if len(cs) > 1:
        return False
    for c in cs:
        elem = getattr(c, "elem", None)
        parts = [elem] if elem is not None else [getattr(c, "key", None), getattr(c, "val", None)]
        for part in parts:
            if isinstance(part, Type) and (_inside(part, (TensorType,)) or
                                           (not isinstance(c, ListType) and
                                            _inside(part, (ListType,)))):
                return False
    return True


def unbox_leaf(raw: int, t: Type):
    """The value of a result slot of type t the C dispatcher does not make itself (its
    unbox hook): a list of anything, a dict, a set, a float32 or int32 scalar."""
    if isinstance(t, VarTupleType):
        return tuple(read_list(raw, t.elem))
    if isinstance(t, ListType):
        return read_list(raw, t.elem)
    if isinstance(t, (DictType, SetType)):
        return NativeEntry._read_hash(None, raw, t)
    from pts.runtime.tensors import unbox_other
    return unbox_other(raw, t, None)


if DISPATCH is not None:
    DISPATCH.set_unbox_hook(unbox_leaf)


class ListHeader(ctypes.Structure):
    _fields_ = [("len", ctypes.c_int64), ("cap", ctypes.c_int64), ("data", ctypes.c_void_p),
                ("next", ctypes.c_void_p)]


def _write(text: str) -> None:
    sys.stdout.write(text)


def _fmt_list(ptr: int, kind: int) -> str:
    return repr(read_list(ptr, [I1, I64, F64][kind]))


WRITE_STR = ctypes.CFUNCTYPE(None, ctypes.c_void_p, ctypes.c_char_p)(
    lambda ctx, s: _write(s.decode("utf-8")))
WRITE_ERR = ctypes.CFUNCTYPE(None, ctypes.c_void_p, ctypes.c_char_p)(
    lambda ctx, s: sys.stderr.write(s.decode("utf-8")))
WRITE_I64 = ctypes.CFUNCTYPE(None, ctypes.c_void_p, ctypes.c_int64)(lambda ctx, v: _write(str(v)))
WRITE_F64 = ctypes.CFUNCTYPE(None, ctypes.c_void_p, ctypes.c_double)(lambda ctx, v: _write(repr(v)))
WRITE_BOOL = ctypes.CFUNCTYPE(None, ctypes.c_void_p, ctypes.c_int64)(
    lambda ctx, v: _write("True" if v else "False"))
WRITE_LIST = ctypes.CFUNCTYPE(None, ctypes.c_void_p, ctypes.c_void_p, ctypes.c_int64)(
    lambda ctx, p, k: _write(_fmt_list(p, k)))

_IMPORT_ADDRS = {
    "malloc": ctypes.cast(_libc.malloc, ctypes.c_void_p).value,
    "realloc": ctypes.cast(_libc.realloc, ctypes.c_void_p).value,
    "free": ctypes.cast(_libc.free, ctypes.c_void_p).value,
    "write_str": ctypes.cast(WRITE_STR, ctypes.c_void_p).value,
    "write_i64": ctypes.cast(WRITE_I64, ctypes.c_void_p).value,
    "write_f64": ctypes.cast(WRITE_F64, ctypes.c_void_p).value,
    "write_bool": ctypes.cast(WRITE_BOOL, ctypes.c_void_p).value,
    "write_list": ctypes.cast(WRITE_LIST, ctypes.c_void_p).value,
    "write_err": ctypes.cast(WRITE_ERR, ctypes.c_void_p).value,
}
try:
    _libm = ctypes.CDLL("libm.so.6")
except OSError:                       # not glibc: ask (find_library runs a subprocess)
    import ctypes.util                # (slow to import: subprocess, re)
    _libm = ctypes.CDLL(ctypes.util.find_library("m"))
_dlvsym = getattr(_libc, "dlvsym", None)     # glibc only
if _dlvsym is not None:
    _dlvsym.restype = ctypes.c_void_p
    _dlvsym.argtypes = [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_char_p]


def libm_address(name: str) -> int:
    """Where libm's function `name` is: on glibc, its `__NAME_finite` entry where it has one,
    else `name`.  glibc's exp, log, pow, cosh, fmod ... are wrappers that call that entry and
    then look at the result to set errno; our code tests the result itself, and the wrapper
    cost integral's loop as much as exp itself.  The entry computes the same values bit for
    bit: it is the function the wrapper calls (tests/runtime/test_libm_entries.py)."""
    if _dlvsym is not None:
        addr = _dlvsym(_libm._handle, f"__{name}_finite".encode(), b"GLIBC_2.15")
        if addr:
            return addr
    return ctypes.cast(getattr(_libm, name), ctypes.c_void_p).value


for _name in IMPORT_MATH:             # the C functions themselves: no Python in the call
    _IMPORT_ADDRS[_name] = libm_address(_name)
_IMPORT_ADDRS["parallel_for"] = _threads.PARALLEL_FOR   # the pool (serial without pts._threads)
if _threads.BLOCK_MALLOC is not None:       # large blocks reused (runtime/c/blocks.h)
    _IMPORT_ADDRS["malloc"], _IMPORT_ADDRS["free"] = _threads.BLOCK_MALLOC, _threads.BLOCK_FREE
from pts.runtime import strings as _strings    # noqa: E402 - str values (the str_call import)
_IMPORT_ADDRS["str_call"], _IMPORT_ADDRS["str_op"] = _strings.STR_CALL_ADDRESS, _strings.STR_OP_ADDRESS
_IMPORT_ADDRS["str_alloc"] = _strings.STR_ALLOC_ADDRESS
from pts.runtime import list_values as _list_values    # noqa: E402 - lists of anything
_strings.set_allocator(_IMPORT_ADDRS["malloc"])
from pts.runtime import dicts as _dicts         # noqa: E402 - dicts and sets (pts._dicts)
_IMPORT_ADDRS.update(_dicts.ADDRESSES)
IMPORT_TABLE = (ctypes.c_void_p * len(IMPORTS))(*[_IMPORT_ADDRS[n] for n in IMPORTS])

_ELEM_CTYPE = {I1: ctypes.c_uint8, I64: ctypes.c_int64, F64: ctypes.c_double}
_D = struct.Struct("<d")
_Q = struct.Struct("<q")

BOXED = ctypes.CFUNCTYPE(ctypes.c_int32, ctypes.POINTER(Context), ctypes.c_void_p, ctypes.c_void_p)
RELEASE = ctypes.CFUNCTYPE(None, ctypes.POINTER(Context))


def read_list(ptr: int, elem: Type) -> list:
    if elem not in _ELEM_CTYPE:                 # str, lists, tuples, Optionals: any depth
        return _list_values.read_list(ptr, elem)
    hdr = ListHeader.from_address(ptr)
    if hdr.len == 0:
        return []
    arr = (_ELEM_CTYPE[elem] * hdr.len).from_address(hdr.data)
    if elem == I1:
        return [bool(x) for x in arr]
    return list(arr)


def new_list(ctx: Context, values: list, elem: Type) -> int:
    """A runtime list holding `values`, chained into the context's arena."""
    if elem == STR:
        return _strings.new_list(ctypes.addressof(ctx), values, elem)
    n = len(values)
    cap = max(n, 4)
    ctype = _ELEM_CTYPE[elem]
    hdr_p = _libc.malloc(ctypes.sizeof(ListHeader))
    data_p = _libc.malloc(cap * ctypes.sizeof(ctype))
    if not hdr_p or not data_p:
        raise MemoryError("pts: out of memory")
    if n:
        (ctype * n).from_address(data_p)[:] = values
    hdr = ListHeader.from_address(hdr_p)
    hdr.len, hdr.cap, hdr.data, hdr.next = n, cap, data_p, ctx.lists
    ctx.lists = hdr_p
    return hdr_p


def _int64(v: int) -> int:
    if not -9223372036854775808 <= v <= 9223372036854775807:
        raise OverflowError("Python int too large to convert to a 64-bit pts int")
    return v


def to_type(value, t: Type):
    """Convert a Python argument to what a parameter of type t holds (int -> float, ...)."""
    if t == F64:
        return float(value)
    if t == I64:
        return _int64(int(value))
    if t == I1:
        return bool(value)
    if isinstance(t, TupleType):
        return tuple(to_type(v, e) for v, e in zip(value, t.elems))
    if isinstance(t, OptionalType):
        return None if value is None else to_type(value, t.elem)
    if t == C128:
        return complex(value)
    return value


def holds_object(t: Type) -> bool:
    from pts.ir.object_ops import has_object
    return has_object(t)


class NativeEntry:
    """A compiled function callable with Python values.  `classes` / `class_types`: the
    module's class table and classes, for objects in the arguments and results
    (runtime.object_values)."""

    classes: dict = {}
    class_types: dict = {}
    class_bases: dict = {}

    def __init__(self, native, func):
        self.native = native
        self.func = func
        self.param_types = func.param_types
        self.ret_type = func.ret_type
        self.entry_address = native.entry_address(func.name)
        self.release_address = native.release_address()
        self.fn = BOXED(self.entry_address)
        self.release = RELEASE(self.release_address)
        self.nargs = sum(_slots(t) for t in self.param_types)
        self.nres = _slots(self.ret_type) if self.ret_type != NONE else 0
        self.scalar = all(t in (I64, F64, I1) for t in self.param_types) and \
            self.ret_type in (I64, F64, I1, NONE)
        self._tls = threading.local()

    def dispatch_info(self, value_types: tuple | None = None) -> tuple | None:
        """What `Dispatcher._add_entry` needs to call this entry from C (after the argument
        kinds): (parameter slots, result, entry address, release address, import table
        address, stack budget, arrays, result program, argument programs); None if the C
        dispatcher cannot call it.  `value_types`, the types of the arguments' values,
        lets it take tuples and None (`arg_program`)."""
        if any(map(holds_object, list(self.param_types) + [self.ret_type])):
            return None              # objects cross through the Marshal (runtime.object_values)
        slots = [_dispatch_slot(t) for t in self.param_types]
        progs = None
        if value_types is not None and len(value_types) == len(slots) and \
                any(s is None or s == "n" for s in slots):
            progs = tuple(arg_program(v, t) if s is None or s == "n" else None
                          for s, v, t in zip(slots, value_types, self.param_types))
            slots = [("g" if p is not None else None) if s is None or s == "n" else s
                     for s, p in zip(slots, progs)]
            progs = (progs, sum(_slots(t) for t in self.param_types))
        ret = _dispatch_slot(self.ret_type)
        program = None
        if ret is None:
            program = result_program(self.ret_type)
            ret = "g" if program is not None else None
        if DISPATCH is None or None in slots or ret is None:
            return None
        arrays = None
        if "t" in slots or ret == "t":
            from pts.runtime.tensors import dispatch_arrays     # imports numpy
            arrays = dispatch_arrays(self.param_types, self.ret_type)
            if arrays is None:
                return None
        return ("".join(slots), ret, self.entry_address, self.release_address,
                ctypes.addressof(IMPORT_TABLE), STACK_BUDGET, arrays, program, progs)

    def __call__(self, args):
        if self.scalar:
            return self.call_scalar(args)
        return self.call_general(args)

    def _buffers(self):
        """Per-thread context and argument slots, reused across calls of scalar signatures."""
        ctx = Context()
        ctx.imports = ctypes.addressof(IMPORT_TABLE)
        argv = (ctypes.c_int64 * max(self.nargs, 1))()
        resv = (ctypes.c_int64 * max(self.nres, 1))()
        bufs = (ctx, ctypes.byref(ctx), argv, (ctypes.c_double * len(argv)).from_buffer(argv),
                ctypes.addressof(argv), resv, (ctypes.c_double * len(resv)).from_buffer(resv),
                ctypes.addressof(resv))
        self._tls.bufs = bufs
        return bufs

    def call_scalar(self, args):
        """The fast path: ints, floats and bools in and out, no allocation per call."""
        try:
            ctx, ctx_ref, argv, argv_d, argv_p, resv, resv_d, resv_p = self._tls.bufs
        except AttributeError:
            ctx, ctx_ref, argv, argv_d, argv_p, resv, resv_d, resv_p = self._buffers()
        for i, (value, t) in enumerate(zip(args, self.param_types)):
            if t == F64:
                argv_d[i] = value
            elif t == I64:
                argv[i] = _int64(value)
            else:
                argv[i] = 1 if value else 0
        ctx.stack_limit = STACK_BUDGET
        status = self.fn(ctx_ref, argv_p, resv_p)
        if status:
            exc = self._error(ctx, status)     # (its message may live in the arena)
            if ctx.lists:
                self.release(ctx_ref)
            raise exc
        if ctx.lists:
            self.release(ctx_ref)
        t = self.ret_type
        if t == I64:
            return resv[0]
        if t == F64:
            return resv_d[0]
        if t == I1:
            return bool(resv[0])
        return None

    def call_general(self, args):
        ctx = Context()
        ctx.imports = ctypes.addressof(IMPORT_TABLE)
        argv = (ctypes.c_int64 * max(self.nargs, 1))()
        resv = (ctypes.c_int64 * max(self.nres, 1))()
        from pts.runtime.tensors import TensorCall     # imports numpy: not for scalar code
        tensors = TensorCall()
        lists = _list_values.Marshal(ctypes.addressof(ctx), tensors)
        lists.classes, lists.class_types = self.classes, self.class_types   # (object_values)
        lists.class_bases = self.class_bases
        plans = self.__dict__.get("_class_plans")
        if plans is None or plans[0] is not self.classes:     # (marshalling plans, per table)
            plans = self.__dict__["_class_plans"] = (self.classes, {})
        lists.plans = plans[1]
        try:
            slot = 0
            for value, t in zip(args, self.param_types):
                slot = self._box(ctx, value, t, argv, slot, lists, tensors)
            ctx.stack_limit = STACK_BUDGET
            lists.seal_objects()                   # (copy_back_objects: what the call changed)
            status = self.fn(ctypes.byref(ctx), ctypes.addressof(argv), ctypes.addressof(resv))
            # Copy the lists back before raising too: as in Python, a list the callee
            # mutated before raising shows the mutation to the caller.
            lists.copy_back()
            lists.copy_back_hashes()                       # dict and set arguments
            if status != 0:
                raise self._error(ctx, status)
            if self.ret_type == NONE:
                return None
            return self._unbox(resv, self.ret_type, [0], tensors, lists)
        finally:
            self.release(ctypes.byref(ctx))

    def _box(self, ctx, value, t: Type, argv, slot: int, lists, tensors=None) -> int:
        if type(t) is TensorType:       # first, and by type: Type.__eq__ is a dataclass's
            argv[slot] = tensors.box(value, t)
            return slot + 1
        if isinstance(t, TupleType):
            for v, e in zip(value, t.elems):
                slot = self._box(ctx, v, e, argv, slot, lists, tensors)
            return slot
        if t == C128:                       # two f64 slots: re, im
            value = complex(value)
            argv[slot] = _Q.unpack(_D.pack(value.real))[0]
            argv[slot + 1] = _Q.unpack(_D.pack(value.imag))[0]
            return slot + 2
        if isinstance(t, OptionalType):     # the flag, then the value's slots (zeros for None)
            argv[slot] = 0 if value is None else 1
            if value is not None:
                return self._box(ctx, value, t.elem, argv, slot + 1, lists, tensors)
            return slot + 1 + _slots(t.elem)
        if t == F64:
            argv[slot] = _Q.unpack(_D.pack(float(value)))[0]
        elif t == I64:
            argv[slot] = _int64(int(value))
        elif t == I1:
            argv[slot] = 1 if value else 0
        elif isinstance(t, VarTupleType):           # a Tuple[T, ...]: a list at run time
            argv[slot] = lists.new_list(list(value), t.elem)
        elif isinstance(t, ListType):
            argv[slot] = lists.new_list(value, t.elem)
        elif isinstance(t, (DictType, SetType)):
            argv[slot] = lists.new_hash(value, t)
        elif t == NONE:
            argv[slot] = 0
        elif isinstance(t, ObjType):                  # (runtime.object_values)
            argv[slot] = lists.new_object(value, t.name)
        elif t == STR:
            argv[slot] = _strings.new_str(ctypes.addressof(ctx), value)
        else:
            from pts.runtime.tensors import box_other   # tensors, float32 and int32 scalars
            argv[slot] = box_other(value, t, tensors)
        return slot + 1

    def _unbox(self, resv, t: Type, pos: list, tensors=None, lists=None):
        if t == C128:
            re, im = self._unbox(resv, F64, pos), self._unbox(resv, F64, pos)
            return complex(re, im)
        if isinstance(t, TupleType):
            return tuple(self._unbox(resv, e, pos, tensors, lists) for e in t.elems)
        if isinstance(t, OptionalType):
            present = resv[pos[0]]
            pos[0] += 1
            if not present:
                pos[0] += _slots(t.elem)
                return None
            return self._unbox(resv, t.elem, pos, tensors, lists)
        raw = resv[pos[0]]
        pos[0] += 1
        if type(t) is TensorType:
            return tensors.unbox(raw, t)
        if t == F64:
            return _D.unpack(_Q.pack(raw))[0]
        if t == I64:
            return raw
        if t == I1:
            return bool(raw)
        if t == NONE:
            return None
        if isinstance(t, VarTupleType):
            return tuple(lists.read_list(raw, t.elem) if lists is not None
                         else read_list(raw, t.elem))
        if isinstance(t, ListType):
            # (through the call's Marshal: an argument list returned is the caller's list)
            return lists.read_list(raw, t.elem) if lists is not None else read_list(raw, t.elem)
        if isinstance(t, (DictType, SetType)):
            return lists.read_hash(raw, t) if lists is not None else self._read_hash(raw, t)
        if isinstance(t, ObjType):
            return lists.read_object(raw, t.name)
        if t == STR:
            return _strings.read_str(raw)
        from pts.runtime.tensors import unbox_other     # tensors, float32 and int32 scalars
        return unbox_other(raw, t, tensors)

    def _read_hash(self, ptr: int, t: Type, lists=None):
        def leaf(x: int, lt: Type):
            if lt == STR:
                return _strings.read_str(x)
            if isinstance(lt, ListType):
                return lists.read_list(x, lt.elem) if lists is not None else read_list(x, lt.elem)
            return _dicts.scalar_value(x, lt)
        return _dicts.read_hash(ptr, t, leaf)

    def _error(self, ctx: Context, status: int) -> BaseException:
        def text(b):
            return b.decode("utf-8") if b else None
        return error_from_status(status, text(ctx.file), ctx.line, ctx.col, text(ctx.msg),
                                 text(ctx.func))


def _slots(t: Type) -> int:
    if isinstance(t, TupleType):
        return sum(_slots(e) for e in t.elems)
    if isinstance(t, OptionalType):
        return 1 + _slots(t.elem)
    return 2 if t == C128 else 1


del math
