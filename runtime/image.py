"""Mapping a native image into this process: the Python twin of runtime/c/loader.c.

`Image(data, machine)` checks every offset and size of an image (backend.link's format,
backend.abi's records) as the C loader does, copies its regions into fresh memory, applies
the fixups (base-relative addresses, import-table slots) and maps it W^X; `entries` then
gives the address of each exported entry.  Imports are resolved without any symbol lookup
of the system's linker: the context's import table comes from runtime.native, libm and libc
functions through ctypes, and — for the disk cache's images, which may call the kernel
library — names with backend.abi.LIBRARY_PREFIX through the `library` function the caller
passes (backend.kernel_library.address).  Archives (runtime.archive_read), the disk cache
(pts.cache) and the kernel library (backend.kernel_library) load their code with it.
Images stay mapped for the life of the process.
"""
from __future__ import annotations

import ctypes
import os
import platform

from pts.backend.abi import (EM_AARCH64, EM_X86_64, ENTRY, FIX_BASE, FIX_IMPORT, FIXUP, HEADER,
                             IMPORT, IMPORT_MATH, LIBRARY_PREFIX, MAGIC, REGION)
from pts.runtime import native


class ArchiveError(ValueError):
    """A file that is not a usable .pts archive (corrupt, newer, or unsuitable), or an image
    that cannot be loaded."""


def host_machine() -> int | None:
    """The ELF machine number of this host (backend.abi.EM_*), None if pts has no target."""
    return {"x86_64": EM_X86_64, "amd64": EM_X86_64, "aarch64": EM_AARCH64,
            "arm64": EM_AARCH64}.get(platform.machine().lower())


_libc = ctypes.CDLL(None, use_errno=True)
_libc.mmap.restype = ctypes.c_void_p
_libc.mmap.argtypes = [ctypes.c_void_p, ctypes.c_size_t, ctypes.c_int, ctypes.c_int,
                       ctypes.c_int, ctypes.c_long]
_libc.mprotect.argtypes = [ctypes.c_void_p, ctypes.c_size_t, ctypes.c_int]
_libc.munmap.argtypes = [ctypes.c_void_p, ctypes.c_size_t]
_PROT_READ, _PROT_WRITE, _PROT_EXEC = 1, 2, 4
_MAP_PRIVATE, _MAP_ANONYMOUS = 0x02, 0x20
_MAP_FAILED = ctypes.c_void_p(-1).value


def _runtime_function(name: str, library=None) -> int:
    """Address of a C library function an image may import (backend.link.RUNTIME_FUNCTIONS),
    or with `library` (the disk cache's images, never an archive's: a function from symbol
    to address, backend.kernel_library.address) of a precompiled kernel of the library."""
    if library is not None and name.startswith(LIBRARY_PREFIX):
        try:
            return library(name)
        except KeyError:
            raise ArchiveError(f"image imports '{name}', which this pts does not have") from None
    if name in IMPORT_MATH:
        return native.libm_address(name)
    for lib in (native._libm, _libc):
        try:
            return ctypes.cast(getattr(lib, name), ctypes.c_void_p).value
        except AttributeError:
            continue
    raise ArchiveError(f"image imports '{name}', which this runtime cannot provide")


class Image:
    """A native image mapped into this process (see backend.link for the format)."""

    def __init__(self, data: bytes, machine: int, library=None):
        """`library`: the image may import kernels of backend.kernel_library (the disk
        cache's images, compiled in a process like this one), whose addresses
        `library(symbol)` gives."""
        self.entries: dict[str, tuple[int, int]] = {}

        def fail(why: str):
            raise ArchiveError(f"bad native image: {why}")

        if len(data) < HEADER.size:
            fail("truncated header")
        (magic, mach, flags, align, nreg, vsize, nent, nimp, nctx, nfix, str_off, str_size,
         _r) = HEADER.unpack_from(data, 0)
        if magic != MAGIC:
            fail("wrong magic")
        if mach != machine:
            fail(f"machine {mach}, this host is {machine}")
        page = os.sysconf("SC_PAGESIZE")
        if flags or align & (align - 1) or align < page or vsize % align or not 0 < vsize <= 1 << 32:
            fail("bad alignment or size")
        if nreg > 8 or nent > 1 << 16 or nimp > 1 << 12 or nctx > nimp or nfix > 1 << 20:
            fail("counts out of range")
        pos = HEADER.size
        table = REGION.size * nreg + ENTRY.size * nent + IMPORT.size * nimp + \
            FIXUP.size * nfix
        if pos + table > len(data) or str_off < pos + table or str_off + str_size > len(data):
            fail("tables out of bounds")
        strtab = data[str_off:str_off + str_size]

        def name(off, n):
            if off + n > len(strtab):
                fail("name out of bounds")
            return strtab[off:off + n].decode("utf-8", "replace")

        regions = []
        end = 0
        for i in range(nreg):
            va, vs, fo, fs, prot, _ = REGION.unpack_from(data, pos)
            pos += REGION.size
            if va % align or va < end or vs > vsize or va > vsize - vs or fs > vs or \
                    fo + fs > len(data) or prot & ~7 or (prot & 6) == 6:
                fail(f"region {i} out of bounds")
            end = va + vs
            regions.append((va, vs, fo, fs, prot))
        entries = []
        for _ in range(nent):
            no, nl, boxed, rel = ENTRY.unpack_from(data, pos)
            pos += ENTRY.size
            entries.append((name(no, nl), boxed, rel))
        imports = []
        for _ in range(nimp):
            no, nl = IMPORT.unpack_from(data, pos)
            pos += IMPORT.size
            imports.append(name(no, nl))
        fixups = []
        for _ in range(nfix):
            off, kind, index, addend = FIXUP.unpack_from(data, pos)
            pos += FIXUP.size
            if off % 8 or off > vsize - 8 or kind not in (FIX_BASE, FIX_IMPORT) or \
                    (kind == FIX_IMPORT and index >= nimp) or \
                    (kind == FIX_BASE and not 0 <= addend < vsize):
                fail("bad fixup")
            if not any(va <= off and off + 8 <= va + vs and not p & 4 for va, vs, _, _, p in regions):
                fail("fixup outside a data region")
            fixups.append((off, kind, index, addend))
        for n, boxed, rel in entries:
            for a in (boxed, rel):
                if not any(va <= a < va + vs and p & 4 for va, vs, _, _, p in regions):
                    fail(f"entry {n} is not in code")
        # the context's import table, by name
        ctx_names = imports[:nctx]
        missing = [n for n in ctx_names if n not in native._IMPORT_ADDRS]
        if missing:
            fail(f"needs runtime functions this pts does not have: {', '.join(missing)}")
        if ctx_names != native.IMPORTS[:nctx]:
            # NativeEntry passes runtime.native.IMPORT_TABLE; IMPORTS only ever grows
            fail("its import table does not match this pts's (IMPORTS must only be appended to)")
        addrs = [native._IMPORT_ADDRS[n] if i < nctx else _runtime_function(n, library)
                 for i, n in enumerate(imports)]
        self.import_table = (ctypes.c_void_p * max(nctx, 1))(*addrs[:nctx])

        base = _libc.mmap(None, vsize, _PROT_READ | _PROT_WRITE, _MAP_PRIVATE | _MAP_ANONYMOUS, -1, 0)
        if base in (None, _MAP_FAILED):
            raise MemoryError("pts: cannot map a native image")
        self.base, self.size = base, vsize
        for va, vs, fo, fs, prot in regions:
            ctypes.memmove(base + va, data[fo:fo + fs], fs)
        for off, kind, index, addend in fixups:
            value = base + addend if kind == FIX_BASE else addrs[index] + addend
            ctypes.c_uint64.from_address(base + off).value = value & 0xffffffffffffffff
        for va, vs, fo, fs, prot in regions:
            p = (_PROT_READ if prot & 1 else 0) | (_PROT_WRITE if prot & 2 else 0) | \
                (_PROT_EXEC if prot & 4 else 0)
            if _libc.mprotect(base + va, (vs + page - 1) // page * page, p) != 0:
                raise OSError(ctypes.get_errno(), "pts: mprotect of a native image failed")
        for n, boxed, rel in entries:
            self.entries[n] = (base + boxed, base + rel)
        # images stay mapped for the life of the process: entries may be referenced anywhere
