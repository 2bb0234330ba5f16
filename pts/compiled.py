"""Runnable code of one signature: the compile driver's record made native (or interpreted).

`compile_signature(pyfunc, sig, backend, values)` is what a first call of a scripted
function runs: the disk cache's code if it has this signature (pts.cache: no frontend, no
llvmlite), else the compile driver (pts.compiler) and then machine code (backend.jit), saved
to the disk cache.  `compile_method` is the same for a scripted model's method (pts.model_cache
keys its disk entries on the model's structure).  Both return a `Compiled`, which holds the code and
runs it.

Native code comes in tiers (backend.jit): by default the first call runs tier-0 code while
the worker thread compiles tier 2 (`wait_optimized` waits for it).  A compile runs with
Python's cyclic garbage collector paused (`collector_paused`).  `preload` imports and warms
up the compiler ahead of the first call (`maybe_preload` decides when).
"""
from __future__ import annotations

import functools
import gc
import os
import sys
import threading
import time

from pts import cache
from pts.errors import CompileError

TYPE_CHECKING = False       # (typing.TYPE_CHECKING, without importing typing)
if TYPE_CHECKING:           # a call of code from the disk cache needs no compiler
    from pts.compiler import CompileRecord


class Compiled:
    """One signature of a scripted function or method: its compile record and how to run
    it.  `record` is None when the machine code came from the disk cache (pts.cache).

    Native code comes in tiers (backend.jit): by default the first call runs tier-0 code
    while the worker thread compiles tier 2; `swap` then puts the new code in place, here
    and in the C dispatcher (`on_swap`), under `lock` so a registration cannot miss it.

    `run(args)` takes every Python argument (a method's `self` first); the arguments the
    code was specialized on (`const_indices`) are dropped, and for a model's native code
    the caller appends the `lifted` attributes."""

    def __init__(self, record: CompileRecord, backend: str, disk=None,
                 timings: dict | None = None, root=None, name: str | None = None):
        self.record = record
        module = record.module
        self.entry_func = record.entry
        self.param_types = self.entry_func.param_types
        self.lock = threading.Lock()
        self.on_swap: list = []
        # arguments that are constants of this specialization (axis=dim, strings): the
        # cache key includes their values and the compiled code does not take them
        self.const_indices = record.const_indices
        self.guards = record.guards
        self.lifted = record.lifted
        self.shared = record.shared
        self.folded = record.folded
        if backend == "interp":
            from pts.runtime.interp import Interpreter
            from pts.runtime.native import to_type
            interp = Interpreter(module, root)
            interp.class_types = record.class_types          # (ir.object_ops)

            def run(args):
                return interp.call(module.entry, [to_type(a, t) for a, t in zip(args, self.param_types)])
            if any(issubclass(c, tuple) for c in record.class_types.values()):
                from pts.ir.object_ops import records_out        # NamedTuple results
                plain = run

                def run(args):
                    return records_out(plain(args), record.class_types)
            self.native = self.entry = None
            self.run = run
            if self.const_indices:
                inner, dropped = self.run, set(self.const_indices)
                self.run = lambda args: inner([a for i, a in enumerate(args) if i not in dropped])
            self.run = with_shared(self.run, self.shared, self.folded)
            return
        from pts.backend import jit
        from pts.ir.analysis import has_tensor_code
        mode = jit.tier_mode()
        # Tensor code skips tier 0 (unless PTS_TIER=fast): its loops over arrays are where
        # unoptimized code costs most (no vectorization, no fusion of index arithmetic), and
        # a first call of a tensor function is often a long one that tier 2 would not replace.
        # Its first call runs what compile_module makes (the kernel library's loops, the
        # module's parts compiled on two threads); the disk cache's image is those parts'
        # objects linked, stored in the background (`_optimize_later`, jit.image_of; kept
        # at exit), then swapped in.  nanoGPT's first call: ~0.4 s less.
        if mode == "auto" and has_tensor_code(module):
            mode = "opt"
            if disk is not None:
                first = jit.compile_module(module, timings=timings, entries=[module.entry])
                self.jit_parts = first          # (its objects: pts.save's host image)
                self._set_native(first)
                self._optimize_later(record, disk, name, first)
                return
        if mode == "opt":
            native = disk.store(record, timings) if disk is not None else \
                jit.compile_module(module, timings=timings, entries=[module.entry])
        else:
            native = jit.compile_fast(module, timings)
        self._set_native(native)
        if mode == "auto":
            self._optimize_later(record, disk, name)

    @property
    def module(self):
        """The IR module (None for code from the disk cache)."""
        return None if self.record is None else self.record.module

    def _set_native(self, native) -> None:
        from pts.runtime.native import NativeEntry
        self.native = native
        self.entry = NativeEntry(native, self.entry_func)
        if self.record is not None and getattr(self.record.module, "classes", None):   # (object_values)
            self.entry.classes = self.record.module.classes
            self.entry.class_types = self.record.class_types
            self.entry.class_bases = self.record.module.class_bases
        run = self.entry
        if self.const_indices:
            dropped = set(self.const_indices)
            run = lambda args: self.entry([a for i, a in enumerate(args) if i not in dropped])  # noqa: E731
        self.run = with_shared(run, self.shared, self.folded)

    def swap(self, native) -> None:
        """Run `native` (tier-2 code of the same module) from now on.  Calls running the old
        code finish in it: it stays loaded."""
        with self.lock:
            self._set_native(native)
            for f in self.on_swap:
                f(self.entry)

    def _optimize_later(self, record: CompileRecord, disk, name: str | None,
                        compiled=None) -> None:
        from pts.backend import jit
        module = record.module
        # (the globals the code folded in, as they are now: the first calls may rebind one)
        deps = disk.dependencies(record) if disk is not None else None

        def job():
            ms: dict = {}
            native = disk.store(record, ms, deps, compiled) if disk is not None else \
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
    def from_model_cache(cls, native, entry, lifted: tuple, guards: tuple,
                         const_indices: tuple) -> "Compiled":
        """A model method's machine code from the disk cache (pts.model_cache)."""
        c = cls.from_native(native, entry)
        c.lifted, c.guards, c.const_indices = lifted, guards, const_indices
        c._set_native(native)            # (run drops the constants: self)
        return c

    @classmethod
    def from_native(cls, native, entry) -> "Compiled":
        """Machine code loaded from the disk cache; `entry` is the IR function's signature."""
        c = cls.__new__(cls)
        c.record = None
        c.entry_func = entry
        c.param_types = entry.param_types
        c.const_indices = ()
        c.guards = c.lifted = c.shared = c.folded = ()
        c.lock = threading.Lock()
        c.on_swap = []
        c._set_native(native)
        return c


class SharedChanged(Exception):
    """A module-level list, dict or set that the code shares (frontend.shared_globals) no
    longer has the type it was compiled for, or a list it folded in changed: the caller
    compiles again (the changed list is shared from then on)."""


def with_shared(run, shared: tuple, folded: tuple = ()):
    """`run` with the shared objects' current values appended to the arguments (the
    entry's hidden parameters, read from their locations at each call), after checking
    that every list the code folded in still equals the module's."""
    if not shared and not folded:
        return run
    from pts.frontend.shared_globals import UNFOLDED, fits

    def call(args):
        for loc, snapshot in folded:
            try:
                same = same_value(loc.get(), snapshot)
            except Exception:            # (rebound to something that does not compare)
                same = False
            if not same:
                UNFOLDED.add(loc)
                raise SharedChanged(loc)
        values = [loc.get() for loc, _ in shared]
        for v, (loc, t) in zip(values, shared):
            if not fits(v, t):
                raise SharedChanged(loc)
        try:
            return run(list(args) + values)
        finally:
            for v, (loc, _) in zip(values, shared):
                loc.sync_back(v)
    return call


def same_value(a, b) -> bool:
    """Is `a` the value `b` folded in: equal, with the same exact types item by item (a
    list of floats is not the list of ints it equals, it prints otherwise)?  The C
    dispatcher's check (runtime/_dispatch.c same_value) is this one."""
    if a is b:
        return True
    if type(a) is not type(b):
        return False
    if type(a) in (list, tuple):
        return len(a) == len(b) and all(same_value(x, y) for x, y in zip(a, b))
    return bool(a == b)


def c_folds(c: "Compiled") -> tuple | None:
    """c's folded lists as the C dispatcher checks them: ((globals dict, name, value
    folded), ...); None without any.  Kept on c: the dispatcher tells entries apart by
    the identity of this tuple (a tier swap passes the same one)."""
    if not c.folded:
        return None
    folds = c.__dict__.get("_c_folds")
    if folds is None:
        folds = c.__dict__["_c_folds"] = tuple(
            (loc.owner, sys.intern(loc.name), list(snapshot)) for loc, snapshot in c.folded)
    return folds


def _guard_folds(c: "Compiled", disk) -> "Compiled":
    """c, loaded from the disk cache: the lists its code folded in (disk.folded) are
    checked before each call, as after a compile."""
    if disk.folded:
        c.folded = disk.folded
        c._set_native(c.native)
    return c


def wait_optimized(timeout: float | None = None) -> bool:
    """Wait until every function compiled so far runs its optimized (tier-2) code; False if
    `timeout` seconds passed first.  (PTS_TIER=opt compiles tier 2 before the first call.)"""
    jit = sys.modules.get("pts.backend.jit")
    return True if jit is None else jit.wait(timeout)


def collector_paused(compile_fn):
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


@collector_paused
def compile_signature(pyfunc, sig, backend: str, values: tuple = (),
                      grad_wrt: tuple | None = None, disk_cache: bool = True) -> Compiled:
    """Load the signature from the disk cache (pts.cache), else run the whole pipeline (and
    save the result there).  PTS_LOG=timings prints the time of each stage.  `grad_wrt`:
    the gradient entry with respect to those parameters (pts.autodiff).  `disk_cache`:
    False for code that depends on more than the cache key knows (custom VJPs registered
    at run time)."""
    ms: dict = {}
    disk = None
    if backend == "native":
        t0 = time.perf_counter()
        from pts.runtime import native   # noqa: F401 - timed apart from the lookup
        ms["imports"] = (time.perf_counter() - t0) * 1e3
        t0 = time.perf_counter()
        disk = cache.entry_for(pyfunc, sig, grad_wrt) if disk_cache else None
        hit = disk.load(ms) if disk is not None else None
        ms["lookup"] = (time.perf_counter() - t0) * 1e3 - ms.get("load", 0.0)
        if hit is not None:          # no frontend, no llvmlite (pts.cache)
            if cache.timings_enabled():
                cache.log_timings(pyfunc, sig, ms, hit=True)
            return _guard_folds(Compiled.from_native(*hit), disk)
        t0 = time.perf_counter()
        from pts.backend import jit      # noqa: F401 - llvmlite, unless preloaded
        ms["imports"] += (time.perf_counter() - t0) * 1e3
    from pts import compiler
    record = compiler.compile(pyfunc, sig, values, grad_wrt=grad_wrt)
    ms.update(record.timings)
    if record.const_params or record.shared or getattr(record.module, "classes", None):
        # (objects of user classes: their layouts and classes live in the module)
        # the disk cache keys on types only: value-specialized code stays out.  (Folded
        # lists are in its dependencies, by value, and in the manifest: pts.cache.)
        disk = None
    try:
        c = Compiled(record, backend, disk, ms, name=cache.signature_name(pyfunc, sig))
    except CompileError as e:        # (the backend's)
        raise e.with_traceback(None) from None
    if cache.timings_enabled():
        cache.log_timings(pyfunc, sig, ms, hit=False, tier=c.tier)
    return c


@collector_paused
def compile_method(py_func, sig: tuple, args: tuple, root, backend: str,
                   name: str | None = None) -> Compiled:
    """A scripted model's method (`root`: the model) for the argument types `sig`: native
    code from the disk cache (pts.model_cache) if it has this model's, else compiled (and
    saved there)."""
    from pts import compiler
    return _model_code(py_func, name or py_func.__name__, sig, root, backend,
                       f"{type(root).__name__}.{name or py_func.__name__}",
                       lambda: compiler.compile(py_func, sig, args, root,
                                                lift_attributes=backend == "native"))


@collector_paused
def compile_step(loss_fn, sig: tuple, root, backend: str, build, plan: dict,
                 key: list | None) -> Compiled:
    """A train step (pts.train.TrainStep) of model `root` for batch types `sig`: native code
    from the disk cache if it has this step's, else `build()` (the compile record, whose
    compile fills `plan`, JSON data the step needs besides the code) made native and saved
    there.  The entry is a model entry (pts.model_cache: the model's structure and every
    source the code came from), keyed also on `key`, what the step folded in of its
    optimizer (None: not cacheable).  A hit fills `plan` from the manifest."""
    return _model_code(loss_fn, "train_step", sig, root, backend,
                       f"train_step {loss_fn.__qualname__}", build, plan=plan, key=key,
                       cacheable=key is not None)


def _model_code(py_func, name: str, sig: tuple, root, backend: str, label: str, build,
                plan: dict | None = None, key=None, cacheable: bool = True) -> Compiled:
    """compile_method's and compile_step's way: the disk cache's model entry `name` of
    `root` (keyed also on `key`) if it has one (and, with `plan`, its plan), else `build()`
    (a compile record) made native — saying what it is doing after 2 s — and saved there
    with `plan`."""
    ms: dict = {}
    disk = None
    full = f"{label}({', '.join(map(str, sig))})"
    if backend == "native" and cacheable:
        t0 = time.perf_counter()
        from pts.runtime import native   # noqa: F401 - timed apart from the lookup
        from pts import model_cache
        ms["imports"] = (time.perf_counter() - t0) * 1e3
        t0 = time.perf_counter()
        disk = model_cache.entry_for(py_func, name, sig, root, extra=key)
        hit = disk.load_model(root, ms) if disk is not None else None
        ms["lookup"] = (time.perf_counter() - t0) * 1e3 - ms.get("load", 0.0)
        if hit is not None and (plan is None or disk.plan):     # no frontend, no llvmlite
            if cache.timings_enabled():
                cache.log_line(full, "cache hit", ms)
            if plan is not None:
                plan.update(disk.plan)
            return _guard_folds(Compiled.from_model_cache(*hit), disk)
    # a long compile (a big model, a cold machine) says what it is doing after 2 s
    progress = threading.Timer(2.0, lambda: print(
        f"pts: compiling {label} (its first call; "
        f"{'kept in the disk cache for the next process' if disk else 'not cached'})",
        file=sys.stderr, flush=True))
    progress.daemon = True
    progress.start()
    try:
        record = build()
        ms.update(record.timings)
        if disk is not None:
            if set(record.const_params) - set(record.param_names[:1]):
                disk = None      # specialized on argument values: the key has types only
            elif plan is not None:
                disk.plan = plan
        try:
            c = Compiled(record, backend, disk, ms, root=root, name=full)
        except CompileError as e:        # (the backend's)
            raise e.with_traceback(None) from None
    finally:
        progress.cancel()
    if backend == "native" and cache.timings_enabled():
        cache.log_line(full, "compiled" if c.tier is None else f"compiled (tier {c.tier})", ms)
    return c


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
        from pts import compiler
        from pts.backend import jit
        from pts.ir.types import I64
        from pts.runtime import native  # noqa: F401
        jit.warm_up()
        record = compiler.compile(_warm_up_function, (I64,))
        jit.compile_fast(record.module, count=False)
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
    if mode != "always" and cache.has_code_for(pyfunc):
        return
    try:
        preload()
    except Exception:       # never fail here: the first compile will say what is wrong
        pass
