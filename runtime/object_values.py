"""Objects of user classes between Python and native memory (a mixin of
runtime.list_values.Marshal).

An object argument becomes a record of its fields in the call's arena, laid out as
backend.object_codegen lays them out (the LLVM struct of the class's field types, by
list_values.layout), from the module's class table (`classes`: name -> ((field, type), ...))
the NativeEntry hands the Marshal.  Aliasing is kept both ways, as for lists: one Python
object passed twice (or reached twice through lists and fields) is one native object, and
after the call its fields are written back into the same Python object (`copy_back`);
an object the results reach that came in as an argument reads back as the caller's object,
a new one as an instance of the user's class made without calling `__init__`
(`cls.__new__(cls)` and its fields set), from `class_types` (name -> class).
"""
from __future__ import annotations

import ctypes

from pts.ir.types import TupleType


# runtime.list_values (which imports this module): it sets this to itself
LISTS = None


# what a field holds, for the marshalling loops (ClassPlan.kinds): a bool, an int, a float,
# an object, an Optional object; anything else goes through Marshal.write / read
_BOOL, _INT, _FLOAT, _OBJ, _OPT_OBJ, _OTHER = range(6)


class ClassPlan:
    """How an object of one class crosses, computed once per class table: its tag, its
    record's size, and per field (name, offset, type, kind, class name of an object field).
    Type objects are dataclasses whose hashing and comparing run Python code, so the
    per-object loops below look at `kind` only."""

    def __init__(self, classes: dict, name: str):
        from pts.ir.types import F64, I1, I64, ObjType, OptionalType
        fields, self.size = object_layout(classes[name])
        self.name = name
        self.tag = list(classes).index(name)
        self.fields = []
        self.spans = []                      # per field: its bytes in the record
        for f, off, t in fields:
            cls = None
            if t == I1:
                kind = _BOOL
            elif t == I64:
                kind = _INT
            elif t == F64:
                kind = _FLOAT
            elif isinstance(t, ObjType):
                kind, cls = _OBJ, t.name
            elif isinstance(t, OptionalType) and isinstance(t.elem, ObjType):
                kind, cls = _OPT_OBJ, t.elem.name
                assert LISTS.offsets(t)[1] == 8      # {i1 present, ptr}
            else:
                kind = _OTHER
            self.fields.append((f, off, t, kind, cls))
            self.spans.append((off, off + LISTS.layout(t)[0]))
        self.runtime_names: dict = {}        # (Python class, declared name) -> class name


# class table (by identity) -> (the table, {name: ClassPlan}); a NativeEntry's table lives
# as long as its code, so the plans are made once per compiled signature, not per call
_PLANS: dict = {}


def class_plan(classes: dict, name: str) -> ClassPlan:
    found = _PLANS.get(id(classes))
    if found is None or found[0] is not classes:
        found = _PLANS[id(classes)] = (classes, {})
    plan = found[1].get(name)
    if plan is None:
        if name not in classes:
            raise TypeError(f"pts cannot pass an object of class {name} here")
        plan = found[1][name] = ClassPlan(classes, name)
    return plan


class ObjectMarshal:
    """The objects of one call (a mixin of list_values.Marshal: `write`, `read`, `ctx`).

    Objects reach objects (a linked list is a chain of them), so neither direction
    recurses through object fields: an object's record is made (or its Python object
    created) at once, its fields are filled from a work list that the outermost call
    empties — a chain of any length crosses in constant stack depth."""

    classes: dict = {}
    class_types: dict = {}

    def _object_state(self):
        st = self.__dict__.get("_objects")
        if st is None:
            # id -> ptr, ptr -> obj, boxed, objects still to fill (each way), filling now
            # (each way), ptr -> the record's bytes as the caller's object filled it
            st = self.__dict__["_objects"] = ({}, {}, [], [], [], [False, False], {})
        return st

    def object_layout(self, name: str):
        plan = class_plan(self.classes, name)
        return [(f, off, t) for f, off, t, _, _ in plan.fields], plan.size

    def new_object(self, obj, name: str) -> int:
        to_native, to_python, boxed, pending, _, busy, _ = self._object_state()
        known = to_native.get(id(obj))
        if known is not None:
            return known
        plan = self.runtime_plan(obj, name)
        STRINGS, _Header = LISTS.STRINGS, LISTS._Header
        size = plan.size
        # a byte list's header chains the record into the arena (freed after the call)
        malloc = STRINGS.malloc()
        data = malloc(size)
        hdr = malloc(ctypes.sizeof(_Header))
        if not data or not hdr:
            raise MemoryError("pts: out of memory")
        ctypes.memset(data, 0, size)
        ctypes.c_int64.from_address(data).value = plan.tag
        h = _Header.from_address(hdr)
        h.len, h.cap, h.data = size, size, data
        STRINGS.push(self.ctx, hdr)
        to_native[id(obj)] = data
        boxed.append((obj, data, plan))
        self.keep.append(obj)
        pending.append((obj, data, plan))
        if not busy[0]:
            busy[0] = True
            try:
                while pending:
                    self._write_fields(*pending.pop())
            finally:
                busy[0] = False
                pending.clear()
        return data

    def _write_fields(self, obj, data: int, plan: ClassPlan) -> None:
        self._write_field_values(obj, data, plan)
        self._object_state()[6][data] = ctypes.string_at(data, plan.size)

    def _write_field_values(self, obj, data: int, plan: ClassPlan) -> None:
        for f, off, t, kind, cls in plan.fields:
            try:
                v = getattr(obj, f)
            except AttributeError:
                continue                     # not set yet: native code reads it as zeros
            addr = data + off
            if kind == _OBJ:
                _PTR.from_address(addr).value = self.new_object(v, cls)
            elif kind == _OPT_OBJ:
                if v is not None:
                    _U8.from_address(addr).value = 1
                    _PTR.from_address(addr + 8).value = self.new_object(v, cls)
            elif kind == _INT and type(v) is int and -_I64_LIMIT <= v < _I64_LIMIT:
                _I64.from_address(addr).value = v
            elif kind == _FLOAT:
                _F64.from_address(addr).value = float(v)
            elif kind == _BOOL:
                _U8.from_address(addr).value = 1 if v else 0
            else:
                self.write(addr, v, t)

    def read_object(self, ptr: int, name: str):
        to_native, to_python, boxed, _, pending, busy, _ = self._object_state()
        known = to_python.get(ptr)
        if known is not None:
            return known
        plan = class_plan(self.classes, list(self.classes)[_I64.from_address(ptr).value])
        cls = self.class_types.get(plan.name)         # (a subclass's)
        if cls is None:
            raise TypeError(f"pts cannot return an object of class {plan.name} here")
        if issubclass(cls, tuple):                 # a NamedTuple: by its constructor
            values = {f: self.read(ptr + off, t) for f, off, t, _, _ in plan.fields}
            obj = to_python[ptr] = cls(*[values[f] for f in cls._fields])
            return obj
        obj = cls.__new__(cls)
        to_python[ptr] = obj
        pending.append((obj, ptr, plan, None))
        self._fill_pending()
        return obj

    def _fill_pending(self) -> None:
        _, _, _, _, pending, busy, _ = self._object_state()
        if busy[1]:
            return
        busy[1] = True
        try:
            while pending:
                self._read_fields(*pending.pop())
        finally:
            busy[1] = False
            pending.clear()

    def _read_fields(self, obj, ptr: int, plan: ClassPlan, before: bytes | None) -> None:
        """Set obj's fields from its record: all of them, or (`before`: the record's bytes
        when the call began) those whose bytes changed."""
        setattr_ = object.__setattr__
        now = ctypes.string_at(ptr, plan.size) if before is not None else None
        for (f, off, t, kind, cls), (lo, hi) in zip(plan.fields, plan.spans):
            if before is not None and now[lo:hi] == before[lo:hi]:
                continue
            addr = ptr + off
            if kind == _OBJ:
                v = self.read_object(_PTR.from_address(addr).value, cls)
            elif kind == _OPT_OBJ:
                v = self.read_object(_PTR.from_address(addr + 8).value, cls) \
                    if _U8.from_address(addr).value & 1 else None
            elif kind == _INT:
                v = _I64.from_address(addr).value
            elif kind == _FLOAT:
                v = _F64.from_address(addr).value
            elif kind == _BOOL:
                v = bool(_U8.from_address(addr).value & 1)
            else:
                v = self.read(addr, t)
            setattr_(obj, f, v)

    def fill_object(self, obj, ptr: int, name: str) -> None:
        _, _, _, _, pending, _, _ = self._object_state()
        pending.append((obj, ptr, class_plan(self.classes, name), None))
        self._fill_pending()

    def map_back_objects(self) -> None:
        """The caller's objects are what their native records read back as."""
        to_native, to_python, boxed, _, _, _, _ = self._object_state()
        for obj, ptr, _ in boxed:
            to_python[ptr] = obj

    def runtime_plan(self, obj, name: str) -> ClassPlan:
        """The plan of obj's class in the class table: `name` or one of its subclasses."""
        plan = class_plan(self.classes, name)
        key = type(obj)
        found = plan.runtime_names.get(key)
        if found is None:
            found = plan.runtime_names[key] = class_plan(self.classes,
                                                         self.runtime_class(obj, name))
        return found

    def runtime_class(self, obj, name: str) -> str:
        """The name of obj's class in the class table: `name` or one of its subclasses."""
        from pts.ir.object_ops import subclass_of
        bases = getattr(self, "class_bases", {})
        for n, cls in self.class_types.items():
            if type(obj) is cls and subclass_of(n, name, bases):
                return n
        raise TypeError(f"pts expected a {name} object, not {type(obj).__name__}")

    def copy_back_objects(self) -> None:
        """The caller's objects get the native fields the call changed (after the lists are
        mapped).  A field with the bytes it came in with holds what the object held (an
        object field points at the record of the same object; a list, dict or set field
        at a runtime list or hash copied back on its own), so it is left as it is — as
        CPython leaves a field no code wrote (an int in a float field stays an int, an
        attribute never set stays unset) — and an object no code wrote costs one compare."""
        to_native, to_python, boxed, _, pending, _, snaps = self._object_state()
        string_at = ctypes.string_at
        for obj, ptr, plan in boxed:
            before = snaps[ptr]
            if not isinstance(obj, tuple) and string_at(ptr, plan.size) != before:
                pending.append((obj, ptr, plan, before))   # (a NamedTuple cannot change)
        self._fill_pending()


_PTR, _U8, _I64, _F64 = ctypes.c_void_p, ctypes.c_uint8, ctypes.c_int64, ctypes.c_double
_I64_LIMIT = 1 << 63


def object_layout(fields) -> tuple[list, int]:
    """([(field, offset, type)], size) of an object of a class with these fields: its i64
    class tag at offset 0, then the fields as the LLVM struct of their types lays them out
    (the one rule backend.object_codegen and this module share)."""
    layout, offsets = LISTS.layout, LISTS.offsets
    from pts.ir.types import I64
    tup = TupleType((I64,) + tuple(t for _, t in fields))
    offs = offsets(tup)[1:]
    return [(f, o, t) for (f, t), o in zip(fields, offs)], max(layout(tup)[0], 8)


def loaded_classes(records: list) -> tuple[dict, dict, dict]:
    """(classes, class_bases, class_types) of an archive's class table (pts.load): the
    Python classes by module and qualified name, where they can be imported."""
    import importlib
    from pts.ir.types import parse_type
    classes, bases, types = {}, {}, {}
    for r in records:
        classes[r["name"]] = tuple((f, parse_type(t)) for f, t in r["fields"])
        if r.get("base"):
            bases[r["name"]] = r["base"]
        where = r.get("python")
        if where:
            mod, _, qual = where.partition(":")
            try:
                obj = importlib.import_module(mod)
                for part in qual.split("."):
                    obj = getattr(obj, part)
                types[r["name"]] = obj
            except (ImportError, AttributeError):
                pass
    return classes, bases, types
