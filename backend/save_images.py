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
  * The targets are built in parallel: all but the first in forked children (each runs
    our codegen — Python, most of the work, which threads could not share out — LLVM and
    the linker, and hands the image back through a file), the first in this process.
    Without fork, or with one CPU (`PTS_SAVE_JOBS=1`), all are built here, our codegen of
    one target overlapping LLVM's work on the previous one's on a thread of its own
    (jit._part_object: its own LLVM context and target machine, around llvmlite's global
    lock).  A child that fails has its target built again here (to raise its error).
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

FORMAT = 1


def _key(target: str, description: dict | None, entries: list[str], ir_text: str) -> str:
    from pts.cache_dir import compiler_fingerprint, host_key, sha256_hex
    from pts.version import __version__
    return sha256_hex(json.dumps([FORMAT, __version__, compiler_fingerprint(), host_key(),
                                  target, description, entries, sha256_hex(ir_text)],
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


def _target_machine(target: str):
    """A target machine of its own for `target` (no other thread uses it)."""
    from pts.backend import link
    if target == link.HOST_TARGET:
        import llvmlite.binding as llvm

        from pts.backend import jit
        llvm.initialize_native_target()
        llvm.initialize_native_asmprinter()
        d = jit.target_description()
        return llvm.Target.from_default_triple().create_target_machine(
            cpu=d["cpu"], features=d["features"], opt=3, reloc="pic", codemodel="small")
    return link.target_machine(target)


def _generate(module, target: str, entries: list[str]):
    """(codegen, LLVM IR text, target machine) of `module` for `target`."""
    from pts.backend import link
    from pts.backend.codegen import generate
    tm = _target_machine(target)
    triple = (link.host_image_target() if target == link.HOST_TARGET
              else link.TARGETS[target])["triple"]
    mc = generate(module, triple, str(tm.target_data), prefix="pts",
                  portable=target != link.HOST_TARGET, entries=list(entries))
    return mc, str(mc.m), tm


def _link(target: str, mc, obj: bytes, entries: list[str]):
    from pts.backend import link
    from pts.backend.abi import IMPORTS
    symbols = {name: mc.export_name(name) for name in entries}
    release = mc.release_name()
    try:
        img = link.link(obj, {s: (s, release) for s in symbols.values()}, IMPORTS)
    except link.LinkError as e:
        if target != link.HOST_TARGET:
            raise
        return e
    return img.to_bytes(), symbols, release


def _build_here(module, targets: list[str], entries: list[str], timings: dict,
                progress=None) -> dict:
    """Build `targets` in this process: our codegen of one target while LLVM works on the
    previous one's on a thread of its own."""
    from pts.backend import jit
    waits, out = {}, {}
    gen = 0.0
    with jit.codegen_for(module) as tensor:
        t0 = time.perf_counter()
        for target in targets:
            if progress:
                progress(f"compiling the {target} image")
            t1 = time.perf_counter()
            mc, text, tm = _generate(module, target, entries)
            gen += time.perf_counter() - t1
            waits[target] = (mc, jit._in_thread(jit._part_object, text, tm, 3, tensor, []))
        objects = {target: (mc, wait()) for target, (mc, wait) in waits.items()}
        # (LLVM's time not hidden behind our codegen)
        timings["llvm"] = timings.get("llvm", 0.0) + time.perf_counter() - t0 - gen
    timings["codegen"] = timings.get("codegen", 0.0) + gen
    t0 = time.perf_counter()
    for target in targets:
        mc, obj = objects[target]
        out[target] = _link(target, mc, obj, entries)
    timings["link"] = timings.get("link", 0.0) + time.perf_counter() - t0
    return out


def _fork_build(module, target: str, entries: list[str]):
    """Start building `target` in a forked child; returns a function that waits for it and
    returns (built, the child's timings), or None if the child failed (the caller then
    builds the target itself)."""
    import pickle
    import tempfile
    fd, tmp = tempfile.mkstemp(prefix="pts-save-", suffix=".pickle")
    try:
        pid = os.fork()
    except OSError:
        os.close(fd)
        os.unlink(tmp)
        return None
    if pid == 0:                     # the child: build, hand the result over, leave at once
        code = 1
        try:
            timings: dict = {}
            built = _build_here(module, [target], entries, timings)[target]
            with os.fdopen(fd, "wb") as f:
                pickle.dump((built, timings), f, protocol=pickle.HIGHEST_PROTOCOL)
            code = 0
        finally:
            os._exit(code)          # (no atexit handlers: they are the parent's)
    os.close(fd)

    def wait():
        try:
            _, status = os.waitpid(pid, 0)
            if status != 0:
                return None
            with open(tmp, "rb") as f:
                return pickle.load(f)
        except (OSError, EOFError, pickle.UnpicklingError):
            return None
        finally:
            try:
                os.unlink(tmp)
            except OSError:
                pass
    return wait


def _jobs() -> int:
    """How many processes may build images at once: PTS_SAVE_JOBS, else the CPUs this
    process may use (1: everything in this process)."""
    v = os.environ.get("PTS_SAVE_JOBS", "").strip()
    if v.isdigit() and int(v) > 0:
        return int(v)
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except (AttributeError, OSError):
        return os.cpu_count() or 1


def build(module, ir_text: str, entries: list[str], targets: list[str],
          timings: dict | None = None, progress=None) -> dict:
    """{target: (image bytes, {IR function: entry symbol}, release symbol) or LinkError} of
    `module` (whose printed text is `ir_text`) with boxed entries for `entries`.  Targets
    without a description on this host (the host image off x86-64) are left out.
    `timings` (seconds) gets 'codegen', 'llvm' and 'link' (summed over the targets built,
    in whichever process), 'cached' and 'targets'; `progress(message)` is told what is
    being done."""
    from pts.backend import link
    from pts.cache_dir import code_dir
    timings = {} if timings is None else timings
    d = code_dir()
    out, todo, keys = {}, [], {}
    for target in targets:
        desc = link.host_image_target() if target == link.HOST_TARGET else link.TARGETS[target]
        if desc is None:
            continue
        keys[target] = _key(target, desc, entries, ir_text)
        hit = _cached(d, keys[target])
        if hit is not None:
            out[target] = hit
        else:
            todo.append(target)
    timings["cached"] = len(out)
    timings["targets"] = len(out) + len(todo)
    if not todo:
        return out
    # the other targets in forked children (each its own codegen, its own LLVM), the first
    # here; with one CPU (or no fork) all here, LLVM overlapping our codegen
    children = {}
    if hasattr(os, "fork") and _jobs() > 1:
        for target in todo[1:]:
            wait = _fork_build(module, target, entries)
            if wait is not None:
                children[target] = wait
    here = [t for t in todo if t not in children]
    built = _build_here(module, here, entries, timings, progress)
    if children and progress:
        progress(f"waiting for the {', '.join(children)} images")
    for target, wait in children.items():
        got = wait()
        if got is None:              # (the child failed: build it here, to report why)
            built.update(_build_here(module, [target], entries, timings, progress))
            continue
        built[target], child = got
        for k, v in child.items():
            timings[k] = timings.get(k, 0.0) + v
    for target in todo:
        out[target] = built[target]
        _store(d, keys[target], built[target])
    return out
