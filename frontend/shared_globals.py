"""Module-level lists, dicts and sets (and list, dict and set default values) that scripted
code shares with Python, as CPython does: one object, seen at each call as it is then.

Contract.  Such an object lives at a *location* (`SharedLocation`): a name in a module's
globals, or a default value of a function's parameter.  Scripted code never folds it: each
IR function that uses one takes it as a hidden parameter after its own (`%G.shared.0`),
a caller passes its own value of the location on to a callee that needs it, and the
compiled entry's hidden parameters are filled by the Python boundary from the location at
every call (pts.compiled; the CompileRecord's `shared`).  A list or dict argument's
changes reach Python the way any argument's do: the interpreter works on the Python object
itself, native code on a copy written back in place after the call (runtime/list_values.py's
Marshal), with aliasing kept.  So what scripted code appends, Python sees afterwards, and
what Python changes between calls, the next call sees.

- The checker (`shared_type`, a hook of check.expr_Name) gives such a Name the type of the
  location's value now (ir.types.type_of_value), marks it `.shared` and records it in the
  program (`program.shared_keys`).  A module-level list of numbers, strings or tuples of
  them that a function only reads (frontend.global_values, `folds_here`) folds in as a
  constant instead — no list crosses the boundary — unless code of the same compile
  shares it (then every use is the shared object: `prepare`); the boundary checks before
  each call that the module's list still equals the folded value (`CompileRecord.folded`),
  else compiles again with the location in `UNFOLDED` (shared from then on).
- A list/dict/set default of a callee that a scripted caller leaves out becomes a Name of
  the default's location (`default_node`, a hook of check.bind_arguments).
- The lowerer (`shared_value`, a hook of lower.expr_Name) reads the function's hidden
  parameter of the location, adding it to the entry block on first use.
- `thread_shared` (after lowering, in frontend.program.build) closes the hidden parameters
  over the call graph and appends them to every call; `entry_shared` lists the entry's.

The boundary checks at each call that the value still has the type the code was compiled
for (`fits`); a global rebound to another type compiles again.  Rebinding a global from
scripted code is CPython's `global G` statement, which pts refuses (change it in place:
`G[:] = ...`, `G.clear()`).  A model's method or a gradient cannot share a location (their
callers fill no hidden parameters): `not_shareable` says what to write instead, and while
they compile (`refolding`) a list they only read folds again even after it changed.  An
archive stores a shared location's value at save time and the loaded function holds the
object (runtime.archive_write, runtime.archive_call).  Folded lists are checked before
each call by the C dispatcher (runtime/_dispatch.c folds_hold) or pts.compiled.with_shared.
"""
from __future__ import annotations

import ast as pyast
import contextlib
import threading
import types
from typing import Any

from pts.errors import CompileError
from pts.frontend import ast as A
from pts.frontend.check_classes import shared_object
from pts.frontend.generator_frames import adopt_generator
from pts.ir.core import BlockParam
from pts.ir.types import (F64, I64, NONE, UNKNOWN, DictType, ListType, OptionalType, SetType,
                          TupleType, Type, py_name, type_of_value)

SHARED_KINDS = (list, dict, set)
CLOSURE_OF = "__pts_closure_of__"   # in a closure's globals (check_functions): its function


class SharedLocation:
    """Where a shared object lives: `kind` "global" (owner: a module's globals dict, name:
    the global's name), "default" (owner: the Python function, name: the parameter's
    position among `__defaults__`; `param` its name), "class" (owner: a user class, name:
    a class attribute holding an object, `Point.ZERO`) or "traced" (owner: the arrays a
    pts.trace result reads besides its inputs, pts.traced; name: the array's index)."""

    __slots__ = ("kind", "owner", "name", "param")

    def __init__(self, kind: str, owner: Any, name, param: str = ""):
        self.kind, self.owner, self.name, self.param = kind, owner, name, param

    def get(self) -> Any:
        if self.kind == "global":
            sync = self.owner.get("__pts_sync__", {}).get(self.name)
            return sync[0]() if sync else self.owner[self.name]
        if self.kind == "box":                # a rebound name: [its value] (global_rebind)
            return [self.owner[self.name]]
        if self.kind == "class":              # Point.ZERO = Point(0, 0, 0) (check_classes)
            return self.owner.__dict__[self.name]
        if self.kind == "traced":             # an array a pts.trace result reads (pts.traced)
            return self.owner.current(self.name)
        return self.owner.__defaults__[self.name]

    def sync_back(self, value: Any) -> None:
        """After a call, `value` being what get() gave it: store a rebound name's box back
        into the module, or hand the value to whatever the module keeps in step with it (a
        module's `__pts_sync__` = {name: (load, store)}: stdlib/pyrandom.py's generator
        state is CPython's `random` module's)."""
        if self.kind == "box":
            self.owner[self.name] = value[0]
        elif self.kind == "global":
            sync = self.owner.get("__pts_sync__", {}).get(self.name)
            if sync:
                sync[1]()

    @property
    def label(self) -> str:
        """What the IR calls the hidden parameter (before its position)."""
        if self.kind == "class":
            return f"{self.owner.__name__}.{self.name}"
        if self.kind == "traced":
            return f"{self.owner.label}.captured{self.name}"
        return self.name if self.kind in ("global", "box") else f"{self.owner.__name__}.{self.param}"

    def describe(self) -> str:
        closure = self.owner.get(CLOSURE_OF) if self.kind == "global" else None
        if closure is not None and self.name in closure.__code__.co_freevars:
            return f"{type(self.get()).__name__} '{self.name}' that {closure.__code__.co_name}() closes over"
        if self.kind == "global":
            return f"module-level {type(self.get()).__name__} '{self.name}'"
        if self.kind == "box" and hasattr(self.owner, "cls"):      # (global_rebind.ClassAttrs)
            return f"class attribute {self.owner.cls.__name__}.{self.name} (assigned by the code)"
        if self.kind == "box":
            return f"module-level name '{self.name}' (rebound with 'global')"
        if self.kind == "class":
            return f"class attribute {self.owner.__name__}.{self.name}"
        if self.kind == "traced":
            return f"array (a weight) that the traced '{self.owner.name}' reads"
        return f"default value of {self.owner.__name__}()'s parameter '{self.param}'"

    def _key(self) -> tuple:
        return (self.kind, id(self.owner), self.name)

    def __eq__(self, other) -> bool:
        return isinstance(other, SharedLocation) and self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def __repr__(self) -> str:
        return f"<shared {self.describe()}>"


def _value_type(loc: SharedLocation, node: A.Node, resolve_type, hint=None) -> Type:
    if loc.kind == "box":
        return _box_type(loc, node, resolve_type, hint)
    value = loc.get()
    try:
        t = type_of_value(value)
    except TypeError as e:
        raise CompileError(f"the {loc.describe()} cannot be shared with scripted code: {e}",
                           node.span) from None
    if _has_unknown(t):
        declared = _annotation(loc, resolve_type)
        if declared is not None and _fits_type(t, declared):
            return declared
        example = (f"{loc.name}: List[int] = []" if loc.kind == "global"
                   else f"{loc.param}: List[int] = []")
        raise CompileError(f"the {loc.describe()} is empty (or holds an empty container): pts "
                           f"cannot tell its item types; annotate it, e.g. {example}",
                           node.span)
    return t


def _box_type(loc: SharedLocation, node: A.Node, resolve_type, hint=None) -> Type:
    """A rebound name's box: a list of the module's annotation of the name, else of its
    value's type now joined with what scripted code stores into it (`hint`: `planner =
    None` at module level, `planner = Planner()` in a function: Optional[Planner])."""
    value = loc.owner[loc.name]
    declared = _annotation(SharedLocation("global", loc.owner, loc.name), resolve_type)
    try:
        t = type_of_value(value)
    except TypeError as e:
        if declared is None:
            raise CompileError(f"the {loc.describe()} cannot be shared with scripted code: "
                               f"{e}", node.span) from None
        t = declared
    if declared is not None:
        if not _fits_type(t, declared):
            raise CompileError(f"the {loc.describe()} is annotated {py_name(declared)} but "
                               f"holds a {type(value).__name__}", node.span)
        return ListType(declared)
    if hint is not None:
        from pts.frontend.check import join
        t = join(t, hint) or t
    if _has_unknown(t):
        raise CompileError(f"the {loc.describe()} holds an empty container: annotate it at "
                           f"module level (e.g. {loc.name}: List[int] = [])", node.span)
    return ListType(t)


def _annotation(loc: SharedLocation, resolve_type) -> Type | None:
    """The type a location's annotation names: the parameter's (`acc: List[int] = []`), or
    the module's `__annotations__` for a global (`SEEN: Set[str] = set()`); `resolve_type`
    is the checker's."""
    from pts.frontend.source import parse_pyfunc
    try:
        if loc.kind == "default":
            params = parse_pyfunc(loc.owner).params
            p = params[len(params) - len(loc.owner.__defaults__) + loc.name]
            return None if p.annotation is None else resolve_type(p.annotation)
        closure = loc.owner.get(CLOSURE_OF)
        if closure is not None and loc.name in closure.__code__.co_freevars:
            return _enclosing_annotation(closure, loc.name, resolve_type)
        ann = loc.owner.get("__annotations__", {}).get(loc.name)
        if ann is None:
            return None
        text = ann if isinstance(ann, str) else ann.__name__ if isinstance(ann, type) \
            else repr(ann)
        return resolve_type(_type_expr(pyast.parse(text, mode="eval").body))
    except (CompileError, SyntaxError, IndexError, ValueError):
        return None


def _enclosing_annotation(closure, name: str, resolve_type) -> Type | None:
    """The annotation of `name` where the module-level function that made `closure`
    assigns it (`cache: Dict[int, int] = {}` in a memoize decorator), or None."""
    from pts.frontend.source import parse_pyfunc
    # (the code's qualified name: functools.wraps rewrites the function's __qualname__)
    code = closure.__code__
    qualname = getattr(code, "co_qualname", closure.__qualname__)
    outer = closure.__globals__.get(qualname.split(".<locals>.")[0])
    if not isinstance(outer, types.FunctionType):
        return None
    for n in A.walk(parse_pyfunc(outer).body):
        if isinstance(n, A.AnnAssign) and isinstance(n.target, A.Name) and n.target.id == name:
            return resolve_type(n.annotation)
    return None


def _type_expr(e) -> A.TypeExpr:
    """A Python annotation expression (`typing.Dict[str, typing.List[int]]`) as the
    parser's TypeExpr."""
    if isinstance(e, pyast.Subscript):
        index = e.slice.elts if isinstance(e.slice, pyast.Tuple) else [e.slice]
        return A.TypeExpr(_type_expr(e.value).name, [_type_expr(i) for i in index])
    if isinstance(e, pyast.Attribute):
        return A.TypeExpr(f"{_type_expr(e.value).name}.{e.attr}")
    if isinstance(e, pyast.Name):
        return A.TypeExpr(e.id)
    if isinstance(e, pyast.Constant) and e.value is None:
        return A.TypeExpr("None")
    raise ValueError("not an annotation pts reads")


def _has_unknown(t: Type) -> bool:
    if t == UNKNOWN:
        return True
    if isinstance(t, (ListType, SetType)):
        return _has_unknown(t.elem)
    if isinstance(t, DictType):
        return _has_unknown(t.key) or _has_unknown(t.val)
    if isinstance(t, TupleType):
        return any(_has_unknown(e) for e in t.elems)
    return False


def shared_type(checker, e: A.Name, value: Any = None, folded: Type | None = None) -> Type | None:
    """The type of Name `e` if it is a shared location (a default's Name made by
    `default_node`, or a module-level list, dict or set `value`, or a tuple holding one);
    None if it is not.  `folded`: the type it would fold in as (global_values), if any:
    a number, a str or a tuple of them stays a constant, and so does a list of them that
    this function only reads (`folds_here`), guarded at each call."""
    loc = getattr(e, "shared_loc", None)
    if isinstance(value, types.GeneratorType) and e.id in checker.spec.globals:
        # `Random = genRandom()`: a frame object from now on (frontend.generator_frames)
        value = adopt_generator(checker.spec.globals.globals, e.id, value, e)
    if loc is None:
        if e.id not in checker.spec.globals or not (
                type(value) in SHARED_KINDS or type(value) is tuple and folded is None
                or shared_object(checker, value)):   # an object of a user class (check_classes)
            return None
        loc = SharedLocation("global", checker.spec.globals.globals, e.id)
        if isinstance(folded, ListType) and folds_here(checker.spec, e, loc):
            checker.program.__dict__.setdefault("folded_lists", {})[loc] = (list(value), folded)
            return None
    elif loc.kind in ("class", "box"):
        # `Vector.UP` (a class attribute, or one the module assigns: a box), made a Name on
        # an earlier round: its class's fields seed this round's program too (a Restart
        # starts a new one, and the box's hint may name the class)
        shared_object(checker, loc.get() if loc.kind == "class" else loc.owner[loc.name])
    t = _value_type(loc, e, checker.resolve_type,
                    checker.program.__dict__.get("box_hints", {}).get(loc))
    if loc.kind == "box":
        # a rebound name or class attribute holding an object (deltablue's
        # `Strength.REQUIRED = Strength(0, "required")`): its fields seed its class's, as a
        # module-level object's do (no scripted code may ever construct one)
        shared_object(checker, loc.owner[loc.name])
    e.shared = loc
    e.const = None
    e.var = None
    checker.program.__dict__.setdefault("shared_keys", {})[loc] = t
    return t


# locations whose folded list changed after a compile: compiled again, they are shared
UNFOLDED: set = set()
# set while compiling a model's method or a gradient, which cannot share a list: a folded
# list that changed is folded again with its new value (`refolding`)
_REFOLD = threading.local()


@contextlib.contextmanager
def refolding(on: bool):
    """While compiling code that cannot share a module-level list (a model's method, a
    gradient: pts.compiler), a list only read folds in as a constant even where it changed
    behind compiled code before (UNFOLDED): its new value is folded, and guarded again."""
    before = getattr(_REFOLD, "on", False)
    _REFOLD.on = on
    try:
        yield
    finally:
        _REFOLD.on = before


def folds_here(spec, e: A.Name, loc: SharedLocation) -> bool:
    """Does the module-level list (of numbers, strings, tuples: global_values) fold in as a
    constant here?  Where every use of it in this function only reads it (each Name
    marked `reads_global`), and it has not changed behind compiled code before (UNFOLDED):
    a fresh copy per call then cannot differ from the module's list, and the boundary
    checks at each call that the list still equals the folded value."""
    if loc in UNFOLDED and not getattr(_REFOLD, "on", False) or \
            not getattr(e, "reads_global", False):
        return False
    cache = spec.__dict__.setdefault("global_only_read", {})
    if e.id not in cache:
        cache[e.id] = all(getattr(n, "reads_global", False) for n in _names(spec.fdef.body, e.id))
    return cache[e.id]


def _names(node: Any, name: str) -> list:
    out: list = []

    def visit(x):
        if isinstance(x, list):
            for y in x:
                visit(y)
            return
        if not isinstance(x, A.Node):
            return
        if isinstance(x, A.Name) and x.id == name:
            out.append(x)
        for v in vars(x).values():
            if isinstance(v, (A.Node, list)):
                visit(v)
    visit(node)
    return out


def names_shared(checker, e: A.Name) -> bool:
    """Does the (non-local) Name `e` name a module-level dict, list or set?"""
    return type(checker.spec.globals.get(e.id)) in SHARED_KINDS


def default_node(pyfunc, index: int, param: str, at: A.Node) -> A.Name | None:
    """The argument for a list, dict or set default (`__defaults__[index]`) that a scripted
    call leaves out: a Name of the default's location; None for other defaults."""
    defaults = getattr(pyfunc, "__defaults__", None) or ()
    if not 0 <= index < len(defaults) or type(defaults[index]) not in SHARED_KINDS:
        return None
    node = A.Name(f"{pyfunc.__name__}.{param}", span=at.span)
    node.shared_loc = SharedLocation("default", pyfunc, index, param)
    return node


def not_shareable(built, loc: SharedLocation, pyfunc, what: str) -> CompileError:
    """The error for a model's method or a gradient that shares `loc` with Python (its
    compiled code has no boundary that fills a hidden parameter at each call), at the first
    use of the location's Name; it says what to write instead."""
    span = built.entry.fdef.span
    name = loc.name if loc.kind == "global" else loc.param
    for spec in built.program.order:
        uses = [n for n in _names(spec.fdef.body, name) if getattr(n, "shared", None) == loc]
        if uses:
            span = uses[0].span
            break
    value = loc.get()
    kind = type(value).__name__
    if loc.kind == "global":
        instead = (f"pass it as an argument, or keep it on the model (self.{name})"
                   if what == "a model's method" else "pass it as an argument")
        folds = (" (a module-level list of numbers or strings that the code only reads "
                 "is folded in as a constant)") if kind == "list" else ""
    else:
        instead, folds = f"pass '{name}' explicitly at each call", ""
    return CompileError(f"{pyfunc.__name__}() uses the {loc.describe()}, which {what} cannot "
                        f"share with Python: {instead}{folds}", span)


# ---------------------------------------------------------------- lowering

def shared_value(lowerer, e: A.Name):
    """The value of a shared Name in the function being lowered (its hidden parameter),
    or None if `e` is not shared.  A list folded here is the shared object too when
    other code of the same compile shares it (program_shared, set by `prepare`)."""
    loc = getattr(e, "shared", None)
    spec = lowerer.spec
    if loc is None:
        if type(getattr(e, "const", None)) is not list or not isinstance(e.ty, ListType):
            return None
        loc = SharedLocation("global", spec.globals.globals, e.id)
        if spec.__dict__.get("program_shared", {}).get(loc) != e.ty:
            return None
    return hidden_param(lowerer, loc, e.ty)


def hidden_param(lowerer, loc: SharedLocation, t: Type):
    """The hidden parameter of the function being lowered for location `loc` (of type t),
    added to its entry block on first use (also lower.call_traced: the arrays a trace
    reads)."""
    params = lowerer.spec.__dict__.setdefault("shared_params", {})
    p = params.get(loc)
    if p is None:
        p = lowerer.f.entry.add_param(BlockParam(t, f"{loc.label}.shared.{len(params)}"))
        params[loc] = p
    return p


def prepare(program) -> None:
    """Before lowering: every spec sees the program's shared locations (shared_value), and
    a list folded in one function but shared in another is shared in both (not guarded)."""
    keys = program.__dict__.get("shared_keys", {})
    for spec in program.order:
        spec.program_shared = keys
    folded = program.__dict__.get("folded_lists", {})
    program.entry_folded = tuple((loc, snapshot) for loc, (snapshot, t) in folded.items()
                                 if keys.get(loc) != t)


def thread_shared(module, program, entry) -> None:
    """Close the hidden parameters over the call graph (a caller takes what its callees
    take) and pass them at every call; `program.entry_shared`: the entry's (location,
    type) in parameter order."""
    params = {s.ir_name: s.__dict__.setdefault("shared_params", {}) for s in program.order}
    if not any(params.values()):
        program.entry_shared = ()
        return
    calls = {name: [i for i in module[name].instructions() if i.op == "call"]
             for name in params if name in module.functions}
    changed = True
    while changed:
        changed = False
        for name, instrs in calls.items():
            mine = params[name]
            for i in instrs:
                for loc, p in list(params.get(i.attrs.get("callee"), {}).items()):
                    if loc not in mine:
                        mine[loc] = module[name].entry.add_param(
                            BlockParam(p.type, f"{loc.label}.shared.{len(mine)}"))
                        changed = True
    for name, instrs in calls.items():
        for i in instrs:
            callee = params.get(i.attrs.get("callee"), {})
            i.args = list(i.args) + [params[name][loc] for loc in callee]
    program.entry_shared = tuple((loc, p.type) for loc, p in params[entry.ir_name].items())


# ---------------------------------------------------------------- the boundary

def fits(value: Any, t: Type) -> bool:
    """Can the compiled code take `value` for a hidden parameter of type t?  (Its type now,
    an empty container standing for any.)"""
    if type(value) is list and isinstance(t, ListType) and isinstance(t.elem, OptionalType):
        return all(fits(x, t.elem) for x in value)     # (a rebound name's box of an Optional)
    try:
        got = type_of_value(value)
    except TypeError:
        return False
    return _fits_type(got, t)


def _fits_type(got: Type, t: Type) -> bool:
    if got == t or got == UNKNOWN or (got, t) == (I64, F64):     # (an int stored as a float)
        return True
    if isinstance(t, OptionalType):
        return got == NONE or _fits_type(got, t.elem)
    if isinstance(got, (ListType, SetType)) and type(got) is type(t):
        return _fits_type(got.elem, t.elem)
    if isinstance(got, DictType) and isinstance(t, DictType):
        return _fits_type(got.key, t.key) and _fits_type(got.val, t.val)
    if isinstance(got, TupleType) and isinstance(t, TupleType) and len(got.elems) == len(t.elems):
        return all(_fits_type(a, b) for a, b in zip(got.elems, t.elems))
    return False
