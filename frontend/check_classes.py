"""Type checking of objects of user classes (a mixin of check.FunctionChecker).

A class defined at module level, called in scripted code (`Point(1.0, 2.0)`), makes run-time
objects of IR type `obj<Point>` (ir.object_ops): CPython's semantics, with references (`q = p`
is the same object; `is`), fields read and written (`p.x += 1`), methods, objects in lists,
dicts, tuples, `Optional[Point]` fields and variables (linked structures).

Contract:
- `class_info(program, cls)` is the program's one record of a class (`ClassInfo`): its IR
  name and its fields, in the order they are first assigned, with their types.  A field's
  type is its annotation (class-level `x: float`, or `self.x: float = ...`), else the join
  of what is assigned to it, as a variable's (int and float meet as float, None and T as
  Optional[T]); a field that widens after another function has read it is a CompileError
  asking for its annotation.  `Program.classes` (name -> ClassInfo) becomes the module's
  class table (`Module.classes`).
- A constructor call is `Callee("new", name)` with `e.init_call`: a call of `__init__` whose
  first argument is a `NewObject` node (the fresh object), checked like any call of a
  function (defaults, keywords); a method call `p.m(a)` gets `e.method_call`, the call of
  the method's function with the receiver first (methods are specialized like functions,
  frontend.program).  An attribute read or write of a field gets `e.field_of` (the class).
- Annotations name classes by their global names (`p: Point`, `Optional[Node]`):
  `annotation_class` resolves them in the globals of the function being checked
  (`class_scope`).

- Dunders (`DunderChecks`): operators, comparisons, `in`, len/str/repr/bool/abs, subscripts,
  `__call__`, truth and properties become method calls the same way (`method_call`,
  `truth_call`, `setter_call`); min/max of objects record the specialized `__lt__` /
  `__gt__` in `spec.object_orders` for the lowering's comparisons.
- Single inheritance: a class and its subclasses share one field table (one layout); a
  method a subclass overrides is a `virtual` call (`dispatch_groups`: most derived first);
  `isinstance` is `Callee("isinstance")` with `e.isa` and refines variables (facts).
- Objects of unrelated classes in one value (`Union[A, B]`, or a join of classes with no
  common base: `class_join`) are unions, used duck-typed by frontend.check_unions.
- `@dataclass` / NamedTuple methods come from frontend.class_records; module-level objects
  are shared with the module (`shared_object`, frontend.shared_globals); a field that widens
  after another specialization read it raises `Restart` (frontend.program.build checks
  again knowing it).

docs/language.md "Classes and records" lists what is refused.
"""
from __future__ import annotations

import builtins
import inspect
import typing
from contextlib import contextmanager
from dataclasses import dataclass, field, is_dataclass
from typing import Any

from pts.errors import CompileError
from pts.frontend import ast as A
from pts.frontend.check_unions import union_join
from pts.frontend.class_records import is_frozen, is_namedtuple, record_method
from pts.ir.object_ops import has_object, is_union, is_user_class  # noqa: F401 - (program, native)
from pts.ir.types import (F64, I1, I64, NONE, STR, UNKNOWN, DictType, ListType, ObjType,
                          OptionalType, SetType, TupleType, Type, py_name)


@dataclass
class ClassInfo:
    cls: type
    name: str                                               # the IR name: obj<name>
    fields: dict[str, Type] = field(default_factory=dict)   # in the order first assigned
    declared: dict[str, Type] = field(default_factory=dict)   # by annotations
    readers: dict[str, set] = field(default_factory=dict)   # field -> specs that read it
    base: Any = None                                        # the base class's ClassInfo

    @property
    def obj(self) -> ObjType:
        return ObjType(self.name)


@dataclass(frozen=True)
class ClassRef(Type):
    """A class as a compile-time value: the `cls` of a @classmethod.  Like a function value
    it has no run-time data: a callee is specialized on it (check.known_value), and `cls(...)`,
    `cls.CONST` and `cls.other()` are the class's constructor, constant and methods."""
    cls: Any

    def __str__(self) -> str:
        return f"class<{self.cls.__qualname__}>"

    __repr__ = __str__


class ClassValue(A.Expr):
    """The class passed as a classmethod's first argument (`Temperature.from_f(x)`)."""

    def __init__(self, cls: type, span):
        super().__init__(span=span)
        self.cls = cls


class Restart(Exception):
    """A field widened after other code read it (`program.stale`): frontend.program.build
    starts again with the fields' types known so far (`hints`: class -> {field: type})."""

    def __init__(self, program):
        super().__init__("class layout changed")
        self.hints = {info.cls: dict(info.fields)
                      for info in program.__dict__.get("classes", {}).values()}
        # rebound module names widened by a store (frontend.global_rebind.widen_box)
        self.box_hints = dict(program.__dict__.get("box_hints", {}))
        # results of recursive functions that grew after a caller read them (check.py's
        # stale_result_reads): specialization key -> result type
        self.ret_hints = dict(program.__dict__.get("ret_hints", {}))
        # list parameters that callees fill with other classes' objects (widen_param)
        self.param_hints = dict(program.__dict__.get("param_hints", {}))


class NewObject(A.Expr):
    """The fresh object a constructor call passes to `__init__` as `self`; the lowering
    sets `value` (the obj.new) before lowering the call."""

    def __init__(self, info: ClassInfo, span):
        super().__init__(span=span)
        self.info = info
        self.value = None


_SCOPES: list = []     # (program, globals) of the functions being specialized, innermost last

# what this module uses of frontend.check and frontend.check_iter (which import it): set
# there (Callee, join, convertible, constant_type, ValueExpr)
HELPERS = None


@contextmanager
def class_scope(program, globals_):
    """Annotations read inside resolve class names in `globals_` (Program._specialize)."""
    _SCOPES.append((program, globals_))
    try:
        yield
    finally:
        _SCOPES.pop()


def refuse_class(cls: type, node) -> None:
    """A CompileError for the classes pts cannot make objects of yet."""
    name = cls.__name__
    if type(cls) is not type:
        raise CompileError(f"class {name} has a metaclass ({type(cls).__name__}): pts classes "
                           f"are plain classes", node.span)
    bases = [b for b in cls.__bases__ if b is not object]
    if len(bases) == 1 and len(cls.__bases__) == 1 and is_user_class(bases[0]):
        bases = []                      # single inheritance from a user class
    if is_namedtuple(cls):
        return                          # a record (frontend.class_records)
    if issubclass(cls, tuple):
        raise CompileError(f"class {name} derives from tuple: only NamedTuple records do",
                           node.span)
    if len(cls.__bases__) > 1:
        raise CompileError(f"class {name} has several base classes: pts classes have at "
                           f"most one", node.span)
    if bases and container_alias(cls) is not None:
        raise CompileError(f"class {name} is a {bases[0].__name__} with an empty body: pts "
                           f"makes its objects {bases[0].__name__}s, which cannot be told apart "
                           f"from other {bases[0].__name__}s", node.span)
    if bases:
        raise CompileError(f"class {name} derives from {bases[0].__name__}: pts classes "
                           f"derive from one user class at most", node.span)
    for dunder in ("__getattr__", "__getattribute__", "__setattr__"):
        if dunder in cls.__dict__ and not (is_frozen(cls) and dunder == "__setattr__"):
            raise CompileError(f"class {name} defines {dunder}: pts classes have fixed "
                               f"fields", node.span)
    if "<locals>" in cls.__qualname__:
        raise CompileError(f"class {name} is defined inside a function: pts classes are "
                           f"defined at module level", node.span)


_CONTAINERS = {list: "list", dict: "dict", set: "set"}
_PLAIN_CLASS_KEYS = {"__module__", "__qualname__", "__doc__", "__dict__", "__weakref__",
                     "__firstlineno__", "__static_attributes__"}


def container_alias(cls) -> str | None:
    """`class OrderedCollection(list): pass` (pyperformance deltablue): a subclass of list,
    dict or set with nothing in its body is that container, so calling it is `list()`
    (its objects are lists; `isinstance(x, OrderedCollection)` cannot be told from a list
    and is refused).  The builtin's name, else None."""
    if not isinstance(cls, type) or len(cls.__bases__) != 1 or cls.__bases__[0] not in _CONTAINERS:
        return None
    if set(cls.__dict__) - _PLAIN_CLASS_KEYS or type(cls) is not type:
        return None
    return _CONTAINERS[cls.__bases__[0]]


def class_info(program, cls: type, node) -> ClassInfo:
    classes = program.__dict__.setdefault("classes", {})
    by_cls = program.__dict__.setdefault("class_by_type", {})
    info = by_cls.get(cls)
    if info is not None:
        return info
    refuse_class(cls, node)
    name = cls.__name__
    n = 1
    while name in classes:
        name = f"{cls.__name__}.{n}"
        n += 1
    base = cls.__bases__[0]
    base_info = class_info(program, base, node) if is_user_class(base) and \
        not is_namedtuple(cls) else None
    info = by_cls[cls] = classes[name] = ClassInfo(cls, name)
    if base_info is not None:
        # one hierarchy, one set of fields: a field is at one place whatever the class
        info.base = base_info
        info.fields, info.declared, info.readers = (base_info.fields, base_info.declared,
                                                    base_info.readers)
    hints = program.__dict__.get("field_hints", {}).get(cls)
    if hints:                                   # what an earlier round found (Restart)
        for fname, t in hints.items():
            info.fields.setdefault(fname, t)
    hints = cls.__dict__.get("__annotations__", {})
    for fname, ann in hints.items():
        if typing.get_origin(ann) is typing.ClassVar:
            continue
        t = python_annotation(ann, cls, node)
        info.declared[fname] = t
    return info


def python_annotation(ann, cls: type, node) -> Type:
    """A class-level annotation (a Python object, or a string) as a pts type."""
    import sys
    if isinstance(ann, str):
        g = dict(vars(sys.modules.get(cls.__module__, builtins)))
        try:
            ann = eval(ann, g)          # noqa: S307 - the program's own annotation text
        except Exception as exc:
            raise CompileError(f"cannot read the annotation {ann!r} of class "
                               f"{cls.__name__}: {exc}", node.span) from None
    simple = {int: I64, float: F64, bool: I1, str: STR, type(None): NONE, None: NONE}
    if ann in simple:
        return simple[ann]
    origin, args = typing.get_origin(ann), typing.get_args(ann)
    import types as _types
    if origin is typing.Union or isinstance(ann, _types.UnionType) or (
            origin is not None and getattr(origin, "__name__", "") == "UnionType"):
        rest = [a for a in args if a is not type(None)]
        if len(rest) == 1 and len(args) == 2:
            return OptionalType(python_annotation(rest[0], cls, node))
        if len(rest) > 1 and all(is_user_class(a) for a in rest):    # Union[A, B] of classes
            j = union_of_classes([python_annotation(a, cls, node) for a in rest], node)
            return OptionalType(j) if len(rest) < len(args) else j
    if origin in (list, typing.List) and len(args) == 1:
        return ListType(python_annotation(args[0], cls, node))
    if origin in (dict, typing.Dict) and len(args) == 2:
        return DictType(python_annotation(args[0], cls, node), python_annotation(args[1], cls, node))
    if origin in (set, typing.Set) and len(args) == 1:
        return SetType(python_annotation(args[0], cls, node))
    if origin in (tuple, typing.Tuple) and args and args[-1] is not Ellipsis:
        return TupleType(tuple(python_annotation(a, cls, node) for a in args))
    if is_user_class(ann) and _SCOPES:
        return class_info(_SCOPES[-1][0], ann, node).obj
    raise CompileError(f"the annotation {ann!r} of class {cls.__name__} is not a pts type",
                       node.span)


def annotation_class(te: A.TypeExpr) -> Type | None:
    """The obj type of an annotation naming a user class (`p: Point`), else None."""
    if not _SCOPES or te.args:
        return None
    program, g = _SCOPES[-1]
    value = g.get(te.name.split(".")[0]) if hasattr(g, "get") else None
    for part in te.name.split(".")[1:]:
        value = getattr(value, part, None)
    if value is None or not is_user_class(value):
        return None
    return class_info(program, value, te).obj


def is_class_type(t: Type) -> bool:
    return isinstance(t, ObjType) or (isinstance(t, OptionalType) and isinstance(t.elem, ObjType))


class ClassChecks:
    """Objects of user classes (a mixin of check.FunctionChecker)."""

    def class_of(self, t: ObjType) -> ClassInfo:
        return self.program.classes[t.name]

    # ------------------------------------------------------------ construction

    def call_class(self, e: A.Call, cls: type, f: A.Expr) -> Type:
        """`Point(a, b)`: a fresh object, then `Point.__init__(obj, a, b)`."""
        info = class_info(self.program, cls, f)
        init = record_method(cls, "__init__") or inspect.getattr_static(cls, "__init__", None)
        Callee = HELPERS.Callee
        e.target = Callee("new", info.name)
        if init is object.__init__ or init is None:
            if e.args or e.keywords:
                raise self.error(f"{cls.__name__}() takes no arguments", e)
            e.init_call = None
            e.new_object = NewObject(info, e.span)
            return info.obj
        if not inspect.isfunction(init):
            raise self.error(f"{cls.__name__}.__init__ is not a function pts can compile", f)
        call = getattr(e, "init_call", None)
        if call is None:
            new = NewObject(info, e.span)
            call = e.init_call = A.Call(A.Name(f"{cls.__name__}.__init__", span=f.span),
                                        [new] + list(e.args), list(e.keywords), span=e.span)
            e.new_object = new
        self.call_function(call, init, f"{cls.__name__}.__init__", call.func)
        return info.obj

    def expr_NewObject(self, e: NewObject) -> Type:
        return e.info.obj

    def expr_ClassValue(self, e: ClassValue) -> Type:
        class_info(self.program, e.cls, e)
        return ClassRef(e.cls)

    # ------------------------------------------------------------ fields

    def class_attribute(self, e: A.Attribute, t: Type) -> Type:
        """`p.x`: a field read (a method as a value or a class constant otherwise)."""
        if isinstance(t, OptionalType):
            e.unwrap_none = True          # AttributeError on None, as CPython
            t = t.elem
        if is_union(t):
            return self.union_attribute(e)          # (check_unions)
        e.__dict__.pop("union_read", None)
        info = self.class_of(t)
        prop = inspect.getattr_static(info.cls, e.attr, None)
        if isinstance(prop, property):               # @property: its getter called
            e.field_of = None
            if prop.fget is None:
                raise self.error(f"property '{e.attr}' of {info.cls.__name__} has no getter", e)
            return self.property_call(e, prop.fget, [e.value], "get")
        e.field_of = info
        ft = info.fields.get(e.attr)
        if ft is None:
            ft = info.declared.get(e.attr)
            if ft is not None:
                info.fields[e.attr] = ft
        if ft is None:
            static = inspect.getattr_static(info.cls, e.attr, None)
            if isinstance(static, (bool, int, float, str)):
                if assigned_class_attr(self, info.cls, e.attr):
                    raise self.error(f"{info.cls.__name__}.{e.attr} is a class attribute the "
                                     f"code assigns: read it through the class "
                                     f"({info.cls.__name__}.{e.attr}), not an object", e)
                e.field_of = None
                e.const = static
                e.obj_const = True
                constant_type = HELPERS.constant_type
                return constant_type(static)
            if inspect.isfunction(static) and not getattr(e, "unwrap_none", False) \
                    and len(dispatch_groups(info.cls, e.attr)) <= 1:
                # `g.__next__`, `p.norm` as a value: a bound method, the closure
                # `def m(*args): return self_.m(*args)` capturing the object when made
                from pts.frontend.check_functions import FunctionType, method_function
                e.field_of = None
                e.capture_exprs = [e.value]
                return FunctionType(method_function("object", e.attr, True).fn, (t,))
            if not self.final:
                raise self.fn_helpers.Skip()
            # put off (check.final_stmt): an object refined from a union may be of a class
            # whose __init__ is checked later; its first store checks the program again
            info.readers.setdefault(e.attr, set()).add(self.spec.ir_name)
            self.none_field_read = True
            raise self.error(f"'{info.cls.__name__}' object has no attribute '{e.attr}'", e)
        info.readers.setdefault(e.attr, set()).add(self.spec.ir_name)
        if ft == NONE or (isinstance(ft, ListType) and ft.elem in (NONE, UNKNOWN)):
            self.none_field_read = True     # a later store may widen it (check.block)
        return ft

    def class_store(self, target: A.Attribute, t: Type, node: A.Node) -> None:
        """`p.x = v`: the field takes v's type (joined with what it had)."""
        vt = target.value.ty
        if isinstance(vt, OptionalType):
            target.unwrap_none = True
            vt = vt.elem
        if is_union(vt):
            return self.union_store(target, t, node)     # (check_unions)
        target.__dict__.pop("union_stores", None)
        info = self.class_of(vt)
        prop = inspect.getattr_static(info.cls, target.attr, None)
        if isinstance(prop, property):               # @x.setter: called with the value
            ValueExpr = HELPERS.ValueExpr
            if prop.fset is None:
                raise self.error(f"property '{target.attr}' of {info.cls.__name__} has no "
                                 f"setter (CPython raises AttributeError)", target)
            value = getattr(target, "stored", None)
            if value is None:
                value = target.stored = ValueExpr(t, node.span)
            value.vty = t
            self.expr(self.allow_none(value))
            self.property_call(target, prop.fset, [target.value, value], "set")
            target.ty = t
            return
        target.field_of = info
        name = target.attr
        if is_frozen(info.cls) and getattr(self.spec.pyfunc, "__pts_record_of__", None) \
                is not info.cls:
            what = ("a NamedTuple (CPython raises AttributeError)" if is_namedtuple(info.cls)
                    else "a frozen dataclass (CPython raises FrozenInstanceError)")
            raise self.error(f"cannot assign to field '{name}': {info.cls.__name__} is "
                             f"{what}", target)
        want = info.declared.get(name)
        convertible, join = HELPERS.convertible, HELPERS.join
        if want is not None:
            if not convertible(t, want) and not _fits_any_tensor(t, want):
                raise self.error(f"field '{name}' of {info.cls.__name__} is {py_name(want)}: "
                                 f"cannot store {py_name(t)}", node)
            if not _any_tensor(want):
                info.fields.setdefault(name, want)
                target.ty = want
                return
            # `np.ndarray` (rank and dtype left open): what is stored decides, as for a
            # field without annotation
        old = info.fields.get(name)
        if t == ListType(NONE) or _unknown(t):
            # `self.piles = [None] * 3`, `self.seen = set()`, filled by other methods: built
            # as the container the field becomes, so this store is checked again if the
            # field widens
            info.readers.setdefault(name, set()).add(self.spec.ir_name)
        if old is None:
            info.fields[name] = t
            target.ty = t
            if info.readers.get(name, set()) - {self.spec.ir_name}:
                raise Restart(self.program)     # read (through a union) before this store
            return
        j = join(old, t)
        if j is None:
            raise self.error(f"field '{name}' of {info.cls.__name__} cannot be both "
                             f"{py_name(old)} and {py_name(t)}", node)
        if j != old:
            self.widen_field(info, name, j)
        target.ty = j

    def widen_object_list(self, e: A.Call, lt: ListType, t: Type):
        """`xs.append(v)` where xs is a list of objects of class A (or Optional, or tuples
        holding them) and v an object of a class B: the list variable or field holds their
        common base (pyperformance deltablue's `self.constraints`, filled with several
        kinds of constraint), or their union when they have none (check_unions).  The new
        list type, or None when this is not the case."""
        recv = e.func.value
        elem = lt.elem
        if not (has_object(elem) and has_object(t)):
            return None         # (objects, Optionals of them, tuples holding them: raytrace's
                                # `self.objects.append((object, surface))`)
        j = HELPERS.join(elem, t)
        if j is None or j == elem:
            return None
        wider = ListType(j)
        return wider if self.widen_list_source(recv, lt, wider) else None

    # A list parameter that a callee fills with objects of another class (deltablue's
    # `add_constraints_consuming_to(v, coll)`: `coll.append(c)`, a Constraint, into the
    # caller's List[EqualityConstraint]): the list is the caller's, so the caller's
    # variable must hold the wider type.  The callee records it (`param_hints`: (function,
    # parameter) -> list type) and the program is checked again; each call passing a
    # narrower list of objects for that parameter widens its own variable, field or
    # parameter (then its callers, the same way) before the callee is specialized.

    def widen_param(self, recv: A.Expr, wider: ListType) -> bool:
        """`coll.append(x)` of a parameter coll: the hint for the callers, and a Restart.
        False when the callers already pass the wider list (they could not widen)."""
        params = [p.name for p in self.fdef.params]
        if not isinstance(recv, A.Name) or getattr(recv, "var", recv.id) not in params:
            return False
        hints = self.program.__dict__.setdefault("param_hints", {})
        key = (self.spec.pyfunc, recv.id)
        if hints.get(key) == wider:
            return False
        hints[key] = wider
        raise Restart(self.program)

    def hinted_arguments(self, pyfunc, exprs: list, types: list) -> list:
        """The argument types of a call, lists of objects widened to what the callee's
        parameter takes (`param_hints`), the caller's variables with them."""
        hints = self.program.__dict__.get("param_hints")
        if not hints:
            return types
        from pts.frontend.source import parse_pyfunc
        names = [p.name for p in parse_pyfunc(pyfunc).params if p.kind != "capture"]
        out = list(types)
        for i, (a, t) in enumerate(zip(exprs, types)):
            want = hints.get((pyfunc, names[i])) if i < len(names) else None
            if want is not None and self.widen_list_source(a, t, want):
                out[i] = want
        return out

    def widen_list_source(self, a: A.Expr, t: Type, want: Type) -> bool:
        """The list of objects `a` (of type t) made the wider list type `want` where it is
        held: a variable, a field or a parameter (its callers then pass it so).  Also
        `todo = sources` where todo holds a wider list: the two names are one list."""
        if t == want or not isinstance(t, ListType) or not isinstance(want, ListType) \
                or not has_object(want.elem) or HELPERS.join(t.elem, want.elem) != want.elem:
            return False
        if isinstance(a, A.Name) and self.var_key(a.id) not in self.declared:
            self.vars[self.var_key(a.id)] = want
        elif getattr(a, "field_of", None) is not None and a.attr not in a.field_of.declared:
            self.widen_field(a.field_of, a.attr, want)
        elif not self.widen_param(a, want):
            return False
        a.ty = want
        return True

    def class_info_of(self, cls: type, node) -> ClassInfo:
        """class_info for the mixins that cannot import this module (rec_tuples)."""
        return class_info(self.program, cls, node)

    def widen_field(self, info: ClassInfo, name: str, t: Type) -> None:
        """A field takes a wider type (int -> float, None -> Optional[T], a subclass ->
        its base).  Code already checked against the narrower one is checked again: the
        whole program, from the start, knowing the field's type (`Restart`), once the round
        is over: one round finds every field that widens in it (frontend.program.build)."""
        others = info.readers.get(name, set()) - {self.spec.ir_name}
        if isinstance(info.fields.get(name), OptionalType) and t != NONE \
                and not isinstance(t, OptionalType):
            t = OptionalType(t)     # (a field None in __init__, a list filled later: stays so)
        info.fields[name] = t
        if others:
            self.program.stale = True       # checked again once this round is over

    def class_isinstance(self, e: A.Call) -> Type:
        """isinstance(x, C) / isinstance(x, (A, B)) of an object: its class tag tested."""
        Callee = HELPERS.Callee
        if len(e.args) != 2 or e.keywords:
            raise self.error("isinstance() takes 2 arguments", e)
        t = self.expr(self.allow_none(e.args[0]))
        classes = self.isinstance_classes(e.args[1])
        if not is_class_type(t):
            raise self.error(f"isinstance() of a {py_name(t)} is not supported (pts tests "
                             f"objects of classes)", e.args[0])
        e.isa = [class_info(self.program, c, e).name for c in classes]
        e.target = Callee("isinstance", "isinstance")
        return I1

    def isinstance_classes(self, e: A.Expr) -> list:
        items = e.elts if isinstance(e, A.TupleExpr) else [e]
        out = []
        for it in items:
            cls = self.global_class(it)
            if cls is None:
                raise self.error("isinstance() needs a class (or a tuple of classes) pts "
                                 "compiles", it)
            out.append(cls)
        return out

    def isinstance_facts(self, test: A.Call):
        """What isinstance(x, C) proves where it holds: x is a C."""
        if len(test.args) != 2 or not isinstance(test.args[0], A.Name):
            return {}, {}
        key = getattr(test.args[0], "var", None)
        t = self.vars.get(key) if key is not None else None
        if t is None or not is_class_type(t):
            return {}, {}
        try:
            classes = self.isinstance_classes(test.args[1])
        except CompileError:
            return {}, {}
        ts = [class_info(self.program, c, test).obj for c in classes]
        j = ts[0]
        for x in ts[1:]:
            j = class_join(j, x)
            if j is None:
                return {}, {}
        return {key: j}, self.union_remainder(key, t, ts)      # (check_unions)

    def field_expected(self, target: A.Attribute) -> Type | None:
        """The type a field already has, for the value stored into it (`self.xs = []`
        builds the field's list type)."""
        try:
            vt = self.expr(self.allow_none(target.value))
        except CompileError:
            return None
        if isinstance(vt, OptionalType):
            vt = vt.elem
        if not isinstance(vt, ObjType) or is_union(vt):
            return None
        info = self.class_of(vt)
        declared = info.declared.get(target.attr)
        if declared is not None and _any_tensor(declared):
            declared = None                    # (`List[np.ndarray]`: the stores decide)
        t = declared or info.fields.get(target.attr)
        if isinstance(t, OptionalType) and isinstance(t.elem, (ListType, DictType, SetType)):
            return t.elem          # self.piles = [None] * 3 of a field that starts None
        return t

    def property_call(self, e: A.Expr, fn, operands: list, how: str) -> Type:
        """A property's getter (the node's `method_call`) or setter (`setter_call`: one
        Attribute node of `t.c += 1` is read and written)."""
        slot = "method_call" if how == "get" else "setter_call"
        call = getattr(e, slot, None)
        if call is None:
            call = A.Call(A.Name(fn.__qualname__, span=e.span), list(operands), span=e.span)
            setattr(e, slot, call)
        for a in call.args:
            self.allow_none(a)
        call.ty = self.call_function(call, fn, call.func.id, call.func)
        return call.ty

    def unpack_record(self, target: A.Expr, t: Type) -> Type:
        """`x, y = p` of a NamedTuple: its fields in order (`target.unpack_record`)."""
        if not isinstance(t, ObjType) or is_union(t) or not is_namedtuple(self.class_of(t).cls):
            return t
        info = self.class_of(t)
        for f in info.cls._fields:
            if f not in info.fields:
                raise self.error(f"field '{f}' of {info.cls.__name__} is never set", target)
        target.unpack_record = t
        target.unpack_info = info
        return TupleType(tuple(info.fields[f] for f in info.cls._fields))

    def class_annassign(self, s: A.AnnAssign) -> None:
        """`self.x: float = v`: declares the field's type."""
        target = s.target
        vt = self.expr(target.value)
        if not isinstance(vt, ObjType) or is_union(vt):
            raise self.error("annotated assignment needs a plain name or a field of an "
                             "object of one class", target)
        info = self.class_of(vt)
        want = self.resolve_type(s.annotation)
        old = info.declared.get(target.attr)
        if old is not None and old != want:
            raise self.error(f"field '{target.attr}' of {info.cls.__name__} cannot be both "
                             f"{py_name(old)} and {py_name(want)}", s)
        info.declared[target.attr] = want
        if s.value is not None:
            t = self.expr(self.allow_none(s.value), expected=None if _any_tensor(want) else want)
            self.class_store(target, t, s.value)

    # ------------------------------------------------------------ methods

    def call_class_method(self, e: A.Call, t: Type, f: A.Attribute) -> Type:
        """`p.m(a)`: the method's function called with p first; dispatched on p's class at
        run time when a subclass overrides it (`e.virtual`)."""
        unwrap = isinstance(t, OptionalType)
        if is_union(t.elem if unwrap else t):
            return self.union_method_call(e, f)         # (check_unions)
        e.__dict__.pop("union_call", None)
        info = self.class_of(t.elem if unwrap else t)
        if f.attr in ("send", "throw", "close") and \
                getattr(info.cls, "__pts_generator__", None) is not None:
            raise self.error(f"generator objects have no {f.attr}() in pts (send, throw and "
                             f"close are not supported)", f)
        groups = dispatch_groups(info.cls, f.attr)
        lacking = lacking_classes(info.cls, f.attr)
        if lacking:                     # the method of some subclasses only
            groups = dispatch_groups(info.cls, f.attr, lacking=True)
        if len(groups) > 1 or lacking and groups:
            # (an earlier pass may have seen the receiver as a subclass: a direct call then)
            e.__dict__.pop("method_call", None)
            e.lacking = [class_info(self.program, c, f).name for c in lacking]
            return self.virtual_call(e, info, f, groups)
        e.__dict__.pop("virtual", None)
        static = record_method(info.cls, f.attr) or inspect.getattr_static(info.cls, f.attr,
                                                                             None)
        if isinstance(static, classmethod):
            if any(is_user_class(c) for c in info.cls.__subclasses__()):
                return self.classmethod_dispatch(e, info, f)
            return self.call_classmethod(e, info.cls, static, f)
        if isinstance(static, staticmethod):
            fn, with_self = static.__func__, False
        elif inspect.isfunction(static):
            fn, with_self = static, True
        else:
            if info.fields.get(f.attr) is not None or info.declared.get(f.attr) is not None:
                raise self.error(f"calling a field ({info.cls.__name__}.{f.attr}) is not "
                                 f"supported", e)
            raise self.error(f"'{info.cls.__name__}' object has no attribute '{f.attr}'", f)
        if getattr(e, "exit_call", False):
            self.exit_call(info.cls, fn, f)           # `with` (frontend.parse.with_stmt)
        call = getattr(e, "method_call", None)
        if call is None:
            receiver = f.value
            if unwrap:
                receiver = _Unwrapped(f.value, f.attr)
            args = ([receiver] if with_self else []) + list(e.args)
            call = e.method_call = A.Call(A.Name(f"{info.cls.__name__}.{f.attr}", span=f.span),
                                          args, list(e.keywords), span=e.span)
        return self.call_function(call, fn, f"{info.cls.__name__}.{f.attr}", call.func)

    def global_class(self, e: A.Expr):
        """The user class a bare global name denotes (`Point` in `Point.ORIGIN`), else None."""
        if isinstance(e, A.Attribute) and e.attr == "__class__":
            return self.exact_class(e)
        if not isinstance(e, A.Name):
            return None
        if self.var_key(e.id) in self.vars:
            t = self.vars[self.var_key(e.id)]
            return t.cls if isinstance(t, ClassRef) else None
        v = self.spec.globals.get(e.id) if e.id in self.spec.globals else None
        return v if is_user_class(v) else None

    def exact_class(self, e: A.Attribute):
        """`self.__class__` (`self.__class__.WEAKEST`, pyperformance deltablue): the class
        of a variable holding an object of a class no user class derives from is known
        when compiling, so it reads as the class's name does.  With subclasses it is the
        object's run-time class: refused (a classmethod called on the object gets it)."""
        if not isinstance(e.value, A.Name) or self.var_key(e.value.id) not in self.vars:
            return None
        t = self.narrowed(self.var_key(e.value.id)) or self.vars[self.var_key(e.value.id)]
        if not isinstance(t, ObjType) or is_union(t) or t.name not in self.program.classes:
            return None
        cls = self.program.classes[t.name].cls
        if _descendants(cls):
            raise self.error(f"'{e.value.id}.__class__' is the run-time class of an object "
                             f"of {cls.__name__}, which has subclasses: pts knows an object's "
                             f"class when compiling only without them; call a classmethod "
                             f"on the object instead (its cls is the run-time class)", e)
        return cls

    def class_attribute_object(self, e: A.Attribute, cls: type, value) -> Type:
        """`Point.ZERO` holding an object (`Point.ZERO = Point(0, 0, 0)` after the class,
        pyperformance raytrace): the object shared with Python, as a module-level object
        is — the node becomes a Name of its location (frontend.shared_globals)."""
        from pts.frontend.shared_globals import SharedLocation, shared_type
        shared_object(self, value)                  # its class's fields, from the object
        attr = e.attr
        e.__class__ = A.Name
        e.__dict__.pop("value", None)
        e.__dict__.pop("attr", None)
        e.id = f"{cls.__name__}.{attr}"
        e.shared_loc = SharedLocation("class", cls, attr)
        return shared_type(self, e)

    def class_constant(self, e: A.Attribute, cls: type) -> Type:
        """`Point.ORIGIN_X`: a class-level constant, folded in like a module's."""
        static = inspect.getattr_static(cls, e.attr, None)
        if is_user_class(type(static)) and e.attr in cls.__dict__:
            return self.class_attribute_object(e, cls, static)
        constant_type = HELPERS.constant_type
        t = constant_type(static) if static is not None else None
        if t is None:
            raise self.error(f"{cls.__name__}.{e.attr} is not a constant pts can use (numbers, "
                             f"strings and tuples of them)", e)
        e.const = static
        e.obj_const = True
        return t

    def call_class_attribute(self, e: A.Call, cls: type, f: A.Attribute) -> Type:
        """`Point.helper(a)`: a static method, or a method given its object first."""
        static = inspect.getattr_static(cls, f.attr, None)
        if isinstance(static, classmethod):
            return self.call_classmethod(e, cls, static, f)
        if isinstance(static, staticmethod):
            static = static.__func__
        if not inspect.isfunction(static):
            raise self.error(f"{cls.__name__}.{f.attr} is not a function pts can call", f)
        class_info(self.program, cls, f)
        return self.call_function(e, static, f"{cls.__name__}.{f.attr}", f)

    def call_classmethod(self, e: A.Call, cls: type, method: classmethod,
                         f: A.Attribute) -> Type:
        """`Temperature.from_f(x)`: the function called with the class first (`cls`, a
        compile-time value: the callee is specialized on it)."""
        fn = method.__func__
        if not inspect.isfunction(fn):
            raise self.error(f"{cls.__name__}.{f.attr} is not a function pts can call", f)
        call = getattr(e, "method_call", None)
        if call is None:
            call = e.method_call = A.Call(A.Name(f"{cls.__name__}.{f.attr}", span=f.span),
                                          [ClassValue(cls, f.span)] + list(e.args),
                                          list(e.keywords), span=e.span)
        return self.call_function(call, fn, f"{cls.__name__}.{f.attr}", call.func)

    def context_manager(self, m: A.Expr) -> None:
        """`with m:` needs an object whose class has __enter__ and __exit__."""
        t = self.expr(m)
        self.refuse_union(t, "`with` over", m)
        cls = self.class_of(t).cls if isinstance(t, ObjType) else None
        if cls is None or not (hasattr(cls, "__enter__") and hasattr(cls, "__exit__")):
            raise self.error(f"'{py_name(t)}' object does not support the context manager "
                             f"protocol (pts runs `with` over objects of classes with "
                             f"__enter__ and __exit__, and pts.no_grad())", m)

    def exit_call(self, cls: type, fn, f: A.Attribute) -> None:
        """A `with` calls `__exit__(None, None, None)` whether the body raised or not (pts
        has no exception objects to pass): refused unless __exit__ ignores its exception
        arguments and cannot suppress the exception (returns nothing, None or False)."""
        import ast as pyast
        from pts.frontend.class_records import python_tree
        tree = python_tree(fn)
        if tree is None:
            return
        params = {a.arg for a in tree.args.args[1:]} | (
            {tree.args.vararg.arg} if tree.args.vararg else set())
        for node in pyast.walk(tree):
            if isinstance(node, pyast.Name) and node.id in params:
                raise self.error(f"{cls.__name__}.__exit__ reads the exception ('{node.id}'): "
                                 f"pts passes __exit__ no exception; a context manager's "
                                 f"__exit__ must ignore its arguments", f)
        for node in pyast.walk(tree):
            if isinstance(node, pyast.Return) and node.value is not None and not (
                    isinstance(node.value, pyast.Constant) and node.value.value in (None, False)):
                raise self.error(f"{cls.__name__}.__exit__ may return a true value (suppressing "
                                 f"the exception): pts supports context managers whose "
                                 f"__exit__ returns None or False", f)

    def classmethod_result(self, t: Type) -> Type:
        """A classmethod's result annotated with its own class (`-> "Temperature"`, as
        typing.Self) is an object of the class it is called on (`cls`): a subclass's
        `Reading.from_f(x)` returns a Reading."""
        params = self.fdef.params
        ref = self.vars.get(params[0].name) if params else None
        if isinstance(ref, ClassRef) and isinstance(t, ObjType) and not is_union(t):
            own = self.program.classes[t.name].cls
            if own is not ref.cls and own in ref.cls.__mro__:
                return class_info(self.program, ref.cls, self.fdef).obj
        return t

    def classmethod_dispatch(self, e: A.Call, info: ClassInfo, f: A.Attribute) -> Type:
        """`p.make(a)`, a classmethod called on an object whose class has subclasses: `cls`
        is the object's run-time class, so the call is dispatched on its class tag (as
        `virtual_call`), one specialization per class, the most derived first."""
        join = HELPERS.join
        ValueExpr = HELPERS.ValueExpr
        if e.keywords:
            raise self.error("keyword arguments to a classmethod called on an object are not "
                             "supported", e.keywords[0])
        self.expr(self.allow_none(f.value))
        arg_ts = [self.expr(self.allow_none(a)) for a in e.args]
        calls = getattr(e, "virtual", None)
        if calls is None:
            classes = sorted(_descendants(info.cls), key=lambda c: -len(c.__mro__))
            calls = e.virtual = []
            for c in classes + [info.cls]:
                method = inspect.getattr_static(c, f.attr)
                call = A.Call(A.Name(f"{c.__name__}.{f.attr}", span=f.span),
                              [ClassValue(c, f.span)] +
                              [ValueExpr(t, a.span) for t, a in zip(arg_ts, e.args)], span=e.span)
                tag = class_info(self.program, c, f).name if c is not info.cls else None
                calls.append((tag, call, method.__func__))
        result = None
        for _, call, fn in calls:
            for v, t in zip(call.args[1:], arg_ts):
                v.vty = t
            call.ty = self.call_function(call, fn, call.func.id, call.func)
            j = call.ty if result is None else join(result, call.ty)
            if j is None:
                raise self.error(f"{info.cls.__name__}.{f.attr} returns {py_name(result)} and "
                                 f"{py_name(call.ty)} for different classes", e)
            result = j
        return result

    def object_key(self, t: Type, node, what: str) -> bool:
        """May objects of type t be a dict key or set element?  Objects hash by identity
        (CPython's default, what native dicts and sets do with an object's address); a class
        with its own `__eq__` or `__hash__` (a dataclass, a NamedTuple) compares by value,
        which pts's dicts and sets do not do: a CompileError rather than other results."""
        if not isinstance(t, ObjType):
            return False
        if is_union(t):
            return self.union_key(t, node, what)        # (check_unions)
        cls = self.class_of(t).cls
        if cls.__hash__ is None or cls.__hash__ is not object.__hash__ \
                or cls.__eq__ is not object.__eq__:
            raise self.error(f"{cls.__name__} objects as a {what}: {cls.__name__} defines "
                             f"__eq__ or __hash__, and pts's dicts and sets hash objects by "
                             f"identity only", node)
        return True

    def object_keys_in(self, t: Type, node) -> None:
        """The object keys and elements an annotation names (`Dict[Node, int]`)."""
        def key(k, what):
            if isinstance(k, TupleType):
                for e in k.elems:
                    key(e, what)
            else:
                self.object_key(k, node, what)
        if isinstance(t, DictType):
            key(t.key, "dict key")
            self.object_keys_in(t.val, node)
        elif isinstance(t, SetType):
            key(t.elem, "set element")
        elif isinstance(t, (ListType, OptionalType)):
            self.object_keys_in(t.elem, node)
        elif isinstance(t, TupleType):
            for e in t.elems:
                self.object_keys_in(e, node)

    def call_class_ref(self, e: A.Call, t: ClassRef, f: A.Expr) -> Type:
        """`cls(a, b)` in a classmethod: the class's constructor."""
        return self.call_class(e, t.cls, f)

    def global_flag(self, test: A.Expr) -> bool | None:
        """The value of an `if` test that is a module-level bool folded in (`if tracing:`,
        pyperformance's richards): only the branch it takes is checked and compiled, so a
        debugging branch may use what pts refuses (`global`)."""
        if isinstance(test, A.Name) and self.var_key(test.id) not in self.vars \
                and type(getattr(test, "const", None)) is bool:
            return test.const
        if isinstance(test, A.UnaryOp) and test.op == "not":
            v = self.global_flag(test.operand)
            return None if v is None else not v
        if isinstance(test, A.Call) and isinstance(test.func, A.Attribute) \
                and isinstance(test.func.value, A.Name) and not test.args and not test.keywords \
                and isinstance(getattr(test.func.value, "ty", None), ObjType):
            return self.constant_method(test.func.value.ty, test.func.attr)
        if isinstance(test, A.Call) and getattr(test, "isa", None) is not None \
                and isinstance(test.args[0].ty, ObjType):
            # isinstance(x, C) of an object whose static class is C or a subclass of it:
            # true whatever its run-time class (pyperformance chaos' `if not isinstance(
            # other, GVector): raise ...`)
            t = test.args[0].ty
            for member in t.name.split("|"):        # (each class of a union: check_unions)
                info = self.program.classes[member]
                while info is not None and info.name not in test.isa:
                    info = info.base
                if info is None:
                    return None
            return True
        return None

    def constant_method(self, t: ObjType, attr: str) -> bool | None:
        """`if other.isPoint():` (pyperformance raytrace's Vector and Point): a method of
        the object's class whose whole body is `return True` (or False) — in every class
        the object may have at run time — is that value, so only the branch it takes is
        checked (Point - Point is a Vector, never a Point).  None otherwise."""
        found = set()
        for member in t.name.split("|"):
            cls = self.program.classes[member].cls
            groups = dispatch_groups(cls, attr)
            fns = [fn for _, fn, _ in groups] if groups else [
                record_method(cls, attr) or inspect.getattr_static(cls, attr, None)]
            for fn in fns:
                value = _returns_constant(fn)
                if value is None:
                    return None
                found.add(value)
        return found.pop() if len(found) == 1 else None

    def global_range(self, it: A.Expr) -> A.Expr:
        """`for i in BUFSIZE_RANGE:` over a module-level range object: the loop over
        `range(start, stop, step)` with its (folded) bounds."""
        if isinstance(it, A.Name) and self.var_key(it.id) not in self.vars \
                and isinstance(self.spec.globals.get(it.id) if it.id in self.spec.globals
                               else None, range):
            r = self.spec.globals.get(it.id)
            return A.Call(A.Name("range", span=it.span),
                          [A.Const(v, span=it.span) for v in (r.start, r.stop, r.step)],
                          span=it.span)
        return it

    def init_returns_none(self) -> None:
        """A class's `__init__` returns None (so a constructor call inside it, a recursive
        structure, needs no annotation)."""
        fdef = self.fdef
        if fdef.name == "__init__" and fdef.returns is None and self.spec.arg_types \
                and isinstance(self.spec.arg_types[0], ObjType):
            self.ret_annot = NONE
            self.spec.ret_type = NONE

    def virtual_call(self, e: A.Call, info: ClassInfo, f: A.Attribute, groups: list) -> Type:
        join = HELPERS.join
        ValueExpr = HELPERS.ValueExpr
        if e.keywords:
            raise self.error("keyword arguments to an overridden method are not supported",
                             e.keywords[0])
        self.expr(self.allow_none(f.value))
        arg_ts = [self.expr(self.allow_none(a)) for a in e.args]
        calls = getattr(e, "virtual", None)
        if calls is None or len(calls) != len(groups):
            calls = e.virtual = []
            for owner, fn, is_default in groups:
                self_cls = info.cls if is_default else owner
                sinfo = class_info(self.program, self_cls, f)
                call = A.Call(A.Name(f"{owner.__name__}.{f.attr}", span=f.span),
                              [ValueExpr(sinfo.obj, e.span)] +
                              [ValueExpr(t, a.span) for t, a in zip(arg_ts, e.args)], span=e.span)
                calls.append((None if is_default else sinfo.name, call, fn))
        result = None
        for _, call, fn in calls:
            for v, t in zip(call.args[1:], arg_ts):
                v.vty = t
            for a in call.args:
                self.expr(self.allow_none(a))
            call.ty = self.call_function(call, fn, call.func.id, call.func)
            if result is None:
                result = call.ty
            else:
                j = join(result, call.ty)
                if j is None:
                    raise self.error(f"the overrides of {info.cls.__name__}.{f.attr} return "
                                     f"{py_name(result)} and {py_name(call.ty)}", e)
                result = j
        return result

    def call_super(self, e: A.Call, f: A.Attribute) -> Type:
        """`super().m(a)` and `super(C, self).m(a)`: the m of the class after the method's
        class (after C) in the single-inheritance chain, with this method's self.  A class
        whose base is `object`: `super().__init__()` is object's, which does nothing."""
        # (a method using super() has a __class__ cell: it is compiled as a closure)
        code = getattr(getattr(self.spec.pyfunc, "root_function", self.spec.pyfunc),
                       "__code__", None)
        classes = self.program.__dict__.get("classes", {}).values()
        owner = None
        for info in classes:
            own = info.cls.__dict__.get(self.fdef.name)
            if getattr(own, "__code__", None) is code and code is not None:
                owner = info
        sup = f.value
        if owner is not None and len(sup.args) == 2 and not sup.keywords:
            # super(C, self): C must be the method's class or one of its bases
            cls = self.global_class(sup.args[0]) if isinstance(sup.args[0], A.Name) else None
            start = owner
            while start is not None and start.cls is not cls:
                start = start.base
            if start is None or not (self.fdef.params and isinstance(sup.args[1], A.Name)
                                     and sup.args[1].id == self.fdef.params[0].name):
                raise self.error(f"super(C, {self.fdef.params[0].name if self.fdef.params else 'self'})"
                                 f" needs C to be {owner.cls.__name__} or one of its bases and "
                                 f"the method's own first parameter", sup)
            owner = start
        elif sup.args or sup.keywords:
            raise self.error("super() takes no arguments or (class, self) here", sup)
        if owner is not None and owner.base is None and f.attr == "__init__" \
                and self.fdef.params and not e.args and not e.keywords:
            e.method_call = A.Const(None, span=e.span)     # object.__init__(self): nothing
            e.method_call.ty = NONE
            return NONE
        if owner is None or owner.base is None or not self.fdef.params:
            raise self.error("super() is supported in a method of a class with a base class",
                             e)
        fn = inspect.getattr_static(owner.base.cls, f.attr, None)
        if isinstance(fn, staticmethod):
            fn = fn.__func__
            receiver = []
        else:
            receiver = [A.Name(self.fdef.params[0].name, span=f.span)]
        if not inspect.isfunction(fn):
            raise self.error(f"'super' object has no attribute '{f.attr}'", f)
        call = getattr(e, "method_call", None)
        if call is None:
            call = e.method_call = A.Call(A.Name(f"{owner.base.cls.__name__}.{f.attr}",
                                                 span=f.span),
                                          receiver + list(e.args), list(e.keywords), span=e.span)
        call.ty = self.call_function(call, fn, call.func.id, call.func)
        return call.ty

    def expr__Unwrapped(self, e: "_Unwrapped") -> Type:
        t = self.expr(e.inner)
        return t.elem if isinstance(t, OptionalType) else t

    # ------------------------------------------------------------ comparisons

    def class_compare(self, op: str, left: Type, right: Type, e: A.Compare) -> bool:
        """`p is q`, `p == q` (identity: a class without __eq__); `p < q`, `x in p` ...
        by the class's methods (DunderChecks; the result type in `e.class_result`)."""
        e.class_result = None
        if (isinstance(left, ObjType) or isinstance(right, ObjType)) and NONE not in (left, right):
            r = self.class_compare_call(e, op, left, right)
            if r is not None:
                e.class_result = r
                return True
            e.method_call = None
        if not (isinstance(left, ObjType) and isinstance(right, ObjType)):
            return False
        if op not in ("is", "is not", "==", "!="):
            raise self.error(f"'{op}' not supported between instances of '{py_name(left)}' and "
                             f"'{py_name(right)}'", e)
        return True

    def object_identity(self, e: A.Compare, op: str, left: Type, right: Type) -> bool:
        """`a is b`, and `a == b` of classes without __eq__, where a or b is an Optional
        object (deltablue's `self.determined_by == constraint`): identity, as CPython's
        object.__eq__; None is only None.  `e.identity` is the type both are seen as (their
        common base) for the lowering's obj.is."""
        if op not in ("is", "is not", "==", "!=") or len(e.ops) != 1 or NONE in (left, right):
            return False
        a = left.elem if isinstance(left, OptionalType) else left
        b = right.elem if isinstance(right, OptionalType) else right
        if not (isinstance(a, ObjType) and isinstance(b, ObjType)) or left == a and right == b:
            return False
        if op in ("==", "!=") and any(
                inspect.getattr_static(self.class_of(t).cls, "__eq__", None) is not object.__eq__
                for t in (a, b)):
            return False
        j = class_join(a, b)
        if j is None:
            return False
        e.identity = j
        return True


class _Unwrapped(A.Expr):
    """The receiver of a method called on an Optional object: the object, or
    AttributeError when it is None."""

    def __init__(self, inner: A.Expr, attr: str):
        super().__init__(span=inner.span)
        self.inner = inner
        self.attr = attr


def _unknown(t: Type) -> bool:
    if t == UNKNOWN:
        return True
    if isinstance(t, OptionalType):
        return _unknown(t.elem)
    if isinstance(t, (ListType, SetType)):
        return _unknown(t.elem)
    if isinstance(t, DictType):
        return _unknown(t.key) or _unknown(t.val)
    return False


def _returns_constant(fn) -> bool | None:
    """True / False for a plain function whose body (after its docstring) is only `return
    True` / `return False`, else None."""
    import ast as pyast
    from pts.frontend.class_records import python_tree
    if not inspect.isfunction(fn):
        return None
    tree = python_tree(fn)
    if tree is None or tree.decorator_list:
        return None
    body = tree.body
    if body and isinstance(body[0], pyast.Expr) and isinstance(body[0].value, pyast.Constant) \
            and isinstance(body[0].value.value, str):
        body = body[1:]
    if len(body) == 1 and isinstance(body[0], pyast.Return) and \
            isinstance(body[0].value, pyast.Constant) and type(body[0].value.value) is bool:
        return body[0].value.value
    return None


def _subclasses(c: type) -> list:
    out = [c]
    for s in c.__subclasses__():
        if is_user_class(s):
            out.extend(_subclasses(s))
    return out


def lacking_classes(cls: type, attr: str) -> list:
    """cls and those of its user subclasses that have no method `attr` while another one
    has (deltablue's Constraint: mark_unsatisfied is its subclasses'), most derived first:
    a call on one of them is CPython's AttributeError."""
    classes = _subclasses(cls)
    if inspect.getattr_static(cls, attr, None) is not None or not any(
            inspect.isfunction(inspect.getattr_static(c, attr, None)) for c in classes):
        return []
    lacking = [c for c in classes if inspect.getattr_static(c, attr, None) is None]
    return sorted(lacking, key=lambda c: -len(c.__mro__))


def dispatch_groups(cls: type, attr: str, lacking: bool = False) -> list:
    """[(defining class, function, is_default)] of method `attr` over cls and its user
    subclasses: the overriding ones first, most derived first; cls's own (inherited) last.
    With `lacking`, subclasses without the method are left out (`lacking_classes`)."""
    found: dict = {}
    for c in _subclasses(cls):
        fn = inspect.getattr_static(c, attr, None)
        if fn is None and lacking:
            continue
        if isinstance(fn, staticmethod) or not inspect.isfunction(fn):
            return []
        owner = next(k for k in c.__mro__ if k.__dict__.get(attr) is fn)
        found.setdefault(fn, owner)
    default = inspect.getattr_static(cls, attr, None)
    groups = [(owner, fn, fn is default) for fn, owner in found.items()]
    groups.sort(key=lambda g: (g[2], -len(g[0].__mro__)))
    return groups


def _any_tensor(t: Type) -> bool:
    from pts.frontend.check import has_any_tensor
    return has_any_tensor(t)


def _fits_any_tensor(t: Type, want: Type) -> bool:
    """Does a value of type t fit an annotation whose arrays leave rank and dtype open
    (`List[np.ndarray]`; an empty list not yet filled too)?"""
    from pts.frontend.check import ANY_TENSOR
    from pts.ir.types import TensorType
    if t == want:
        return True
    if want == ANY_TENSOR:
        return isinstance(t, TensorType)
    if isinstance(want, ListType) and isinstance(t, ListType):
        return t.elem == UNKNOWN or _fits_any_tensor(t.elem, want.elem)
    if isinstance(want, OptionalType):
        return t == NONE or _fits_any_tensor(t.elem if isinstance(t, OptionalType) else t,
                                             want.elem)
    if isinstance(want, TupleType) and isinstance(t, TupleType) and \
            len(t.elems) == len(want.elems):
        return all(_fits_any_tensor(a, b) or a == b for a, b in zip(t.elems, want.elems))
    return False


def assigned_class_attr(checker, cls: type, attr: str) -> bool:
    """Does the module's code assign cls.attr (frontend.global_rebind boxes it)?"""
    from pts.frontend.global_rebind import rebound_class_attrs
    module = inspect.getmodule(cls)
    for klass in cls.__mro__:
        if attr in vars(klass):
            return module is not None and attr in rebound_class_attrs(vars(module)).get(klass, ())
    return False


def _descendants(cls: type) -> list:
    """The user classes deriving from cls, at any depth."""
    out = []
    for s in cls.__subclasses__():
        if is_user_class(s):
            out += [s] + _descendants(s)
    return out


def class_bases(program) -> dict:
    """The module's class_bases: class -> base class, by IR name."""
    return {name: info.base.name for name, info in getattr(program, "classes", {}).items()
            if info.base is not None}


def class_join(a: ObjType, b: ObjType) -> Type | None:
    """The type objects of classes a and b meet at: their nearest common base class; for
    classes of no common base (or a union), the union of them (check_unions)."""
    if a == b:
        return a
    if not _SCOPES:
        return None
    classes = _SCOPES[-1][0].__dict__.get("classes", {})
    if is_union(a) or is_union(b):
        return union_join(a, b, classes)
    chain = []
    info = classes.get(a.name)
    while info is not None:
        chain.append(info.name)
        info = info.base
    info = classes.get(b.name)
    while info is not None:
        if info.name in chain:
            return ObjType(info.name)
        info = info.base
    if a.name not in classes or b.name not in classes:
        return None
    return union_join(a, b, classes)


def class_table(program) -> dict:
    """The module's class table (Module.classes) from what the program's checking found."""
    for info in getattr(program, "classes", {}).values():
        for name, t in info.fields.items():
            if _unknown(t):
                raise CompileError(f"the type of field '{name}' of {info.cls.__name__} is not "
                                   f"known: nothing is stored into its empty container; "
                                   f"annotate it ({name}: List[int] in the class body)",
                                   _class_span(info.cls))
    return {name: tuple(info.fields.items())
            for name, info in getattr(program, "classes", {}).items()}


def _widen_none_list(self, target: A.Subscript, lt: Type, t: Type) -> Type:
    """`points = [None] * n; points[i] = Point(i)`: the variable is a
    List[Optional[Point]] (pyperformance's bm_float); the next pass builds the list so.
    A field (`self.tab = [None] * n`, then `self.tab[i] = task`) widens the same way."""
    join = HELPERS.join
    if lt.elem == NONE and t != NONE and isinstance(target.value, A.Name) \
            and getattr(target.value, "shared_loc", None) is None \
            and not isinstance(t, OptionalType):
        new = ListType(OptionalType(t))
        target.value.ty = self.assign_var(target.value.id, new, target)
        return target.value.ty
    info = getattr(target.value, "field_of", None)
    if isinstance(lt, ListType) and info is not None and t != NONE \
            and isinstance(lt.elem, (OptionalType, type(NONE))):
        elem = OptionalType(t) if lt.elem == NONE else join(lt.elem, t)
        if elem is not None and ListType(elem) != lt:
            self.widen_field(info, target.value.attr, ListType(elem))
            return ListType(elem)
    return lt


ClassChecks.widen_none_list = _widen_none_list


def shared_object(checker, value) -> bool:
    """Is a module-level value an object of a user class (shared with the module, as its
    lists are: frontend.shared_globals)?  Its fields seed its class's."""
    from pts.ir.object_ops import type_of_instance
    if type_of_instance(value) is None:
        return False
    seed_classes(checker.program, (value,), (type_of_instance(value),), checker.spec.pyfunc)
    return True


def value_type(x) -> Type | None:
    """A field value's type for seeding: type_of_value's, a list of Nones as List[None],
    None when pts has no type for it (the scripted code's stores decide)."""
    from pts.ir.types import type_of_value
    try:
        return type_of_value(x)
    except TypeError:
        if isinstance(x, list) and x and all(v is None for v in x):
            return ListType(NONE)
        return None


def objects_type(program, x, node) -> Type | None:
    """A list of objects of several classes of one hierarchy (and None), as richards's
    `taskTab` after a CPython run filled it: a list of their common base (the join of the
    class types), which ir.types.type_of_value cannot tell without the class table."""
    if not isinstance(x, list) or not x:
        return None
    elem = None
    for v in x:
        if v is None:
            t = NONE
        elif is_user_class(type(v)):
            t = class_info(program, type(v), node).obj
        else:
            return None
        elem = t if elem is None else HELPERS.join(elem, t)
        if elem is None:
            return None
    return ListType(elem)


def seed_classes(program, values: tuple, arg_types: tuple, pyfunc) -> None:
    """The fields of the objects an entry is called with (from Python), typed by their
    values: the class's layout before any scripted code stores into it."""
    if not any(map(has_object, arg_types)):
        return
    join = HELPERS.join
    from pts.ir.types import type_of_value
    seen: set = set()
    node = A.Name(pyfunc.__name__, span=parse_span(pyfunc))
    # a work list, not recursion: a linked list of objects passed in may be longer than
    # Python's recursion limit
    todo = list(reversed(values))
    while todo:
        v = todo.pop()
        if id(v) in seen:
            continue
        seen.add(id(v))
        if isinstance(v, (list, tuple, set, frozenset)):
            todo.extend(reversed(list(v)))
            continue
        if isinstance(v, dict):
            for k, x in reversed(list(v.items())):
                todo.extend((x, k))
            continue
        if not is_user_class(type(v)):
            continue
        with class_scope(program, getattr(pyfunc, "__globals__", {})):
            info = class_info(program, type(v), node)
            fields = instance_fields(v)
            for name, x in fields:
                t = info.declared.get(name) or value_type(x) or objects_type(program, x, node)
                if t is None:
                    continue
                old = info.fields.get(name)
                if old is not None and t == ListType(NONE) and isinstance(old, ListType) \
                        and isinstance(old.elem, OptionalType):
                    continue                    # a list of Nones the code fills (hints)
                j = t if old is None else join(old, t)
                if j is None:
                    raise CompileError(f"field '{name}' of {type(v).__name__} objects passed in "
                                       f"is both {py_name(old)} and {py_name(t)}", node.span)
                info.fields[name] = j
        todo.extend(x for _, x in reversed(fields))


def instance_fields(obj) -> list:
    """(name, value) of an object's fields: its __dict__, and its set __slots__."""
    out = list(getattr(obj, "__dict__", {}).items())
    for klass in type(obj).__mro__:
        for name in klass.__dict__.get("__slots__", ()):
            if hasattr(obj, name) and name not in ("__dict__", "__weakref__"):
                out.append((name, getattr(obj, name)))
    return out


def _class_span(cls):
    """The span of a class's `class` line, for errors about its layout."""
    from pts.errors import Span, remember_source
    try:
        lines, first = inspect.getsourcelines(cls)
        file = inspect.getsourcefile(cls) or "<unknown>"
    except (OSError, TypeError):
        return None
    text = lines[0].rstrip("\n")
    remember_source(file, text, first)              # (quoted under the message)
    col = len(text) - len(text.lstrip()) + 1
    return Span(file, first, col, first, len(text) + 1)


def parse_span(pyfunc):
    from pts.frontend.source import parse_pyfunc
    try:
        return parse_pyfunc(pyfunc).span
    except Exception:          # pragma: no cover - the entry parses (it is being compiled)
        return None


def union_of_classes(types: list, te) -> Type:
    """`Union[A, B]` / `A | B` of classes: their nearest common base class, else the union
    of them (check_unions; isinstance refines it back)."""
    j = types[0]
    for t in types[1:]:
        j = class_join(j, t) if j is not None else None
    if j is None:
        raise CompileError("a Union of classes outside a compiled function: " +
                           " | ".join(py_name(t) for t in types), te.span)
    return j
