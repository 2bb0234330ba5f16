"""From Python function objects to an IR module: source -> AST -> typed AST -> SSA IR.

Contract: `build(pyfunc, arg_types)` returns a `Built`: an `ir.Module` whose `entry` function
is `pyfunc` specialized to `arg_types`, plus every function it calls (compiled recursively,
each specialized to the argument types it is called with), with the `Program` that made it
(what the checker read: globals, the model's attributes; phase timings) and the entry's
`Spec` (parameter names, the arguments it was specialized on).  `build_module` is its
module alone.  Errors are CompileErrors.  This is the front half of the pipeline; the
compile driver (pts.compiler) runs it, then `ir.pipeline` and the backend.
"""
from __future__ import annotations

import math
import time
from contextlib import contextmanager
from typing import Any, NamedTuple

from pts.errors import CompileError, Span
from pts.frontend import ast as A
from pts.frontend import shared_globals
from pts.frontend.check import (NeedsConstant, Spec, assigned_names, check_function, convertible,
                                plural, refine, resolve_type, tested_names)
from pts.frontend.function_imports import imported_names
from pts.frontend.lower import lower_function
from pts.frontend.check_functions import FunctionType, has_function, names_callable
from pts.frontend.objects import ObjectType, python_function, resolve
from pts.frontend.check_classes import (Restart, class_bases, class_info, class_scope,
                                        class_table, parse_span, seed_classes)
from pts.frontend.source import fresh_fdef, parse_pyfunc
from pts.ir.core import Module
from pts.ir.types import Type, py_name

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

    __slots__ = ("globals", "names", "imported")

    def __init__(self, globals_: dict, names: set, imported: dict | None = None):
        self.globals = globals_
        self.names = names
        self.imported = imported or {}      # the function's own imports (function_imports)

    def __contains__(self, name) -> bool:
        if name in self.imported:
            return True
        self.names.add(name)
        return name in self.globals

    def __getitem__(self, name):
        if name in self.imported:
            return self.imported[name]
        self.names.add(name)
        return self.globals[name]

    def get(self, name, default=None):
        if name in self.imported:
            return self.imported[name]
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
        self.tested: dict = {}              # function -> tested_params
        self.order: list[Spec] = []
        self.names: set[str] = set()
        self.global_reads: dict[Any, set] = {}
        self.timings = Timings()
        # key -> (the checker's state when it began, the CompileError): a specialization
        # that failed is not checked again until a field, a result type or a rebound
        # global it may depend on has changed (`checker_state`).  A caller's inference
        # passes call it on each pass; checking it again each time multiplied through the
        # call graph (pyperformance deltablue: thousands of checks per round)
        self.failed: dict[tuple, tuple] = {}
        # a field or rebound global widened after other code read it: this round's types
        # are stale, and `build` checks the program again once the round is over, knowing
        # every widening the round found (check_classes.ClassChecks.widen_field)
        self.stale = False
        self.rounds = 1                     # how many times `build` checked the program

    def checker_state(self) -> tuple:
        """What a failed check may have depended on that changes within a round: the
        classes' field types, the specializations' result types (a recursive caller's
        settles pass by pass) and the rebound globals' types."""
        classes = self.__dict__.get("classes", {})
        return (tuple((name, tuple(info.fields.items())) for name, info in classes.items()),
                tuple(spec.ret_type for spec in self.order),
                tuple(self.__dict__.get("box_hints", {}).items()))

    def scriptable(self, value: Any):
        """The plain Python function behind `value`, if pts can compile calls to it."""
        return python_function(value)

    def object_at(self, t):
        """The live Python object an ObjectType stands for."""
        return resolve(self.root, t.path)

    def ir_name(self, pyfunc, arg_types) -> str:
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
                   consts: tuple = (), entry: bool = False, ret_as: Type | None = None) -> Spec:
        """`pyfunc` for `arg_types`.  `consts` are (index, value) of the arguments known at
        the call (literals, defaults, the values of an entry call).  String arguments, and
        arguments the function uses where numpy needs a constant (axis=dim), become
        compile-time constants of the specialization and leave its IR parameters (the
        entry's strings stay values, str being a value type, unless it tests them or passes
        them on: deciding_strs); so do,
        except for the `entry` (whose signature is types only), bools the function tests
        (`if training:`, tested_names): a model's mode passed down (`F.batch_norm(...,
        self.training, ...)`) then compiles only its branch, never the other's callees."""
        needed = self.needs_const.setdefault(pyfunc, set())
        tested = () if entry or not any(type(v) is bool for _, v in consts) \
            else self.tested_params(pyfunc)
        deciding = self.deciding_strs(pyfunc) if entry and any(
            isinstance(v, str) for _, v in consts) else ()
        while True:
            # objects (self, a submodule) are always constants: the IR never holds them
            # (so are dtypes, np.float32 / x.dtype, and a classmethod's `cls`: they have no
            # run-time value)
            chosen = tuple((i, v) for i, v in consts
                           if isinstance(v, (ObjectType, FunctionType))
                           or type(v).__name__ in ("DTypeType", "ClassRef")
                           or (isinstance(v, str) and (not entry or i in deciding))
                           or i in needed
                           or (type(v) is bool and i in tested))
            try:
                return self._specialize(pyfunc, arg_types, node, chosen, ret_as)
            except NeedsConstant as nc:
                index = nc.index
                if index in needed or index not in dict(consts):
                    nc.callee = pyfunc.__name__    # the caller decides (see check.call_function)
                    raise
                needed.add(index)

    def deciding_strs(self, pyfunc) -> frozenset[int]:
        """Positions of the entry's parameters whose string value it specializes on
        (check_strings.deciding_str_params); its other strings are values."""
        from pts.frontend.check_strings import deciding_str_params
        fdef = parse_pyfunc(pyfunc)
        names = deciding_str_params(fdef, pyfunc.__globals__)
        return frozenset(i for i, p in enumerate(fdef.params) if p.name in names)

    def tested_params(self, pyfunc) -> frozenset[int]:
        """Positions of the parameters `pyfunc`'s `if` tests read as truth values and its
        body never assigns."""
        found = self.tested.get(pyfunc)
        if found is None:
            with self.timings.phase("parse"):
                fdef = parse_pyfunc(pyfunc)
            names = tested_names(fdef.body) - assigned_names(fdef.body)
            found = self.tested[pyfunc] = frozenset(
                i for i, p in enumerate(fdef.params) if p.name in names)
        return found

    def _specialize(self, pyfunc, arg_types: tuple[Type, ...], node: A.Node | None,
                    consts: tuple, ret_as: Type | None = None) -> Spec:
        with self.timings.phase("parse"):
            fdef = parse_pyfunc(pyfunc)     # (shared: read here; the new spec's is a copy)
        with class_scope(self, pyfunc.__globals__):      # `p: Point` (check_classes)
            return self._specialize_in_scope(pyfunc, fdef, arg_types, node, consts, ret_as)

    def _specialize_in_scope(self, pyfunc, fdef, arg_types, node, consts, ret_as=None) -> Spec:
        if len(arg_types) != len(fdef.params):
            raise CompileError(f"{fdef.name}() takes {plural(len(fdef.params), 'argument')} but "
                               f"{len(arg_types)} were given", node.span if node else fdef.span)
        arg_types = tuple(self.param_type(fdef, p, t, node, pyfunc)
                          for p, t in zip(fdef.params, arg_types))
        # (ret_as: the result built as a wider list, for a caller that stores floats into
        # it: check.call_function)
        key = (pyfunc, arg_types, consts) if ret_as is None else (pyfunc, arg_types, consts,
                                                                   ret_as)
        spec = self.specs.get(key)
        if spec is not None:
            return spec
        state = self.checker_state()
        failed = self.failed.get(key)
        if failed is not None and failed[0] == state:
            raise failed[1].with_traceback(None)
        # (a nested function reads the globals of the module-level function around it; a
        # wrapper of a builtin, frontend.check_functions, reads nothing that can change)
        root = getattr(pyfunc, "root_function", pyfunc)
        imported = imported_names(fdef, assigned_names(fdef.body)) \
            if any(isinstance(s, A.Import) for s in A.walk(fdef.body)) else None
        reads = GlobalReads(pyfunc.__globals__, self.global_reads.setdefault(root, set())
                            if root is not None else set(), imported)
        with self.timings.phase("parse"):
            fdef = fresh_fdef(pyfunc)
        spec = Spec(pyfunc, fdef, reads, arg_types, self.ir_name(pyfunc, arg_types))
        # (a recursive function's result as the last round found it: check.stale_result_reads)
        spec.ret_type = spec.ret_hint = self.__dict__.get("ret_hints", {}).get(key)
        spec.const_params = {fdef.params[i].name: v for i, v in consts}
        spec.ret_as = ret_as
        self.specs[key] = spec
        self.order.append(spec)
        try:
            with self.timings.phase("check"):
                check_function(self, spec)
        except Exception as e:
            del self.specs[key]
            self.order.remove(spec)
            self.names.discard(spec.ir_name)
            if isinstance(e, CompileError):
                self.failed[key] = (state, e)
            raise
        return spec

    def param_type(self, fdef: A.FunctionDef, p: A.Param, t: Type, node, pyfunc=None) -> Type:
        if p.annotation is None or isinstance(t, ObjectType) or names_callable(p.annotation):
            return t            # (an object's annotation names its class: pts.grad's models;
            #                     Callable[...]: the function given, check_functions)
        from pts.frontend.check_lists import bare_container
        bare = bare_container(p.annotation)        # `xs: list`: any list (check_lists)
        want = ANY_KIND if bare is not None else resolve_type(p.annotation)
        if bare is not None and isinstance(t, bare[1]):
            return t
        if bare is not None or not convertible(t, want):
            want = bare[0] if bare is not None else want
            shown = want if isinstance(want, str) else py_name(want)
            msg = f"argument '{p.name}' of {fdef.name}() expects {shown}, got {py_name(t)}"
            if node is None:         # the entry, called from Python: pts.api makes a TypeError
                from pts.frontend.check import ArgumentTypeError, annotation_text
                raise ArgumentTypeError(msg, p.span, pyfunc, p.name,
                                        want if isinstance(want, str) else annotation_text(want))
            raise CompileError(msg, node.span)
        return refine(want, t)


ANY_KIND = None      # (a bare container annotation: only its kind is checked)


class Built(NamedTuple):
    """What `build` made: the module, the program behind it and the entry's specialization."""
    module: Module
    program: Program
    entry: Spec


def build_module(pyfunc, arg_types: tuple[Type, ...], values: tuple = (), root: Any = None) -> Module:
    """The module of `build(pyfunc, arg_types, values, root)`."""
    return build(pyfunc, arg_types, values, root).module


def hinted_classes(program: Program, pyfunc) -> None:
    """The classes an earlier round knew, known again first, in the same order: the field
    types it found name them (`kids: List[Leaf]`) and keep their IR names."""
    hints = program.__dict__.get("field_hints")
    if not hints:
        return
    node = A.Name(pyfunc.__name__, span=parse_span(pyfunc))
    with class_scope(program, getattr(pyfunc, "__globals__", {})):
        for cls in hints:
            class_info(program, cls, node)


def put_off_errors(program: Program) -> list:
    """The errors check.final_stmt put off (a read of a field that holds only None so far)
    in specializations the program kept."""
    return [e for spec, e in program.__dict__.get("pending_errors", ()) if spec in program.order]


def build(pyfunc, arg_types: tuple[Type, ...], values: tuple = (), root: Any = None) -> Built:
    """The module of pyfunc called with arguments of `arg_types` (whose Python `values`
    may become constants of the specialization, see Program.specialize).

    With `root` (pts.script of an object), pyfunc is a method of root's class: its `self`
    is the root, a compile-time object (frontend.objects), and arg_types / values are the
    other arguments."""
    if root is None and getattr(pyfunc, "__closure__", None):
        # a closure made in Python (a decorated function): its cells are read as a
        # callee's are (check_functions.python_function_value)
        from pts.frontend.check_functions import python_function_value
        pyfunc = python_function_value(pyfunc).fn
    program = Program(root)
    consts = tuple((i, v) for i, v in enumerate(values)
                   if isinstance(v, (bool, int, float, str)) and not isinstance(v, list))
    if root is not None:
        this = ObjectType((), type(root).__name__)
        arg_types = (this,) + tuple(arg_types)
        consts = ((0, this),) + tuple((i + 1, v) for i, v in consts)
    consts += tuple((i, t) for i, t in enumerate(arg_types) if isinstance(t, FunctionType))
    for rounds in range(1, 21):   # a field widened after it was read: again, knowing it
        try:
            hinted_classes(program, pyfunc)
            seed_classes(program, values, arg_types, pyfunc)    # objects passed in
            entry = program.specialize(pyfunc, arg_types, None, consts, entry=True)
            pending = put_off_errors(program)
            if pending and not program.stale:
                raise pending[0]  # put off on a None field no store widened (check.final_stmt)
        except Exception as exc:
            # (checked against stale types, the round may fail in any way: the next one
            # decides; a failure that is real fails again.  Code may also end the round at
            # once by raising Restart)
            if isinstance(exc, Restart):
                program.stale = True
            if not program.stale:
                pending = put_off_errors(program)
                if pending and isinstance(exc, CompileError):
                    # an error put off earlier (a field no store made) caused this one
                    raise pending[0] from None
                raise
        if not program.stale:
            break
        r = Restart(program)
        program = Program(root)
        program.field_hints = r.hints
        program.box_hints = r.box_hints
        program.ret_hints = r.ret_hints
        program.param_hints = r.param_hints
        program.rounds = rounds + 1
    else:
        raise CompileError(f"the fields of {pyfunc.__name__}'s classes keep changing type",
                           parse_pyfunc(pyfunc).span)
    if has_function(entry.ret_type):
        raise CompileError(f"{pyfunc.__name__}() returns a function ({py_name(entry.ret_type)}): "
                           f"functions are values inside compiled code only, they cannot be "
                           f"returned to Python", entry.fdef.span)
    module = Module(entry=entry.ir_name)
    module.classes = class_table(program)
    module.class_bases = class_bases(program)
    with program.timings.phase("lower"):
        shared_globals.prepare(program)
        for spec in program.order:
            module.add(lower_function(spec))
        for traced in program.__dict__.get("traced_functions", {}).values():
            for f in traced:              # the IR of pts.trace results it calls
                module.add(f)
        shared_globals.thread_shared(module, program, entry)     # hidden parameters
    return Built(module, program, entry)


del math, Span
