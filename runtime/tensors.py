"""numpy arrays across the native boundary: descriptors in, owned arrays out (no copies).

Contract (DESIGN.md §5, layout in backend/tensor_abi.py):
- An ndarray argument is borrowed: the boxed argument slot points at a descriptor
  `{data, owner=0, shape[r], strides[r]}` (strides in elements) that `TensorCall.box`
  writes (in C: pts._dispatch.array_desc, else with ctypes); the array and the descriptor
  stay alive for the call.  Non-contiguous views and negative strides pass as they are, so
  writes from scripted code reach the caller's array.  Only an array whose byte strides are
  not multiples of its item size is copied first (writes to such an argument are then not
  seen by the caller).
- A tensor result slot points at a descriptor the callee wrote.  If its owner is an arena
  allocation, `TensorCall.unbox` takes the allocation out of the arena (`_detach`: zeroes the
  header's raw pointer and unlinks a one-block header, so `@pts.release` skips it) and the numpy array wraps the memory directly,
  freed when the array's base object dies (a pts._dispatch.Block, which does all of this
  in C, for C-contiguous results; else a weakref finalizer).  Results sharing one
  allocation (x and x.T) share that base.  A result with owner 0 is a view of an argument
  (`return x.T`, `return x[::2]`): it comes back as a numpy array over the same memory,
  keeping the call's arguments alive, so writes through it are seen in the argument.
"""
from __future__ import annotations

import ctypes
import math
import struct
import weakref

import numpy as np

from pts.ir.types import UNSIGNED, DTYPE_NAMES, F16, F32, I32, INT_BITS, NPF64, NPI1, NPI64, TensorType
from pts.runtime import threads as _threads

_libc = ctypes.CDLL(None)
_libc.free.argtypes = [ctypes.c_void_p]
# the import table's free: large blocks go back to the cache of runtime/c/blocks.c
_FREE = _libc.free if _threads.BLOCK_FREE is None else \
    ctypes.CFUNCTYPE(None, ctypes.c_void_p)(_threads.BLOCK_FREE)
_FREE_ADDRESS = ctypes.cast(_FREE, ctypes.c_void_p).value
try:                        # descriptors and result blocks in C (runtime/_dispatch.c)
    from pts._dispatch import Block as _Block, array_desc as _array_desc, \
        set_tensor_support as _set_tensor_support
except ImportError:
    _Block = _array_desc = _set_tensor_support = None


class _Header(ctypes.Structure):
    """The arena header of a tensor allocation (tensor_abi.TENSOR_HDR_T: llvm_types.LIST_T
    then pprev; `nbytes` holds ~nbytes, negative, which marks a tensor's header)."""
    _fields_ = [("nbytes", ctypes.c_int64), ("aligned", ctypes.c_int64),
                ("raw", ctypes.c_void_p), ("next", ctypes.c_void_p), ("pprev", ctypes.c_void_p)]


class _Memory:
    """The base object of arrays made from one native allocation or borrowed memory."""

    def __init__(self, keep=None):
        self.keep = keep


def _detach(owner: int) -> int:
    """Take the tensor allocation with arena header `owner` out of the call's arena (as
    _dispatch.c tensor_detach does): its raw block, for the caller to free.  A header in the
    block of its data (tensor_abi: raw is the header) leaves the arena's chain; a two-block
    one stays for release to free."""
    hdr = _Header.from_address(owner)
    raw = hdr.raw
    hdr.raw = None
    if raw == owner:
        ctypes.c_void_p.from_address(hdr.pprev).value = hdr.next
        if hdr.next and _Header.from_address(hdr.next).nbytes < 0:
            _Header.from_address(hdr.next).pprev = hdr.pprev
    return raw


def _free(raw: int) -> None:
    _FREE(raw)


NATIVE = {t: np.dtype(name) for t, name in DTYPE_NAMES.items()}   # native byte order


class TensorCall:
    """Per-call state: descriptors of arguments, their arrays, detached allocations."""

    def __init__(self):
        self.keep: list = []           # (array, descriptor) pairs alive during the call
        self.inputs: list = []         # the argument arrays (bases of borrowed results)
        self.owners: dict[int, _Memory] = {}

    def box(self, value, t: TensorType) -> int:
        if not isinstance(value, np.ndarray):
            raise TypeError(f"expected a numpy array for {t}, got {type(value).__name__}")
        want = NATIVE[t.dtype]
        if value.dtype != want or value.ndim != t.rank:
            if value.dtype.name != want.name or value.ndim != t.rank:
                raise TypeError(f"expected a {t.rank}-d {want.name} array, got a {value.ndim}-d "
                                f"{value.dtype.name} array")
            value = value.astype(want)          # byte-swapped: native code reads native order
        item = value.itemsize
        if _array_desc is not None:
            desc, address, ok = _array_desc(value, item)
            if not ok:
                value = value.copy()
                desc, address, ok = _array_desc(value, item)
        else:
            if any(s % item for s in value.strides):
                value = value.copy()
            desc = (ctypes.c_int64 * (2 + 2 * t.rank))(value.ctypes.data, 0, *value.shape,
                                                       *[s // item for s in value.strides])
            address = ctypes.addressof(desc)
        self.keep.append((value, desc))
        self.inputs.append(value)
        return address

    def unbox(self, ptr: int, t: TensorType) -> np.ndarray:
        r = t.rank
        desc = (ctypes.c_int64 * (2 + 2 * r)).from_address(ptr)
        data, owner = desc[0], desc[1]
        shape = tuple(desc[2 + k] for k in range(r))
        dtype = NATIVE[t.dtype]
        strides = tuple(desc[2 + r + k] * dtype.itemsize for k in range(r))
        if 0 in shape:
            return np.zeros(shape, dtype)
        if owner:
            base = self.owners.get(owner)
            if base is None and _Block is not None and \
                    strides == _c_strides(shape, dtype.itemsize):
                nbytes = math.prod(shape) * dtype.itemsize
                block = self.owners[owner] = _Block(owner, data, nbytes, _FREE_ADDRESS)
                return np.frombuffer(block, dtype).reshape(shape)
            if base is None:
                raw = _detach(owner)
                if strides == _c_strides(shape, dtype.itemsize):
                    # the common case, quickly: an array over a ctypes buffer of the data,
                    # which frees the allocation when it dies
                    buf = (ctypes.c_char * (math.prod(shape) * dtype.itemsize)).from_address(data)
                    self.owners[owner] = buf
                    weakref.finalize(buf, _free, raw)
                    return np.frombuffer(buf, dtype).reshape(shape)
                base = self.owners[owner] = _Memory()
                weakref.finalize(base, _free, raw)
        else:
            base = _Memory(list(self.inputs))
        iface = {"version": 3, "shape": shape, "typestr": dtype.str, "data": (data, False),
                 "strides": strides}
        holder = _Memory(base)
        holder.__array_interface__ = iface
        return np.asarray(holder)


def _unbox_result(ptr: int, t: TensorType, inputs: list) -> np.ndarray:
    """The C dispatcher's hook for the tensor results it does not make itself (views of
    the argument arrays `inputs`, non-contiguous or empty results)."""
    call = TensorCall()
    call.inputs = inputs
    return call.unbox(ptr, t)


def dispatch_arrays(params: list, ret) -> tuple | None:
    """The `arrays` item of NativeEntry.dispatch_info for these parameter and result types
    (see _add_entry in runtime/_dispatch.c); None if the dispatcher cannot take them."""
    def array(t):
        if type(t) is not TensorType:
            return None
        return memoryview(np.empty((0,) * t.rank, NATIVE[t.dtype])).format, t.rank
    try:
        args = tuple(array(t) for t in params)
    except (KeyError, ValueError, TypeError):      # a dtype without a buffer format
        return None
    if type(ret) is not TensorType:
        return args + (None,)
    dtype = NATIVE[ret.dtype]
    return args + ((dtype, dtype.itemsize, ret.rank, ret),)


if _set_tensor_support is not None:
    _set_tensor_support(np.ndarray, np.frombuffer, _unbox_result, _FREE_ADDRESS)


def _c_strides(shape: tuple, item: int) -> tuple:
    strides, acc = [], item
    for n in reversed(shape):
        strides.append(acc)
        acc *= n
    return tuple(reversed(strides))


_F = struct.Struct("<f")
_U = struct.Struct("<I")
_D = struct.Struct("<d")
_Q = struct.Struct("<q")


def box_other(value, t, tensors: TensorCall | None) -> int:
    """The boxed slot of a tensor, float32 or int32 argument (for NativeEntry._box)."""
    if isinstance(t, TensorType):
        return tensors.box(value, t)
    if t == F32:                       # float32 / int32 in the slot's low 4 bytes
        return _U.unpack(_F.pack(float(value)))[0]
    if t in (I32, NPI64):
        return int(value)
    if t == F16:                       # held as the float32 of its value
        return _U.unpack(_F.pack(float(value)))[0]
    if t in INT_BITS:                  # int8 ... uint64: the low bytes of the slot
        v = int(value) & 0xFFFFFFFFFFFFFFFF
        return v - (1 << 64) if v >> 63 else v
    if t == NPF64:
        return _Q.unpack(_D.pack(float(value)))[0]
    if t == NPI1:
        return 1 if value else 0
    raise TypeError(f"cannot pass {type(value).__name__} as {t}")


def unbox_other(raw: int, t, tensors: TensorCall | None):
    """A tensor, float32 or int32 result from its boxed slot (for NativeEntry._unbox)."""
    if isinstance(t, TensorType):
        return tensors.unbox(raw, t)
    if t == F32:
        return np.float32(_F.unpack(_U.pack(raw & 0xFFFFFFFF))[0])
    if t == I32:
        return np.int32(raw)
    if t == F16:
        return np.float16(_F.unpack(_U.pack(raw & 0xFFFFFFFF))[0])
    if t in INT_BITS:                  # the slot's low bytes, in the dtype
        bits = INT_BITS[t]
        v = raw & ((1 << bits) - 1)
        if t not in UNSIGNED and v >> (bits - 1):
            v -= 1 << bits
        return NATIVE[t].type(v)
    if t == NPF64:
        return np.float64(_D.unpack(_Q.pack(raw))[0])
    if t == NPI64:
        return np.int64(raw)
    if t == NPI1:
        return np.bool_(raw)
    raise TypeError(f"cannot return {t}")
