"""Dicts and sets in native code, on the Python side: the import slots and the boundary.

Contract: `ADDRESSES` maps the import slots "dict_*" (backend/abi.py) to the C functions of
runtime/c/dicts.c, compiled into the extension pts._dicts (`AVAILABLE` is False without
it: then compiling a dict or set natively is a CompileError, and backend="interp" runs
them).  `new_hash(ctx, value, t, box_leaf)` builds the native table of a Python dict or
set argument of type t in the call's arena; `read_hash(ptr, t, unbox_leaf)` reads one back
as a Python dict or set (the caller's object is updated in place after a call, as lists
are).  Keys and values cross as their leaves' 8-byte slots (`slot_kinds`, `leaves`).
"""
from __future__ import annotations

import ctypes
import struct

from pts.ir.dict_ops import to_key
from pts.ir.types import F64, I1, I64, NONE, STR, DictType, OptionalType, TupleType, Type

try:
    from pts import _dicts
except ImportError:          # (built without the extension)
    _dicts = None

NAMES = ["dict_new", "dict_find", "dict_put", "dict_del", "dict_next", "dict_last",
         "dict_entry", "dict_clear", "dict_copy"]
AVAILABLE = _dicts is not None
ADDRESSES = _dicts.addresses() if AVAILABLE else {n: 0 for n in NAMES}

_P = ctypes.c_void_p
_I = ctypes.c_int64
if AVAILABLE:
    _new = ctypes.CFUNCTYPE(_P, _P, ctypes.c_char_p, _I)(ADDRESSES["dict_new"])
    _put = ctypes.CFUNCTYPE(_P, _P, _P, _P)(ADDRESSES["dict_put"])
    _next = ctypes.CFUNCTYPE(_I, _P, _I)(ADDRESSES["dict_next"])
    _entry = ctypes.CFUNCTYPE(_P, _P, _I)(ADDRESSES["dict_entry"])

_D = struct.Struct("<d")
_Q = struct.Struct("<q")


def leaves(t: Type) -> list[Type]:
    """The 8-byte slots of a value of type t (tuples flattened; an Optional: flag, value)."""
    if isinstance(t, TupleType):
        return [x for e in t.elems for x in leaves(e)]
    if isinstance(t, OptionalType):
        return [I1] + leaves(t.elem)
    return [t]


def slot_kinds(key: Type) -> bytes:
    """The key's slot kinds for pts_dict_new: i (int, bool), f (float), s (str)."""
    return "".join({F64: "f", STR: "s"}.get(leaf, "i") for leaf in leaves(key)).encode()


def _flatten(value, t: Type, out: list) -> None:
    if isinstance(t, TupleType):
        for v, e in zip(value, t.elems):
            _flatten(v, e, out)
    elif isinstance(t, OptionalType):
        out.append((value is not None, I1))
        if value is None:
            out.extend((0, leaf) for leaf in leaves(t.elem))
        else:
            _flatten(value, t.elem, out)
    else:
        out.append((value, t))


def _encode(value, t: Type, box_leaf) -> list[int]:
    pairs: list = []
    _flatten(value, t, pairs)
    return [box_leaf(v, leaf) for v, leaf in pairs]


def _decode(slots, t: Type, unbox_leaf):
    if isinstance(t, TupleType):
        return tuple(_decode(slots, e, unbox_leaf) for e in t.elems)
    if isinstance(t, OptionalType):
        present = next(slots)
        if not present:
            for _ in leaves(t.elem):
                next(slots)
            return None
        return _decode(slots, t.elem, unbox_leaf)
    return unbox_leaf(next(slots), t)


def scalar_slot(v, t: Type) -> int:
    """The slot of a number (floats as their bits)."""
    if t == F64:
        return _Q.unpack(_D.pack(float(v)))[0]
    if t == I1 or t == NONE:
        return 1 if v else 0
    return int(v)


def scalar_value(x: int, t: Type):
    if t == F64:
        return _D.unpack(_Q.pack(x))[0]
    if t == I1:
        return bool(x)
    if t == NONE:
        return None
    return x


def new_hash(ctx: int, value, t: Type, box_leaf) -> int:
    """A native table holding the Python dict or set `value` (box_leaf(v, leaf type) -> slot)."""
    if not AVAILABLE:
        raise RuntimeError("pts was built without pts._dicts: dicts and sets need "
                           "backend='interp'")
    is_dict = isinstance(t, DictType)
    kt = t.key if is_dict else t.elem
    nv = len(leaves(t.val)) if is_dict else 0
    d = _new(ctx, slot_kinds(kt), nv)
    if not d:
        raise MemoryError("pts: out of memory")
    nk = len(leaves(kt))
    key_buf = (ctypes.c_uint64 * max(nk, 1))()
    added = _I()
    items = value.items() if is_dict else ((k, None) for k in value)
    for k, v in items:
        key_buf[:nk] = [x & 0xFFFFFFFFFFFFFFFF for x in _encode(to_key(k, kt), kt, box_leaf)]
        p = _put(d, ctypes.addressof(key_buf), ctypes.addressof(added))
        if not p:
            raise MemoryError("pts: out of memory")
        if nv:
            (ctypes.c_int64 * nv).from_address(p)[:] = _encode(v, t.val, box_leaf)
    return d


def read_hash(ptr: int, t: Type, unbox_leaf):
    """The Python dict or set a native table holds (unbox_leaf(slot, leaf type) -> value)."""
    is_dict = isinstance(t, DictType)
    kt = t.key if is_dict else t.elem
    nk = len(leaves(kt))
    nv = len(leaves(t.val)) if is_dict else 0
    out = {} if is_dict else set()
    i = _next(ptr, 0)
    while i >= 0:
        slots = (ctypes.c_int64 * (nk + nv)).from_address(_entry(ptr, i))
        it = iter(list(slots))
        k = _decode(it, kt, unbox_leaf)
        if is_dict:
            out[k] = _decode(it, t.val, unbox_leaf)
        else:
            out.add(k)
        i = _next(ptr, i + 1)
    return out
