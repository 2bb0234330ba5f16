"""In-process compilation: LLVM IR -> machine code in this process (MCJIT), in two tiers.

Tier 0 (`compile_fast`): the LLVM IR our codegen emits, not optimized by LLVM, compiled by
LLVM's fast instruction selector (-O0 code generation): a few milliseconds for a function
of tens of lines, code that runs about 1.5-4x slower than tier 2.
Tier 2 (`compile_module`, `compile_object`): LLVM's -O3 pipeline for the host CPU (all its
features a loader can check with cpuid, `_host`), then -O3 code generation: tens of
milliseconds, the fast code.

`pts.api` runs a function's first call on tier-0 code and has the worker thread here
(`submit`) compile tier 2 meanwhile; when it is ready the function's entry is swapped
(pts.compiled.Compiled.swap).  Modules stay loaded for the life of the process, so code of a
replaced tier stays mapped while a call may still be running in it.  `PTS_TIER` chooses:
"auto" (the default: tier 0, then tier 2 in the background; modules with tensor code go to
tier 2 directly, ir.analysis.has_tensor_code), "0"/"fast" (tier 0 only) or "2"/"opt" (tier 2
before the first call, no tier 0).  `wait()` (pts.wait_optimized) waits for the worker.
At exit, jobs that save to the disk cache are finished (bounded by PTS_EXIT_WAIT seconds, 30)
so that the next process loads optimized code; others are dropped.  A fork waits for the
running job (register_at_fork): the child must not inherit LLVM's locks mid-job.

Tier-2 code for the disk cache is compiled position-independent and linked into an image
(`compile_image`, backend.link), which pts.cache maps with runtime.image.Image — the
same code path as archives, no LLVM needed to load it.

Threads.  llvmlite serializes every call into LLVM with one global lock, and releases the
GIL during each: the worker's -O3 work runs in parallel with Python code (and with native
code), but a tier-0 compile on another thread waits while one LLVM call of the worker runs.
The exception: the two parts of a split module (`_part_object`) are parsed, optimized and
compiled around that lock, each in an LLVM context of its own and by a target machine that
no other thread uses.
`_engine_lock` makes adding code to an engine and looking its symbols up one step.
Tier-0 code goes to its own engine (its target machine generates code at -O0); tier-2
modules and object files go to the other (-O3).

Code an image cannot express is saved as an ELF object (`compile_image` says "object"),
and `load_object` adds such bytes to the engine without running LLVM's optimizer or code
generator.  Symbol names are unique per loaded module: the caller chooses the prefix (the
cache derives it from the content hash, so equal content has equal names and is loaded
once per process).

Modules with tensor code are optimized and compiled without LLVM's loop unrolling, epilogue
vectorization, SLP vectorizer and loop strength reduction (`codegen_for`): half of their
compile time, no measurable run time.  Their unoptimized functions are generated apart
(`Split`), by the -O0 code generator on this thread while the rest goes through -O3 on
another (`_part_object`, which calls LLVM around llvmlite's lock: its own context, module
and target machine).

`STATS` (pts.cache.STATS, the same dict) counts, for tests and `PTS_LOG=timings`: modules
that went through LLVM -O3 and its code generation (`llvm_compiles`), tier-0 compiles
(`fast_compiles`), and code loaded from the disk cache (`cache_loads`).
"""
from __future__ import annotations

import atexit
import contextlib
import ctypes
import itertools
import os
import queue
import re
import sys
import threading
import time

import llvmlite.binding as llvm

from pts.cache_dir import STATS  # noqa: F401 - one dict, readable without llvmlite
from pts.ir.core import Module

_lock = threading.RLock()                 # lazy state (_state); makers may nest
_engine_lock = threading.RLock()          # engine additions and lookups
_state: dict = {}
_ids = itertools.count()


def tier_mode() -> str:
    """PTS_TIER: 'auto' (tier 0, then tier 2 in the background), 'fast' or 'opt'."""
    v = os.environ.get("PTS_TIER", "auto").strip().lower()
    if v in ("0", "fast", "o0"):
        return "fast"
    if v in ("2", "3", "opt", "o3"):
        return "opt"
    return "auto"


def _new_target_machine(opt: int = 3) -> "llvm.TargetMachine":
    llvm.initialize_native_target()
    llvm.initialize_native_asmprinter()
    target = llvm.Target.from_default_triple()
    return target.create_target_machine(cpu=_host("cpu"), features=_host("features"),
                                        opt=opt, reloc="default", codemodel="jitdefault")


def _host(what: str) -> str:
    """"cpu": LLVM's name of this CPU; "features": its feature string with every feature a
    loader cannot check with cpuid turned off (backend.cpu.checked_features), and our
    tuning (backend.cpu.tuned_features) — what every target machine here compiles for, and
    archives' host images too (backend.link)."""
    v = _state.get(what)
    if v is None:
        llvm.initialize_native_target()
        if what == "cpu":
            v = llvm.get_host_cpu_name()
        else:
            from pts.backend.cpu import checked_features, tuned_features
            v = tuned_features(checked_features(llvm.get_host_cpu_features().flatten(),
                                                host_triple()), host_triple())
        _state[what] = v
    return v


def _get(name: str, make):
    v = _state.get(name)
    if v is None:
        with _lock:
            v = _state.get(name)
            if v is None:
                v = _state[name] = make()
    return v


def target_machine() -> "llvm.TargetMachine":
    """The host target machine used for optimization, data layout and object emission."""
    return _get("tm", _new_target_machine)


def engine() -> "llvm.ExecutionEngine":
    """The MCJIT engine of tier-2 code (modules and object files).
    (An engine owns its target machine, hence one more.)"""
    return _get("engine", lambda: llvm.create_mcjit_compiler(llvm.parse_assembly(""),
                                                             _new_target_machine(3)))


def fast_engine() -> "llvm.ExecutionEngine":
    """The MCJIT engine of tier-0 code: its target machine generates code at -O0."""
    return _get("fast_engine", lambda: llvm.create_mcjit_compiler(llvm.parse_assembly(""),
                                                                  _new_target_machine(0)))


def host_triple() -> str:
    return _get("triple", llvm.get_process_triple)


def target_description() -> dict:
    """What object code depends on besides its source: LLVM, the target and its CPU."""
    def make():
        import llvmlite
        return {
            "llvmlite": llvmlite.__version__,
            "llvm": ".".join(map(str, llvm.llvm_version_info)),
            "triple": host_triple(),
            "cpu": _host("cpu"),
            "features": _host("features"),
        }
    return _get("target", make)


def optimize(mod: "llvm.ModuleRef", tm, level: int = 3, tensor: bool = False,
             unlocked: bool = False) -> None:
    """LLVM's -O`level` pipeline with the loop vectorizer, and for scalar code the SLP
    vectorizer and loop unrolling (`tensor`: see codegen_for); `unlocked`: see
    _part_object."""
    pto = llvm.PipelineTuningOptions(speed_level=level)
    pto.loop_vectorization = True
    pto.slp_vectorization = not tensor
    pto.loop_unrolling = not tensor
    pb = llvm.create_pass_builder(tm, pto)
    mpm = pb.getModulePassManager()
    if unlocked:
        _unlocked("LLVMPY_RunNewModulePassManager")(mpm, mod, pb)
    else:
        mpm.run(mod, pb)


class NativeModule:
    """Code loaded into an engine: `entry_address(fname)` of an IR function's boxed entry
    point, `release_address()`.  `llvm_ir` (the unoptimized LLVM IR text) is None for code
    loaded from an object file or compiled in two parts (`Split`), `codegen` for
    code loaded from an object file.  `tier` is 0 or 2."""

    def __init__(self, engine, llmod, mc, llvm_text: str | None,
                 symbols: dict[str, str] | None = None, release: str | None = None,
                 tier: int = 2):
        self.engine = engine
        self.llmod = llmod
        self.codegen = mc
        self.llvm_ir = llvm_text
        self.symbols = symbols            # IR function name -> boxed entry symbol
        self.release = release
        self.tier = tier

    def entry_address(self, fname: str) -> int:
        name = self.codegen.export_name(fname) if self.codegen else self.symbols[fname]
        with _engine_lock:
            return self.engine.get_function_address(name)

    def release_address(self) -> int:
        name = self.codegen.release_name() if self.codegen else self.release
        with _engine_lock:
            return self.engine.get_function_address(name)


def _resolve_library(mc) -> None:
    """Code that calls the precompiled kernels (backend.kernel_library) finds them in LLVM's
    symbol table when MCJIT loads it."""
    if mc.library_used:
        from pts.backend import kernel_library
        kernel_library.register()


def llvm_ir_text(module: Module) -> str:
    from pts.backend.codegen import generate
    tm = target_machine()
    mc = generate(module, host_triple(), str(tm.target_data), prefix="pts")
    return str(mc.m)


_codegen_lock = threading.Lock()

# LLVM's process-wide options for modules with tensor code (codegen_for), and their defaults
_TENSOR_OPTIONS = {"-disable-lsr": "-disable-lsr=false",
                   "-enable-epilogue-vectorization=false": "-enable-epilogue-vectorization",
                   # (x86 merges tails by default: "true" puts that back)
                   "-enable-tail-merge=false": "-enable-tail-merge=true"}


@contextlib.contextmanager
def codegen_for(module: Module):
    """Hold around LLVM's optimization and code generation of `module`; yields whether it has
    tensor code (optimize's `tensor`), whose loops LLVM then neither unrolls, nor gives a
    second, narrower vectorized loop for their remainders (epilogue vectorization), nor
    strength-reduces, and whose straight-line code it does not vectorize (SLP).  Two of
    those are process-wide options: every optimization and code generation here takes the
    lock, so none runs with another module's setting.

    Tensor code is many loop nests over runtime shapes, whose remainders are short and whose
    bodies the loop vectorizer already interleaves; what is left outside them is index
    arithmetic.  Loop strength reduction was ~45% of their code generation time (MyConv:
    1.18 -> 0.65 s); unrolling and vectorized epilogues ~25% of their optimization and code
    generation (MyConv's optimized part: 260 -> 200 ms of CPU; softmax's compile 182 -> 126
    ms); the SLP vectorizer 15-45% of the optimization of a kernel's rows (MyConv's batch
    norm: 52 -> 27 ms) — with no measurable change in their run time (same-process A/B of
    the tensor bench: 0.98-1.03).  Scalar loops keep all four (integral runs 5% slower
    without strength reduction).  Tensor code is not tail-merged either: the code
    generator's branch folding compares the tails of every pair of blocks that end alike
    (a big function's many shape-check and raise blocks), half the code generation of a
    gradient's entry (MyConv's value_and_grad: 0.94 -> 0.48 s of CPU, its object 9% larger;
    the whole first call 18% less CPU, steady state unchanged within noise)."""
    from pts.ir.analysis import element_code, has_tensor_code
    with _codegen_lock:
        # element loops over arrays (ir.passes.bound_indices' programs) are scalar loops:
        # unrolled and strength-reduced they ran 8-10% faster (bubblesort, laplace2d)
        if not has_tensor_code(module) or element_code(module):
            yield False
            return
        with _options(_TENSOR_OPTIONS):
            yield True


@contextlib.contextmanager
def tensor_options():
    """Hold around LLVM's optimization and code generation of tensor code that is not a
    module's (kernel_library's loops): codegen_for's lock and options."""
    with _codegen_lock, _options(_TENSOR_OPTIONS):
        yield


@contextlib.contextmanager
def _options(options: dict):
    """LLVM's process-wide options set (keys), then back to their defaults (values)."""
    for option in options:
        llvm.set_option("", option)
    try:
        yield
    finally:
        for default in options.values():
            llvm.set_option("", default)


def _add(timings, key: str, t0: float) -> None:
    if timings is not None:
        timings[key] = timings.get(key, 0.0) + (time.perf_counter() - t0) * 1e3


def _libm_entries(llmod, names: list[str] | None = None) -> None:
    """Calls of libm functions by name (`exp`, ...) go where the import table's slots go
    (runtime.native.libm_address: glibc's entries without the errno wrapper).  Renamed after
    LLVM's optimizer, which knows these functions by their names; MCJIT finds the new names
    in LLVM's symbol table.  `names`: only those (`_libm_called`), instead of looking at
    every function of the module."""
    from pts.backend.abi import IMPORT_MATH
    from pts.runtime.native import libm_address
    if names is None:
        functions = [fn for fn in llmod.functions if fn.is_declaration]
    else:
        functions = []
        for name in names:
            with contextlib.suppress(NameError):       # (the optimizer deleted its calls)
                functions.append(llmod.get_function(name))
    for fn in functions:
        if fn.name in IMPORT_MATH:
            symbol = f"pts.libm.{fn.name}"
            if symbol not in _libm_symbols:
                llvm.add_symbol(symbol, libm_address(fn.name))
                _libm_symbols.add(symbol)
            fn.name = symbol


def _libm_called(text: str) -> list[str]:
    """The libm functions LLVM IR `text` calls."""
    from pts.backend.abi import IMPORT_MATH
    return [name for name in IMPORT_MATH if f' @"{name}"(' in text]


_libm_symbols: set = set()


def _generate(module: Module, prefix: str, entries: list[str] | None = None, declared=None):
    """(target machine, ModuleCodegen) of `module`, compiled for this process (`declared`:
    see codegen.generate)."""
    from pts.backend.codegen import generate
    tm = target_machine()
    return tm, generate(module, host_triple(), str(tm.target_data), prefix=prefix,
                        library=True, entries=entries, declared=declared)


def _parse(text: str) -> "llvm.ModuleRef":
    llmod = llvm.parse_assembly(text)
    llmod.verify()
    return llmod


def _parsed(module: Module, prefix: str, timings: dict | None):
    t0 = time.perf_counter()
    tm, mc = _generate(module, prefix)
    text = str(mc.m)
    llmod = _parse(text)
    _add(timings, "llvm-ir", t0)
    return tm, mc, text, llmod


def _object(module: Module, prefix: str, opt_level: int, timings: dict | None, tm=None,
            libm: bool = False):
    """(ModuleCodegen, object file) of `module`, optimized at -O`opt_level` and compiled by
    `tm` (default: target_machine()); `libm`: calls go to libm's entries (_libm_entries)."""
    tm0, mc, _text, llmod = _parsed(module, prefix, timings)
    tm = tm or tm0
    t1 = time.perf_counter()
    with codegen_for(module) as tensor:
        optimize(llmod, tm, opt_level, tensor)
        STATS["llvm_compiles"] += 1
        if libm:
            _libm_entries(llmod)
        obj = tm.emit_object(llmod)
    _add(timings, "llvm", t1)
    return mc, obj


def compile_fast(module: Module, timings: dict | None = None, count: bool = True) -> NativeModule:
    """Tier 0: IR -> unoptimized LLVM IR -> machine code by the fast instruction selector.
    `timings` gets 'llvm-ir' and 'load' (code generation happens at load); `count`: in
    STATS['fast_compiles'] (not the warm-up's)."""
    _tm, mc, text, llmod = _parsed(module, f"pts{next(_ids)}", timings)
    t0 = time.perf_counter()
    _libm_entries(llmod)
    ee = fast_engine()
    _resolve_library(mc)
    with _engine_lock:
        ee.add_module(llmod)
        ee.finalize_object()
    if count:
        STATS["fast_compiles"] += 1
    _add(timings, "load", t0)
    return NativeModule(ee, llmod, mc, text, tier=0)


def compile_module(module: Module, opt_level: int = 3, timings: dict | None = None,
                   entries: list[str] | None = None) -> NativeModule:
    """Tier 2: IR -> machine code in the engine.  `timings` (ms, if given) gets 'llvm-ir'
    (IR -> LLVM IR, parsed and verified), 'llvm' (optimization and code generation) and
    'load' (adding the code to the engine).  `entries`: the functions `entry_address` will
    be asked for (default: every exported one; codegen.generate).

    A module with unoptimized functions is compiled in two parts (`Split`) at once
    (`_part_object`): the optimized part on a thread of its own, the unoptimized part on
    this one — printing its LLVM IR (Python) and generating its code (-O0) overlap the
    optimized part's -O3 on a second core.  In a module with tensor code the optimized part
    starts earlier still (`Early`): fused kernels' loops are generated first and go to the
    optimizer while the rest of the module is generated; optimized functions made after
    them (rare: loops outside kernels) are a third part, compiled on this thread.  With
    nothing to optimize, the unoptimized part is two parts, one on each thread."""
    prefix = f"pts{next(_ids)}"
    t0 = time.perf_counter()
    from pts.ir.analysis import has_tensor_code
    if has_tensor_code(module):
        # (a library compiled in this process is compiled now, not under codegen_for)
        from pts.backend import kernel_library
        kernel_library.addresses()
    with codegen_for(module) as tensor:
        early = Early(prefix, opt_level) if opt_level > 0 and tensor else None
        try:
            tm, mc = _generate(module, prefix, entries, early)
            split = Split.of(mc, prefix, early.names if early else ()) if opt_level > 0 else None
            if split is None:
                return _compile_whole(module, tm, mc, opt_level, timings, t0, tensor)
            _add(timings, "llvm-ir", t0)
            t1 = time.perf_counter()
            if early is not None and early.started:
                other, late = early.result, split.hot
            elif split.hot:
                text = split.text(split.hot)
                other, late = _in_thread(_part_object, text, worker_target_machine(), opt_level,
                                         tensor, _libm_called(text)), set()
            else:
                other, late = None, set()
            colds = list(split.cold_parts)
            if other is None and len(colds) > 1:    # nothing to optimize: a second -O0 part
                text = split.text(colds.pop(0))
                other = _in_thread(_part_object, text, unoptimized_worker_target_machine(), 0,
                                   tensor, _libm_called(text))
            objects = []
            try:
                for part in colds:
                    text = split.text(part)
                    objects.append(_part_object(text, unoptimized_target_machine(), 0, tensor,
                                                _libm_called(text)))
                if late:
                    text = split.text(late)
                    objects.append(_part_object(text, late_target_machine(), opt_level, tensor,
                                                _libm_called(text)))
            finally:
                if other is not None:
                    objects.append(other())
        finally:
            if early is not None and early.started:
                early.result()          # (its LLVM calls end under codegen_for's options)
    STATS["llvm_compiles"] += 1
    _add(timings, "llvm", t1)
    t0 = time.perf_counter()
    ee = engine()
    _resolve_library(mc)
    refs = [llvm.ObjectFileRef.from_data(obj) for obj in objects]
    with _engine_lock:
        for ref in refs:
            ee.add_object_file(ref)
        ee.finalize_object()
    _add(timings, "load", t0)
    native = NativeModule(ee, None, mc, None)
    native.object_files = refs                              # (keep the wrappers alive)
    native.objects = objects                                # (the disk cache's image: image_of)
    return native


class Early:
    """The optimized part of a tensor module, started before the rest of the module is
    generated (codegen.generate's `declared` hook): `kernel_codegen.prebuild` generates
    every fused kernel's loop functions first, and their LLVM IR (with the stdlib math they
    inline) goes to `_part_object` on a thread of its own at once — ~40% of the module's
    Python code generation (the glue around the kernels) sooner than `Split` alone would
    send it.  The loops are exported under the names Split gives functions that the other
    parts call (`<prefix>.x.<name>`), and the module's functions they call (error messages'
    helpers) are called under the names Split gives them; `names` are the functions this
    part defines.  Not started (Split sends the optimized part as usual) when the loops use
    stdlib math with vector variants (sin, cos: their out-of-line paths stay in one part).
    Loops the kernel library has compiled already (`library`) are not compiled at all; not
    started either when that leaves none."""

    def __init__(self, prefix: str, opt_level: int):
        self.prefix, self.opt_level = prefix, opt_level
        self.names: set[str] = set()
        self.library: dict[str, str] = {}     # loop -> the kernel library's symbol
        self.started = False
        self.result = None      # once started: waits for the part's object file (repeatable)

    def __call__(self, mc) -> None:
        from pts.backend.kernel_codegen import prebuild
        workers = set(prebuild(mc))
        if not workers or "vmath_keep" in mc.__dict__:
            return
        self.library = self.from_library(mc, workers)
        workers -= set(self.library)
        if not workers:
            return
        # the loops and the alwaysinline functions they reach; the other module functions
        # they call (error messages' helpers) are compiled with the rest, called by name
        functions = {f.name: f for f in mc.m.functions}
        refs = {name: _callees(f) for name, f in functions.items()}
        inline = {name for name, f in functions.items()
                  if f.blocks and "alwaysinline" in f.attributes}
        self.names = _with_inlined(workers, refs, inline)
        called = {g for name in self.names for g in refs[name]
                  if g not in self.names and functions[g].linkage == "internal"}
        text = part_text(mc.m, self.names, workers,
                         {name: f"{self.prefix}.x.{name}" for name in workers | called})
        self.result = _in_thread(_part_object, text, worker_target_machine(), self.opt_level,
                                 True, _libm_called(text))
        self.started = True

    @staticmethod
    def from_library(mc, workers: set) -> dict[str, str]:
        """{loop: symbol} of the loops the kernel library has compiled already (the same
        code: kernel_library.loop_key).  Their bodies become calls of the library's
        (codegen's library_call), unoptimized like the rest of the glue."""
        if not mc.library_functions:
            return {}
        from pts.backend import kernel_library
        table = kernel_library.loops()
        found = {}
        for name in sorted(workers):
            symbol = table.get(kernel_library.loop_key(mc.m, name))
            if symbol is not None:
                found[name] = symbol
        for name, symbol in found.items():
            fn = mc.m.get_global(name)
            fn.blocks = []
            mc.library_call(fn, symbol)
        return found


def _compile_whole(module: Module, tm, mc, opt_level: int, timings: dict | None,
                   t0: float, tensor: bool) -> NativeModule:
    """compile_module of a module that is not split: one LLVM module, MCJIT's code
    generation (the caller holds codegen_for)."""
    text = str(mc.m)
    llmod = _parse(text)
    _add(timings, "llvm-ir", t0)
    t1 = time.perf_counter()
    ee = engine()
    _resolve_library(mc)
    optimize(llmod, tm, opt_level, tensor)
    STATS["llvm_compiles"] += 1
    _add(timings, "llvm", t1)
    t0 = time.perf_counter()
    _libm_entries(llmod)
    with _engine_lock:
        ee.add_module(llmod)
        ee.finalize_object()
    _add(timings, "load", t0)
    return NativeModule(ee, llmod, mc, text)


def _part_object(text: str, tm, opt_level: int, tensor: bool, libm: list[str]) -> bytes:
    """One part of a split module (`Split`) -> an object file: parsed into an LLVM context of
    its own, optimized at -O`opt_level` (0: not at all) and compiled by `tm`, a target
    machine no other thread uses at the same time (`worker_target_machine`; the caller holds
    codegen_for).  The long calls — parsing, verification, the optimizer and code generation
    — go around llvmlite's global lock (`_unlocked`): they touch only this context, module
    and target machine, and LLVM runs such jobs in parallel (as ORC's concurrent compilation
    does).  `libm`: the libm functions the text calls (_libm_entries)."""
    context = llvm.create_context()
    with llvm.ffi.OutputString() as error:
        llmod = llvm.ModuleRef(_unlocked("LLVMPY_ParseAssembly")(
            context, ctypes.c_char_p(text.encode()), error), context)
        if error:
            llmod.close()
            context.close()
            raise RuntimeError(f"LLVM IR parsing error\n{error}")
    try:
        with llvm.ffi.OutputString() as error:
            if _unlocked("LLVMPY_VerifyModule")(llmod, error):
                raise RuntimeError(str(error))
        if opt_level:
            optimize(llmod, tm, opt_level, tensor, unlocked=True)
        _libm_entries(llmod, libm)
        with llvm.ffi.OutputString() as error:
            buf = _unlocked("LLVMPY_TargetMachineEmitToMemory")(tm, llmod, 1, error)
            if not buf:
                raise RuntimeError(str(error))
        try:
            return ctypes.string_at(llvm.ffi.lib.LLVMPY_GetBufferStart(buf),
                                    llvm.ffi.lib.LLVMPY_GetBufferSize(buf))
        finally:
            llvm.ffi.lib.LLVMPY_DisposeMemoryBuffer(buf)
    finally:
        llmod.close()
        context.close()


def _unlocked(name: str):
    """llvmlite's C function `name` without the lock llvmlite takes around every call into
    LLVM (its argument types as llvmlite declares them)."""
    getattr(llvm.ffi.lib, name)
    return getattr(llvm.ffi.lib._lib, name)


def _in_thread(fn, *args):
    """Runs fn(*args) on a new thread; returns a function that waits for it and returns its
    result (or raises its exception)."""
    out: dict = {}

    def run():
        try:
            out["value"] = fn(*args)
        except BaseException as e:      # noqa: BLE001 - handed to the waiting thread
            out["error"] = e
    thread = threading.Thread(target=run, name="pts-llvm", daemon=True)
    thread.start()

    def wait():
        thread.join()
        if "error" in out:
            raise out["error"]
        return out["value"]
    return wait


def _part_target_machine(opt: int) -> "llvm.TargetMachine":
    """A target machine for one part of a split module (`_part_object`): the host CPU and
    features as every target machine here, position-independent code and the small code
    model as the disk cache's images (`image_target_machine`), so that the parts the engine
    loads are also the objects of the module's image (`image_of`: linked, not compiled
    again).  MCJIT loads such objects as it loads the disk cache's objects (`load_object`)."""
    llvm.initialize_native_target()
    llvm.initialize_native_asmprinter()
    return llvm.Target.from_default_triple().create_target_machine(
        cpu=_host("cpu"), features=_host("features"), opt=opt, reloc="pic",
        codemodel="small")


def worker_target_machine() -> "llvm.TargetMachine":
    """The -O3 target machine of a split module's optimized part (a target machine caches
    per-function state, so two threads must not share one)."""
    return _get("tm_worker", lambda: _part_target_machine(3))


def unoptimized_worker_target_machine() -> "llvm.TargetMachine":
    """The -O0 target machine of the unoptimized part compiled on a thread of its own (when
    a split module has nothing to optimize: Split.cold_parts)."""
    return _get("tm0_worker", lambda: _part_target_machine(0))


def late_target_machine() -> "llvm.TargetMachine":
    """The -O3 target machine of the optimized functions generated after `Early`'s part
    (compiled on the caller's thread while the worker's machine is busy with that part)."""
    return _get("tm_late", lambda: _part_target_machine(3))


def unoptimized_target_machine() -> "llvm.TargetMachine":
    """-O0 code generation (fast instruction selection and register allocation): the
    unoptimized functions of a tier-2 module."""
    return _get("tm0", lambda: _part_target_machine(0))


def _callees(f) -> set[str]:
    """Names of the functions llvmlite function f calls or takes the address of."""
    from llvmlite import ir
    return {op.name for blk in f.blocks for ins in blk.instructions for op in ins.operands
            if isinstance(op, ir.Function)}


def _with_inlined(roots: set, refs: dict, inline: set) -> set:
    """roots and the alwaysinline functions (`inline`) they reach through `refs` (name ->
    callees): a part of a split module has its own copy of those."""
    part, work = set(roots), list(roots)
    while work:
        for g in refs[work.pop()]:
            if g in inline and g not in part:
                part.add(g)
                work.append(g)
    return part


def _shares(names: set, sizes: dict, weights: tuple) -> list[set]:
    """names in len(weights) sets whose total sizes are about in the ratio of weights
    (biggest first, each to the set furthest below its share).  The first set goes to a
    second thread, which compiles it while this one prints the others: it is the bigger."""
    sets, loads = [set() for _ in weights], [0] * len(weights)
    for name in sorted(names, key=lambda n: (-sizes[n], n)):
        i = min(range(len(weights)), key=lambda i: loads[i] / weights[i])
        sets[i].add(name)
        loads[i] += sizes[name]
    return sets


class Split:
    """A tier-2 module's functions in two parts: those LLVM optimizes (`hot`), and the
    unoptimized ones (`cold`: `optnone` — glue, kernels' dispatch and fallback functions,
    error formatting), whose code the -O0 target machine generates — fast instruction
    selection and register allocation, a third of the time the -O3 one takes for them —
    into an object file that goes into the same engine.  A function one part calls or takes
    the address of in the other becomes external under a new name (`renames`: old name ->
    new name); the `alwaysinline` ones (stdlib math) are copied into the unoptimized part
    instead, and stay internal in both.  `text(part)` prints one part's LLVM IR.

    With nothing to optimize (a model whose kernels are all the kernel library's), the
    unoptimized functions are two parts (`cold_parts`, ~3:2 by instructions), compiled on
    two threads; `cold` is all of them."""

    # instructions: unoptimized code in two parts from this size (and a module that is all
    # unoptimized split at all)
    HALVES_MIN = 1000

    def __init__(self, mc, defined: list, hot: set, cold_parts: list[set], crossing: set,
                 prefix: str):
        self.mc, self.defined = mc, defined
        self.hot, self.cold_parts, self.crossing = hot, cold_parts, crossing
        self.cold = set().union(*cold_parts)
        self.renames = {name: f"{prefix}.x.{name}" for name in crossing}

    @classmethod
    def of(cls, mc, prefix: str, early=()) -> "Split | None":
        """None when there is nothing to split off (or a global holds a function's
        address).  `early`: the functions `Early`'s part defines already (not in `hot`)."""
        from llvmlite import ir
        defined = [f for f in mc.m.functions if f.blocks]
        optnone = {f.name for f in defined if "optnone" in f.attributes}
        sizes = {f.name: sum(len(b.instructions) for b in f.blocks) for f in defined}
        if not optnone or len(optnone) == len(defined) and \
                sum(sizes.values()) < cls.HALVES_MIN:
            return None
        if any(isinstance(g, ir.GlobalVariable) and isinstance(g.initializer, ir.Function)
               for g in mc.m.global_values):
            return None
        names = {f.name for f in defined}
        refs = {f.name: _callees(f) & names for f in defined}
        inline = {f.name for f in defined if "alwaysinline" in f.attributes}
        # the unoptimized part: the optnone functions and the alwaysinline ones they reach
        cold = _with_inlined(optnone, refs, inline)
        early = set(early)
        hot = _with_inlined(names - optnone - early - inline, refs, inline)
        cold_parts = [cold]
        if not hot and not early and sum(sizes[n] for n in optnone) >= cls.HALVES_MIN:
            # (the optimizer's thread is free: two unoptimized parts)
            cold_parts = [_with_inlined(roots, refs, inline)
                          for roots in _shares(optnone, sizes, (3, 2)) if roots]
        crossing = {g for part in (hot, *cold_parts, early) for f in part for g in refs[f]
                    if g not in part}
        # (exported functions already have names of their own: the module's prefix)
        crossing = {f.name for f in defined if f.name in crossing and f.linkage == "internal"}
        return cls(mc, defined, hot, cold_parts, crossing, prefix)

    def text(self, keep: set) -> str:
        return part_text(self.mc.m, keep, self.crossing, self.renames)


def part_text(m, keep: set, exported: set, renames: dict) -> str:
    """LLVM IR text of module m with only the functions in `keep` defined (the others
    declared), those in `exported` external, and every global's name renamed by `renames`."""
    saved = []
    for f in m.functions:
        if f.name not in keep:
            if f.blocks or f.linkage:
                saved.append((f, f.blocks, f.linkage))
                f.blocks, f.linkage = [], ""
        elif f.name in exported:
            saved.append((f, f.blocks, f.linkage))
            f.linkage = ""
    try:
        text = str(m)
    finally:
        for f, blocks, linkage in saved:
            f.blocks, f.linkage = blocks, linkage
    # (llvmlite quotes every global's name: @"name")
    return _GLOBAL_NAME.sub(lambda g: f'@"{renames.get(g[1], g[1])}"', text)


_GLOBAL_NAME = re.compile(r'@"([^"]*)"')


def compile_object(module: Module, prefix: str, opt_level: int = 3,
                   timings: dict | None = None) -> tuple[bytes, dict[str, str], str]:
    """IR -> an ELF object file for the host: (bytes, {IR function: boxed entry symbol},
    release symbol).  `timings` gets 'llvm-ir' and 'llvm' (optimization + code generation)."""
    mc, obj = _object(module, prefix, opt_level, timings, libm=True)
    symbols = {name: mc.export_name(name) for name in mc.exported()}
    return obj, symbols, mc.release_name()


def image_target_machine() -> "llvm.TargetMachine":
    """The host CPU with its checkable features (`_host`), position-independent code, small
    code model: objects that backend.link turns into images (the disk cache's format, and
    archives' host images)."""
    def make():
        llvm.initialize_native_target()
        llvm.initialize_native_asmprinter()
        return llvm.Target.from_default_triple().create_target_machine(
            cpu=_host("cpu"), features=_host("features"), opt=3, reloc="pic", codemodel="small")
    return _get("pic_tm", make)


def compile_image(module: Module, prefix: str, timings: dict | None = None):
    """Tier 2 for the disk cache: IR -> -O3 for the host CPU -> a linked image (backend.link),
    which runtime.image.Image maps without LLVM.  Returns (kind, bytes, {IR function:
    boxed entry symbol}, release symbol): kind "image", or "object" (the ELF object, for
    `load_object`) when the code needs something an image cannot express (link.LinkError).
    `timings` gets 'llvm-ir' and 'llvm' (optimization, code generation and linking)."""
    mc, obj = _object(module, prefix, 3, timings, image_target_machine())
    t0 = time.perf_counter()
    kind, code, symbols, release = _linked(mc, obj)
    if kind is None:
        kind, code = "object", obj
    _add(timings, "llvm", t0)
    return kind, code, symbols, release


def image_of(native: "NativeModule", module: Module, timings: dict | None = None):
    """compile_image's result for code `compile_module` has made of `module` (`native`), or
    None when it cannot be an image (then compile_image makes the object, whose symbols
    must be named for the disk cache).  A module compiled in parts (`Split`) is those
    parts' objects linked (backend.link links several; the parts are position-independent
    code: `_part_target_machine`): the image is the code the first call ran, made with no
    second compile (nanoGPT: ~0.7 s of CPU, which held codegen_for's lock while a pts.save
    right after the first call waited).  Otherwise the LLVM IR generated then is compiled
    again (no second code generation of ours; the kernel library's loops already calls of
    the library's, jit.Early): the whole module at -O3 by the image target machine."""
    from pts.backend import link
    mc = native.codegen
    if mc is None:
        return None
    t0 = time.perf_counter()
    objects = getattr(native, "objects", None)
    if objects:                 # the engine's own parts, position-independent: linked only
        kind, code, symbols, release = _linked(mc, objects)
        if kind is not None:
            _add(timings, "llvm", t0)
            return kind, code, symbols, release
    llmod = _parse(str(mc.m))
    _add(timings, "llvm-ir", t0)
    t1 = time.perf_counter()
    tm = image_target_machine()
    with codegen_for(module) as tensor:
        optimize(llmod, tm, 3, tensor)
        STATS["llvm_compiles"] += 1
        obj = tm.emit_object(llmod)
    try:
        kind, code, symbols, release = _linked(mc, obj)
    except link.LinkError:
        return None
    _add(timings, "llvm", t1)
    return None if kind is None else (kind, code, symbols, release)


def _linked(mc, obj: bytes):
    """("image", bytes, symbols, release) of object `obj` of codegen `mc` linked, or
    (None, None, symbols, release) if it cannot be (link.LinkError)."""
    from pts.backend import link
    from pts.backend.abi import IMPORTS
    symbols = {name: mc.export_name(name) for name in mc.exported()}
    release = mc.release_name()
    try:
        image = link.link(obj, {s: (s, release) for s in symbols.values()}, IMPORTS,
                          library=mc.library_used)
    except link.LinkError:
        return None, None, symbols, release
    return "image", image.to_bytes(), symbols, release


def load_object(obj: bytes, symbols: dict[str, str], release: str,
                from_cache: bool = False, timings: dict | None = None) -> NativeModule:
    """Add object code made by `compile_object` to the engine (no LLVM optimization or code
    generation).  Raises RuntimeError if a symbol is missing (a damaged object)."""
    t0 = time.perf_counter()
    ee = engine()
    from pts.backend import kernel_library
    if kernel_library.PREFIX.encode() in obj:
        kernel_library.register()
    with _engine_lock:
        ref = llvm.ObjectFileRef.from_data(obj)
        ee.add_object_file(ref)
        ee.finalize_object()
        native = NativeModule(ee, None, None, None, symbols, release)
        native.object_file = ref          # the engine took its contents; keep the wrapper
        for name in [*symbols.values(), release]:
            if not ee.get_function_address(name):
                raise RuntimeError(f"pts: symbol {name} missing from object code")
    if from_cache:
        STATS["cache_loads"] += 1
    _add(timings, "load", t0)
    return native


# ---------------------------------------------------------------- the background worker

_jobs: "queue.SimpleQueue" = queue.SimpleQueue()
_pending = 0
_idle = threading.Condition(threading.Lock())
_worker: threading.Thread | None = None


_exiting = False


def submit(job, saves: bool = False) -> None:
    """Run `job()` (a tier-2 compile and what follows it) on the worker thread.  `saves`:
    the job writes the disk cache (it still runs when the process exits)."""
    global _pending, _worker
    with _idle:
        _pending += 1
        if _worker is None:
            _worker = threading.Thread(target=_work, name="pts-optimizer", daemon=True)
            _worker.start()
    _jobs.put((job, saves))


_running = threading.Lock()      # held by the worker while it runs a job: see _before_fork


def _work() -> None:
    global _pending
    while True:
        job, saves = _jobs.get()
        try:
            if saves or not _exiting:
                with _running:
                    job()
        except BaseException as e:          # the tier-0 code stays; say why, if asked to
            if "tiers" in os.environ.get("PTS_LOG", "").split(","):
                print(f"pts: background optimization failed: {type(e).__name__}: {e}",
                      file=sys.stderr)
        finally:
            with _idle:
                _pending -= 1
                if _pending == 0:
                    _idle.notify_all()


def pending() -> int:
    """Number of tier-2 compiles queued or running."""
    return _pending


def wait(timeout: float | None = None) -> bool:
    """Wait until every submitted tier-2 compile has finished (and its code is in use).
    Returns False if `timeout` (seconds) passed first.  Called from the worker itself, it
    does not wait."""
    if threading.current_thread() is _worker:
        return _pending <= 1
    with _idle:
        return _idle.wait_for(lambda: _pending == 0, timeout)


@atexit.register
def _finish_at_exit() -> None:
    """Tier-2 compiles of a short-lived process save their code in the disk cache when they
    finish: let them (the next process then loads it); others are dropped.  Bounded, so
    exit never hangs (PTS_EXIT_WAIT seconds, default 30: a train step's image, stored in
    the background (pts.compiled), takes ~5 s of CPU, more than 10 s on a loaded machine)."""
    global _exiting
    _exiting = True
    limit = float(os.environ.get("PTS_EXIT_WAIT", "30"))
    if _pending and not wait(min(limit, 2.0)) and limit > 2.0:
        print(f"pts: finishing the optimized code for the disk cache before exit (once for "
              f"this code; at most {limit:g} s more, PTS_EXIT_WAIT)", file=sys.stderr,
              flush=True)
        wait(limit - 2.0)


_fork_held: list = []


def _before_fork() -> None:
    # A child forked while the worker runs LLVM would inherit locks held by a thread it does
    # not have (llvmlite's, the engines'): fork between jobs.  (Bounded: a job waiting for
    # something the forking thread holds must not deadlock the parent.)
    if _worker is not None and _running.acquire(timeout=30):
        _fork_held.append(True)


def _after_fork_in_parent() -> None:
    if _fork_held:
        _fork_held.clear()
        _running.release()


def _after_fork_in_child() -> None:
    # no worker in the child: its queued jobs are the parent's; the child's functions keep
    # their tier-0 code and new compiles start a worker of their own
    global _jobs, _pending, _idle, _worker, _running
    _fork_held.clear()
    _jobs = queue.SimpleQueue()
    _pending = 0
    _idle = threading.Condition(threading.Lock())
    _worker = None
    _running = threading.Lock()


if hasattr(os, "register_at_fork"):
    os.register_at_fork(before=_before_fork, after_in_parent=_after_fork_in_parent,
                        after_in_child=_after_fork_in_child)


def warm_up() -> None:
    """Pay LLVM's first-use costs (target set-up, engines, the first code generation) now,
    not in the first call of a scripted function."""
    target_machine()
    host_triple()
    target_description()
    ee = fast_engine()
    engine()
    llmod = llvm.parse_assembly(
        "define i64 @pts.warm_up(i64 %a, i64 %b) {\n"
        "entry:\n  %c = icmp slt i64 %a, %b\n  br i1 %c, label %l, label %r\n"
        "l:\n  %x = mul i64 %a, %b\n  ret i64 %x\n"
        "r:\n  %y = sdiv i64 %a, %b\n  ret i64 %y\n}\n")
    with _engine_lock:
        ee.add_module(llmod)
        ee.finalize_object()
        ee.get_function_address("pts.warm_up")
