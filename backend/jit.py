"""In-process compilation: LLVM IR -> optimized machine code in this process (MCJIT).

Contract: `compile_module(module)` runs codegen, verifies the LLVM module, optimizes it
with LLVM's -O3 pipeline for the host CPU (all its features), and returns a `NativeModule`
holding the addresses of every function's boxed entry point and of `release`.
Modules stay loaded for the life of the process.

For the disk cache (pts.cache) the same work is split in two: `compile_object` stops at an
ELF object file (bytes, plus the names of the symbols to look up), and `load_object` adds
such bytes to the engine without running LLVM's optimizer or code generator.  Symbol names
are unique per loaded module: the caller chooses the prefix (the cache derives it from the
content hash, so equal content has equal names and is loaded once per process).

`STATS` counts, for tests and `PTS_LOG=timings`, how many modules went through LLVM
optimization + code generation and how many were loaded from object code.
"""
from __future__ import annotations

import itertools
import threading
import time

import llvmlite.binding as llvm

from pts.ir.core import Module

_lock = threading.Lock()
_state: dict = {}
_ids = itertools.count()

STATS = {"llvm_compiles": 0, "cache_loads": 0}


def _new_target_machine() -> "llvm.TargetMachine":
    llvm.initialize_native_target()
    llvm.initialize_native_asmprinter()
    target = llvm.Target.from_default_triple()
    return target.create_target_machine(cpu=llvm.get_host_cpu_name(),
                                        features=llvm.get_host_cpu_features().flatten(),
                                        opt=3, reloc="default", codemodel="jitdefault")


def target_machine() -> "llvm.TargetMachine":
    """The host target machine used for optimization, data layout and object emission."""
    tm = _state.get("tm")
    if tm is None:
        tm = _state["tm"] = _new_target_machine()
    return tm


def engine() -> "llvm.ExecutionEngine":
    """One MCJIT engine per process; every compiled module is added to it.
    (The engine owns its target machine, hence a second one.)"""
    ee = _state.get("engine")
    if ee is None:
        ee = _state["engine"] = llvm.create_mcjit_compiler(llvm.parse_assembly(""),
                                                           _new_target_machine())
    return ee


def host_triple() -> str:
    return llvm.get_process_triple()


def target_description() -> dict:
    """What object code depends on besides its source: LLVM, the target and its CPU."""
    d = _state.get("target")
    if d is None:
        import llvmlite
        llvm.initialize_native_target()
        d = _state["target"] = {
            "llvmlite": llvmlite.__version__,
            "llvm": ".".join(map(str, llvm.llvm_version_info)),
            "triple": host_triple(),
            "cpu": llvm.get_host_cpu_name(),
            "features": llvm.get_host_cpu_features().flatten(),
        }
    return d


def optimize(mod: "llvm.ModuleRef", tm, level: int = 3) -> None:
    pto = llvm.PipelineTuningOptions(speed_level=level)
    pto.loop_vectorization = True
    pto.slp_vectorization = True
    pb = llvm.create_pass_builder(tm, pto)
    pb.getModulePassManager().run(mod, pb)


class NativeModule:
    """Code loaded into the engine: `entry_address(fname)` of an IR function's boxed entry
    point, `release_address()`.  `llvm_ir` (the unoptimized LLVM IR text) and `codegen` are
    None for code loaded from an object file."""

    def __init__(self, engine, llmod, mc, llvm_text: str | None,
                 symbols: dict[str, str] | None = None, release: str | None = None):
        self.engine = engine
        self.llmod = llmod
        self.codegen = mc
        self.llvm_ir = llvm_text
        self.symbols = symbols            # IR function name -> boxed entry symbol
        self.release = release

    def entry_address(self, fname: str) -> int:
        name = self.codegen.export_name(fname) if self.codegen else self.symbols[fname]
        return self.engine.get_function_address(name)

    def release_address(self) -> int:
        name = self.codegen.release_name() if self.codegen else self.release
        return self.engine.get_function_address(name)


def llvm_ir_text(module: Module) -> str:
    from pts.backend.codegen import generate
    tm = target_machine()
    mc = generate(module, host_triple(), str(tm.target_data), prefix="pts")
    return str(mc.m)


def _optimized(module: Module, prefix: str, opt_level: int, timings: dict | None):
    from pts.backend.codegen import generate
    t0 = time.perf_counter()
    tm = target_machine()
    mc = generate(module, host_triple(), str(tm.target_data), prefix=prefix)
    text = str(mc.m)
    llmod = llvm.parse_assembly(text)
    llmod.verify()
    t1 = time.perf_counter()
    optimize(llmod, tm, opt_level)
    STATS["llvm_compiles"] += 1
    if timings is not None:
        timings["llvm-ir"] = timings.get("llvm-ir", 0.0) + (t1 - t0) * 1e3
        timings["llvm"] = timings.get("llvm", 0.0) + (time.perf_counter() - t1) * 1e3
    return tm, mc, text, llmod


def compile_module(module: Module, opt_level: int = 3, timings: dict | None = None) -> NativeModule:
    """IR -> machine code in the engine.  `timings` (ms, if given) gets 'llvm-ir' (IR ->
    LLVM IR, parsed and verified), 'llvm' (optimization; MCJIT's code generation happens at
    load) and 'load'."""
    with _lock:
        tm, mc, text, llmod = _optimized(module, f"pts{next(_ids)}", opt_level, timings)
        t0 = time.perf_counter()
        ee = engine()
        ee.add_module(llmod)
        ee.finalize_object()
        if timings is not None:
            timings["load"] = timings.get("load", 0.0) + (time.perf_counter() - t0) * 1e3
        return NativeModule(ee, llmod, mc, text)


def compile_object(module: Module, prefix: str, opt_level: int = 3,
                   timings: dict | None = None) -> tuple[bytes, dict[str, str], str]:
    """IR -> an ELF object file for the host: (bytes, {IR function: boxed entry symbol},
    release symbol).  `timings` gets 'llvm-ir' and 'llvm' (optimization + code generation)."""
    with _lock:
        tm, mc, _text, llmod = _optimized(module, prefix, opt_level, timings)
        t0 = time.perf_counter()
        obj = tm.emit_object(llmod)
        if timings is not None:
            timings["llvm"] += (time.perf_counter() - t0) * 1e3
        symbols = {f.name: mc.export_name(f.name) for f in module}
        return obj, symbols, mc.release_name()


def load_object(obj: bytes, symbols: dict[str, str], release: str,
                from_cache: bool = False, timings: dict | None = None) -> NativeModule:
    """Add object code made by `compile_object` to the engine (no LLVM optimization or code
    generation).  Raises RuntimeError if a symbol is missing (a damaged object)."""
    with _lock:
        t0 = time.perf_counter()
        ee = engine()
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
        if timings is not None:
            timings["load"] = timings.get("load", 0.0) + (time.perf_counter() - t0) * 1e3
        return native
