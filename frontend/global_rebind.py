"""Module-level names that functions rebind (`global G` ... `G = value`), as CPython does:
the scripted code reads and writes the module's name, and Python sees each new value.

Contract.  A module-level name is *rebound* when some function of its module (or a method
of a class defined there, or a function nested in one) stores to it: CPython compiles
`global G; G = v` to STORE_GLOBAL, which `rebound_names` finds in the functions' code
objects.  In scripted code, every use of a rebound name that is not a local variable of
its function — in the functions that declare `global G` and in those that only read G —
goes through a *box*: a one-item list that stands for the module's name during a call.
`box_globals` rewrites the function's syntax tree before checking: each such Name `G`
becomes `G[0]`, with the Name carrying the box's location (a `SharedLocation` of kind
"box", frontend.shared_globals), so reads, assignments (`G = v` is `G[0] = v`, `G += 1`
is `G[0] += 1`) and the call graph are the shared-list machinery's: the boundary builds
the box `[module.G]` before each call and stores `module.G = box[0]` after it, also when
the call raises.  A rebound name is never folded in as a constant (it could change while
the code runs).

The box's item type is the module's annotation of the name when it has one
(`planner: Optional[Planner] = None`), else the type of its value when the code is
compiled: a function that assigns another type needs the annotation (the error says so).
Refused, at the `global` statement: a name that is not defined at module level when the
code is compiled (CPython creates it at the first store; pts needs its type).
"""
from __future__ import annotations

import dis
import types
from typing import Any

from pts.errors import CompileError
from pts.frontend import ast as A

_STORES: dict = {}          # code object -> the global names it (or a nested code) stores


def _code_stores(code: types.CodeType) -> frozenset:
    found = _STORES.get(code)
    if found is None:
        names = {i.argval for i in dis.get_instructions(code)
                 if i.opname in ("STORE_GLOBAL", "DELETE_GLOBAL")}
        for c in code.co_consts:
            if isinstance(c, types.CodeType):
                names |= _code_stores(c)
        found = _STORES[code] = frozenset(names)
    return found


def rebound_names(module_globals: dict) -> frozenset:
    """The module-level names that some function or method of this module rebinds."""
    names: set = set()
    for value in list(module_globals.values()):
        funcs = []
        if isinstance(value, types.FunctionType):
            funcs.append(value)
        elif isinstance(value, type) and value.__module__ == module_globals.get("__name__"):
            funcs.extend(v for v in vars(value).values() if isinstance(v, types.FunctionType))
        for f in funcs:
            if f.__globals__ is module_globals:
                names |= _code_stores(f.__code__)
    return frozenset(names)


class ClassAttrs:
    """A class's attributes as the mapping a box reads and writes: a class attribute that
    the module's code assigns (`Counter.made += 1`, CPython's shared class state) is boxed
    like a rebound global, its owner this view of the class (one per class: `of`)."""

    _VIEWS: dict = {}

    def __init__(self, cls: type):
        self.cls = cls

    @classmethod
    def of(cls, klass: type) -> "ClassAttrs":
        view = cls._VIEWS.get(klass)
        if view is None:
            view = cls._VIEWS[klass] = ClassAttrs(klass)
        return view

    def __getitem__(self, name: str):
        return getattr(self.cls, name)

    def __setitem__(self, name: str, value) -> None:
        setattr(self.cls, name, value)

    def get(self, name: str, default=None):
        if name == "__name__":
            return self.cls.__qualname__
        return self.cls.__dict__.get(name, default)


_CLASS_STORES: dict = {}     # module globals' id -> {class: {attribute}}


def rebound_class_attrs(module_globals: dict) -> dict:
    """{class: {attribute}} of the module's classes whose attributes its code assigns
    (`C.attr = v`, `C.attr += v`, in any function or method of the module's source)."""
    import ast
    import inspect
    import sys
    name = module_globals.get("__name__")
    found = _CLASS_STORES.get(id(module_globals))
    if found is not None and found[0] is module_globals:
        return found[1]
    out: dict = {}
    module = sys.modules.get(name) if name else None
    try:
        tree = ast.parse(inspect.getsource(module)) if module is not None else None
    except (OSError, TypeError, SyntaxError):
        tree = None
    for node in ast.walk(tree) if tree is not None else ():
        targets = node.targets if isinstance(node, ast.Assign) else \
            [node.target] if isinstance(node, (ast.AugAssign, ast.AnnAssign)) else []
        for t in targets:
            if isinstance(t, ast.Attribute) and isinstance(t.value, ast.Name):
                cls = module_globals.get(t.value.id)
                if isinstance(cls, type) and cls.__module__ == name and t.attr in vars(cls):
                    out.setdefault(cls, set()).add(t.attr)
    _CLASS_STORES[id(module_globals)] = (module_globals, out)
    return out


def box_globals(fdef: A.FunctionDef, pyfunc: Any, module_globals: dict) -> None:
    """Rewrite every use of a rebound module-level name in fdef's body as an item of its
    box (see the module docstring).  Idempotent: a rewritten Name carries its location."""
    from pts.frontend.shared_globals import SharedLocation
    declared = {n for s in A.walk(fdef.body) if isinstance(s, A.Global) for n in s.names}
    for s in A.walk(fdef.body):
        if isinstance(s, A.Global):
            for n in s.names:
                if n not in module_globals:
                    raise CompileError(f"'global {n}': pts needs the module-level name to "
                                       f"exist when it compiles (its type); define it at "
                                       f"module level (e.g. {n} = 0, or {n}: Optional[T] "
                                       f"= None)", s.span)
    code = getattr(pyfunc, "__code__", None)
    local = set(code.co_varnames + code.co_cellvars + code.co_freevars) \
        if isinstance(code, types.CodeType) else set()
    rebound = declared | (rebound_names(module_globals) - local) if module_globals else declared
    class_attrs = rebound_class_attrs(module_globals) if module_globals else {}
    if class_attrs:
        _box_class_attrs(fdef, module_globals, class_attrs, local)
    if not rebound:
        return
    comprehension_vars = {n.id for c in A.walk(fdef.body) if hasattr(c, "target") and
                          isinstance(c, A.Expr) for n in A.walk(c.target) if isinstance(n, A.Name)}
    for n in list(A.walk(fdef.body)):
        if not isinstance(n, A.Name) or n.id not in rebound or n.id in comprehension_vars \
                or getattr(n, "shared_loc", None) is not None:
            continue
        box = A.Name(n.id, span=n.span)
        box.shared_loc = SharedLocation("box", module_globals, n.id)
        n.__class__ = A.Subscript
        del n.id
        n.value, n.index = box, A.Const(0, span=n.span)


def _box_class_attrs(fdef: A.FunctionDef, module_globals: dict, class_attrs: dict,
                     local: set) -> None:
    """`C.attr` of an assigned class attribute -> `box[0]` (see ClassAttrs)."""
    from pts.frontend.shared_globals import SharedLocation
    for n in list(A.walk(fdef.body)):
        if not (isinstance(n, A.Attribute) and isinstance(n.value, A.Name)) \
                or n.value.id in local or getattr(n.value, "shared_loc", None) is not None:
            continue
        cls = module_globals.get(n.value.id)
        if n.attr not in class_attrs.get(cls, ()):
            continue
        box = A.Name(f"{cls.__name__}.{n.attr}", span=n.span)
        box.shared_loc = SharedLocation("box", ClassAttrs.of(cls), n.attr)
        n.__class__ = A.Subscript
        del n.attr
        n.value, n.index = box, A.Const(0, span=n.span)


def widen_box(checker, box: A.Expr, held, assigned, join) -> None:
    """`G = v` (the box's item) with v of a type that the item type widens to (`planner =
    None` at module level, `planner = Planner()` in deltablue's functions: Optional[Planner],
    as a variable's None and T meet): the program is checked again with the box's type
    widened (check_classes.Restart, frontend.program.build), unless the module annotates
    the name."""
    from pts.frontend.shared_globals import _annotation
    loc = getattr(box, "shared_loc", None)
    if loc is None or loc.kind != "box" or held == assigned:
        return
    j = join(held, assigned)
    if j is None or j == held:
        return
    from pts.frontend.shared_globals import SharedLocation
    if _annotation(SharedLocation("global", loc.owner, loc.name), checker.resolve_type) is not None:
        return
    hints = checker.program.__dict__.setdefault("box_hints", {})
    hints[loc] = j
    checker.program.stale = True        # checked again once this round is over


def rebind_message(box: A.Expr, held, assigned) -> str | None:
    """The error for assigning a rebound name a value of another type (`box` is the
    rewritten Name, `held` its item type), else None."""
    from pts.ir.types import py_name
    loc = getattr(box, "shared_loc", None)
    if loc is None or loc.kind != "box":
        return None
    return (f"the module-level name '{loc.name}' is a {py_name(held)} and cannot be assigned "
            f"a {py_name(assigned)}: a rebound name has one type, its module-level value's "
            f"or the module's annotation of it (e.g. {loc.name}: Optional[...] = None)")
