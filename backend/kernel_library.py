"""Precompiled generic kernels for code compiled in this process: the gemm of backend/gemm.py
for float32 and float64, and the common copy loops of backend/tensor_codegen.py (`copier`:
reshapes, slice assignments, `copied_rows`; COPIES), compiled once per machine instead of
once per module.

The gemm is generic (sizes, strides, bias and workspace are arguments), and it is most of the
LLVM time of a module that multiplies matrices: about 150 of matmul's 240 ms.  So the JIT's
modules (backend.jit: tier 0, tier 2 and the disk cache's images) call it by name instead of
carrying their own copy:

    pts_lib.gemm.<dt>           = pts.gemm.<dt>           (the caller brings a workspace)
    pts_lib.gemm.<dt>.par       = pts.gemm.<dt>.par       (split over the thread pool)
    pts_lib.gemm.<dt>.worksize  i64 (i64 M, i64 N, i64 K): the workspace the first one needs
    pts_lib.copy.<src>.<dst>.r<rank> = pts.copy.<src>.<dst>.r<rank>   (COPIES; ~35 ms of
                                a layer norm's 250 ms compile were its two copy loops)
    pts_lib.fill.<dtype>        = pts.fill.<dtype>: a row of one value (fused kernels'
                                (N, 1) leaves: a vectorized loop per leaf in every kernel)

Archives keep their own copy (backend.link.compile_object generates without the library):
an archive runs where no compiler ever ran.

The library is an image (backend.link: the format of archives' images and of the disk
cache), mapped by runtime.archive.Image without LLVM.  `make` writes it next to this
package's stdlib (`python -m pts.backend.kernel_library`, stdlib/kernels.img) with the
compiler's fingerprint and the host's key (pts.cache.host_key: machine, CPU, llvmlite) in a
header.  A process whose compiler or host differs from that file's, or that finds none,
compiles the library itself on first use (~2 s) and leaves it in the disk cache's code
directory (pts.cache.code_dir, when the cache is on) for the next process.

Resolving the names: images of the disk cache import them (link.link(..., library=True);
runtime.archive.Image asks `address`), and MCJIT finds them in LLVM's symbol table, where
`register` adds them before a module that uses them is loaded.  The library's code reaches
malloc, free and the thread pool through the caller's context, like any pts code: the import
table's layout is the same for every module this compiler makes.
"""
from __future__ import annotations

import json
import os
import threading

from pts.backend.link import LIBRARY_PREFIX as PREFIX   # the names images import
from pts.ir.types import DTYPE_NAMES, F32, F64, I1, I32, I64

DTYPES = ("f32", "f64")
MAGIC = b"PTSLIB01"


# (source dtype, destination dtype, rank) of the precompiled copy loops, and the dtypes of
# the precompiled fills
COPIES = frozenset([(dt, dt, r) for dt in (F32, F64) for r in range(1, 7)] +
                   [(dt, dt, r) for dt in (I32, I64, I1) for r in (1, 2)] +
                   [(a, b, r) for a, b in ((F32, F64), (F64, F32)) for r in (1, 2)])
FILLS = (F32, F64, I32, I64, I1)

_lock = threading.RLock()
_loaded: dict = {}          # "addresses" -> {symbol: address}, "image" -> the mapped Image
_registered: list = []


def symbol(dt_name: str, part: str = "") -> str:
    return f"{PREFIX}gemm.{dt_name}" + (f".{part}" if part else "")


def copy_symbol(src_dt, dst_dt, rank: int) -> str:
    return f"{PREFIX}copy.{DTYPE_NAMES[src_dt]}.{DTYPE_NAMES[dst_dt]}.r{rank}"


def fill_symbol(dt) -> str:
    return f"{PREFIX}fill.{DTYPE_NAMES[dt]}"


def symbols() -> list[str]:
    return [symbol(dt, part) for dt in DTYPES for part in ("", "par", "worksize")] + \
        sorted(copy_symbol(*c) for c in COPIES) + [fill_symbol(dt) for dt in FILLS]


def precompiled_path() -> str:
    from pts.stdlib import vmath
    return os.path.join(os.path.dirname(vmath.__file__), "kernels.img")


def _header() -> dict:
    from pts.cache import compiler_fingerprint, host_key
    return {"fingerprint": compiler_fingerprint().removesuffix("-nofusion"), "host": host_key()}


# ---------------------------------------------------------------- building (needs llvmlite)

def build_ir() -> str:
    """The library as LLVM IR text for the host CPU (the JIT's triple and data layout)."""
    from llvmlite import ir

    from pts.backend import gemm, jit
    from pts.backend.codegen import I64T, ModuleCodegen
    from pts.backend.tensor_codegen import copier, filler
    from pts.ir.core import Module
    tm = jit.image_target_machine()
    mc = ModuleCodegen(Module(), jit.host_triple(), str(tm.target_data), "pts_lib")
    mc.portable = False

    def export(name: str, inner: ir.Function) -> None:
        """The library's symbol `name`: a function calling `inner` with its arguments."""
        fn = ir.Function(mc.m, inner.function_type, name=name)
        b = ir.IRBuilder(fn.append_basic_block("entry"))
        b.call(inner, list(fn.args))
        b.ret_void()
    for dt in DTYPES:
        g = gemm.gemm(mc, dt)
        export(symbol(dt), g.entry())
        export(symbol(dt, "par"), gemm.ParallelGemm(g).entry())
        fn = ir.Function(mc.m, ir.FunctionType(I64T, [I64T] * 3), name=symbol(dt, "worksize"))
        b = ir.IRBuilder(fn.append_basic_block("entry"))
        b.ret(g.worksize(b, *fn.args))
    for dt in FILLS:
        export(fill_symbol(dt), filler(mc, dt))
    for c in sorted(COPIES, key=lambda c: copy_symbol(*c)):
        export(copy_symbol(*c), copier(mc, *c))
    return str(mc.m)


def build_image() -> bytes:
    """The library compiled (-O3, host CPU, position-independent) and linked as an image."""
    import llvmlite.binding as llvm

    from pts.backend import jit, link
    from pts.backend.abi import IMPORTS
    tm = jit.image_target_machine()
    mod = llvm.parse_assembly(build_ir())
    mod.verify()
    jit.optimize(mod, tm, 3)
    obj = tm.emit_object(mod)
    return link.link(obj, {s: (s, s) for s in symbols()}, IMPORTS).to_bytes()


def write_precompiled(path: str | None = None, image: bytes | None = None) -> str:
    """Write the library (`image`, else built now) with this compiler's and host's header."""
    path = path or precompiled_path()
    header = json.dumps(_header(), sort_keys=True).encode("utf-8")
    data = MAGIC + len(header).to_bytes(4, "little") + header + (image or build_image())
    tmp = f"{path}.{os.getpid()}.{threading.get_ident()}.tmp"
    try:
        with open(tmp, "wb") as f:
            f.write(data)
        os.replace(tmp, path)
    finally:
        if os.path.exists(tmp):
            os.unlink(tmp)
    return path


def _cache_path() -> str | None:
    """Where a process that had to compile the library leaves it for the next one: the disk
    cache's code directory (None when the cache is off or not writable)."""
    from pts.cache import code_dir
    d = code_dir()
    return os.path.join(d, "kernels.img") if d else None


def _read_precompiled(path: str | None = None) -> bytes | None:
    """The image in a library file (the set-up's, by default) if this compiler made it on
    this host, else None."""
    try:
        with open(path or precompiled_path(), "rb") as f:
            data = f.read()
        if data[:8] != MAGIC:
            return None
        n = int.from_bytes(data[8:12], "little")
        if json.loads(data[12:12 + n]) != json.loads(json.dumps(_header(), sort_keys=True)):
            return None
        return data[12 + n:]
    except (OSError, ValueError):
        return None


# ---------------------------------------------------------------- loading (no llvmlite)

def addresses() -> dict[str, int]:
    """{symbol: address} of the loaded library (loading, or compiling, it on first use).
    A precompiled file that fails to map is ignored and the library compiled instead."""
    with _lock:
        if "addresses" not in _loaded:
            from pts.runtime.archive import Image, _machine_of, host_target
            machine = _machine_of(host_target())
            image = None
            for path in (precompiled_path(), _cache_path()):
                code = _read_precompiled(path) if path else None
                if code is not None:
                    try:
                        image = Image(code, machine)
                        break
                    except Exception:
                        image = None
            if image is None:
                code = build_image()
                image = Image(code, machine)
                path = _cache_path()
                if path:
                    try:
                        write_precompiled(path, code)
                    except OSError:
                        pass
            _loaded["image"] = image          # mapped for the life of the process
            _loaded["addresses"] = {s: image.entries[s][0] for s in symbols()}
        return _loaded["addresses"]


def address(name: str) -> int:
    return addresses()[name]


def register() -> None:
    """Add the library's symbols to LLVM's table, where MCJIT resolves a module's externals."""
    with _lock:
        if _registered:
            return
        import llvmlite.binding as llvm
        for name, addr in addresses().items():
            llvm.add_symbol(name, addr)
        _registered.append(True)


if __name__ == "__main__":
    print(write_precompiled())
