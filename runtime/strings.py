"""Strings in native code, on the Python side: the `str_call`/`str_op` imports and str
conversion.

Contract: `STR_CALL_ADDRESS` and `STR_OP_ADDRESS` are the addresses of `i32 str_call(ctx,
desc, argv, out)` and `str_op` (the same, desc decoded once per call site) for the import
table (backend/str_codegen.py describes the call).  With the extension pts._threads they
are the C runtime's own functions (runtime/c/strings.c, str_methods.c: what libpts and
pts-run run too), and `PY_STR_CALL` — this module's Python `_str_call` — is their
fallback for what C does not run: case mapping and predicates of non-ASCII text, repr of
characters C's table cannot vouch for, str()/repr()/format of tuples and lists, format
fields C does not parse (`{0.x}`, nested specs, `%*d`), `ascii()`.  `_str_call` decodes
the operands by the types in `desc`, runs the op's `evaluate` from the op table — the
function the IR interpreter runs — and writes the result's slots, or, when CPython's
operation raises, sets ctx.msg and returns the exception's kind code.  Without the
extension both slots are `_str_call` itself (the results are the same, only slower).  `new_str(ctx, s)` makes a runtime
string in the call's arena (chained into ctx.lists, freed by `pts.release`), `read_str(p)`
reads one back.  A runtime string: its length in code points and in bytes (8 bytes each),
then the UTF-8 bytes and a NUL; the value is the address of the bytes.
"""
from __future__ import annotations

import ctypes
import functools
import struct

from pts.errors import EXCEPTION_KINDS, KIND_CODES
from pts.ir.ops import OPS
from pts.ir.types import (F64, I1, I64, NONE, STR, ListType, TupleType, Type, VarTupleType,
                          parse_type)
from pts.runtime import list_values

_D = struct.Struct("<d")
_Q = struct.Struct("<q")


class _Header(ctypes.Structure):             # a list header: {len, cap, data, next}
    _fields_ = [("len", ctypes.c_int64), ("cap", ctypes.c_int64), ("data", ctypes.c_void_p),
                ("next", ctypes.c_void_p)]


_libc = ctypes.CDLL(None)
_libc.malloc.restype = ctypes.c_void_p
_libc.malloc.argtypes = [ctypes.c_size_t]
_malloc = _libc.malloc


def set_allocator(malloc_address: int) -> None:
    """Allocate with the import table's malloc (the one `pts.release` frees with)."""
    global _malloc
    _malloc = ctypes.CFUNCTYPE(ctypes.c_void_p, ctypes.c_size_t)(malloc_address)


# ctx fields used here: msg (a char*) and lists (the arena chain)
_MSG_OFFSET = 4 * 8
_LISTS_OFFSET = 7 * 8


def _push(ctx: int, hdr_p: int) -> None:
    """Push header hdr_p on the arena; a tensor header below (len < 0) learns its new
    predecessor (pprev = &hdr.next), as backend.tensor_abi.adopt_head does."""
    lists = ctypes.c_void_p.from_address(ctx + _LISTS_OFFSET)
    old = lists.value
    _Header.from_address(hdr_p).next = old
    if old and ctypes.c_int64.from_address(old).value < 0:
        ctypes.c_void_p.from_address(old + 32).value = hdr_p + 24
    lists.value = hdr_p


def _chain(ctx: int, data: int, n: int, cap: int) -> int:
    """A list header for `data` (n of cap elements) pushed on the call's arena."""
    hdr_p = _malloc(ctypes.sizeof(_Header))
    if not hdr_p:
        raise MemoryError("pts: out of memory")
    hdr = _Header.from_address(hdr_p)
    hdr.len, hdr.cap, hdr.data = n, cap, data
    _push(ctx, hdr_p)
    return hdr_p


_PREFIX = struct.Struct("<qq")
_HEADER = struct.Struct("<qqQQ")
_memmove = ctypes.memmove


# A long str's UTF-8 bytes without a copy: CPython's own (an ASCII str's data, or the UTF-8
# it caches in the str), NUL-terminated; copied once, into the block
_as_utf8 = ctypes.pythonapi.PyUnicode_AsUTF8AndSize
_as_utf8.restype = ctypes.c_void_p
_as_utf8.argtypes = [ctypes.py_object, ctypes.POINTER(ctypes.c_ssize_t)]
_LONG = 4096


def new_str(ctx: int, s: str) -> int:
    src = None
    if len(s) >= _LONG:
        size = ctypes.c_ssize_t()
        try:
            src = _as_utf8(s, ctypes.byref(size))
            n = size.value
        except UnicodeEncodeError:           # (lone surrogates: encoded below)
            src = None
    if src is None:
        src = s.encode("utf-8", "surrogatepass")
        n = len(src)
    block = _malloc(n + 17)
    hdr_p = _malloc(32)
    if not block or not hdr_p:
        raise MemoryError("pts: out of memory")
    _memmove(block, _PREFIX.pack(len(s), n), 16)
    _memmove(block + 16, src, n + 1)          # (with the NUL that ends both kinds of source)
    lists = ctypes.c_void_p.from_address(ctx + _LISTS_OFFSET)
    old = lists.value
    _memmove(hdr_p, _HEADER.pack(0, 0, block, old or 0), 32)
    if old and ctypes.c_int64.from_address(old).value < 0:       # (see _push)
        ctypes.c_void_p.from_address(old + 32).value = hdr_p + 24
    lists.value = hdr_p
    return block + 16


def read_str(p: int) -> str:
    n = ctypes.c_int64.from_address(p - 8).value
    return ctypes.string_at(p, n).decode("utf-8", "surrogatepass")


_ELEM = {I1: ctypes.c_uint8, I64: ctypes.c_int64, F64: ctypes.c_double, STR: ctypes.c_void_p}


def read_list(p: int, elem: Type) -> list:
    if elem not in _ELEM:                    # lists, tuples, Optionals inside: any depth
        return list_values.read_list(p, elem)
    hdr = _Header.from_address(p)
    if hdr.len == 0:
        return []
    arr = (_ELEM[elem] * hdr.len).from_address(hdr.data)
    if elem == I1:
        return [bool(x) for x in arr]
    if elem == STR:
        return [read_str(x) for x in arr]
    return list(arr)


def new_list(ctx: int, values: list, elem: Type) -> int:
    if elem not in _ELEM:
        return list_values.Marshal(ctx).new_list(values, elem)
    n = len(values)
    cap = max(n, 4)
    ctype = _ELEM[elem]
    data_p = _malloc(cap * ctypes.sizeof(ctype))
    if not data_p:
        raise MemoryError("pts: out of memory")
    if elem == STR:
        values = [new_str(ctx, v) for v in values]
    if n:
        (ctype * n).from_address(data_p)[:] = values
    return _chain(ctx, data_p, n, cap)


def _leaves(t: Type) -> list[Type]:
    if isinstance(t, TupleType):
        return [leaf for e in t.elems for leaf in _leaves(e)]
    return [t]


def _decode(raw: int, t: Type):
    if t == I64:
        return raw
    if t == F64:
        return _D.unpack(_Q.pack(raw))[0]
    if t == I1:
        return bool(raw & 1)
    if t == NONE:
        return None
    if t == STR:
        return read_str(raw)
    if isinstance(t, ListType):             # (a Tuple[T, ...] is a list at run time)
        return tuple(read_list(raw, t.elem)) if isinstance(t, VarTupleType) \
            else read_list(raw, t.elem)
    raise TypeError(f"pts: no string operand of type {t}")


def _float_of(raw: int) -> float:
    return _D.unpack(_Q.pack(raw))[0]


def _reader(t: Type):
    """A function from an iterator over slots to the value of type t."""
    if t is I64 or t == I64:
        return lambda it: next(it)
    if t == F64:
        return lambda it: _float_of(next(it))
    if t == STR:
        return lambda it: read_str(next(it))
    if isinstance(t, TupleType):
        parts = [_reader(e) for e in t.elems]
        return lambda it: tuple(p(it) for p in parts)
    return lambda it: _decode(next(it), t)


def _encode(ctx: int, v, t: Type) -> int:
    if t == I64:
        return v
    if t == F64:
        return _Q.unpack(_D.pack(float(v)))[0]
    if t == I1:
        return 1 if v else 0
    if t == NONE:
        return 0
    if t == STR:
        return new_str(ctx, v)
    if isinstance(t, ListType):
        return new_list(ctx, list(v), t.elem)
    raise TypeError(f"pts: no string result of type {t}")


def _flat(v, t: Type) -> list:
    if isinstance(t, TupleType):
        return [x for e, et in zip(v, t.elems) for x in _flat(e, et)]
    return [(v, t)]


@functools.lru_cache(maxsize=None)
def _parse_desc(desc: bytes):
    op, types, result = desc.decode().split("|")
    types = tuple(parse_type(t) for t in types.split(";")) if types else ()
    nslots = [len(_leaves(t)) for t in types]
    rt = None if result == "None" else parse_type(result)
    readers = [_reader(t) for t in types]
    rslots = len(_leaves(rt)) if rt is not None else 0
    simple = rt if rt in (I64, F64, I1, STR) else None
    return OPS[op].evaluate, readers, sum(nslots), rt, rslots, simple


def _str_call(ctx, desc, argv, out):
    try:
        evaluate, readers, nslots, rt, rslots, simple = _parse_desc(desc)
        it = iter((ctypes.c_int64 * max(nslots, 1)).from_address(argv))
        args = [r(it) for r in readers]
        try:
            result = evaluate(*args)
        except (ValueError, IndexError, TypeError, ArithmeticError) as e:
            kind = next((c.__name__ for c in type(e).__mro__ if c.__name__ in EXCEPTION_KINDS),
                        "RuntimeError")
            ctypes.c_void_p.from_address(ctx + _MSG_OFFSET).value = new_str(ctx, str(e))
            return KIND_CODES[kind]
        if simple is STR:
            ctypes.c_int64.from_address(out).value = new_str(ctx, result)
        elif rt is not None:
            slots = (ctypes.c_int64 * max(rslots, 1)).from_address(out)
            for k, (v, t) in enumerate(_flat(result, rt)):
                slots[k] = _encode(ctx, v, t)
        return 0
    except MemoryError:
        ctypes.c_void_p.from_address(ctx + _MSG_OFFSET).value = None
        return KIND_CODES["RuntimeError"]
    except Exception as e:  # noqa: BLE001 - never unwind through native frames
        try:
            ctypes.c_void_p.from_address(ctx + _MSG_OFFSET).value = \
                new_str(ctx, f"pts internal error in a string op: {e!r}")
        except Exception:  # noqa: BLE001
            pass
        return KIND_CODES["RuntimeError"]


STR_CALL = ctypes.CFUNCTYPE(ctypes.c_int32, ctypes.c_void_p, ctypes.c_char_p, ctypes.c_void_p,
                            ctypes.c_void_p)(_str_call)
PY_STR_CALL = ctypes.cast(STR_CALL, ctypes.c_void_p).value


def _py_str_alloc(ctx, n, ncp):
    """str_alloc without the extension: n bytes to fill after the lengths, NUL-terminated."""
    p = new_str(ctx, "\0" * n) if n else new_str(ctx, "")
    ctypes.c_int64.from_address(p - 16).value = ncp
    return p


STR_ALLOC = ctypes.CFUNCTYPE(ctypes.c_void_p, ctypes.c_void_p, ctypes.c_int64,
                             ctypes.c_int64)(_py_str_alloc)
try:
    from pts import _threads as _ext
    STR_CALL_ADDRESS, STR_OP_ADDRESS, STR_HASH_ADDRESS, STR_ALLOC_ADDRESS = _ext.str_addresses()
    _ext.set_str_fallback(PY_STR_CALL)
except (ImportError, AttributeError, ValueError):     # no extension (or an old build of it)
    STR_CALL_ADDRESS = STR_OP_ADDRESS = PY_STR_CALL
    STR_HASH_ADDRESS = None
    STR_ALLOC_ADDRESS = ctypes.cast(STR_ALLOC, ctypes.c_void_p).value

# lists of anything (runtime.list_values) make and read their strings here
list_values.use_strings(new_str, read_str, _push, lambda: _malloc)
