"""The ops of objects of user classes (`obj<Name>`, ir.types.ObjType; see the op table in
ir.op_table for what an entry holds).

An object is a reference: `q = p` copies the reference, so a write through q is seen
through p (CPython's semantics).  Its class's fields and their types are declared once per
module (`Module.classes[name] = ((field, type), ...)`, printed `class Point {x: f64}`
before the functions), and four ops make and use one:

  obj.new {cls = "Point"}                  () -> obj<Point>   a fresh object, no field set
  obj.get %o {field = "x"}                 (obj<Point>) -> T  read field x (T: declared)
  obj.set %o, %v {field = "x"}             (obj<Point>, T)    write field x
  obj.is %a, %b                            (obj<C>, obj<C>) -> i1   the same object
  obj.null                                 () -> obj<Point>   no object: the value of a
                                           variable no assignment reaches (never read)
  obj.isa %o {cls = "B"}                   (obj<A>) -> i1     isinstance(o, B)
  obj.cast %o                              (obj<A>) -> obj<B> the same object as its base
                                           class (B a base of A) or, where isinstance
                                           proved it, a subclass; optional<obj<A>> to
                                           optional<obj<B>> alike

A value that is an object of one of several unrelated classes (`Union[Sphere, Halfspace]`,
or the join of objects of classes with no common base) has the type `obj<Halfspace|Sphere>`
(`union_type`: the member classes' names, sorted, joined by `|`; each member stands for
itself and its subclasses).  A union has no fields of its own: code tests the tag (obj.isa)
and casts the object to one member's class (obj.cast) before obj.get / obj.set / a call
(frontend.check_unions); natively it is a pointer to an object like any other.

Single inheritance: `Module.class_bases` maps a class to its base (printed `class B : A
{...}`).  Every class of one hierarchy has the same fields (the union of what any of them
sets), so a field is at one place whatever the object's class; natively an object starts
with its class tag (the class's position in `Module.classes`), which obj.isa and method
dispatch (frontend.lower_classes) test.

The interpreter holds a Python object per object: an instance of the user's own class
when the module knows it (`Module.class_types`, name -> class, set by the frontend: obj.new
is `cls.__new__(cls)`, fields are its attributes), so objects cross the Python boundary of
the interpreter as themselves; an `Instance` after an IR round trip.  Natively an object is
a pointer into the call's arena (backend.object_codegen; runtime.list_values marshals the
objects of a call's arguments and results).  Methods are plain functions whose first
parameter is the object (frontend.check_classes).
"""
from __future__ import annotations

from pts.ir.op_table import ALLOC, PURE, READ, WRITE, OpUse, define
from pts.ir.types import (I1, DictType, ListType, ObjType, OptionalType, SetType, TupleType,
                          Type)


class Instance:
    """An object of a class the interpreter does not know as a Python class: its fields are
    its attributes."""

    def __init__(self, cls: str):
        self.__dict__["__pts_class__"] = cls

    def __repr__(self) -> str:
        return f"<{self.__pts_class__} object>"


def is_user_class(value) -> bool:
    """A class pts makes run-time objects of: a Python class defined in a program (not a
    builtin, an exception, a model or tensor library's, a typing construct)."""
    if not isinstance(value, type) or value.__module__ in ("builtins", "typing", "abc"):
        return False
    if issubclass(value, BaseException):
        return False
    mod = value.__module__ or ""
    return not (mod.startswith("pts.") or mod == "pts" or mod.startswith("numpy")
                or mod.startswith("torch"))


def type_of_instance(value) -> Type | None:
    """The type of an argument that is an object of a user class (ir.types.type_of_value):
    of a class whose bases are user classes (or a NamedTuple's tuple), not an ndarray
    subclass or any other library type's."""
    cls = type(value)
    if not is_user_class(cls) or callable(value) and hasattr(value, "__code__"):
        return None
    if any(k is not object and k is not tuple and not is_user_class(k) for k in cls.__mro__):
        return None
    return ObjType(cls.__name__)


def records_out(value, class_types: dict):
    """The interpreter's result for Python: NamedTuple records (Instances inside) made
    by their constructors, through lists, tuples and dicts."""
    if isinstance(value, Instance):
        cls = class_types.get(value.__pts_class__)
        if cls is not None and getattr(cls, "__pts_rec_tuple__", None) is not None:
            return plain_tuples(value, lambda v: _record_fields(v, class_types),
                                lambda v: records_out(v, class_types))
        if cls is not None and issubclass(cls, tuple):
            return cls(*[records_out(getattr(value, f), class_types) for f in cls._fields])
        return value
    if type(value) is list:
        value[:] = [records_out(v, class_types) for v in value]
        return value
    if type(value) is tuple:
        return tuple(records_out(v, class_types) for v in value)
    if type(value) is dict:
        for k in value:
            value[k] = records_out(value[k], class_types)
    return value


def _record_fields(value, class_types: dict):
    """The fields of an interpreter record of a recursive tuple (frontend.rec_tuples), else
    None."""
    if not isinstance(value, Instance):
        return None
    cls = class_types.get(value.__pts_class__)
    if cls is None or getattr(cls, "__pts_rec_tuple__", None) is None:
        return None
    return [getattr(value, f) for f in cls._fields]


def plain_tuples(value, fields_of, other=lambda v: v):
    """A record of a recursive tuple (frontend.rec_tuples) and the records it holds as the
    nested plain tuples CPython builds, without recursion (a chain `(v, (v, ...))` may be
    longer than Python's recursion limit).  `fields_of(v)` is the list of v's fields when v
    is such a record, else None; a record reached twice becomes one tuple; `other`
    converts the other items (a list of records)."""
    done: dict = {}
    stack = [value]
    while stack:
        v = stack[-1]
        if id(v) in done:
            stack.pop()
            continue
        items = fields_of(v)
        waiting = [x for x in items if id(x) not in done and fields_of(x) is not None]
        if waiting:
            stack.extend(waiting)
            continue
        stack.pop()
        done[id(v)] = tuple(done[id(x)] if fields_of(x) is not None else other(x)
                            for x in items)
    return done[id(value)]


def is_rec_tuple(cls) -> bool:
    """A record class the checker made for a recursive tuple (frontend.rec_tuples)."""
    return isinstance(cls, type) and cls.__dict__.get("__pts_rec_tuple__") is not None


def has_object(t: Type) -> bool:
    """Whether a value of type t is or holds an object."""
    if isinstance(t, ObjType):
        return True
    if isinstance(t, TupleType):
        return any(map(has_object, t.elems))
    if isinstance(t, (ListType, OptionalType, SetType)):
        return has_object(t.elem)
    if isinstance(t, DictType):
        return has_object(t.key) or has_object(t.val)
    return False


def union_members(t: ObjType) -> tuple[str, ...]:
    """The classes an object type stands for: one, or the members of a union."""
    return tuple(t.name.split("|"))


def is_union(t) -> bool:
    return isinstance(t, ObjType) and "|" in t.name


def union_type(names) -> ObjType:
    """The type of an object of one of these classes (`obj<A|B>`; one name: `obj<A>`)."""
    return ObjType("|".join(sorted(set(names))))


def class_name(obj) -> str:
    return obj.__pts_class__ if isinstance(obj, Instance) else type(obj).__name__


def _obj_operand(use: OpUse) -> ObjType:
    t = use.types[0] if use.types else None
    if not isinstance(t, ObjType):
        use.fail(f"{use.op} expects an object, found {t}")
    if "field" not in use.attrs:
        use.fail(f"{use.op} needs a field attribute")
    return t


def _field_type(use: OpUse, t: ObjType) -> Type | None:
    """The declared type of the field, when the module is known (the verifier)."""
    if "|" in t.name:
        use.fail(f"{use.op} of a union of classes ({t}): cast the object to its class first")
    fields = getattr(use.module, "classes", {}).get(t.name) if use.module is not None else None
    if fields is None:
        return None
    for name, ft in fields:
        if name == use.attrs["field"]:
            return ft
    use.fail(f"class {t.name} has no field {use.attrs['field']!r}")


def _new(use: OpUse) -> Type:
    use.arity(0)
    t = use.declared_result()
    if not isinstance(t, ObjType):
        use.fail(f"obj.new makes an object, not {t}")
    return t


def _get(use: OpUse) -> Type:
    use.arity(1)
    t = _obj_operand(use)
    ft = _field_type(use, t)
    if ft is not None:
        return ft
    return use.declared_result()


def _set(use: OpUse) -> None:
    use.arity(2)
    t = _obj_operand(use)
    ft = _field_type(use, t)
    if ft is not None and ft != use.types[1]:
        use.fail(f"field {use.attrs['field']} of {t.name} is {ft}, not {use.types[1]}")
    return None


def _is(use: OpUse) -> Type:
    use.arity(2)
    if not all(isinstance(t, ObjType) for t in use.types):
        use.fail(f"obj.is compares objects, not {use.types}")
    return I1


def _isa(use: OpUse) -> Type:
    use.arity(1)
    if not isinstance(use.types[0], ObjType) or "cls" not in use.attrs:
        use.fail(f"obj.isa tests an object against a class, not {use.types[0]}")
    return I1


def _cast(use: OpUse) -> Type:
    use.arity(1)
    src, dst = use.types[0], use.declared_result()
    unwrap = (lambda t: t.elem if isinstance(t, OptionalType) else t)
    if not (isinstance(unwrap(src), ObjType) and isinstance(unwrap(dst), ObjType)
            and isinstance(src, OptionalType) == isinstance(dst, OptionalType)):
        use.fail(f"obj.cast converts objects, not {src} to {dst}")
    return dst


def subclass_of(name: str, base: str, bases: dict) -> bool:
    """Is class `name` `base` or one of its subclasses (by the module's class_bases)?"""
    while name is not None:
        if name == base:
            return True
        name = bases.get(name)
    return False


def run_object_op(ins, vals: list, interp=None):
    """What the interpreter runs for an obj.* op (their results depend on attributes);
    `interp` has the module and the Python classes (`class_types`, from the compile record)."""
    op = ins.op
    module = getattr(interp, "module", None)
    if op == "obj.new":
        cls = getattr(interp, "class_types", {}).get(ins.type.name)
        if cls is None or issubclass(cls, tuple):     # (a NamedTuple: made at the boundary)
            return Instance(ins.type.name)
        return cls.__new__(cls)
    if op == "obj.get":
        field = ins.attrs["field"]
        try:
            return getattr(vals[0], field)
        except AttributeError:
            raise AttributeError(f"'{class_name(vals[0])}' object has no attribute "
                                 f"'{field}'") from None
    if op == "obj.set":
        object.__setattr__(vals[0], ins.attrs["field"], vals[1])
        return None
    if op == "obj.null":
        return None
    if op == "obj.cast":
        return vals[0]
    if op == "obj.isa":
        return subclass_of(class_name(vals[0]), ins.attrs["cls"],
                           getattr(module, "class_bases", {}))
    return vals[0] is vals[1]


define("obj.new", ALLOC, None, _new)
define("obj.get", READ, None, _get)
define("obj.set", WRITE, None, _set)
define("obj.is", PURE, lambda a, b: a is b, _is)
define("obj.null", PURE, lambda: None, _new)
define("obj.isa", PURE, None, _isa)
define("obj.cast", PURE, lambda o: o, _cast)


def objects_join(values: list) -> Type | None:
    """The element type of a Python list of objects of two or more user classes (and None):
    classes of one hierarchy meet at their nearest common base, classes of none make a
    union (frontend.check_unions.union_join does the same with the class table); None when
    the list holds anything else or one class only."""
    classes = []
    for v in values:
        if v is None:
            continue
        if type_of_instance(v) is None or isinstance(v, tuple):
            return None
        if type(v) not in classes:
            classes.append(type(v))
    if len(classes) < 2:
        return None
    members: list = []
    for cls in classes:
        chain = [k for k in cls.__mro__ if is_user_class(k)]
        for i, m in enumerate(members):
            base = next((k for k in chain if k in m.__mro__), None)
            if base is not None:
                members[i] = base
                break
        else:
            members.append(cls)
    t = union_type(m.__name__ for m in members)
    return OptionalType(t) if any(v is None for v in values) else t


from pts.ir import types as _types  # noqa: E402
_types.object_type = type_of_instance
_types.objects_join = objects_join
