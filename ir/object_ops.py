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

The interpreter holds a small Python object (`Instance`) per object; natively an object is
a pointer into the call's arena (backend.object_codegen).  Methods are plain functions whose
first parameter is the object (frontend.check_classes).
"""
from __future__ import annotations

from pts.ir.op_table import ALLOC, PURE, READ, WRITE, OpUse, define
from pts.ir.types import I1, ObjType, Type


class Instance:
    """An object as the interpreter holds it: its class name and its fields by name."""
    __slots__ = ("cls", "fields")

    def __init__(self, cls: str):
        self.cls = cls
        self.fields: dict = {}

    def __repr__(self) -> str:
        return f"<{self.cls} object>"


def _obj_operand(use: OpUse) -> ObjType:
    t = use.types[0] if use.types else None
    if not isinstance(t, ObjType):
        use.fail(f"{use.op} expects an object, found {t}")
    if "field" not in use.attrs:
        use.fail(f"{use.op} needs a field attribute")
    return t


def _field_type(use: OpUse, t: ObjType) -> Type | None:
    """The declared type of the field, when the module is known (the verifier)."""
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


def run_object_op(ins, vals: list):
    """What the interpreter runs for an obj.* op (their results depend on attributes)."""
    op = ins.op
    if op == "obj.new":
        return Instance(ins.type.name)
    if op == "obj.get":
        field = ins.attrs["field"]
        try:
            return vals[0].fields[field]
        except KeyError:
            raise AttributeError(f"'{vals[0].cls}' object has no attribute '{field}'") from None
    if op == "obj.set":
        vals[0].fields[ins.attrs["field"]] = vals[1]
        return None
    return vals[0] is vals[1]


define("obj.new", ALLOC, None, _new)
define("obj.get", READ, None, _get)
define("obj.set", WRITE, None, _set)
define("obj.is", PURE, lambda a, b: a is b, _is)
