"""Lists of anything between Python and native memory: element layout, and copying Python
values into runtime lists and back, nested to any depth.

Contract: `layout(t)` is (size, alignment) of a value of type t stored in memory, as LLVM
lays out `llvm_type(t)` (bools and None as one byte; tuples and Optionals as structs with
natural alignment; a list, a str: one pointer) — backend/list_ops.py stores list elements
with it.  `Marshal(ctx)` copies values of one call: `new_list(values, elem)` makes a runtime
list in the call's arena (nested lists become runtime lists too), `read_list(ptr, elem)`
reads one back.  A Marshal remembers which Python list became which runtime list and back,
so a list that appears twice in the arguments is one runtime list (aliasing is kept, as in
CPython), and a runtime list reached twice from the results is one Python list; `copy_back`
refreshes the caller's lists in place after the call (a nested argument list keeps its
identity).  Arrays in lists cross as descriptors through the call's TensorCall (borrowed in,
owned out, as arrays passed directly); an argument array still in its list after the call
reads back as the same numpy object.
"""
from __future__ import annotations

import ctypes
import sys

from pts.ir.types import (F16, I8, I16, INT_BITS, U8, U16, U32, U64, C128, DTYPE_NAMES, DTYPE_OF_SCALAR, NUMPY_SCALARS, F32, F64, I1, I32, I64, NONE, STR, UNKNOWN, ListType,
                          DictType, SetType, VarTupleType,
                          ObjType, OptionalType, TensorType, TupleType, Type)

_SCALAR = {I1: (1, 1), NONE: (1, 1), I64: (8, 8), F64: (8, 8), F32: (4, 4), I32: (4, 4),
           STR: (8, 8), UNKNOWN: (8, 8), C128: (16, 8),     # complex: {re, im}
           F16: (4, 4),                                     # a float16 is held as a float
           **{t: (b // 8, b // 8) for t, b in INT_BITS.items()}}


def _struct(fields: list[Type]) -> tuple[int, int, list[int]]:
    """(size, alignment, field offsets) of an LLVM literal struct of these fields."""
    off, align, offsets = 0, 1, []
    for f in fields:
        s, a = layout(f)
        off = (off + a - 1) // a * a
        offsets.append(off)
        off += s
        align = max(align, a)
    return (off + align - 1) // align * align, align, offsets


def _fields(t: Type) -> list[Type]:
    return list(t.elems) if isinstance(t, TupleType) else [I1, t.elem]


def layout(t: Type) -> tuple[int, int]:
    t = DTYPE_OF_SCALAR.get(t, t)
    if t in _SCALAR:
        return _SCALAR[t]
    if isinstance(t, (ListType, ObjType)) or type(t).__name__ in ("DictType", "SetType"):
        return 8, 8                     # pointers (an object's fields hold dicts and sets)
    if isinstance(t, TensorType):           # a descriptor: two pointers, shape, strides
        return 16 + 16 * t.rank, 8
    if isinstance(t, (TupleType, OptionalType)):
        size, align, _ = _struct(_fields(t))
        return size, align
    raise TypeError(f"pts: no memory layout for {t}")


def offsets(t: Type) -> list[int]:
    return _struct(_fields(t))[2]


class _Header(ctypes.Structure):             # a list header: {len, cap, data, next}
    _fields_ = [("len", ctypes.c_int64), ("cap", ctypes.c_int64), ("data", ctypes.c_void_p),
                ("next", ctypes.c_void_p)]


class _Strings:
    """What runtime/strings.py lends (it imports this module, so this one cannot import it
    back): runtime strings, the arena chain and the allocator."""
    new_str = read_str = push = malloc = None


STRINGS = _Strings()


def use_strings(new_str, read_str, push, malloc) -> None:
    STRINGS.new_str, STRINGS.read_str, STRINGS.push, STRINGS.malloc = new_str, read_str, push, malloc


from pts.runtime import object_values as _object_values  # noqa: E402
from pts.runtime.object_values import ObjectMarshal  # noqa: E402

_PLAIN = {I64: ctypes.c_int64, F64: ctypes.c_double, F32: ctypes.c_float, I32: ctypes.c_int32}
# the numpy scalar types other than np.float64 / np.int64 / np.bool_, as C stores them
_NUMPY_C = {F32: ctypes.c_float, F16: ctypes.c_float, I32: ctypes.c_int32,
            I8: ctypes.c_int8, U8: ctypes.c_uint8, I16: ctypes.c_int16, U16: ctypes.c_uint16,
            U32: ctypes.c_uint32, U64: ctypes.c_uint64}


# lists of Python ints and floats cross as one ctypes array copy each way
_ARRAY_OF = {I64: ctypes.c_int64, F64: ctypes.c_double}


# id(element type) -> (the type, its size, its ctypes type if _ARRAY_OF has one): Types
# are dataclasses whose hash runs Python code; the ones lists are made of live long
_ELEM_FACTS: dict = {}


def _elem_facts(elem: Type) -> tuple:
    found = _ELEM_FACTS.get(id(elem))
    if found is None or found[0] is not elem:
        if len(_ELEM_FACTS) > 4096:
            _ELEM_FACTS.clear()
        found = _ELEM_FACTS[id(elem)] = (elem, layout(elem)[0], _ARRAY_OF.get(elem))
    return found[1], found[2]


def _plain_values(values: list, elem: Type) -> bool:
    """Whether a one-copy write keeps write()'s rules: floats for f64 (ints are widened
    alike), ints within 64 bits for i64 (ctypes would wrap a larger one silently)."""
    if elem == F64:
        return True
    if all(type(v) is int for v in values):
        return -(1 << 63) <= min(values) and max(values) < (1 << 63)
    return False


class Marshal(ObjectMarshal):
    """Copies for one call (see the module docstring)."""

    def __init__(self, ctx: int, tensors=None):
        self.ctx = ctx
        self.tensors = tensors                        # runtime.tensors.TensorCall
        self.arrays: dict[tuple, object] = {}         # descriptor -> the argument array
        self.to_native: dict[int, int] = {}          # id(Python list) -> runtime list
        self.to_python: dict[int, list] = {}         # runtime list -> Python list
        self.boxed: list[tuple[list, int, Type]] = []
        self.keep: list = []                          # Python lists alive while ids are keys
        self.hashes: list[tuple] = []                 # (dict or set, runtime hash, type)
        self.hash_values: dict[int, object] = {}      # runtime hash -> the caller's dict/set

    # Python -> native ----------------------------------------------------------

    def new_list(self, values: list, elem: Type) -> int:
        known = self.to_native.get(id(values))
        if known is not None:
            return known
        n = len(values)
        size, plain = _elem_facts(elem)
        cap = max(n, 4)
        data = STRINGS.malloc()(cap * size)
        hdr = STRINGS.malloc()(ctypes.sizeof(_Header))
        if not data or not hdr:
            raise MemoryError("pts: out of memory")
        h = _Header.from_address(hdr)
        h.len, h.cap, h.data = n, cap, data
        STRINGS.push(self.ctx, hdr)
        self.to_native[id(values)] = hdr
        self.keep.append(values)
        self.boxed.append((values, hdr, elem))
        if plain is not None and n and _plain_values(values, elem):
            (plain * n).from_address(data)[:] = values      # one copy, not n writes
            return hdr
        for i, v in enumerate(values):
            self.write(data + i * size, v, elem)
        return hdr

    def new_hash(self, value, t: Type) -> int:
        """A runtime dict or set of the Python one (an argument, or an object's field): the
        same runtime hash for the same Python object; the caller's object gets the final
        contents after the call (copy_back_hashes)."""
        from pts.runtime import dicts
        known = self.to_native.get(id(value))
        if known is not None:
            return known
        kind = dict if isinstance(t, DictType) else (set, frozenset)
        if not isinstance(value, kind):
            raise TypeError(f"pts expected a {'dict' if kind is dict else 'set'}, not "
                            f"{type(value).__name__}")
        ptr = dicts.new_hash(self.ctx, value, t, self._leaf_slot)
        self.to_native[id(value)] = ptr
        self.keep.append(value)
        self.hashes.append((value, ptr, t))
        self.hash_values[ptr] = value
        return ptr

    def _leaf_slot(self, v, t: Type) -> int:
        """The 8-byte slot of a key's or value's leaf (runtime.dicts)."""
        from pts.runtime import dicts
        if t == STR:
            return STRINGS.new_str(self.ctx, v)
        if isinstance(t, ListType):
            return self.new_list(v, t.elem)
        return dicts.scalar_slot(v, t)

    def _leaf_value(self, x: int, t: Type):
        from pts.runtime import dicts
        if t == STR:
            return STRINGS.read_str(x)
        if isinstance(t, ListType):
            return self.read_list(x, t.elem)
        return dicts.scalar_value(x, t)

    def read_hash(self, ptr: int, t: Type):
        """The Python dict or set of a runtime one: the caller's own when it came from
        Python (its contents are copied back after the call), else a new one."""
        from pts.runtime import dicts
        known = self.hash_values.get(ptr)
        if known is not None:
            return known
        return dicts.read_hash(ptr, t, self._leaf_value)

    def copy_back_hashes(self) -> None:
        """The caller's dicts and sets get the runtime ones' final contents, in place."""
        from pts.runtime import dicts
        for value, ptr, t in self.hashes:
            new = dicts.read_hash(ptr, t, self._leaf_value)
            if isinstance(value, frozenset):
                continue
            value.clear()
            value.update(new)

    def write(self, addr: int, v, t: Type) -> None:
        t = DTYPE_OF_SCALAR.get(t, t)
        if t == I1:
            ctypes.c_uint8.from_address(addr).value = 1 if v else 0
        elif t in _PLAIN:
            if t in (F64, F32):
                v = float(v)
            elif not -(1 << 63) <= int(v) < (1 << 63):
                raise OverflowError("Python int too large to convert to a 64-bit pts int")
            _PLAIN[t].from_address(addr).value = v
        elif t in _NUMPY_C:                  # a numpy scalar of a small dtype
            _NUMPY_C[t].from_address(addr).value = float(v) if t == F16 else int(v)
        elif t == NONE:
            ctypes.c_uint8.from_address(addr).value = 0
        elif t == C128:
            v = complex(v)
            ctypes.c_double.from_address(addr).value = v.real
            ctypes.c_double.from_address(addr + 8).value = v.imag
        elif t == STR:
            ctypes.c_void_p.from_address(addr).value = STRINGS.new_str(self.ctx, v)
        elif isinstance(t, VarTupleType):           # a Tuple[T, ...] is a list at run time
            if not isinstance(v, tuple):
                raise TypeError(f"pts expected a tuple, not {type(v).__name__}")
            ctypes.c_void_p.from_address(addr).value = self.new_list(list(v), t.elem)
        elif isinstance(t, ListType):
            if not isinstance(v, list):
                raise TypeError(f"pts expected a list, not {type(v).__name__}")
            ctypes.c_void_p.from_address(addr).value = self.new_list(v, t.elem)
        elif isinstance(t, TupleType):
            for off, e, x in zip(offsets(t), t.elems, v):
                self.write(addr + off, x, e)
        elif isinstance(t, OptionalType):
            ctypes.c_uint8.from_address(addr).value = 0 if v is None else 1
            if v is not None:
                self.write(addr + offsets(t)[1], v, t.elem)
        elif isinstance(t, ObjType):                # (runtime.object_values)
            ctypes.c_void_p.from_address(addr).value = self.new_object(v, t.name)
        elif isinstance(t, (DictType, SetType)):     # (an object's field)
            ctypes.c_void_p.from_address(addr).value = self.new_hash(v, t)
        elif type(t) is TensorType and self.tensors is not None:
            desc = self.tensors.box(v, t)
            size = layout(t)[0]
            ctypes.memmove(addr, desc, size)
            self.arrays[bytes((ctypes.c_char * size).from_address(addr))] = v
        else:
            raise TypeError(f"pts cannot pass {t} inside a list here")

    # native -> Python ----------------------------------------------------------

    def read_list(self, ptr: int, elem: Type) -> list:
        known = self.to_python.get(ptr)
        if known is not None:
            return known
        out: list = []
        self.to_python[ptr] = out
        self.fill(out, ptr, elem)
        return out

    def fill(self, out: list, ptr: int, elem: Type) -> None:
        h = _Header.from_address(ptr)
        size, plain = _elem_facts(elem)
        if plain is not None:
            out[:] = (plain * h.len).from_address(h.data)[:] if h.len else []
            return
        out[:] = [self.read(h.data + i * size, elem) for i in range(h.len)]

    def read(self, addr: int, t: Type):
        if t in NUMPY_SCALARS:               # a list of np.float64 ...: numpy scalars back
            import numpy as np
            plain = self.read(addr, DTYPE_OF_SCALAR[t]) if t not in _NUMPY_C else \
                _NUMPY_C[t].from_address(addr).value
            return np.dtype(DTYPE_NAMES[DTYPE_OF_SCALAR[t]]).type(plain)
        t = DTYPE_OF_SCALAR.get(t, t)
        if t == I1:
            return bool(ctypes.c_uint8.from_address(addr).value & 1)
        if t in _PLAIN:
            return _PLAIN[t].from_address(addr).value
        if t == NONE:
            return None
        if t == C128:
            return complex(ctypes.c_double.from_address(addr).value,
                           ctypes.c_double.from_address(addr + 8).value)
        if t == STR:
            return STRINGS.read_str(ctypes.c_void_p.from_address(addr).value)
        if isinstance(t, VarTupleType):
            return tuple(self.read_list(ctypes.c_void_p.from_address(addr).value, t.elem))
        if isinstance(t, ListType):
            return self.read_list(ctypes.c_void_p.from_address(addr).value, t.elem)
        if isinstance(t, TupleType):
            return tuple(self.read(addr + off, e) for off, e in zip(offsets(t), t.elems))
        if isinstance(t, OptionalType):
            if not ctypes.c_uint8.from_address(addr).value & 1:
                return None
            return self.read(addr + offsets(t)[1], t.elem)
        if isinstance(t, ObjType):                  # (runtime.object_values)
            return self.read_object(ctypes.c_void_p.from_address(addr).value, t.name)
        if isinstance(t, (DictType, SetType)):
            return self.read_hash(ctypes.c_void_p.from_address(addr).value, t)
        if type(t) is TensorType and self.tensors is not None:
            same = self.arrays.get(bytes((ctypes.c_char * layout(t)[0]).from_address(addr)))
            return same if same is not None else self.tensors.unbox(addr, t)
        raise TypeError(f"pts cannot return {t} inside a list here")

    def copy_back(self) -> None:
        """The caller's lists get their runtime lists' final contents, in place; a runtime
        list they hold (also a nested argument list) reads back as the same Python object."""
        for values, ptr, _ in self.boxed:
            self.to_python[ptr] = values
        self.map_back_objects()
        for values, ptr, elem in self.boxed:
            self.fill(values, ptr, elem)
        self.copy_back_objects()                     # (runtime.object_values)


def read_list(ptr: int, elem: Type, ctx: int = 0) -> list:
    return Marshal(ctx).read_list(ptr, elem)


_object_values.LISTS = sys.modules[__name__]      # (what object_values reads of this module)
