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


class ObjectMarshal:
    """The objects of one call (a mixin of list_values.Marshal: `write`, `read`, `ctx`)."""

    classes: dict = {}
    class_types: dict = {}

    def _object_state(self):
        st = self.__dict__.get("_objects")
        if st is None:
            st = self.__dict__["_objects"] = ({}, {}, [])   # id -> ptr, ptr -> obj, boxed
        return st

    def object_layout(self, name: str):
        fields = self.classes.get(name)
        if fields is None:
            raise TypeError(f"pts cannot pass an object of class {name} here")
        return object_layout(fields)

    def new_object(self, obj, name: str) -> int:
        to_native, to_python, boxed = self._object_state()
        known = to_native.get(id(obj))
        if known is not None:
            return known
        name = self.runtime_class(obj, name)
        STRINGS, _Header = LISTS.STRINGS, LISTS._Header
        fields, size = self.object_layout(name)
        # a byte list's header chains the record into the arena (freed after the call)
        data = STRINGS.malloc()(size)
        hdr = STRINGS.malloc()(ctypes.sizeof(_Header))
        if not data or not hdr:
            raise MemoryError("pts: out of memory")
        ctypes.memset(data, 0, size)
        ctypes.c_int64.from_address(data).value = list(self.classes).index(name)   # its tag
        h = _Header.from_address(hdr)
        h.len, h.cap, h.data = size, size, data
        STRINGS.push(self.ctx, hdr)
        to_native[id(obj)] = data
        boxed.append((obj, data, name))
        self.keep.append(obj)
        for f, off, t in fields:
            try:
                v = getattr(obj, f)
            except AttributeError:
                continue                     # not set yet: native code reads it as zeros
            self.write(data + off, v, t)
        return data

    def read_object(self, ptr: int, name: str):
        to_native, to_python, boxed = self._object_state()
        known = to_python.get(ptr)
        if known is not None:
            return known
        name = list(self.classes)[ctypes.c_int64.from_address(ptr).value]   # (a subclass's)
        cls = self.class_types.get(name)
        if cls is None:
            raise TypeError(f"pts cannot return an object of class {name} here")
        if issubclass(cls, tuple):                 # a NamedTuple: by its constructor
            fields, _ = self.object_layout(name)
            values = {f: self.read(ptr + off, t) for f, off, t in fields}
            obj = to_python[ptr] = cls(*[values[f] for f in cls._fields])
            return obj
        obj = cls.__new__(cls)
        to_python[ptr] = obj
        self.fill_object(obj, ptr, name)
        return obj

    def fill_object(self, obj, ptr: int, name: str) -> None:
        fields, _ = self.object_layout(name)
        for f, off, t in fields:
            object.__setattr__(obj, f, self.read(ptr + off, t))

    def map_back_objects(self) -> None:
        """The caller's objects are what their native records read back as."""
        to_native, to_python, boxed = self._object_state()
        for obj, ptr, _ in boxed:
            to_python[ptr] = obj

    def runtime_class(self, obj, name: str) -> str:
        """The name of obj's class in the class table: `name` or one of its subclasses."""
        from pts.ir.object_ops import subclass_of
        bases = getattr(self, "class_bases", {})
        members = name.split("|")                  # (a union of classes: one of them)
        for n, cls in self.class_types.items():
            if type(obj) is cls and any(subclass_of(n, m, bases) for m in members):
                return n
        raise TypeError(f"pts expected a {' or '.join(members)} object, not "
                        f"{type(obj).__name__}")

    def copy_back_objects(self) -> None:
        """The caller's objects get their native fields (after the lists are mapped)."""
        to_native, to_python, boxed = self._object_state()
        for obj, ptr, name in boxed:
            if not isinstance(obj, tuple):         # (a NamedTuple cannot change)
                self.fill_object(obj, ptr, name)


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
