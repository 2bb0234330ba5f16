"""An archive's native images (pts.save): every target's at once, and kept in the disk cache.

`build(module, ir_text, entries, targets)` returns, per target (keys of backend.link.TARGETS
and HOST_TARGET), the linked image of `module` — bytes, {IR function: boxed entry symbol}
and the release symbol — or the `link.LinkError` that refused it.  The code is what
link.compile_object makes (our codegen, LLVM -O3 for the target's CPU); what this module
adds is doing less of it, and doing it side by side:

  * Only the entries get boxed entry points (codegen's `entries`): the other functions
    stay internal, so LLVM inlines or drops them as it does for the JIT's code
    (jit.compile_module compiles a signature with entries=[entry] too).  With every
    function exported, each kept an out-of-line copy and a boxed wrapper through -O3.
  * The gemm, copy loops, fills and streams are not compiled at all: they are the
    target's archive library's objects (backend.archive_library, compiled by the set-up
    for every target), linked next to the module's (link.link of several objects) — only
    those its code calls.  Without a current library file the module carries its own
    copy, as the JIT's code never does.
  * The host image of a model whose first call the JIT compiled in parts (a tensor
    module: jit.compile_module, position-independent objects for this CPU) is those
    objects linked with the host archive library's (which holds kernels.img's fused
    kernels and loops too): the code the process ran, with no codegen and no LLVM
    (`_from_jit`; nanoGPT: a third of the save's LLVM time).  Entries without such
    objects (code from the disk cache, another signature compiled for the save, a
    library function of stdlib/ such as conv2d the file lacks) compile it as below.
  * Our codegen (Python: the part threads cannot share out) runs once for targets whose
    LLVM IR differs only in its triple and data layout (`_codegen_key`: the two baselines,
    with the archive library); LLVM's optimization and code generation of every target run
    side by side on threads of their own (jit._part_object: its own LLVM context and
    target machine, around llvmlite's global lock), at most PTS_SAVE_JOBS (default: the
    CPUs) at once, overlapping our codegen of the next target.  (Forked processes, one per
    target, each with its own codegen and gemm, took more CPU than a 2-core machine has:
    nanoGPT's cold save was 8-9.6 s of CPU, 2.7-2.8 s with the library, the shared codegen
    and the split; bench/save.py.)
  * Images are kept in the disk cache (pts.cache_dir.code_dir, files `save-KEY.img` and
    `save-KEY.json`), keyed by what decides their bytes: the cache format, the compiler's
    fingerprint (its version and sources), the host (CPU, llvmlite), the target, the
    entries and the SHA-256 of the archive's IR text (the printed module the archive
    stores, from which the code is generated: the merged module is parsed back from
    printed text, so the text is all codegen sees).  Saving a model again — in this
    process or the next, whether its code came from the JIT or from the disk cache —
    links nothing and compiles nothing but the IR; the image is the same bytes, so the
    archive behaves the same bit for bit.  The JSON records the image's size and SHA-256,
    checked before use (a truncated or racing file is a miss); a host image the linker
    refused is recorded too.  PTS_CACHE=0 (or no writable directory) builds every time.

The process-wide LLVM options of tensor code (jit.codegen_for) are held for the whole
build: the targets compile the same module, with the same options.
"""
from __future__ import annotations

import json
import os
import time

from pts.ir.core import Module

FORMAT = 1


def _key(target: str, description: dict | None, entries: list[str], ir_text: str,
         library: str | None = None) -> str:
    """`library`: the SHA-256 of the archive library the image is linked with, or None."""
    from pts.cache_dir import compiler_fingerprint, host_key, sha256_hex
    from pts.version import __version__
    return sha256_hex(json.dumps([FORMAT, __version__, compiler_fingerprint(), host_key(),
                                  target, description, entries, sha256_hex(ir_text), library],
                                 sort_keys=True, default=str))


def _cached(d: str | None, key: str):
    """(image bytes, symbols, release) or a LinkError from the cache, None on a miss."""
    from pts.backend import link
    from pts.cache_dir import sha256_hex
    if d is None:
        return None
    try:
        with open(os.path.join(d, f"save-{key}.json"), "rb") as f:
            rec = json.loads(f.read())
        if "refused" in rec:
            return link.LinkError(rec["refused"])
        with open(os.path.join(d, f"save-{key}.img"), "rb") as f:
            data = f.read()
        if len(data) != rec["size"] or sha256_hex(data) != rec["sha256"]:
            return None
        return data, dict(rec["symbols"]), rec["release"]
    except (OSError, ValueError, KeyError, TypeError):
        return None


def _store(d: str | None, key: str, built) -> None:
    from pts.backend import link
    from pts.cache_dir import sha256_hex, write_atomic
    if d is None:
        return
    if isinstance(built, link.LinkError):
        rec = {"refused": str(built)}
    else:
        data, symbols, release = built
        write_atomic(os.path.join(d, f"save-{key}.img"), data)
        rec = {"size": len(data), "sha256": sha256_hex(data), "symbols": symbols,
               "release": release}
    write_atomic(os.path.join(d, f"save-{key}.json"), json.dumps(rec).encode("utf-8"))


def _target_machine(target: str, opt: int = 3):
    """A target machine of its own for `target` (no other thread uses it), generating code
    at -O`opt`."""
    import llvmlite.binding as llvm

    from pts.backend import link
    if target == link.HOST_TARGET:
        from pts.backend import jit
        llvm.initialize_native_target()
        llvm.initialize_native_asmprinter()
        d = jit.target_description()
        return llvm.Target.from_default_triple().create_target_machine(
            cpu=d["cpu"], features=d["features"], opt=opt, reloc="pic", codemodel="small")
    return link.target_machine(target, opt)


def _generate(module, target: str, entries: list[str]):
    """(codegen, target machine) of `module` for `target`: calling the target's archive
    library (backend.archive_library) where there is a current one."""
    from pts.backend import archive_library, link
    from pts.backend.codegen import generate
    tm = _target_machine(target)
    triple = (link.host_image_target() if target == link.HOST_TARGET
              else link.TARGETS[target])["triple"]
    mc = generate(module, triple, str(tm.target_data), prefix="pts",
                  portable=target != link.HOST_TARGET, entries=list(entries),
                  library=archive_library.load(target) is not None, library_functions=False)
    return mc, tm


def _library_objects(target: str, mc) -> list[bytes]:
    """The archive library's objects that mc's code calls."""
    from pts.backend import archive_library, link
    if not mc.library_used:
        return []
    called = [f.name for f in mc.m.functions
              if f.is_declaration and f.name.startswith(link.LIBRARY_PREFIX)]
    return archive_library.load(target).objects_for(called)


def _link(target: str, mc, objs: list[bytes], entries: list[str]):
    from pts.backend import link
    from pts.backend.abi import IMPORTS
    symbols = {name: mc.export_name(name) for name in entries}
    release = mc.release_name()
    try:
        img = link.link([*objs, *_library_objects(target, mc)],
                        {s: (s, release) for s in symbols.values()}, IMPORTS)
    except link.LinkError as e:
        if target != link.HOST_TARGET:
            raise
        return e
    return img.to_bytes(), symbols, release


def _same_code(target: str, other: str, mc) -> bool:
    """Whether our codegen's LLVM IR of the module for `target` is mc's (generated for
    `other`) but for the module's triple and data layout (`_retarget`).  The IR depends on
    the target only through portability (libm by name or through the import table: only
    where codegen's libm_call ran) and, where the module carries its own gemm (no archive
    library), the gemm's blocking (the target's vector registers)."""
    from pts.backend import archive_library, link
    has = archive_library.load(target) is not None
    if has != (archive_library.load(other) is not None):
        return False
    if (target == link.HOST_TARGET) != (other == link.HOST_TARGET) and mc.libm_called:
        return False
    return has or target == other


def _retarget(text: str, tm_from, tm_to, triple_from: str, triple_to: str) -> str:
    """LLVM IR `text` generated for one target (triple, data layout of tm_from) as our
    codegen generates it for another (`_same_code`)."""
    out = text
    for old, new in ((f'target triple = "{triple_from}"', f'target triple = "{triple_to}"'),
                     (f'target datalayout = "{tm_from.target_data}"',
                      f'target datalayout = "{tm_to.target_data}"')):
        head, sep, rest = out.partition(old + "\n")
        if not sep or "\n\n" in head or "define " in head:   # (only in the module's header)
            raise AssertionError(f"retargeting LLVM IR: no '{old}' in its header")
        out = head + new + "\n" + rest
    return out


def _triple(target: str) -> str:
    from pts.backend import link
    return (link.host_image_target() if target == link.HOST_TARGET
            else link.TARGETS[target])["triple"]


def _parts(mc):
    """(LLVM IR text, optimization level) of each of the module's parts, as the JIT
    compiles a module (jit.Split): the functions LLVM optimizes at -O3, and the unoptimized
    ones (`optnone`: glue, kernels' dispatch and fallbacks, error formatting) whose code
    the -O0 target machine generates (a third of the -O3 one's time for them; nanoGPT's
    image 1.02 -> 0.79 s of CPU).  One part when there is nothing to split.  A generator:
    the optimized part compiles while the other is printed."""
    from pts.backend import jit
    split = jit.Split.of(mc, "pts")
    if split is None:
        yield str(mc.m), 3
        return
    if split.hot:
        yield split.text(split.hot), 3
    yield split.text(split.cold), 0


def _build_here(module, targets: list[str], entries: list[str], timings: dict,
                progress=None) -> dict:
    """Build `targets` in this process: our codegen (Python) once for targets of the same
    code (`_same_code`), then LLVM's optimization and code generation of each target's
    parts (`_parts`) on threads of their own (jit._part_object: its own LLVM context and
    target machine, around llvmlite's global lock), at most `_jobs()` at once, overlapping
    our codegen of the next target."""
    import threading

    from pts.backend import jit
    slots = threading.BoundedSemaphore(_jobs())
    waits, out, generated = {}, {}, []
    gen = 0.0

    def compile_object(target, text, opt, tensor):
        with slots:
            return jit._part_object(text, _target_machine(target, opt), opt, tensor, [])
    with jit.codegen_for(module) as tensor:
        t0 = time.perf_counter()
        for target in targets:
            for mc, parts, tm0, target0 in generated:
                if _same_code(target, target0, mc):
                    tm = _target_machine(target)
                    waits[target] = (mc, [jit._in_thread(
                        compile_object, target,
                        _retarget(text, tm0, tm, _triple(target0), _triple(target)), opt,
                        tensor) for text, opt in parts])
                    break
            else:
                if progress:
                    progress(f"compiling the {target} image")
                t1 = time.perf_counter()
                mc, tm = _generate(module, target, entries)
                parts, part_waits = [], []
                for text, opt in _parts(mc):
                    parts.append((text, opt))
                    part_waits.append(jit._in_thread(compile_object, target, text, opt, tensor))
                gen += time.perf_counter() - t1
                generated.append((mc, parts, tm, target))
                waits[target] = (mc, part_waits)
        objects = {target: (mc, [wait() for wait in part_waits])
                   for target, (mc, part_waits) in waits.items()}
        # (LLVM's time not hidden behind our codegen)
        timings["llvm"] = timings.get("llvm", 0.0) + time.perf_counter() - t0 - gen
    timings["codegen"] = timings.get("codegen", 0.0) + gen
    t0 = time.perf_counter()
    for target in targets:
        mc, objs = objects[target]
        out[target] = _link(target, mc, objs, entries)
    timings["link"] = timings.get("link", 0.0) + time.perf_counter() - t0
    return out


def _jobs() -> int:
    """How many targets LLVM may compile at once: PTS_SAVE_JOBS, else the CPUs this
    process may use."""
    v = os.environ.get("PTS_SAVE_JOBS", "").strip()
    if v.isdigit() and int(v) > 0:
        return int(v)
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except (AttributeError, OSError):
        return os.cpu_count() or 1


def _from_jit(jit_parts: dict | None, entries: list[str]):
    """The host image linked from the objects the JIT made of each entry's module for the
    model's first call (jit.compile_module's parts: position-independent, for this CPU:
    the code the process ran), with the host archive library's objects for what they call
    of the kernel library (backend.archive_library: gemm, copies, fills, streams, fused
    kernels and loops) — no codegen and no LLVM; None when an entry has no such objects or
    they call something the library file lacks (the image is then compiled as the
    baselines are).  `jit_parts`: {entry (IR function of `module`): the jit.NativeModule}.
    Its entries are named as codegen names the archive's (the manifest names one symbol
    per entry for every image)."""
    from pts.backend import archive_library, link
    from pts.backend.abi import IMPORTS
    from pts.backend.codegen import ModuleCodegen
    lib = archive_library.load(link.HOST_TARGET)
    if lib is None or not jit_parts or any(e not in jit_parts for e in entries):
        return None
    names = ModuleCodegen(Module(), prefix="pts")
    objs, exports, called = [], {}, set()
    for e in entries:
        native = jit_parts[e]
        parts, mc = getattr(native, "objects", None), native.codegen
        if not parts or mc is None or len(mc.exported()) != 1:
            return None
        for obj in parts:
            if not any(o is obj for o in objs):
                objs.append(obj)
        exports[names.export_name(e)] = (mc.export_name(mc.exported()[0]), mc.release_name())
    for obj in objs:
        called.update(link.undefined_symbols(obj, link.LIBRARY_PREFIX))
    try:
        library = lib.objects_for(called)
    except KeyError:                    # (a library function of stdlib/: conv2d, ...)
        return None
    try:
        img = link.link(objs + library, exports, IMPORTS)
    except link.LinkError:
        return None
    return (img.to_bytes(), {e: names.export_name(e) for e in entries}, names.release_name())


def build(module, ir_text: str, entries: list[str], targets: list[str],
          timings: dict | None = None, progress=None, jit_parts: dict | None = None) -> dict:
    """{target: (image bytes, {IR function: entry symbol}, release symbol) or LinkError} of
    `module` (whose printed text is `ir_text`) with boxed entries for `entries`.  Targets
    without a description on this host (the host image off x86-64) are left out.
    `timings` (seconds) gets 'codegen', 'llvm' and 'link' (summed over the targets built,
    in whichever process), 'cached', 'targets' and 'jit' (1 when the host image is the
    JIT's objects linked: `_from_jit`, given `jit_parts`); `progress(message)` is told
    what is being done."""
    from pts.backend import archive_library, link
    from pts.cache_dir import code_dir
    timings = {} if timings is None else timings
    d = code_dir()
    out, todo, keys = {}, [], {}
    for target in targets:
        desc = link.host_image_target() if target == link.HOST_TARGET else link.TARGETS[target]
        if desc is None:
            continue
        lib = archive_library.load(target)
        keys[target] = _key(target, desc, entries, ir_text, lib and lib.sha256)
        hit = _cached(d, keys[target])
        if hit is not None:
            out[target] = hit
        else:
            todo.append(target)
    timings["cached"] = len(out)
    timings["targets"] = len(out) + len(todo)
    if not todo:
        return out
    built = {}
    if link.HOST_TARGET in todo:
        t0 = time.perf_counter()
        host = _from_jit(jit_parts, entries)
        if host is not None:
            built[link.HOST_TARGET] = host
            timings["jit"] = 1
            timings["link"] = timings.get("link", 0.0) + time.perf_counter() - t0
    rest = [t for t in todo if t not in built]
    if rest:
        built.update(_build_here(module, rest, entries, timings, progress))
    for target in todo:
        out[target] = built[target]
        _store(d, keys[target], built[target])
    return out
