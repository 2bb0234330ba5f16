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
import gc
import os
import sys
import threading
import weakref

from pts.errors import CompileError

TYPE_CHECKING = False       # (typing.TYPE_CHECKING, without importing typing)
if TYPE_CHECKING:           # a call of code from the disk cache needs no IR
    from pts.ir.core import Module

BACKENDS = ("native", "interp")
_SCALARS = (int, float, bool)
_ARRAY: list = []                          # [numpy.ndarray] once numpy is imported


def _array_type():
    """numpy.ndarray, or None while numpy is not imported (pts does not import it)."""
    if not _ARRAY:
        np = sys.modules.get("numpy")
        if np is None:
            return None
        _ARRAY.append(np.ndarray)
    return _ARRAY[0]


def _ir_type(name: str):
    def get():
        from pts.ir import types
        return getattr(types, name)
    return get


# frontend.program.type_of_value of exact int, float and bool values
_SCALAR_TYPES = {int: _ir_type("I64"), float: _ir_type("F64"), bool: _ir_type("I1")}


def _optimize(module: Module, after: str | None = None) -> Module:
    from pts.ir import pipeline
    return pipeline.optimize(module, after=after)        # verified if pipeline.verify_enabled()


class Compiled:
    """One signature of a scripted function: its IR module and how to run it.
    `module` is None when the machine code came from the disk cache (pts.cache).

    Native code comes in tiers (backend.jit): by default the first call runs tier-0 code
    while the worker thread compiles tier 2; `swap` then puts the new code in place, here
    and in the C dispatcher (`on_swap`), under `lock` so a registration cannot miss it."""

    def __init__(self, module: Module, backend: str, disk=None, timings: dict | None = None,
                 root=None, name: str | None = None):
        self.module = module
        entry = module[module.entry]
        self.entry_func = entry
        self.param_types = entry.param_types
        self.lock = threading.Lock()
        self.on_swap: list = []
        # arguments that are constants of this specialization (axis=dim, strings): the
        # cache key includes their values and the compiled code does not take them
        spec = module.entry_spec
        self.const_indices = tuple(i for i, p in enumerate(spec.fdef.params)
                                   if p.name in spec.const_params)
        if backend == "interp":
            from pts.runtime.interp import Interpreter
            from pts.runtime.native import to_type
            interp = Interpreter(module, root)

            def run(args):
                return interp.call(module.entry, [to_type(a, t) for a, t in zip(args, self.param_types)])
            self.native = self.entry = None
            self.run = run
            if self.const_indices:
                inner, dropped = self.run, set(self.const_indices)
                self.run = lambda args: inner([a for i, a in enumerate(args) if i not in dropped])
            return
        from pts.backend import jit
        from pts.ir.analysis import has_tensor_code
        mode = jit.tier_mode()
        # Tensor code skips tier 0 (unless PTS_TIER=fast): its loops over arrays are where
        # unoptimized code costs most (no vectorization, no fusion of index arithmetic), and
        # a first call of a tensor function is often a long one that tier 2 would not replace.
        if mode == "auto" and has_tensor_code(module):
            mode = "opt"
        if mode == "opt":
            native = disk.store(module, timings) if disk is not None else \
                jit.compile_module(module, timings=timings, entries=[module.entry])
        else:
            native = jit.compile_fast(module, timings)
        self._set_native(native)
        if mode == "auto":
            self._optimize_later(module, disk, name)

    def _set_native(self, native) -> None:
        from pts.runtime.native import NativeEntry
        self.native = native
        self.entry = NativeEntry(native, self.entry_func)
        run = self.entry
        if self.const_indices:
            dropped = set(self.const_indices)
            run = lambda args: self.entry([a for i, a in enumerate(args) if i not in dropped])  # noqa: E731
        self.run = run

    def swap(self, native) -> None:
        """Run `native` (tier-2 code of the same module) from now on.  Calls running the old
        code finish in it: it stays loaded."""
        with self.lock:
            self._set_native(native)
            for f in self.on_swap:
                f(self.entry)

    def _optimize_later(self, module: Module, disk, name: str | None) -> None:
        from pts import cache
        from pts.backend import jit

        def job():
            ms: dict = {}
            native = disk.store(module, ms) if disk is not None else \
                jit.compile_module(module, timings=ms, entries=[module.entry])
            self.swap(native)
            if name is not None and cache.timings_enabled():
                cache.log_line(name, "optimized (tier 2, in the background)", ms)
        jit.submit(job, saves=disk is not None)

    @property
    def tier(self) -> int | None:
        """0 or 2 for native code (see backend.jit), None for the interpreter."""
        return None if self.native is None else self.native.tier

    @classmethod
    def from_native(cls, native, entry) -> "Compiled":
        """Machine code loaded from the disk cache; `entry` is the IR function's signature."""
        c = cls.__new__(cls)
        c.module = None
        c.entry_func = entry
        c.param_types = entry.param_types
        c.const_indices = ()
        c.lock = threading.Lock()
        c.on_swap = []
        c._set_native(native)
        return c


def wait_optimized(timeout: float | None = None) -> bool:
    """Wait until every function compiled so far runs its optimized (tier-2) code; False if
    `timeout` seconds passed first.  (PTS_TIER=opt compiles tier 2 before the first call.)"""
    import sys
    jit = sys.modules.get("pts.backend.jit")
    return True if jit is None else jit.wait(timeout)


try:                        # calls through C (runtime/_dispatch.c), else through ctypes
    from pts._dispatch import Dispatcher as _CallBase
except ImportError:         # not built: ScriptFunction.__call__ below
    _CallBase = object


class ScriptFunction(_CallBase):
    """A Python function compiled by pts on its first call for each argument-type signature.

    With the C extension, a call is handled by `Dispatcher` (no Python frame) when all
    arguments are int/float/bool or plain ndarrays and their signature has been registered;
    anything else comes to `_slow_call`, which compiles, registers the signatures of scalars
    and arrays, and runs."""

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
        if backend == "native":
            maybe_preload(fn)
        self._cache: dict[tuple, Compiled] = {}
        self._fast: dict[tuple, Compiled] = {}    # by Python types, for scalar arguments
        self._const_indices: tuple = ()            # arguments specialized on their values

    def signature(self, args: tuple) -> tuple:
        if all(type(a) in _SCALAR_TYPES for a in args):      # without importing the frontend
            return tuple(_SCALAR_TYPES[type(a)]() for a in args)
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
        args, _ = _call_args(self.py_func, args, kwargs, 0, self._bind)
        key = _value_key(args)
        c = self._fast.get(key)
        if c is None:
            c = self.compiled(args)
            if all(k in _SCALARS or type(k) is tuple for k in key) and not c.const_indices:
                self._fast[key] = c
                if _CallBase is not object:
                    _register(self, _kinds(key), c)
        try:
            return c.run(args)
        except _RUN_ERRORS as e:
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


def _build(pyfunc, sig, values: tuple = (), root=None) -> Module:
    from pts.frontend.program import build_module
    try:
        return build_module(pyfunc, sig, values, root)
    except CompileError as e:
        raise e.with_traceback(None) from None
    except RecursionError:
        raise CompileError(f"'{pyfunc.__name__}' is nested too deeply to compile") from None


def _collector_paused(compile_fn):
    """Runs `compile_fn` with Python's cyclic garbage collector off (and back on after, unless
    it was off already or another thread is still compiling).  A compile allocates ~10^5
    short-lived objects (syntax trees, IR, llvmlite's objects) and few cycles: the collector
    would scan them ~80 times for nothing, and now and then make an old-generation
    collection fall into the compile (MyConv's compile: ~20 ms of its ~350).  The cycles it
    leaves are collected by the next collection after it."""
    @functools.wraps(compile_fn)
    def run(*args, **kwargs):
        with _collector_lock:
            if not _collector_pauses:
                _collector_pauses.append(gc.isenabled())
                gc.disable()
            else:
                _collector_pauses.append(False)
        try:
            return compile_fn(*args, **kwargs)
        finally:
            with _collector_lock:
                was_enabled = _collector_pauses[0] and len(_collector_pauses) == 1
                _collector_pauses.pop()
                if was_enabled:
                    gc.enable()
    return run


_collector_lock = threading.Lock()
_collector_pauses: list = []       # one entry per compile running; [0]: was gc on before


@_collector_paused
def _compile(pyfunc, sig, backend: str, values: tuple = ()) -> Compiled:
    """Load the signature from the disk cache (pts.cache), else run the whole pipeline (and
    save the result there).  PTS_LOG=timings prints the time of each stage."""
    import time
    from pts import cache
    ms: dict = {}
    disk = None
    if backend == "native":
        t0 = time.perf_counter()
        from pts.runtime import native   # noqa: F401 - timed apart from the lookup
        ms["imports"] = (time.perf_counter() - t0) * 1e3
        t0 = time.perf_counter()
        disk = cache.entry_for(pyfunc, sig)
        hit = disk.load(ms) if disk is not None else None
        ms["lookup"] = (time.perf_counter() - t0) * 1e3 - ms.get("load", 0.0)
        if hit is not None:          # no frontend, no llvmlite (pts.cache)
            if cache.timings_enabled():
                cache.log_timings(pyfunc, sig, ms, hit=True)
            return Compiled.from_native(*hit)
        t0 = time.perf_counter()
        from pts.backend import jit      # noqa: F401 - llvmlite, unless preloaded
        ms["imports"] += (time.perf_counter() - t0) * 1e3
    module = _build(pyfunc, sig, values)
    ms.update(module.program.timings.ms)
    if module.entry_spec.const_params:
        disk = None          # the disk cache keys on types only: value-specialized code stays out
    try:
        t0 = time.perf_counter()
        _optimize(module)
        ms["passes"] = (time.perf_counter() - t0) * 1e3
        c = Compiled(module, backend, disk, ms, name=cache.signature_name(pyfunc, sig))
    except CompileError as e:
        raise e.with_traceback(None) from None
    if cache.timings_enabled():
        cache.log_timings(pyfunc, sig, ms, hit=False, tier=c.tier)
    return c


# ---------------------------------------------------------------- pts.script(model)

def is_model(obj) -> bool:
    """Does pts.script(obj) script an object (rather than a function)?"""
    import types
    if isinstance(obj, (types.FunctionType, ScriptFunction, types.BuiltinFunctionType, type)):
        return False
    if isinstance(obj, types.MethodType):
        return False
    return hasattr(obj, "__dict__") or hasattr(type(obj), "__slots__")


class ModelMethod:
    """`pts.script(ModelMethod(model, name))` is the ScriptMethod `name` of the scripted
    model, whether or not it is exported (the CLI's FILE.py:Class.method)."""

    def __init__(self, model, name: str):
        self.model = model
        self.name = name


class ScriptModule:
    """`pts.script(model)`: a model object whose `forward` and `@pts.export` methods are
    compiled on their first call per argument-type signature (frontend.objects describes
    how `self` is compiled).

    Calls look like calls of the model: `m(x)` runs `forward`, `m.method(...)` an exported
    method; any other attribute is the model's own (`m.state_dict()`), `m.module` is the
    model itself.  Tensor attributes (parameters, buffers) are read from the live model at
    each call, without copies: changing an array in place, or assigning a new array of the
    same dtype and rank, needs no recompilation.  Numbers, bools, strings, None and tuples
    are folded into the code; each call checks them (and the dtypes and ranks of the
    tensors, and the classes of the objects) against what the code was compiled for, and
    compiles again when they changed (`m.eval()` flips `training` everywhere).

    Backends: "native" (the default, as for functions: DESIGN.md's `@pts.script` runs
    native code) passes the tensor attributes as extra trailing arguments
    (frontend.objects.lift_attributes) until the attribute table designed in
    frontend.objects exists; rebinding an attribute in scripted code (`self.w = v`) is then
    a CompileError that names backend="interp" (in-place updates work).  "interp" runs the
    methods on the IR interpreter.  (Models defaulted to the interpreter until native
    tensor code compiled fast enough: MyConv's forward ran ~2x slower there.)
    """

    def __init__(self, obj, backend: str | None = None, methods: tuple = ()):
        from pts.frontend.objects import method_function
        if backend is None:
            backend = "native"
        if backend not in BACKENDS:
            raise ValueError(f"unknown backend {backend!r}; choose one of {', '.join(BACKENDS)}")
        cls = type(obj).__name__
        self.__dict__["module"] = obj
        self.__dict__["backend"] = backend
        names = []
        if method_function(obj, "forward") is not None:
            names.append("forward")
        for klass in type(obj).__mro__:
            for name, f in vars(klass).items():
                if getattr(f, "__pts_export__", False) and name not in names:
                    names.append(name)
        for name in methods:
            if method_function(obj, name) is None:
                raise CompileError(f"pts.script: '{cls}' object has no method '{name}'")
            if name not in names:
                names.append(name)
        if not names:
            raise CompileError(f"pts.script: '{cls}' object has no 'forward' method (and no "
                               f"method marked @pts.export) to compile")
        methods = {}
        for name in names:
            methods[name] = ScriptMethod(self, name, method_function(obj, name))
        self.__dict__["_methods"] = methods

    def __call__(self, *args, **kwargs):
        forward = self._methods.get("forward")
        if forward is None:
            raise CompileError(f"'{type(self.module).__name__}' object has no 'forward' method")
        return forward(*args, **kwargs)

    def __getattr__(self, name):
        methods = self.__dict__.get("_methods", {})
        if name in methods:
            return methods[name]
        return getattr(self.__dict__["module"], name)

    def __setattr__(self, name, value):
        setattr(self.module, name, value)

    def train(self, mode: bool = True) -> "ScriptModule":
        self.module.train(mode)
        return self

    def eval(self) -> "ScriptModule":
        return self.train(False)

    @property
    def methods(self) -> list[str]:
        return list(self._methods)

    def ir(self, *args, method: str = "forward", after: str | None = None) -> str:
        """The IR text of `method` for the signature of `args`, after pass `after`."""
        if method not in self._methods:
            raise CompileError(f"'{type(self.module).__name__}.{method}' is not a scripted "
                               f"method (forward and @pts.export methods are)")
        return self._methods[method].ir(*args, after=after)

    def __repr__(self) -> str:
        return f"<pts.script {type(self.module).__name__} ({', '.join(self._methods)})>"


class ScriptMethod:
    """One method of a ScriptModule: Compiled code per argument-type signature, each with the
    guards of what it folded in from the model (see ScriptModule)."""

    def __init__(self, owner: ScriptModule, name: str, py_func):
        from pts.frontend.program import parse_pyfunc
        self.owner = owner
        self.name = name
        self.py_func = py_func
        self.__name__ = name
        self.__doc__ = py_func.__doc__
        self._cache: dict[tuple, Compiled] = {}
        self._const_indices: tuple = ()
        # by exact argument types (and dtype and rank for arrays): (Compiled, its C caller)
        self._fast: dict[tuple, tuple] = {}
        try:                      # refuse what is outside the language now, not at the call
            parse_pyfunc(py_func)
        except CompileError as e:
            raise CompileError(f"method '{type(owner.module).__name__}.{name}' is not in the "
                               f"pts language: {e.msg}", e.span) from None

    def _bind(self, args: tuple, kwargs: dict) -> tuple:
        import inspect
        try:
            bound = inspect.signature(self.py_func).bind(None, *args, **kwargs)
        except TypeError as e:
            raise TypeError(f"{self.name}(): {e}") from None
        bound.apply_defaults()
        return tuple(bound.args[1:])

    def signature(self, args: tuple) -> tuple:
        from pts.frontend.program import type_of_value
        try:
            return tuple(type_of_value(a) for a in args)
        except TypeError as e:
            raise TypeError(f"{self.name}(): {e}") from None

    def compiled(self, args: tuple) -> Compiled:
        root = self.owner.module
        sig = self.signature(args)
        full = (root,) + tuple(args)
        key = (sig, tuple(full[i] for i in self._const_indices if i))
        c = self._cache.get(key)
        if c is not None and not _guards_hold(root, c.guards):
            c = None
        if c is None:
            c = self._compile(sig, args)
            if c.const_indices != self._const_indices:
                self._const_indices = c.const_indices
                key = (sig, tuple(full[i] for i in c.const_indices if i))
            self._cache[key] = c
        return c

    @_collector_paused
    def _compile(self, sig: tuple, args: tuple) -> Compiled:
        root = self.owner.module
        module = _build(self.py_func, sig, args, root)
        lifted = ()
        try:
            _optimize(module)
            if self.owner.backend == "native":
                from pts.frontend.objects import lift_attributes
                lifted = lift_attributes(module)
                from pts.ir.pipeline import verify_enabled
                if verify_enabled():
                    from pts.ir.verify import verify_module
                    verify_module(module)
            c = Compiled(module, self.owner.backend, root=root)
        except CompileError as e:
            raise e.with_traceback(None) from None
        c.guards = tuple(module.program.object_reads.items())
        c.lifted = lifted
        return c

    def __call__(self, *args, **kwargs):
        root = self.owner.module
        args, bound = _call_args(self.py_func, args, kwargs, 1, self._bind)
        key = _value_key(args)
        if not bound:
            fast = self._fast.get(key)
            if fast is not None and _guards_hold(root, fast[0].guards):
                # what `compiled` would return: call it from C with the model's arrays
                from pts.frontend.objects import resolve
                try:
                    return fast[1](*args, *[resolve(root, p) for p in fast[0].lifted])
                except _RUN_ERRORS as e:
                    if getattr(e, "pts_span", None) is not None:
                        raise e.with_traceback(None) from None
                    raise
        c = self.compiled(args)
        full = (root,) + tuple(args)
        if c.lifted:              # native: tensor attributes as trailing arguments
            from pts.frontend.objects import resolve
            full += tuple(resolve(root, p) for p in c.lifted)
        if not bound and c.entry is not None and c.const_indices == (0,) and \
                all(k in _SCALARS or type(k) is tuple for k in key):
            call = _EntryCall(c, full[1:])
            if call.registered:         # else (an ndarray subclass among the model's arrays,
                self._fast[key] = (c, call)     # > MAX_ARGS values) the next call tries again
        try:
            return c.run(full)
        except _RUN_ERRORS as e:
            if getattr(e, "pts_span", None) is not None:
                raise e.with_traceback(None) from None
            raise

    def ir(self, *args, after: str | None = None, **kwargs) -> str:
        from pts.ir.printer import print_module
        if kwargs or (self.py_func.__defaults__ and
                      len(args) + 1 < self.py_func.__code__.co_argcount):
            args = self._bind(args, kwargs)
        module = _build(self.py_func, self.signature(args), args, self.owner.module)
        _optimize(module, after=after)
        return print_module(module)

    def __repr__(self) -> str:
        return f"<pts.script method {type(self.owner.module).__name__}.{self.name}>"


_RUN_ERRORS = (ArithmeticError, LookupError, ValueError, AssertionError, RuntimeError,
               TypeError)


_VARIADIC = 0x04 | 0x08           # inspect.CO_VARARGS | CO_VARKEYWORDS (without importing it)


def _call_args(fn, args: tuple, kwargs: dict, first: int, bind) -> tuple[tuple, bool]:
    """(the positional arguments of a call of fn, after `first` bound parameters such as
    self; whether they took `bind`, i.e. inspect.signature): `args` as they are, `args` and
    fn's defaults, or bind(args, kwargs) for keywords and what Python would refuse."""
    if not kwargs and not (fn.__defaults__ and len(args) + first < fn.__code__.co_argcount):
        return args, False
    filled = None if kwargs else _with_defaults(fn, args, first)
    return (bind(args, kwargs), True) if filled is None else (filled, False)


def _with_defaults(fn, args: tuple, first: int) -> tuple | None:
    """`args` (positional, after `first` bound parameters such as self) completed with fn's
    default values, as Python binds a call without keywords: what `_bind` returns, without
    inspect.signature (~50 us); None where that is not all of it (keyword-only or variadic
    parameters, too few arguments: `_bind` then raises Python's TypeError)."""
    code = fn.__code__
    if code.co_kwonlyargcount or code.co_flags & _VARIADIC:
        return None
    missing = code.co_argcount - first - len(args)
    defaults = fn.__defaults__ or ()
    if missing <= 0 or missing > len(defaults):
        return None
    return tuple(args) + defaults[len(defaults) - missing:]


def _value_key(args: tuple) -> tuple:
    """The exact types of `args`, with (ndarray, dtype, rank) for plain ndarrays: what the
    signature of arguments of these kinds depends on."""
    nd = _array_type()
    return tuple((nd, a.dtype, a.ndim) if type(a) is nd else type(a) for a in args)


_KINDS = {int: "i", float: "f", bool: "b"}


def _kinds(key: tuple) -> str | None:
    """The C dispatcher's argument kinds of a `_value_key` ('i' int, 'f' float, 'b' bool,
    'a' ndarray); None if it has other types."""
    kinds = ["a" if type(k) is tuple else _KINDS.get(k) for k in key]
    return None if None in kinds else "".join(kinds)


class _EntryCall(_CallBase):
    """Calls a Compiled's native entry with its parameters' values (a scripted method's
    arguments, then the model's arrays): through the C dispatcher for values of the kinds
    it was made with, through NativeEntry (`_slow_call`) for others; after a tier swap,
    the new code."""

    def __init__(self, c: Compiled, values: tuple):
        self.c = c
        self.registered = False         # does the C dispatcher call it?
        if _CallBase is object:
            return
        kinds = _kinds(_value_key(values))
        if kinds is not None:
            self.registered = _register(self, kinds, c)

    def _slow_call(self, *values):
        return self.c.entry(values)

    if _CallBase is object:
        __call__ = _slow_call


def _register(dispatcher, kinds: str, c: Compiled) -> bool:
    """Let `dispatcher` (a pts._dispatch.Dispatcher) call c's native entry from C for
    arguments of `kinds` (per argument: 'i' int, 'f' float, 'b' bool, 'a' ndarray), and
    call the new code when c swaps tiers.  False if the dispatcher cannot (see
    Dispatcher._add_entry)."""
    ref = weakref.ref(dispatcher)

    def swapped(entry):
        d = ref()
        info = entry.dispatch_info() if d is not None else None
        if info is not None:
            d._replace_entry(kinds, *info, entry)
    with c.lock:
        info = c.entry.dispatch_info() if c.entry is not None else None
        if info is not None and dispatcher._add_entry(kinds, *info, c.entry):
            c.on_swap.append(swapped)
            return True
    return False


_NATIVE_DTYPES: dict = {}      # IR dtype -> numpy dtype (runtime.tensors.NATIVE), on first use


def _native_dtype(t):
    """The numpy dtype of tensor type t's elements (None for none)."""
    if not _NATIVE_DTYPES:
        from pts.runtime.tensors import NATIVE
        _NATIVE_DTYPES.update(NATIVE)
    return _NATIVE_DTYPES.get(t.dtype)


def _guards_hold(root, guards) -> bool:
    """Is everything the code folded in from the model still what it was?"""
    from pts.frontend.objects import children, resolve, tensor_type
    nd = _array_type()
    for path, (kind, expected) in guards:
        try:
            value = resolve(root, path)
        except (AttributeError, IndexError, ValueError, TypeError):
            return False
        if kind == "tensor":
            dt = _native_dtype(expected) if type(value) is nd else None
            if dt is not None and value.ndim == expected.rank and value.dtype == dt:
                continue            # the common case, without naming the dtype
            if tensor_type(value) != expected:
                return False
        elif kind == "const":
            if type(value) is not type(expected) or not (value is expected or value == expected):
                return False
        elif kind == "class":
            if type(value) is not expected:
                return False
        elif kind == "children":
            if tuple(children(value) or ()) != expected:
                return False
    return True


# ---------------------------------------------------------------- preloading the compiler

def _warm_up_function(n: int) -> int:
    # compiled by preload() to pay the compiler's first-use costs (parser tables, passes,
    # LLVM's code generator) at import rather than in the first call of a user's function
    s = 0
    for i in range(n):
        if i % 3 == 0:
            s += i
        else:
            s -= 1
    return s


_preloaded: list = []
_preload_lock = threading.Lock()


def preload() -> None:
    """Import the compiler (frontend, passes, llvmlite, the native runtime) and run it once
    on a small function, without the disk cache, so that a first call compiles in
    milliseconds.  Once per process; `maybe_preload` decides when."""
    with _preload_lock:
        if _preloaded:
            return
        from pts.backend import jit
        from pts.frontend.program import type_of_value
        from pts.runtime import native  # noqa: F401
        jit.warm_up()
        module = _build(_warm_up_function, (type_of_value(1),))
        _optimize(module)
        jit.compile_fast(module, count=False)
        _preloaded.append(True)


def maybe_preload(pyfunc) -> None:
    """`@pts.script` on a function: preload the compiler now (at decoration, typically while
    the user's module is imported) unless the disk cache has code for this function's
    current source — then its calls will likely load that code, which needs neither the
    frontend nor llvmlite, and a miss imports the compiler when it compiles.
    PTS_PRELOAD=0 never preloads, PTS_PRELOAD=always does regardless of the cache, and
    PTS_PRELOAD=import (the default) at `import pts` (pts/__init__.py)."""
    mode = os.environ.get("PTS_PRELOAD", "import").strip().lower()
    if _preloaded or mode in ("0", "no", "off", "false"):
        return
    if mode != "always":
        from pts import cache
        if cache.has_code_for(pyfunc):
            return
    try:
        preload()
    except Exception:       # never fail here: the first compile will say what is wrong
        pass
