"""In-process compilation: LLVM IR -> optimized machine code in this process (MCJIT).

Contract: `compile_module(module)` runs codegen, verifies the LLVM module, optimizes it
with LLVM's -O3 pipeline for the host CPU (all its features), and returns a `NativeModule`
holding the addresses of every function's boxed entry point and of `release`.
Modules stay loaded for the life of the process.
"""
from __future__ import annotations

import itertools
import threading

import llvmlite.binding as llvm

from pts.backend.codegen import generate
from pts.ir.core import Module

_lock = threading.Lock()
_state: dict = {}
_ids = itertools.count()


def _new_target_machine() -> "llvm.TargetMachine":
    llvm.initialize_native_target()
    llvm.initialize_native_asmprinter()
    target = llvm.Target.from_default_triple()
    return target.create_target_machine(cpu=llvm.get_host_cpu_name(),
                                        features=llvm.get_host_cpu_features().flatten(),
                                        opt=3, reloc="default", codemodel="jitdefault")


def target_machine() -> "llvm.TargetMachine":
    """The host target machine used for optimization and data layout."""
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


def optimize(mod: "llvm.ModuleRef", tm, level: int = 3) -> None:
    pto = llvm.PipelineTuningOptions(speed_level=level)
    pto.loop_vectorization = True
    pto.slp_vectorization = True
    pb = llvm.create_pass_builder(tm, pto)
    pb.getModulePassManager().run(mod, pb)


class NativeModule:
    def __init__(self, engine, llmod, mc, llvm_text: str):
        self.engine = engine
        self.llmod = llmod
        self.codegen = mc
        self.llvm_ir = llvm_text

    def entry_address(self, fname: str) -> int:
        return self.engine.get_function_address(self.codegen.export_name(fname))

    def release_address(self) -> int:
        return self.engine.get_function_address(self.codegen.release_name())


def llvm_ir_text(module: Module) -> str:
    tm = target_machine()
    mc = generate(module, host_triple(), str(tm.target_data), prefix="pts")
    return str(mc.m)


def compile_module(module: Module, opt_level: int = 3) -> NativeModule:
    with _lock:
        tm = target_machine()
        prefix = f"pts{next(_ids)}"
        mc = generate(module, host_triple(), str(tm.target_data), prefix=prefix)
        text = str(mc.m)
        llmod = llvm.parse_assembly(text)
        llmod.verify()
        optimize(llmod, tm, opt_level)
        ee = engine()
        ee.add_module(llmod)
        ee.finalize_object()
        return NativeModule(ee, llmod, mc, text)
