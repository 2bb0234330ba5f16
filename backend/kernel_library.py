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
    pts_lib.nn.<fn>.<dtype>     = the library's own function <fn> of stdlib/nn.py (SPECS:
                                conv2d), specialized to tensors of <dtype> and compiled
                                by our pipeline, with the IR functions it calls

The last are whole scripted functions, big glue: conv2d is ~30% of MyConv's unoptimized
LLVM IR, which the JIT would otherwise generate, print and compile (-O0) in every model that
convolves.  A module's IR function is replaced by a call of one of them only when it is the
same code: `spec_key`, its printed IR and that of the functions it reaches, with their
names made canonical, equals the key the library recorded when it compiled that function
(`library_spec`).  Anything else (other types, PTS_FUSION=0's IR, an edited nn.py before
`make`) is compiled in the module as before.

Archives keep their own copy (backend.link.compile_object generates without the library):
an archive runs where no compiler ever ran.

The library is an image (backend.link: the format of archives' images and of the disk
cache), mapped by runtime.archive.Image without LLVM.  `make` writes it next to this
package's stdlib (`python -m pts.backend.kernel_library`, stdlib/kernels.img) with the
compiler's fingerprint, the host's key (pts.cache.host_key: machine, CPU, llvmlite) and the
keys of its library functions in a header.  A process whose compiler or host differs from
that file's, or that finds none, compiles the library itself on first use (~5 s) and leaves
it in the disk cache's code directory (pts.cache.code_dir, when the cache is on) for the
next process.

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
from pts.ir.types import DTYPE_NAMES, F32, F64, I1, I32, I64, TensorType

DTYPES = ("f32", "f64")
MAGIC = b"PTSLIB01"


# (source dtype, destination dtype, rank) of the precompiled copy loops, and the dtypes of
# the precompiled fills
COPIES = frozenset([(dt, dt, r) for dt in (F32, F64) for r in range(1, 7)] +
                   [(dt, dt, r) for dt in (I32, I64, I1) for r in (1, 2)] +
                   [(a, b, r) for a, b in ((F32, F64), (F64, F32)) for r in (1, 2)])
FILLS = (F32, F64, I32, I64, I1)
# the library's functions precompiled per dtype: name in stdlib/nn.py -> argument types
SPECS = {"conv2d": lambda dt: (TensorType(dt, 4), TensorType(dt, 4), TensorType(dt, 1),
                               I64, I64, I64)}
SPEC_DTYPES = (F32, F64)

_lock = threading.RLock()
_loaded: dict = {}          # "addresses" -> {symbol: address}, "image" -> the mapped Image,
                            # "specs" -> the table of its library functions (`specs`)
_registered: list = []


def symbol(dt_name: str, part: str = "") -> str:
    return f"{PREFIX}gemm.{dt_name}" + (f".{part}" if part else "")


def copy_symbol(src_dt, dst_dt, rank: int) -> str:
    return f"{PREFIX}copy.{DTYPE_NAMES[src_dt]}.{DTYPE_NAMES[dst_dt]}.r{rank}"


def fill_symbol(dt) -> str:
    return f"{PREFIX}fill.{DTYPE_NAMES[dt]}"


def spec_symbol(name: str, dt) -> str:
    return f"{PREFIX}nn.{name}.{DTYPE_NAMES[dt]}"


def symbols() -> list[str]:
    return [symbol(dt, part) for dt in DTYPES for part in ("", "par", "worksize")] + \
        sorted(copy_symbol(*c) for c in COPIES) + [fill_symbol(dt) for dt in FILLS] + \
        [spec_symbol(name, dt) for name in SPECS for dt in SPEC_DTYPES]


def spec_key(module, fname: str) -> str:
    """What makes IR function `fname` of `module` the library's code: the SHA-256 of its
    printed IR and that of every function it reaches, in the order first reached, each
    function named by that order (a module may name its second conv2d `conv2d.1`).  Spans
    and file names are part of the text: an edited library source gives another key."""
    import hashlib
    import re

    from pts.ir.printer import print_function
    order, work = [], [fname]
    while work:
        name = work.pop(0)
        if name in order:
            continue
        order.append(name)
        for ins in module[name].instructions():
            callee = ins.attrs.get("callee")
            if callee is not None and callee in module.functions and callee not in order:
                work.append(callee)
    canonical = {name: f"f{i}" for i, name in enumerate(order)}
    text = "\n".join(print_function(module[name]) for name in order)
    text = re.sub(r"@([\w.]+)", lambda m: "@" + canonical.get(m[1], m[1]), text)
    return hashlib.sha256(text.encode()).hexdigest()


def library_spec(module, f) -> str | None:
    """The library's symbol for IR function f of module, if f is one of its precompiled
    functions (same code: spec_key), else None.  Loads the library on first use."""
    base = f.name.split(".")[0]
    if base not in SPECS or os.path.basename(f.file) != "nn.py":
        return None
    wanted = {entry["key"]: sym for sym, entry in specs().items() if entry["function"] == base}
    if not wanted:
        return None
    return wanted.get(spec_key(module, f.name))


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


def build_spec(name: str, dt) -> tuple[str, dict]:
    """stdlib/nn.py's `name` for tensors of dtype dt, through our whole pipeline, as LLVM IR
    text exporting `spec_symbol(name, dt)` (the function's own type: a context and its
    arguments in, status and result out), and its table entry (spec_key)."""
    from llvmlite import ir

    from pts.backend import jit
    from pts.backend.codegen import generate
    from pts.frontend.program import build_module
    from pts.ir.pipeline import optimize
    from pts.stdlib import nn
    module = build_module(getattr(nn, name), SPECS[name](dt))
    optimize(module)
    sym = spec_symbol(name, dt)
    mc = generate(module, jit.host_triple(), str(jit.image_target_machine().target_data),
                  prefix=sym, library=True, entries=[], library_functions=False)
    inner = mc.funcs[module.entry]
    fn = ir.Function(mc.m, inner.function_type, name=sym)
    b = ir.IRBuilder(fn.append_basic_block("entry"))
    b.ret(b.call(inner, list(fn.args), cconv="fastcc"))
    return str(mc.m), {"function": name, "key": spec_key(module, module.entry)}


def build_image() -> tuple[bytes, dict]:
    """The library compiled (-O3, host CPU, position-independent) and linked as an image,
    and the table of its precompiled library functions ({symbol: {function, key}})."""
    import llvmlite.binding as llvm

    from pts.backend import jit, link
    from pts.backend.abi import IMPORTS
    tm = jit.image_target_machine()
    mod = llvm.parse_assembly(build_ir())
    table = {}
    for name in SPECS:
        for dt in SPEC_DTYPES:
            text, table[spec_symbol(name, dt)] = build_spec(name, dt)
            mod.link_in(llvm.parse_assembly(text))
    mod.verify()
    jit.optimize(mod, tm, 3)
    obj = tm.emit_object(mod)
    return link.link(obj, {s: (s, s) for s in symbols()}, IMPORTS).to_bytes(), table


def write_precompiled(path: str | None = None, built: tuple[bytes, dict] | None = None) -> str:
    """Write the library (`built` by build_image, else built now) with this compiler's and
    host's header and the table of its library functions."""
    path = path or precompiled_path()
    image, table = built or build_image()
    header = json.dumps(dict(_header(), specs=table), sort_keys=True).encode("utf-8")
    data = MAGIC + len(header).to_bytes(4, "little") + header + image
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


def _read_precompiled(path: str | None = None) -> tuple[bytes, dict] | None:
    """(image, table of library functions) of a library file (the set-up's, by default) if
    this compiler made it on this host, else None."""
    try:
        with open(path or precompiled_path(), "rb") as f:
            data = f.read()
        if data[:8] != MAGIC:
            return None
        n = int.from_bytes(data[8:12], "little")
        header = json.loads(data[12:12 + n])
        table = header.pop("specs", None)
        if header != json.loads(json.dumps(_header(), sort_keys=True)) or \
                not isinstance(table, dict):
            return None
        return data[12 + n:], table
    except (OSError, ValueError, AttributeError):
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
                found = _read_precompiled(path) if path else None
                if found is not None:
                    try:
                        image, table = Image(found[0], machine), found[1]
                        break
                    except Exception:
                        image = None
            if image is None:
                built = build_image()
                image, table = Image(built[0], machine), built[1]
                path = _cache_path()
                if path:
                    try:
                        write_precompiled(path, built)
                    except OSError:
                        pass
            _loaded["image"] = image          # mapped for the life of the process
            _loaded["specs"] = table
            _loaded["addresses"] = {s: image.entries[s][0] for s in symbols()}
        return _loaded["addresses"]


def specs() -> dict:
    """{symbol: {"function": name, "key": spec_key}} of the loaded library's functions."""
    addresses()
    return _loaded["specs"]


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
