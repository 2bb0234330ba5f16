"""The disk cache of a scripted model's methods: a fresh process calling an unchanged model
loads the machine code of its `forward` instead of compiling it (issue 32).

A model's code depends on more than a function's: the model folds its attributes into the
code (frontend.objects: numbers, bools, strings, tuples; which objects sit where and their
classes; the dtypes and ranks of its arrays) and compiles the methods of every class it
reaches.  The entry is pts.cache's (an image plus a manifest, the same files, the same
loading, the same checks of the code's bytes); what differs is the key and what a hit
must check:

  The lookup key adds to pts.cache's parts (format, version, compiler, host, the method's
  source and the argument types) the method's name and the model's *structure*
  (`structure`): a walk over every object reachable from the model, recording for each its
  class and for every attribute what the compiler could fold — an array's dtype and rank
  (never its values, nor its shape: the code takes parameters as run-time arguments and
  works for any size), a constant's type and repr, a function's source record, an object
  or a list of objects recursively (shared objects by reference), the children of a
  container in order; and for every class on the way (its MRO) the source record of each
  function in its body and the repr of each constant class attribute.  So an edited method
  of any class of the model, a changed hyperparameter, another layer count, a dtype or
  `train()`/`eval()` give another key: another entry, never stale code.
  Parameter values are run-time data: a model with other weights hits the same entry.

  The manifest's dependencies (pts.cache.dependencies: the functions compiled into the
  module and the globals they read) are checked as for functions, with the model's own
  methods found through its classes rather than by module and name (a class defined inside
  a function is then cacheable too).

  The manifest also keeps what a hit needs to run without the compiler: the attribute paths
  of the arrays the code takes after its arguments (`lifted`), and the paths and kinds of
  the guards (what the code folded in); a hit rebuilds the guards from the live model (the
  structure key says they hold) so that a later change of the model (`m.eval()`) is seen by
  the next call, as for compiled code.

A train step (pts.train.TrainStep, pts.compiled.compile_step) is a model entry of its loss
function named "train_step", whose key adds what the step folded in of its optimizer
(`extra`: for each of the model's named parameters the optimizer index and update kind with
its flags, and the optimizer's class); the manifest's `plan` keeps what the step needs
besides the code (which lifted array each update goes to).

What stays out: the interpreter backend, methods specialized on argument values (strings,
`axis=`), models with attributes the walk cannot describe (then uncacheable, never stale),
train steps of a process that registered custom VJPs.
`STATS` (pts.cache_dir.MODEL_STATS) counts hits (`model_cache_hits`) and the methods
ir.passes.share_methods merged (`shared_methods`).
"""
from __future__ import annotations

import json
import os
import types

from pts import cache
from pts.cache_dir import MODEL_STATS as STATS, code_dir, compiler_fingerprint, host_key, sha256_hex as _sha
from pts.frontend.objects import (children, constant_value_type, python_function, resolve,
                                  tensor_type)
from pts.ir.types import parse_type
from pts.version import __version__

class Uncacheable(Exception):
    """The model holds something the structure walk cannot describe."""


def structure(root) -> tuple[list, dict]:
    """(JSON data describing what the compiler could fold from `root`, {(module, qualname):
    function} of the functions in its classes and attributes)."""
    np = _numpy()
    objects: dict[int, int] = {}        # id -> index in visiting order (shared objects)
    classes: dict[type, int] = {}
    class_list: list = []
    bodies: dict[type, int] = {}
    body_list: list = []
    functions: dict = {}
    keep = []                           # (ids stay valid while we walk)

    def klass(cls) -> int:
        k = classes.get(cls)
        if k is not None:
            return k
        k = classes[cls] = len(class_list)
        class_list.append(None)
        class_list[k] = [body(c) for c in cls.__mro__ if c is not object]
        return k

    def body(c) -> int | list:
        """A class of the MRO: its body described once per walk, then by index."""
        b = bodies.get(c)
        if b is None:
            if c.__module__.startswith("pts.") and _is_ours(c):
                # (pts.nn's classes: their sources are in the compiler's fingerprint)
                rows = None
            else:
                rows = [[name, value(v, in_class=True)] for name, v in sorted(vars(c).items())
                        if name not in _CLASS_NOISE]
            b = bodies[c] = len(body_list)
            body_list.append([c.__module__, c.__qualname__, rows])
        return b

    def function(fn) -> list:
        rec = _source_record(fn)
        functions[(fn.__module__, fn.__qualname__)] = fn
        return ["fn", fn.__module__, rec]


    def value(v, in_class: bool = False):
        if np is not None and isinstance(v, np.ndarray):
            t = tensor_type(v)
            return ["tensor", str(t) if t is not None else v.dtype.str]
        if v is None or type(v) in (bool, int, float, str) or constant_value_type(v) is not None:
            return ["const", type(v).__name__, repr(v)]
        fn = python_function(v)
        if fn is not None:
            return function(fn)
        if isinstance(v, (staticmethod, classmethod)):
            return [type(v).__name__, value(v.__func__, True)]
        if isinstance(v, property):
            return ["property"] + [value(f, True) for f in (v.fget, v.fset) if f is not None]
        if isinstance(v, types.ModuleType):
            return ["module", v.__name__]
        if isinstance(v, type):
            return ["class", v.__module__, v.__qualname__]
        if in_class:
            # (descriptors, class-level containers, builtins: not folded by the compiler
            # unless read, and then they are refused; their type is enough)
            return ["other", type(v).__module__, type(v).__qualname__]
        if isinstance(v, (dict, set, frozenset)):
            # a Module's registries; the children of containers are recorded apart
            return ["registry", type(v).__qualname__, sorted(map(str, v))
                    if all(isinstance(k, str) for k in v) else len(v)]
        if isinstance(v, (list, tuple)):
            return [type(v).__name__, [value(x) for x in v]]
        if isinstance(v, (types.BuiltinFunctionType, types.MethodType)) or \
                (np is not None and isinstance(v, np.generic)):
            return ["other", type(v).__module__, type(v).__qualname__, repr(v)[:200]]
        if hasattr(v, "__dict__") or hasattr(type(v), "__slots__"):
            return obj(v)
        return ["other", type(v).__module__, type(v).__qualname__, repr(v)[:200]]

    def obj(o) -> list:
        k = objects.get(id(o))
        if k is not None:
            return ["ref", k]
        objects[id(o)] = len(objects)
        keep.append(o)
        attrs = []
        d = getattr(o, "__dict__", None)
        if isinstance(d, dict):
            for name in sorted(d):
                attrs.append([name, value(d[name])])
        for name in getattr(type(o), "__slots__", ()):
            if hasattr(o, name):
                attrs.append([name, value(getattr(o, name))])
        names = children(o)
        kids = None
        if names is not None and not isinstance(o, (list, tuple)):
            kids = [[n, value(resolve(o, (n,)))] for n in names]
        return ["object", klass(type(o)), attrs, kids]

    top = obj(root)
    return [top, class_list, body_list], functions


def _is_ours(cls) -> bool:
    """Is `cls` defined in pts's own sources (which pts.cache_dir.compiler_fingerprint
    covers), unchanged since?"""
    import sys
    module = sys.modules.get(cls.__module__)
    path = getattr(module, "__file__", None) or ""
    here = os.path.dirname(os.path.dirname(os.path.abspath(cache.__file__)))
    return os.path.abspath(path).startswith(here + os.sep) and \
        getattr(module, cls.__qualname__.split(".")[0], None) is not None and \
        all(getattr(v, "__module__", cls.__module__) == cls.__module__
            for v in vars(cls).values() if python_function(v) is not None)


_RECORDS: dict = {}         # function -> (its code, its file's stat, its source record)


def _source_record(fn) -> list:
    """pts.cache.source_record, again only when the function's code or file changed."""
    code = fn.__code__
    try:
        st = os.stat(code.co_filename)
        stamp = (st.st_mtime_ns, st.st_size)
    except OSError:
        stamp = None
    memo = _RECORDS.get(fn)
    if memo is not None and memo[0] is code and memo[1] == stamp and stamp is not None:
        return memo[2]
    try:
        rec = cache.source_record(fn)
    except Exception:
        raise Uncacheable(f"no source for {fn!r}") from None
    _RECORDS[fn] = (code, stamp, rec)
    return rec


def entry_for(py_func, name: str, sig: tuple, root, extra=None):
    """The cache slot of method `name` (function `py_func`) of `root` for argument types
    `sig`, or None (cache off, no source, a model the walk cannot describe).  `extra`:
    JSON data of what else the code depends on (a train step's optimizer: pts.train)."""
    d = code_dir()
    if d is None:
        return None
    try:
        shape, functions = structure(root)
        parts = [cache.FORMAT, __version__, compiler_fingerprint(), host_key(), "model",
                 cache.source_record(py_func), name, [str(t) for t in sig], shape]
        if extra is not None:
            parts.append(extra)
        key = _sha(json.dumps(parts))[:40]
    except Exception:
        return None
    return ModelEntry(d, key, py_func, sig, functions)


class ModelEntry(cache.DiskEntry):
    """A model method's slot: pts.cache.DiskEntry with the model's facts in the manifest."""

    def __init__(self, directory: str, key: str, py_func, sig: tuple, functions: dict):
        super().__init__(directory, key, py_func, sig)
        self.functions = functions
        # what the caller keeps with the code besides the compile record's facts (JSON
        # data: a train step's parameter updates, pts.train); set before the code is stored,
        # read back by load_model
        self.plan: dict = {}

    def valid(self, deps: list) -> bool:
        return cache.valid_dependencies(deps, self.pyfunc, self.functions)

    def extra_manifest(self, record) -> dict:
        return {"model": {"lifted": [list(p) for p in record.lifted],
                          "guards": [[list(path), kind] for path, (kind, _) in record.guards],
                          "const_indices": list(record.const_indices),
                          "plan": self.plan}}

    def load_model(self, root, timings: dict | None = None):
        """(loaded module, entry signature, lifted paths, guards, const indices), or None."""
        hit = self.load(timings)
        if hit is None:
            return None
        try:
            m = self.manifest["model"]
            guards = tuple((tuple(path), (kind, _seen(root, tuple(path), kind)))
                           for path, kind in m["guards"])
            lifted = tuple(tuple(p) for p in m["lifted"])
            for p in lifted:
                resolve(root, p)
            self.plan = m.get("plan", {})
        except Exception:
            return None
        STATS["model_cache_hits"] += 1
        return hit[0], hit[1], lifted, guards, tuple(m["const_indices"])


# what a class body holds that the compiler never folds (its own bookkeeping)
_CLASS_NOISE = frozenset({"__module__", "__qualname__", "__doc__", "__dict__", "__weakref__",
                          "__annotations__", "__firstlineno__", "__static_attributes__",
                          "__init__", "__slots__", "__orig_bases__", "__parameters__",
                          "__annotate__", "__type_params__"})


def _seen(root, path: tuple, kind: str):
    """What a guard of `kind` at `path` expects: what the model holds now."""
    value = resolve(root, path)
    if kind == "tensor":
        t = tensor_type(value)
        if t is None:
            raise ValueError(path)
        return t
    if kind == "class":
        return type(value)
    if kind == "children":
        return tuple(children(value) or ())
    if kind == "const":
        return value
    raise ValueError(kind)


def _numpy():
    import sys
    return sys.modules.get("numpy")


del parse_type
