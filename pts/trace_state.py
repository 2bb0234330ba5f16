"""The arrays and random generators a traced function reaches besides its inputs, while a
trace runs (DESIGN.md §10).

`Reached(rec, fn)` finds them where Python code reaches them — the traced object's
attributes and the lists and dicts it holds (a few levels down: submodules of a model,
layers of a plain class), the function's closure cells and its module's globals — and, for
the time the trace runs, puts there:
- for an array (a weight, a buffer, a module-level table): a proxy of it, a `Traced` that
  becomes a hidden parameter of the trace when the code first uses it
  (trace_record.Recorder.capture).  So reading it records a read of the live array at each
  call, writing into it (`self.running_mean[:] = ...`, `self.steps += 1`) records the
  write, and a Python decision on its values is refused as for an input's: compiled code
  does what the eager call does to the weights, never what happened once while tracing.
- for a numpy random Generator or RandomState: a stand-in whose methods are refused
  (numpy's Generator is a C type whose methods cannot be wrapped; the global np.random
  functions are refused in trace_record).
After the trace every place holds its own object again.  The code may write into a weight
but not rebind the attribute to an array it computed (the compiled code could not do it):
that is a TraceError naming the attribute.  Where each captured array was found
(`slot_of`) lets a later call read the array there now (pts.traced: a model whose weight
was replaced by another array of the same shape runs on the new one).
"""
from __future__ import annotations

import types

import numpy as np

from pts.errors import Span, TraceError


def _random_generators() -> tuple:
    r = np.random
    return tuple(c for c in (getattr(r, "Generator", None), getattr(r, "RandomState", None))
                 if c is not None)


GENERATORS = _random_generators()
_LEAVES = (np.ndarray, np.generic, str, bytes, int, float, complex, bool, type,
           types.ModuleType, types.FunctionType, types.BuiltinFunctionType)


class RefusedGenerator:
    """A numpy random Generator (or RandomState) while a trace runs: drawing from it is
    a TraceError at the user's line; other attributes are the generator's."""

    def __init__(self, rng, rec):
        object.__setattr__(self, "_rng", rng)
        object.__setattr__(self, "_rec", rec)

    def __getattr__(self, name: str):
        value = getattr(self._rng, name)
        if not callable(value) or name.startswith("_"):
            return value

        def refused(*args, **kwargs):
            raise self._rec.error(f"{type(self._rng).__name__}.{name}() of a numpy random "
                              f"generator while tracing: its numbers would be frozen into "
                              f"the trace as constants; draw them outside the traced code "
                              f"(in __init__, for weights) or pass them in as an input")
        return refused

    def __setattr__(self, name: str, value) -> None:
        setattr(self._rng, name, value)


def get_slot(slot):
    owner, key = slot
    if isinstance(owner, (dict, list)):
        return owner[key]
    return owner.cell_contents


def set_slot(slot, value) -> None:
    owner, key = slot
    if isinstance(owner, (dict, list)):
        owner[key] = value
    else:
        owner.cell_contents = value


def _code_owner(fn):
    owner = getattr(fn, "__func__", fn)
    if not hasattr(owner, "__code__"):
        call = getattr(type(fn), "__call__", None)
        owner = getattr(call, "__func__", call)
    return owner


class Reached:
    """The places a traced function reaches arrays and generators through (see the module
    docstring): a context manager around the trace."""

    DEPTH = 5

    def __init__(self, rec, fn):
        self.rec, self.fn = rec, fn
        self.slots: list = []            # (owner, key): a dict's key, a list's index, a cell
        self.containers: list = []       # (dict or list, its items before the trace)
        self.installed: dict = {}        # id(slot owner), key -> what the trace put there
        self.originals: dict = {}
        self._seen: set = set()
        self._find()

    # ---------------------------------------------------------------- finding

    def _find(self) -> None:
        fn = self.fn
        code_owner = _code_owner(fn)
        if code_owner is not fn and not hasattr(fn, "__code__"):
            self._visit(fn, self.DEPTH)                         # an object with __call__
        if hasattr(fn, "__self__") and not isinstance(fn.__self__, types.ModuleType):
            self._visit(fn.__self__, self.DEPTH)                # a bound method: its object
        for cell in getattr(code_owner, "__closure__", None) or ():
            try:
                v = cell.cell_contents
            except ValueError:
                continue
            if self._interesting(v):
                self.slots.append((cell, "cell_contents"))
            else:
                self._visit(v, self.DEPTH - 1)
        g = getattr(code_owner, "__globals__", None)
        if isinstance(g, dict):       # (module-level values, and its lists' and dicts')
            self.containers.append((g, dict(g)))
            for k, v in g.items():
                if self._interesting(v):
                    self.slots.append((g, k))
                elif type(v) in (list, dict) and not k.startswith("__"):
                    self._visit(v, 1)

    @staticmethod
    def _interesting(v) -> bool:
        return isinstance(v, GENERATORS) or type(v) is np.ndarray

    def _visit(self, x, depth: int) -> None:
        if depth < 0 or isinstance(x, _LEAVES) or id(x) in self._seen:
            return
        self._seen.add(id(x))
        if isinstance(x, dict):
            self.containers.append((x, dict(x)))
            for k, v in x.items():
                if self._interesting(v):
                    self.slots.append((x, k))
                else:
                    self._visit(v, depth - 1)
        elif isinstance(x, list):
            self.containers.append((x, list(x)))
            for i, v in enumerate(x):
                if self._interesting(v):
                    self.slots.append((x, i))
                else:
                    self._visit(v, depth - 1)
        elif isinstance(x, tuple):
            for v in x:
                self._visit(v, depth - 1)
        elif getattr(x, "traced_function", False):      # a trace: its object's arrays
            self._visit(x.fn, depth)                       # (not its traces' own lists)
        elif isinstance(getattr(x, "__dict__", None), dict):
            self._visit(x.__dict__, depth)

    # ---------------------------------------------------------------- the trace

    def __enter__(self):
        proxies: dict = {}
        for slot in self.slots:
            v = get_slot(slot)
            if isinstance(v, GENERATORS):
                new = RefusedGenerator(v, self.rec)
            else:
                new = proxies.get(id(v))
                if new is None:
                    new = self.rec.lazy_capture(v, slot)
                    if new is None:              # (a dtype pts has no type for: left alone)
                        continue
                    proxies[id(v)] = new
            self.installed[(id(slot[0]), slot[1])] = new
            self.originals[(id(slot[0]), slot[1])] = v
            set_slot(slot, new)
        return self

    def __exit__(self, *exc) -> None:
        """Every place holds its own object again; a traced array stored in one (an
        attribute rebound, an item appended) is an error, raised unless another is on its
        way: the compiled code could not store it there."""
        stored = None
        for container, before in self.containers:
            keys = range(len(container)) if isinstance(container, list) else list(container)
            # (Module.__setattr__ of a proxy drops the name from the module's registries)
            dropped = isinstance(container, dict) and any(
                k not in container and (id(container), k) in self.installed for k in before)
            for k in keys:
                v = container[k]
                if not (self.rec.is_traced(v) or isinstance(v, RefusedGenerator)):
                    continue
                if self.installed.get((id(container), k)) is v:
                    container[k] = self.originals[(id(container), k)]
                    continue
                stored = k if stored is None else stored
                dropped = True
            if dropped and container is not self._globals():
                if isinstance(container, list):
                    container[:] = before
                else:
                    container.clear()
                    container.update(before)
            elif dropped:                       # (a global: only the names it bound)
                for k in list(container):
                    if self.rec.is_traced(container[k]):
                        if k in before:
                            container[k] = before[k]
                        else:
                            del container[k]
        for slot in self.slots:                  # cells
            if not isinstance(slot[0], (dict, list)):
                key = (id(slot[0]), slot[1])
                if key in self.originals:
                    set_slot(slot, self.originals[key])
        if stored is not None and exc[0] is None:
            code = getattr(_code_owner(self.fn), "__code__", None)
            span, line = Span("<trace>", 1, 1, 1, 1), None
            if code is not None:
                import linecache
                span = Span(code.co_filename, code.co_firstlineno, 1, code.co_firstlineno, 1)
                line = linecache.getline(code.co_filename, code.co_firstlineno) or None
            what = f"'{stored}'" if isinstance(stored, str) else f"item {stored!r}"
            raise TraceError(f"the traced code stores an array it computed in {what} of an "
                             f"object, list or dict outside it (an attribute rebound, an item "
                             f"appended): compiled code cannot do that; write into an array "
                             f"it reads instead (`x[...] = v`, `x += v`), or return the new "
                             f"array", span, line)

    def _globals(self):
        return getattr(_code_owner(self.fn), "__globals__", None)

