"""`@pts.script` for functions: specialize per argument types, compile, cache, call.

The pipeline is run from here, one stage after the other (DESIGN.md §3):
    frontend.program.build_module  source -> AST -> typed AST -> SSA IR
    ir.pipeline.optimize           the IR passes
    backend.jit.compile_module     IR -> LLVM IR -> -O3 -> machine code
    runtime.native.NativeEntry     the call from Python
or, with backend="interp", runtime.interp runs the optimized IR.
"""
from __future__ import annotations

import functools
import os

from pts.errors import CompileError
from pts.ir.core import Module

BACKENDS = ("native", "interp")
_SCALARS = (int, float, bool)


def _optimize(module: Module, after: str | None = None) -> Module:
    from pts.ir import pipeline
    verify = bool(os.environ.get("PTS_VERIFY"))
    return pipeline.optimize(module, after=after, verify=verify)


class Compiled:
    """One signature of a scripted function: its IR module and how to run it.
    `module` is None when the machine code came from the disk cache (pts.cache)."""

    def __init__(self, module: Module, backend: str, disk=None, timings: dict | None = None):
        self.module = module
        entry = module[module.entry]
        self.param_types = entry.param_types
        # arguments that are constants of this specialization (axis=dim, strings): the
        # cache key includes their values and the compiled code does not take them
        spec = module.entry_spec
        self.const_indices = tuple(i for i, p in enumerate(spec.fdef.params)
                                   if p.name in spec.const_params)
        if backend == "interp":
            from pts.runtime.interp import Interpreter
            from pts.runtime.native import to_type
            interp = Interpreter(module)

            def run(args):
                return interp.call(module.entry, [to_type(a, t) for a, t in zip(args, self.param_types)])
            self.run = run
        else:
            from pts.runtime.native import NativeEntry
            if disk is not None:
                self.native = disk.store(module, timings)
            else:
                from pts.backend.jit import compile_module
                self.native = compile_module(module, timings=timings)
            self.run = NativeEntry(self.native, entry)
        if self.const_indices:
            inner, dropped = self.run, set(self.const_indices)
            self.run = lambda args: inner([a for i, a in enumerate(args) if i not in dropped])

    @classmethod
    def from_native(cls, native, entry) -> "Compiled":
        """Machine code loaded from the disk cache; `entry` is the IR function's signature."""
        from pts.runtime.native import NativeEntry
        c = cls.__new__(cls)
        c.module = None
        c.param_types = entry.param_types
        c.const_indices = ()
        c.native = native
        c.run = NativeEntry(native, entry)
        return c


try:                        # calls through C (runtime/_dispatch.c), else through ctypes
    from pts._dispatch import Dispatcher as _CallBase
except ImportError:         # not built: ScriptFunction.__call__ below
    _CallBase = object


class ScriptFunction(_CallBase):
    """A Python function compiled by pts on its first call for each argument-type signature.

    With the C extension, a call is handled by `Dispatcher` (no Python frame) when all
    arguments are int/float/bool and their signature has been registered; anything else
    comes to `_slow_call`, which compiles, registers scalar signatures and runs."""

    def __init__(self, fn, backend: str = "native"):
        if isinstance(fn, ScriptFunction):
            fn = fn.py_func
        if backend not in BACKENDS:
            raise ValueError(f"unknown backend {backend!r}; choose one of {', '.join(BACKENDS)}")
        if not callable(fn) or not hasattr(fn, "__code__"):
            raise CompileError(f"pts.script needs a Python function, got {type(fn).__name__}")
        functools.update_wrapper(self, fn)
        self.py_func = fn
        self.backend = backend
        self._cache: dict[tuple, Compiled] = {}
        self._fast: dict[tuple, Compiled] = {}    # by Python types, for scalar arguments
        self._const_indices: tuple = ()            # arguments specialized on their values

    def signature(self, args: tuple) -> tuple:
        from pts.frontend.program import type_of_value
        return tuple(type_of_value(a) for a in args)

    def compiled(self, args: tuple) -> Compiled:
        try:
            sig = self.signature(args)
        except TypeError as e:
            raise TypeError(f"{self.py_func.__name__}(): {e}") from None
        key = (sig, tuple(args[i] for i in self._const_indices))
        c = self._cache.get(key)
        if c is None:
            c = _compile(self.py_func, sig, self.backend, args)
            if c.const_indices != self._const_indices:
                self._const_indices = c.const_indices
                key = (sig, tuple(args[i] for i in c.const_indices))
            self._cache[key] = c
        return c

    def _slow_call(self, *args, **kwargs):
        if kwargs or (self.py_func.__defaults__ and
                      len(args) < self.py_func.__code__.co_argcount):
            args = self._bind(args, kwargs)
        key = tuple(map(type, args))
        c = self._fast.get(key)
        if c is None:
            c = self.compiled(args)
            if all(k in _SCALARS for k in key) and not c.const_indices:
                self._fast[key] = c
                if _CallBase is not object:
                    self._register(key, c)
        try:
            return c.run(args)
        except (ArithmeticError, LookupError, ValueError, AssertionError, RuntimeError,
                TypeError) as e:
            if getattr(e, "pts_span", None) is not None:
                raise e.with_traceback(None) from None
            raise

    if _CallBase is object:
        __call__ = _slow_call

    def _bind(self, args: tuple, kwargs: dict) -> tuple:
        """Keyword and default arguments -> the full positional tuple, as Python binds them."""
        import inspect
        try:
            bound = inspect.signature(self.py_func).bind(*args, **kwargs)
        except TypeError as e:
            raise TypeError(f"{self.py_func.__name__}(): {e}") from None
        bound.apply_defaults()
        return bound.args

    def _register(self, key: tuple, c: Compiled) -> None:
        """Let the C dispatcher call `c` for arguments of exact Python types `key`."""
        info = getattr(c.run, "dispatch_info", None)
        info = info() if info is not None else None
        if info is not None:
            kinds = "".join("b" if k is bool else "f" if k is float else "i" for k in key)
            self._add_entry(kinds, *info, c.run)

    def ir(self, *args, after: str | None = None) -> str:
        """The IR text of this function for the signature of `args`, after pass `after`
        ("lower" for the unoptimized IR, None for the final IR)."""
        from pts.ir.printer import print_module
        sig = self.signature(args)
        module = _build(self.py_func, sig, args)
        _optimize(module, after=after)
        return print_module(module)

    def llvm_ir(self, *args) -> str:
        from pts.backend.jit import llvm_ir_text
        sig = self.signature(args)
        module = _build(self.py_func, sig, args)
        _optimize(module)
        return llvm_ir_text(module)

    def __repr__(self) -> str:
        return f"<pts.script {self.py_func.__qualname__}>"

    def __get__(self, obj, objtype=None):
        if obj is None:
            return self
        return functools.partial(self, obj)


def _build(pyfunc, sig, values: tuple = ()) -> Module:
    from pts.frontend.program import build_module
    try:
        return build_module(pyfunc, sig, values)
    except CompileError as e:
        raise e.with_traceback(None) from None
    except RecursionError:
        raise CompileError(f"'{pyfunc.__name__}' is nested too deeply to compile") from None


def _compile(pyfunc, sig, backend: str, values: tuple = ()) -> Compiled:
    """Load the signature from the disk cache (pts.cache), else run the whole pipeline (and
    save the result there).  PTS_LOG=timings prints the time of each stage."""
    import time
    from pts import cache
    ms: dict = {}
    disk = None
    if backend == "native":
        t0 = time.perf_counter()
        from pts.backend import jit      # noqa: F401 - llvmlite: timed apart from the lookup
        from pts.runtime import native   # noqa: F401
        ms["imports"] = (time.perf_counter() - t0) * 1e3
        t0 = time.perf_counter()
        disk = cache.entry_for(pyfunc, sig)
        hit = disk.load(ms) if disk is not None else None
        ms["lookup"] = (time.perf_counter() - t0) * 1e3 - ms.get("load", 0.0)
        if hit is not None:
            if cache.timings_enabled():
                cache.log_timings(pyfunc, sig, ms, hit=True)
            return Compiled.from_native(*hit)
    module = _build(pyfunc, sig, values)
    ms.update(module.program.timings.ms)
    if module.entry_spec.const_params:
        disk = None          # the disk cache keys on types only: value-specialized code stays out
    try:
        t0 = time.perf_counter()
        _optimize(module)
        ms["passes"] = (time.perf_counter() - t0) * 1e3
        c = Compiled(module, backend, disk, ms)
    except CompileError as e:
        raise e.with_traceback(None) from None
    if cache.timings_enabled():
        cache.log_timings(pyfunc, sig, ms, hit=False)
    return c
