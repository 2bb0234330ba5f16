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
import struct

from pts.ir.types import TupleType


# runtime.list_values (which imports this module): it sets this to itself
LISTS = None


# what a field holds, for the marshalling loops (ClassPlan.kinds): a bool, an int, a float,
# an object, an Optional object, a list; anything else goes through Marshal.write / read
_BOOL, _INT, _FLOAT, _OBJ, _OPT_OBJ, _LIST, _OTHER = range(7)


class ClassPlan:
    """How an object of one class crosses, computed once per class table: its tag, its
    record's size, and per field (name, offset, type, kind, class name of an object field).
    Type objects are dataclasses whose hashing and comparing run Python code, so the
    per-object loops below look at `kind` only."""

    def __init__(self, classes: dict, name: str):
        from pts.ir.types import F64, I1, I64, ListType, ObjType, OptionalType
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
            elif type(t) is ListType:
                kind = _LIST
            else:
                kind = _OTHER
            self.fields.append((f, off, t, kind, cls))
            self.spans.append((off, off + LISTS.layout(t)[0]))
        self.runtime_names: dict = {}        # (Python class, declared name) -> class name
        # the record as one struct.pack_into: the tag, then each field the fast kinds hold
        # (bytes of the other kinds stay zero here; Marshal.write fills them after)
        fmt, at = "=q", 8
        for (f, off, t, kind, cls), (lo, hi) in zip(self.fields, self.spans):
            fmt += "x" * (off - at)
            fmt += {_BOOL: "B", _INT: "q", _FLOAT: "d", _OBJ: "Q", _LIST: "Q",
                    _OPT_OBJ: "B7xQ"}.get(kind, "x" * (hi - lo))
            at = hi
        self.packer = struct.Struct(fmt + "x" * (self.size - at))
        assert self.packer.size == self.size
        self.others = [(f, off, t) for f, off, t, kind, _ in self.fields if kind == _OTHER]
        self.pack_fields = _pack_function(self)


def _pack_function(plan: ClassPlan):
    """`pack(m, obj, buf, at, known)`: obj's tag and fast-kind fields packed into buf at
    `at` in one call (an unset field as zeros: native code reads it so), the objects and
    lists they reach made by m.new_object / m.new_list (`known`: id -> record, the objects
    made already); False (nothing written) when an int does not fit or a list field holds
    something else, which ObjectMarshal._write_fields then does field by field.  Generated
    per class, as dataclasses generates __init__: straight-line conversions instead of a
    loop that dispatches on each field's kind."""
    lines, args, elems = [], ["tag"], {}
    for i, (f, off, t, kind, cls) in enumerate(plan.fields):
        if kind == _OTHER:
            continue
        v = f"v{i}"
        lines.append(f"{v} = getattr(obj, {f!r}, UNSET)")
        if kind == _BOOL:
            args.append(f"(1 if {v} is not UNSET and {v} else 0)")
        elif kind == _INT:
            lines.append(f"if {v} is UNSET: {v} = 0")
            lines.append(f"elif type({v}) is not int or not -LIMIT <= {v} < LIMIT: return False")
            args.append(v)
        elif kind == _FLOAT:
            args.append(f"(0.0 if {v} is UNSET else float({v}))")
        elif kind == _LIST:
            elems[f"e{i}"] = t.elem
            lines.append(f"if {v} is UNSET: p{v} = 0")
            lines.append(f"elif type({v}) is not list: return False")
            lines.append(f"else: p{v} = m.new_list({v}, e{i})")
            args.append(f"p{v}")
        elif kind == _OBJ:
            lines.append(f"if {v} is UNSET: p{v} = 0")
            lines.append(f"else:")
            lines.append(f"    p{v} = known.get(id({v}))")
            lines.append(f"    if p{v} is None: p{v} = m.new_object({v}, {cls!r})")
            args.append(f"p{v}")
        else:                                  # _OPT_OBJ
            lines.append(f"if {v} is None or {v} is UNSET: f{v} = p{v} = 0")
            lines.append(f"else:")
            lines.append(f"    f{v}, p{v} = 1, known.get(id({v}))")
            lines.append(f"    if p{v} is None: p{v} = m.new_object({v}, {cls!r})")
            args += [f"f{v}", f"p{v}"]
    body = ["def pack(m, obj, buf, at, known):"] + ["    " + line for line in lines]
    body += [f"    pack_into(buf, at, {', '.join(args)})", "    return True"]
    scope = {"UNSET": _UNSET, "LIMIT": _I64_LIMIT, "pack_into": plan.packer.pack_into,
             "tag": plan.tag, **elems}
    exec("\n".join(body), scope)
    return scope["pack"]


_UNSET = object()


def class_plan(classes: dict, plans: dict, name: str) -> ClassPlan:
    """The plan of class `name` of table `classes`, kept in `plans` (a NativeEntry keeps
    one dict per class table: the plans are made once per compiled signature)."""
    plan = plans.get(name)
    if plan is None:
        if name not in classes:
            raise TypeError(f"pts cannot pass an object of class {name} here")
        plan = plans[name] = ClassPlan(classes, name)
    return plan


# records of objects passed in are carved from blocks of up to this many bytes, each one
# byte list of the call's arena (a record is never freed or grown on its own)
_BLOCK = 1 << 16


class ObjectMarshal:
    """The objects of one call (a mixin of list_values.Marshal: `write`, `read`, `ctx`).

    Objects reach objects (a linked list is a chain of them), so neither direction
    recurses through object fields: an object's record is made (or its Python object
    created) at once, its fields are filled from a work list that the outermost call
    empties — a chain of any length crosses in constant stack depth."""

    classes: dict = {}
    class_types: dict = {}
    plans: dict | None = None              # name -> ClassPlan (NativeEntry sets its own)

    def plan(self, name: str) -> ClassPlan:
        if self.plans is None:
            self.plans = {}
        return class_plan(self.classes, self.plans, name)

    def _object_state(self):
        st = self.__dict__.get("_objects")
        if st is None:
            # id -> ptr, ptr -> obj, boxed, objects still to fill (each way), filling now
            # (each way)
            st = self.__dict__["_objects"] = ({}, {}, [], [], [], [False, False])
        return st

    def object_layout(self, name: str):
        plan = self.plan(name)
        return [(f, off, t) for f, off, t, _, _ in plan.fields], plan.size

    def new_object(self, obj, name: str) -> int:
        to_native, to_python, boxed, pending, _, busy = self._object_state()
        known = to_native.get(id(obj))
        if known is not None:
            return known
        plan = self.runtime_plan(obj, name)
        block = self.__dict__.get("_block")
        size = plan.size
        if block is None or block[1] + size > block[2]:
            block = self._new_block(size)
        data = block[0] + block[1]
        block[1] += (size + 7) & ~7
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

    def _new_block(self, size: int) -> list:
        """[address, bytes used, bytes, its buffer]: zeroed memory for records, one byte
        list of the call's arena (freed with it)."""
        STRINGS, _Header = LISTS.STRINGS, LISTS._Header
        blocks = self.__dict__.setdefault("_blocks", [])
        n = max(min(_BLOCK, 1024 << 2 * len(blocks)), size)     # (1 KB for a few objects)
        malloc = STRINGS.malloc()
        data, hdr = malloc(n), malloc(ctypes.sizeof(_Header))
        if not data or not hdr:
            raise MemoryError("pts: out of memory")
        ctypes.memset(data, 0, n)
        h = _Header.from_address(hdr)
        h.len, h.cap, h.data = n, n, data
        STRINGS.push(self.ctx, hdr)
        block = self.__dict__["_block"] = [data, 0, n, (ctypes.c_char * n).from_address(data)]
        blocks.append(block)
        return block

    def seal_objects(self) -> None:
        """Keep the bytes of every record as the caller's objects filled them (just before
        the native call): copy_back_objects compares against them."""
        self.__dict__["_sealed"] = [(b[0], b[1], ctypes.string_at(b[0], b[1]))
                                    for b in self.__dict__.get("_blocks", ())]

    def _write_fields(self, obj, data: int, plan: ClassPlan) -> None:
        """obj's record: its tag and fields in one pack, then the fields of other kinds;
        (seal_objects keeps the bytes it came in with)."""
        buf, at = self._buffer_of(data, plan.size)
        if plan.pack_fields(self, obj, buf, at, self._object_state()[0]):
            for f, off, t in plan.others:
                try:
                    v = getattr(obj, f)
                except AttributeError:
                    continue
                self.write(data + off, v, t)
        else:
            self._write_fields_one_by_one(obj, data, plan)

    def _write_fields_one_by_one(self, obj, data: int, plan: ClassPlan) -> None:
        values = [plan.tag]
        later = []
        for f, off, t, kind, cls in plan.fields:
            try:
                v = getattr(obj, f)
            except AttributeError:           # not set yet: native code reads it as zeros
                values.extend(_ZEROS[kind])
                continue
            if kind == _OBJ:
                values.append(self.new_object(v, cls))
            elif kind == _OPT_OBJ:
                values.extend((0, 0) if v is None else (1, self.new_object(v, cls)))
            elif kind == _FLOAT:
                values.append(float(v))
            elif kind == _INT:
                if type(v) is int and -_I64_LIMIT <= v < _I64_LIMIT:
                    values.append(v)
                else:                        # (write's conversion and its OverflowError)
                    values.append(0)
                    later.append((data + off, v, t))
            elif kind == _BOOL:
                values.append(1 if v else 0)
            else:
                if kind == _LIST:
                    values.append(0)
                later.append((data + off, v, t))
        plan.packer.pack_into(*self._buffer_of(data, plan.size), *values)
        for addr, v, t in later:
            self.write(addr, v, t)

    def _buffer_of(self, data: int, size: int) -> tuple:
        """(buffer, offset) of a record of this call's blocks: the current block's buffer,
        or one over the record (a record filled after a new block was begun)."""
        block = self.__dict__["_block"]
        if block[0] <= data < block[0] + block[2]:
            return block[3], data - block[0]
        return (ctypes.c_char * size).from_address(data), 0

    def read_object(self, ptr: int, name: str):
        to_native, to_python, boxed, _, pending, busy = self._object_state()
        known = to_python.get(ptr)
        if known is not None:
            return known
        plan = self.plan(list(self.classes)[_I64.from_address(ptr).value])
        cls = self.class_types.get(plan.name)         # (a subclass's)
        if cls is None:
            raise TypeError(f"pts cannot return an object of class {plan.name} here")
        if getattr(cls, "__pts_rec_tuple__", None) is not None:
            return self._read_rec_tuple(ptr)       # nested plain tuples (frontend.rec_tuples)
        if issubclass(cls, tuple):                 # a NamedTuple: by its constructor
            values = {f: self.read(ptr + off, t) for f, off, t, _, _ in plan.fields}
            obj = to_python[ptr] = cls(*[values[f] for f in cls._fields])
            return obj
        obj = cls.__new__(cls)
        to_python[ptr] = obj
        pending.append((obj, ptr, plan, None, None))
        self._fill_pending()
        return obj

    def _rec_tuple_plan(self, ptr: int):
        """The plan of the record at ptr when its class is a recursive tuple's, else None."""
        if not ptr:
            return None
        plan = self.plan(list(self.classes)[_I64.from_address(ptr).value])
        cls = self.class_types.get(plan.name)
        return plan if getattr(cls, "__pts_rec_tuple__", None) is not None else None

    def _read_rec_tuple(self, ptr: int):
        """A recursive tuple's record as nested plain tuples, read with a work list rather
        than recursion (a chain may be longer than Python's recursion limit)."""
        to_python = self._object_state()[1]

        def fields(p):
            """[(record pointer or None, value)] of each field of the record at p."""
            out = []
            for f, off, t, kind, _ in self._rec_tuple_plan(p).fields:
                addr = p + off
                inner = None
                if kind == _OBJ:
                    inner = _PTR.from_address(addr).value
                elif kind == _OPT_OBJ and _U8.from_address(addr).value & 1:
                    inner = _PTR.from_address(addr + 8).value
                if inner is not None and self._rec_tuple_plan(inner) is not None:
                    out.append((inner, None))
                elif kind == _OPT_OBJ and not _U8.from_address(addr).value & 1:
                    out.append((None, None))
                else:
                    out.append((None, self.read(addr, t)))
            return out

        stack = [ptr]
        while stack:
            p = stack[-1]
            if p in to_python:
                stack.pop()
                continue
            items = fields(p)
            waiting = [q for q, _ in items if q is not None and q not in to_python]
            if waiting:
                stack.extend(waiting)
                continue
            stack.pop()
            to_python[p] = tuple(to_python[q] if q is not None else v for q, v in items)
        return to_python[ptr]

    def _fill_pending(self) -> None:
        _, _, _, _, pending, busy = self._object_state()
        if busy[1]:
            return
        busy[1] = True
        try:
            while pending:
                self._read_fields(*pending.pop())
        finally:
            busy[1] = False
            pending.clear()

    def _read_fields(self, obj, ptr: int, plan: ClassPlan, now: bytes | None,
                     before: bytes | None) -> None:
        """Set obj's fields from its record: all of them, or (`before`, `now`: the record's
        bytes when the call began and after it) those whose bytes changed."""
        setattr_ = object.__setattr__
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
        _, _, _, _, pending, _ = self._object_state()
        pending.append((obj, ptr, self.plan(name), None, None))
        self._fill_pending()

    def map_back_objects(self) -> None:
        """The caller's objects are what their native records read back as."""
        to_native, to_python, boxed, _, _, _ = self._object_state()
        for obj, ptr, _ in boxed:
            to_python[ptr] = obj

    def runtime_plan(self, obj, name: str) -> ClassPlan:
        """The plan of obj's class in the class table: `name` or one of its subclasses (or
        one of the members of a union of classes, "A|B")."""
        if "|" in name:
            return self.plan(self.runtime_class(obj, name))
        plan = self.plan(name)
        key = type(obj)
        found = plan.runtime_names.get(key)
        if found is None:
            found = plan.runtime_names[key] = self.plan(self.runtime_class(obj, name))
        return found

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
        """The caller's objects get the native fields the call changed (after the lists are
        mapped).  A field with the bytes it came in with holds what the object held (an
        object field points at the record of the same object; a list, dict or set field
        at a runtime list or hash copied back on its own), so it is left as it is — as
        CPython leaves a field no code wrote (an int in a float field stays an int, an
        attribute never set stays unset) — and an object no code wrote costs one compare."""
        to_native, to_python, boxed, _, pending, _ = self._object_state()
        sealed = self.__dict__.get("_sealed")
        if sealed is None:                         # (not sealed: every field)
            pending.extend((obj, ptr, plan, None, None) for obj, ptr, plan in boxed
                           if not isinstance(obj, tuple))
            self._fill_pending()
            return
        # records were carved in the order of `boxed`, block after block: one compare per
        # block, and one per record of a block the call changed
        blocks = [(a, n, before, ctypes.string_at(a, n)) for a, n, before in sealed]
        blocks = [(a, n, before, None if now == before else now) for a, n, before, now in blocks]
        a = n = 0
        for obj, ptr, plan in boxed:
            if not a <= ptr < a + n:
                a, n, before, now = next(b for b in blocks if b[0] <= ptr < b[0] + b[1])
            if now is None or isinstance(obj, tuple):   # (a NamedTuple cannot change)
                continue
            lo = ptr - a
            hi = lo + plan.size
            if now[lo:hi] != before[lo:hi]:
                pending.append((obj, ptr, plan, now[lo:hi], before[lo:hi]))
        self._fill_pending()


_PTR, _U8, _I64, _F64 = ctypes.c_void_p, ctypes.c_uint8, ctypes.c_int64, ctypes.c_double
_I64_LIMIT = 1 << 63
_ZEROS = {_BOOL: (0,), _INT: (0,), _FLOAT: (0.0,), _OBJ: (0,), _OPT_OBJ: (0, 0), _LIST: (0,),
          _OTHER: ()}


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
        if r.get("rec_tuple"):       # returned as nested plain tuples (_read_rec_tuple)
            types[r["name"]] = type("tuple", (tuple,), {"__pts_rec_tuple__": ("<archive>", 0)})
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
