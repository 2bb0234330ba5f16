"""From Python function objects to an IR module: source -> AST -> typed AST -> SSA IR.

Contract: `build_module(pyfunc, arg_types)` returns an `ir.Module` whose `entry` function is
`pyfunc` specialized to `arg_types`, plus every function it calls (compiled recursively,
each specialized to the argument types it is called with).  Errors are CompileErrors.
This is the front half of the pipeline; `ir.pipeline` and the backend take it from here.
"""
from __future__ import annotations

import inspect
import math
import sys
import textwrap
import time
import tokenize
import types
from contextlib import contextmanager
from typing import Any

from pts.errors import CompileError, Span
from pts.frontend import ast as A
from pts.frontend.check import NeedsConstant, Spec, check_function, convertible, plural, refine, resolve_type
from pts.frontend.lower import lower_function
from pts.ir.core import Module
from pts.ir.types import (DTYPES, F64, I1, I64, SCALAR_OF_DTYPE, STR, ListType, TensorType, TupleType,
                          Type, py_name)

# Parsed functions by code object *identity*: code objects compare equal across files when
# their bodies match, so they cannot be dictionary keys themselves.
_PARSED: dict[int, tuple[Any, A.FunctionDef]] = {}


def function_source(pyfunc) -> tuple[str, str, int]:
    """(dedented source, file name, line offset) of a Python function."""
    try:
        lines, first = inspect.getsourcelines(pyfunc)
    except (OSError, TypeError, SyntaxError, tokenize.TokenError) as e:
        # (inspect tokenizes the file as it is now: one edited since the import may not
        # tokenize, an unclosed bracket is a TokenError, a bad indent an IndentationError)
        raise CompileError(f"cannot read the source of '{getattr(pyfunc, '__name__', pyfunc)}': "
                           f"{e}") from None
    filename = pyfunc.__code__.co_filename
    return textwrap.dedent("".join(lines)), filename, first - 1


def parse_pyfunc(pyfunc) -> A.FunctionDef:
    code = pyfunc.__code__
    hit = _PARSED.get(id(code))
    if hit is not None and hit[0] is code:
        return hit[1]
    from pts.frontend import stdlib_trees
    fdef = stdlib_trees.lookup(pyfunc)         # pts's library functions: parsed by `make`
    if fdef is None:
        from pts.frontend.parse import parse_function
        text, filename, offset = function_source(pyfunc)
        fdef = parse_function(text, filename, line_offset=offset)
    _PARSED[id(code)] = (code, fdef)
    return fdef


def fresh_fdef(pyfunc) -> A.FunctionDef:
    """A private copy of the parsed tree: the checker annotates nodes in place."""
    return clone_tree(parse_pyfunc(pyfunc))


def clone_tree(x):
    """A copy of a syntax tree: new nodes and lists, the leaves shared (strings, numbers,
    frozen spans; a Const's value is an immutable Python constant).  copy.deepcopy did the
    same at ten times the cost, and every specialization of every function makes one."""
    if isinstance(x, A.Node):
        new = object.__new__(type(x))
        new.__dict__.update({k: clone_tree(v) for k, v in x.__dict__.items()})
        return new
    if type(x) is list:
        return [clone_tree(v) for v in x]
    if type(x) is tuple:
        return tuple(clone_tree(v) for v in x)
    if type(x) is dict:
        return {k: clone_tree(v) for k, v in x.items()}
    return x


class Timings:
    """Milliseconds per pipeline phase.  Phases nest (checking a caller parses and checks its
    callees); each phase counts only its own time, a nested phase pauses the outer one."""

    def __init__(self):
        self.ms: dict[str, float] = {}
        self._stack: list[list] = []

    @contextmanager
    def phase(self, name: str):
        now = time.perf_counter()
        if self._stack:
            outer = self._stack[-1]
            self.ms[outer[0]] = self.ms.get(outer[0], 0.0) + (now - outer[1]) * 1e3
        self._stack.append([name, now])
        try:
            yield
        finally:
            end = time.perf_counter()
            self.ms[name] = self.ms.get(name, 0.0) + (end - self._stack.pop()[1]) * 1e3
            if self._stack:
                self._stack[-1][1] = end


class GlobalReads:
    """A function's module globals as the checker sees them, remembering every name it
    looks up (pts.cache records what those names meant, to know when code is stale)."""

    __slots__ = ("globals", "names")

    def __init__(self, globals_: dict, names: set):
        self.globals = globals_
        self.names = names

    def __contains__(self, name) -> bool:
        self.names.add(name)
        return name in self.globals

    def __getitem__(self, name):
        self.names.add(name)
        return self.globals[name]

    def get(self, name, default=None):
        self.names.add(name)
        return self.globals.get(name, default)

    def __getattr__(self, attr):
        if attr.startswith("__"):
            raise AttributeError(attr)
        # Any other use (iteration, ...) reads names we cannot list: no disk cache.
        self.names.add(None)
        return getattr(self.globals, attr)


class Program:
    """All specializations reachable from one entry call.  `global_reads` maps each Python
    function to the global names the checker looked up in it (None in the set: unknown)."""

    def __init__(self, root: Any = None):
        self.root = root                    # the scripted object of pts.script(model), if any
        # what the code read from the root's objects, by path: ("tensor", TensorType) or
        # ("const", value); the scripted model checks them before each call
        self.object_reads: dict[tuple, tuple] = {}
        self.specs: dict[tuple, Spec] = {}
        self.needs_const: dict = {}         # function -> parameter indices used as constants
        self.order: list[Spec] = []
        self.names: set[str] = set()
        self.global_reads: dict[Any, set] = {}
        self.timings = Timings()

    def scriptable(self, value: Any):
        """The plain Python function behind `value`, if pts can compile calls to it."""
        from pts.api import ScriptFunction
        if isinstance(value, ScriptFunction):
            return value.py_func
        if isinstance(value, types.FunctionType):
            return value
        return None

    def object_at(self, t):
        """The live Python object an ObjectType stands for."""
        from pts.frontend.objects import resolve
        return resolve(self.root, t.path)

    def ir_name(self, pyfunc, arg_types) -> str:
        from pts.frontend.objects import ObjectType
        base = pyfunc.__name__
        if arg_types and isinstance(arg_types[0], ObjectType) and arg_types[0].path:
            base = f"{arg_types[0].dotted}.{base}"     # a method of self.convnet.0: convnet.0.forward
        name = base
        n = 1
        while name in self.names:
            name = f"{base}.{n}"
            n += 1
        self.names.add(name)
        return name

    def specialize(self, pyfunc, arg_types: tuple[Type, ...], node: A.Node | None = None,
                   consts: tuple = ()) -> Spec:
        """`pyfunc` for `arg_types`.  `consts` are (index, value) of the arguments known at
        the call (literals, defaults, the values of an entry call).  String arguments, and
        arguments the function uses where numpy needs a constant (axis=dim), become
        compile-time constants of the specialization and leave its IR parameters."""
        from pts.frontend.objects import ObjectType
        needed = self.needs_const.setdefault(pyfunc, set())
        while True:
            # objects (self, a submodule) are always constants: the IR never holds them
            chosen = tuple((i, v) for i, v in consts
                           if isinstance(v, (str, ObjectType)) or i in needed)
            try:
                return self._specialize(pyfunc, arg_types, node, chosen)
            except NeedsConstant as nc:
                index = nc.index
                if index in needed or index not in dict(consts):
                    nc.callee = pyfunc.__name__    # the caller decides (see check.call_function)
                    raise
                needed.add(index)

    def _specialize(self, pyfunc, arg_types: tuple[Type, ...], node: A.Node | None,
                    consts: tuple) -> Spec:
        with self.timings.phase("parse"):
            fdef = parse_pyfunc(pyfunc)     # (shared: read here; the new spec's is a copy)
        if len(arg_types) != len(fdef.params):
            raise CompileError(f"{fdef.name}() takes {plural(len(fdef.params), 'argument')} but "
                               f"{len(arg_types)} were given", node.span if node else fdef.span)
        arg_types = tuple(self.param_type(fdef, p, t, node) for p, t in zip(fdef.params, arg_types))
        key = (pyfunc, arg_types, consts)
        spec = self.specs.get(key)
        if spec is not None:
            return spec
        reads = GlobalReads(pyfunc.__globals__, self.global_reads.setdefault(pyfunc, set()))
        with self.timings.phase("parse"):
            fdef = fresh_fdef(pyfunc)
        spec = Spec(pyfunc, fdef, reads, arg_types, self.ir_name(pyfunc, arg_types))
        spec.const_params = {fdef.params[i].name: v for i, v in consts}
        self.specs[key] = spec
        self.order.append(spec)
        try:
            with self.timings.phase("check"):
                check_function(self, spec)
        except Exception:
            del self.specs[key]
            self.order.remove(spec)
            self.names.discard(spec.ir_name)
            raise
        return spec

    def param_type(self, fdef: A.FunctionDef, p: A.Param, t: Type, node) -> Type:
        if p.annotation is None:
            return t
        want = resolve_type(p.annotation)
        if not convertible(t, want):
            span = node.span if node is not None else p.span
            raise CompileError(f"argument '{p.name}' of {fdef.name}() expects {py_name(want)}, "
                               f"got {py_name(t)}", span)
        return refine(want, t)


def build_module(pyfunc, arg_types: tuple[Type, ...], values: tuple = (), root: Any = None) -> Module:
    """The module of pyfunc called with arguments of `arg_types` (whose Python `values`
    may become constants of the specialization, see Program.specialize).

    With `root` (pts.script of an object), pyfunc is a method of root's class: its `self`
    is the root, a compile-time object (frontend.objects), and arg_types / values are the
    other arguments."""
    program = Program(root)
    consts = tuple((i, v) for i, v in enumerate(values)
                   if isinstance(v, (bool, int, float, str)) and not isinstance(v, list))
    if root is not None:
        from pts.frontend.objects import ObjectType
        this = ObjectType((), type(root).__name__)
        arg_types = (this,) + tuple(arg_types)
        consts = ((0, this),) + tuple((i + 1, v) for i, v in consts)
    entry = program.specialize(pyfunc, arg_types, None, consts)
    module = Module(entry=entry.ir_name)
    with program.timings.phase("lower"):
        for spec in program.order:
            module.add(lower_function(spec))
    module.entry_spec = entry
    module.program = program
    return module


_BY_DTYPE: dict = {}


def _by_dtype(np) -> dict:
    if not _BY_DTYPE:
        _BY_DTYPE.update({np.dtype(name): t for name, t in DTYPES.items()})
    return _BY_DTYPE


def type_of_value(value: Any) -> Type:
    """The pts type of a Python argument value (the signature pts specializes on)."""
    if isinstance(value, bool):
        return I1
    if isinstance(value, int):
        return I64
    if isinstance(value, float):
        return F64
    if isinstance(value, str):        # becomes a constant of the specialization
        return STR
    if isinstance(value, tuple):
        return TupleType(tuple(type_of_value(v) for v in value))
    if isinstance(value, list):
        from pts.frontend.check import UNKNOWN, join
        elem = UNKNOWN
        for v in value:
            t = type_of_value(v)
            if t not in (I1, I64, F64):
                raise TypeError(f"pts lists hold int, float or bool, not {type(v).__name__}")
            j = elem if elem == t else (t if elem == UNKNOWN else join(elem, t))
            if j is None:
                raise TypeError("pts lists need elements of one type")
            elem = j
        return ListType(elem)
    np = sys.modules.get("numpy")      # a numpy value implies numpy is imported already
    if np is None:
        raise TypeError(f"pts cannot pass a value of type {type(value).__name__}")
    if isinstance(value, np.ndarray):
        dtype = _by_dtype(np).get(value.dtype)       # the native dtypes, without .name (slow)
        if dtype is not None:
            return TensorType(dtype, value.ndim)
        dtype = DTYPES.get(value.dtype.name)         # byte-swapped: TensorCall.box converts
        if dtype is None:
            raise TypeError(f"pts tensors have dtype float32, float64, int32, int64 or bool, "
                            f"not {value.dtype.name}")
        return TensorType(dtype, value.ndim)
    if isinstance(value, np.generic):
        t = DTYPES.get(value.dtype.name)
        if t is not None:
            return SCALAR_OF_DTYPE[t]
    raise TypeError(f"pts cannot pass a value of type {type(value).__name__}")


del math, Span
