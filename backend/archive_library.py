"""The kernel library's gemm, copy, fill and stream functions (backend.kernel_library's
`groups`) compiled once per archive target, as relocatable objects an archive's image is
linked with (pts.save: backend.save_images).

The JIT's modules call these by name instead of carrying their own copy; an archive's image
cannot (it runs where no compiler ran, and its loaders provide only the runtime functions:
backend.link), so it carried its own copy, compiled again for every target at every save:
the gemm alone was ~40% of nanoGPT's LLVM time per target.  Here each group of the library
(a dtype's gemm entries, one copy loop, one fill, one stream; for the host image also the
fused kernels and loops of kernels.img: `_kernel_groups`) is an ELF object of its own,
compiled for a target exactly as the image's code would be (the target's CPU and
portability: the baselines reach runtime functions through the import table, the host image
as kernels.img's code does; LLVM -O3 as kernel_library.build_image optimizes the library),
and a save links the groups its code calls next to its own object (link.link of several
objects): an image still holds everything it runs, and only what it calls.

One file per target next to stdlib/kernels.img (`path`: archive-<target>.lib), written by
the set-up's step (backend.precompiled.main) for backend.link.all_targets().  Like kernels.img
its header holds the compiler's sources fingerprint and the host's key
(kernel_library._header) and the target's description: a file made from other sources, on
another host or for another target description is never used, and a save without a current
file compiles the functions into its module as before (correct, only slower: `load` returns
None).  `Library.sha256` (of the whole file) goes into the disk cache's key of saved images
(save_images._key): an image linked with one file's objects is never taken for another's.

File layout: MAGIC, u32 header length, the header (JSON: _header's fields and "groups":
[[symbols], offset, size] of each object in the data after the header), the objects.
"""
from __future__ import annotations

import hashlib
import json
import os
import threading

MAGIC = b"PTSALB01"

_lock = threading.Lock()
_loaded: dict = {}          # target -> Library or None (this process's answer)


class Library:
    """A target's library as loaded: `objects[symbol]` is the object defining it (a group's
    object, shared by the group's symbols); `sha256` identifies the file."""

    def __init__(self, objects: dict[str, bytes], sha256: str):
        self.objects = objects
        self.sha256 = sha256

    def objects_for(self, symbols) -> list[bytes]:
        """The objects defining `symbols` and the library's symbols those call (each once,
        in a fixed order); KeyError for a symbol the library does not have."""
        from pts.backend import link
        out: list[bytes] = []
        todo, seen = sorted(symbols), set()
        while todo:
            s = todo.pop(0)
            if s in seen:
                continue
            seen.add(s)
            obj = self.objects[s]
            if not any(o is obj for o in out):
                out.append(obj)
                todo += sorted(set(link.undefined_symbols(obj, link.LIBRARY_PREFIX)) - seen)
        return out


def path(target: str) -> str:
    from pts.backend import kernel_library
    return os.path.join(os.path.dirname(kernel_library.precompiled_path()),
                        f"archive-{target}.lib")


def _description(target: str) -> dict | None:
    from pts.backend import link
    return link.host_image_target() if target == link.HOST_TARGET else link.TARGETS.get(target)


def _header(target: str) -> dict:
    from pts.backend import kernel_library
    return dict(kernel_library._header(), target=target, description=_description(target))


def build(target: str) -> list[tuple[list[str], bytes]]:
    """[(symbols, object)] of every group of the library, compiled for `target`."""
    import llvmlite.binding as llvm

    from pts.backend import jit, kernel_library, link
    from pts.backend.codegen import ModuleCodegen
    from pts.ir.core import Module
    host = target == link.HOST_TARGET
    tm = jit.image_target_machine() if host else link.target_machine(target)
    triple = jit.host_triple() if host else link.TARGETS[target]["triple"]
    out = []
    for group in kernel_library.groups():
        mc = ModuleCodegen(Module(), triple, str(tm.target_data), "pts_lib")
        mc.portable = not host
        kernel_library.define(mc, group)
        mod = llvm.parse_assembly(str(mc.m))
        mod.verify()
        jit.optimize(mod, tm, 3)
        out.append((group, tm.emit_object(mod)))
    if host:
        out += _kernel_groups(tm)
    return out


def _kernel_groups(tm) -> list[tuple[list[str], bytes]]:
    """The host library's other groups: the kernel library's fused kernels and their loops
    (kernel_library.build_kernels, which the JIT's modules call by name: jit.Early), one
    object per LLVM IR text (a model of its corpus), optimized as kernels.img optimizes
    them (-O3 under jit.tensor_options, the image target machine).  A save's host image
    is the JIT's own objects of the model's first call linked with these
    (backend.save_images: no LLVM at all for that target)."""
    import llvmlite.binding as llvm

    from pts.backend import jit, kernel_library
    texts, loops, kernels = kernel_library.build_kernels()
    names = set(loops) | set(kernels)
    out = []
    for text in texts:
        mod = llvm.parse_assembly(text)
        mod.verify()
        with jit.tensor_options():
            jit.optimize(mod, tm, 3, tensor=True)
            obj = tm.emit_object(mod)
        defined = sorted(f.name for f in mod.functions
                         if not f.is_declaration and f.name in names)
        out.append((defined, obj))
    return out


def write_precompiled(target: str, file: str | None = None) -> str:
    """Write `target`'s library file (default: `path`)."""
    from pts.backend import kernel_library
    built = build(target)
    groups, offset = [], 0
    for symbols, obj in built:
        groups.append([symbols, offset, len(obj)])
        offset += len(obj)
    header = json.dumps(dict(_header(target), groups=groups), sort_keys=True).encode("utf-8")
    file = file or path(target)
    kernel_library.write_file(file, MAGIC + len(header).to_bytes(4, "little") + header +
                              b"".join(obj for _symbols, obj in built))
    return file


def read(target: str, file: str | None = None) -> Library | None:
    """`target`'s library from its file if this compiler made it on this host for this
    target description, else None."""
    try:
        with open(file or path(target), "rb") as f:
            data = f.read()
        if data[:8] != MAGIC:
            return None
        n = int.from_bytes(data[8:12], "little")
        header = json.loads(data[12:12 + n])
        groups = header.pop("groups")
        if header != json.loads(json.dumps(_header(target), sort_keys=True)):
            return None
        start = 12 + n
        objects: dict[str, bytes] = {}
        for symbols, offset, size in groups:
            obj = data[start + offset:start + offset + size]
            if len(obj) != size:
                return None
            for s in symbols:
                objects[s] = obj
        return Library(objects, hashlib.sha256(data).hexdigest())
    except (OSError, ValueError, TypeError, KeyError):
        return None


def load(target: str) -> Library | None:
    """`read`, once per process and target."""
    with _lock:
        if target not in _loaded:
            _loaded[target] = read(target)
        return _loaded[target]


def targets() -> list[str]:
    """The targets the set-up writes files for: every one pts.save writes by default."""
    from pts.backend import link
    return link.all_targets()


def is_current() -> bool:
    return all(read(t) is not None for t in targets())


def write_all() -> None:
    """backend.precompiled.main's step: the file of every target, those that are not current."""
    for t in targets():
        if read(t) is None:
            write_precompiled(t)
