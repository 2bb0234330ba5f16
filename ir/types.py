"""IR types: `i1 i64 f32 f64 none str` (and numpy's other dtypes and scalars: `i8 i16 i32 u8
u16 u32 u64 f16`), `tuple<...>`, `list<T>`, `tensor<dtype, rank>`,
`optional<T>` (a T or None; T is never none nor optional), `dict<K, V>` and `set<T>` (hash
tables: ir.dict_ops).

Types are immutable and compared by value; `str(t)` is the text form the IR printer uses
and `parse_type` reads it back.  The checker uses the same objects for Python types:
bool -> i1, int -> i64, float -> f64, None -> none.
"""
from __future__ import annotations

import sys
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Type:
    def __str__(self) -> str:  # pragma: no cover - every subclass overrides
        raise NotImplementedError

    @property
    def is_scalar(self) -> bool:
        return isinstance(self, ScalarType)

    @property
    def is_numeric(self) -> bool:
        return self in (I1, I32, I64, F32, F64, NPF64, NPI64, NPI1) + SMALL_DTYPES


@dataclass(frozen=True)
class ScalarType(Type):
    name: str

    def __str__(self) -> str:
        return self.name

    def __repr__(self) -> str:
        return self.name


@dataclass(frozen=True)
class TupleType(Type):
    elems: tuple[Type, ...]

    def __str__(self) -> str:
        return "tuple<" + ", ".join(str(e) for e in self.elems) + ">"

    __repr__ = __str__


@dataclass(frozen=True)
class ListType(Type):
    elem: Type

    def __str__(self) -> str:
        return f"list<{self.elem}>"

    __repr__ = __str__


@dataclass(frozen=True)
class VarTupleType(ListType):
    """Python's `Tuple[T, ...]`: a tuple whose length is known only at run time (of one
    element type).  It is a list at run time (the same native layout, the same list.* ops
    read it; nothing ever writes one after it is built) and a ListType to every reader of
    types, so len, indexing, slicing, iteration and the list library take it as they take a
    list; the checker refuses mutation (frontend/check_vartuple.py), and printing, hashing,
    equality and the call boundary ask `isinstance(t, VarTupleType)` first and treat it as a
    tuple.  Its own type: vtuple<i64> != list<i64>.  In the interpreter it is a Python tuple
    (`vtuple.from_list` makes one); natively that op is the identity."""

    def __str__(self) -> str:
        return f"vtuple<{self.elem}>"

    __repr__ = __str__


@dataclass(frozen=True)
class DictType(Type):
    key: Type
    val: Type

    def __str__(self) -> str:
        return f"dict<{self.key}, {self.val}>"

    __repr__ = __str__


@dataclass(frozen=True)
class SetType(Type):
    elem: Type

    def __str__(self) -> str:
        return f"set<{self.elem}>"

    __repr__ = __str__


@dataclass(frozen=True)
class TensorType(Type):
    dtype: ScalarType
    rank: int

    def __str__(self) -> str:
        return f"tensor<{self.dtype}, {self.rank}>"

    __repr__ = __str__


@dataclass(frozen=True)
class OptionalType(Type):
    """Python's Optional[T]: a value of T, or None.  The IR keeps it whole (the ops of
    ir.optional_ops make, test and unwrap one); natively it is `{i1 present, T}`."""
    elem: Type

    def __str__(self) -> str:
        return f"optional<{self.elem}>"

    __repr__ = __str__


@dataclass(frozen=True)
class ObjType(Type):
    """An object of a user class (`obj<Point>`): a reference to a record of fields in the
    call's arena (ir.object_ops).  The class's fields and their types are declared once per
    module (`Module.classes`, printed as `class Point {x: f64, y: f64}`), so a type names its
    class only and linked structures (`next: optional<obj<Node>>`) need no recursive type."""
    name: str

    def __str__(self) -> str:
        return f"obj<{self.name}>"

    __repr__ = __str__


I1 = ScalarType("i1")
I32 = ScalarType("i32")
I64 = ScalarType("i64")
F32 = ScalarType("f32")
F64 = ScalarType("f64")
# numpy's scalars of the dtypes Python also has: np.float64, np.int64, np.bool_.  They hold
# the same values as f64/i64/i1 but follow numpy's rules (NEP 50: they are "strong" in
# promotion; np.float64(1) / 0 is inf, not ZeroDivisionError).  f32 and i32 are always numpy.
# numpy's other dtypes, each its own numpy scalar type as f32 and i32 are: int8 int16
# (signed), uint8 uint16 uint32 uint64, float16 (stored as IEEE half, computed in float32
# and rounded back after every operation, as numpy's float16 ufuncs do)
I8 = ScalarType("i8")
I16 = ScalarType("i16")
U8 = ScalarType("u8")
U16 = ScalarType("u16")
U32 = ScalarType("u32")
U64 = ScalarType("u64")
F16 = ScalarType("f16")
SMALL_DTYPES = (I8, I16, U8, U16, U32, U64, F16)
NPF64 = ScalarType("npf64")
NPI64 = ScalarType("npi64")
NPI1 = ScalarType("npi1")
NONE = ScalarType("none")
STR = ScalarType("str")
# Python's complex: two f64 (ir.complex_ops); natively {double, double}
C128 = ScalarType("c128")

SCALARS = {t.name: t for t in (I1, I32, I64, F32, F64, NPF64, NPI64, NPI1, NONE, STR, C128)
           + SMALL_DTYPES}
NUMPY_SCALARS = (F32, I32, NPF64, NPI64, NPI1) + SMALL_DTYPES
# The numpy scalar type of each tensor dtype, and the plain type a numpy scalar computes as.
SCALAR_OF_DTYPE = {F32: F32, I32: I32, F64: NPF64, I64: NPI64, I1: NPI1,
                   **{t: t for t in SMALL_DTYPES}}
DTYPE_OF_SCALAR = {F32: F32, I32: I32, NPF64: F64, NPI64: I64, NPI1: I1, F64: F64, I64: I64,
                   I1: I1, **{t: t for t in SMALL_DTYPES}}
# The integer dtypes: their width in bits, and which of them are unsigned.  Every place
# that needs a width or a signedness reads these (the backend's registers, conversions,
# comparisons, divisions and shifts, the runtime's boxing).
INT_BITS = {I8: 8, U8: 8, I16: 16, U16: 16, I32: 32, U32: 32, I64: 64, U64: 64}
UNSIGNED = frozenset((U8, U16, U32, U64))
FLOAT_BITS = {F16: 16, F32: 32, F64: 64}

# How the checker and error messages name types in Python terms.
PY_NAMES = {I1: "bool", I64: "int", F64: "float", F32: "float32", I32: "int32",
            NPF64: "float64", NPI64: "int64", NPI1: "numpy.bool", NONE: "None", STR: "str",
            C128: "complex", I8: "int8", I16: "int16", U8: "uint8", U16: "uint16",
            U32: "uint32", U64: "uint64", F16: "float16"}

# Tensor element types and the numpy dtype names they stand for.
DTYPES = {"float32": F32, "float64": F64, "int32": I32, "int64": I64, "bool": I1,
          "int8": I8, "int16": I16, "uint8": U8, "uint16": U16, "uint32": U32,
          "uint64": U64, "float16": F16}
DTYPE_NAMES = {t: name for name, t in DTYPES.items()}
# `np.<attr>` names of the dtypes (np.float32, np.uint8, np.bool_): dtype= constants,
# annotations and numpy scalar conversions (np.uint8(x))
NP_DTYPE_ATTRS = {**{name: t for name, t in DTYPES.items() if name != "bool"}, "bool_": I1}


def py_name(t: Type) -> str:
    """A type as a Python user would write it: int, float, List[int], Tuple[int, float]."""
    if t in PY_NAMES:
        return PY_NAMES[t]
    if isinstance(t, VarTupleType):
        return f"Tuple[{py_name(t.elem)}, ...]"
    if isinstance(t, ListType):
        return f"List[{py_name(t.elem)}]"
    if isinstance(t, TupleType):
        return "Tuple[" + ", ".join(py_name(e) for e in t.elems) + "]"
    if isinstance(t, TensorType):
        return f"Tensor[{DTYPE_NAMES.get(t.dtype, t.dtype)}, {t.rank}-d]"
    if isinstance(t, OptionalType):
        return f"Optional[{py_name(t.elem)}]"
    if isinstance(t, DictType):
        return f"Dict[{py_name(t.key)}, {py_name(t.val)}]"
    if isinstance(t, SetType):
        return f"Set[{py_name(t.elem)}]"
    if isinstance(t, ObjType):
        return t.name.replace("|", " | ")        # (a union of classes: ir.object_ops)
    return str(t)


def parse_type(text: str) -> Type:
    """Read a type from its text form (inverse of str())."""
    t, rest = _parse_type(text.strip())
    if rest.strip():
        raise ValueError(f"trailing text after type: {rest!r}")
    return t


def _parse_type(s: str) -> tuple[Type, str]:
    s = s.lstrip()
    if s.startswith("obj<"):
        end = s.index(">")
        return ObjType(s[4:end]), s[end + 1:]
    for prefix in ("tuple<", "vtuple<", "list<", "tensor<", "optional<", "dict<", "set<"):
        if s.startswith(prefix):
            s = s[len(prefix):]
            args: list = []
            while True:
                s = s.lstrip()
                if s.startswith(">"):
                    s = s[1:]
                    break
                if prefix == "tensor<" and args:
                    num = ""
                    while s and s[0].isdigit():
                        num, s = num + s[0], s[1:]
                    args.append(int(num))
                else:
                    t, s = _parse_type(s)
                    args.append(t)
                s = s.lstrip()
                if s.startswith(","):
                    s = s[1:]
            if prefix == "tuple<":
                return TupleType(tuple(args)), s
            if prefix == "vtuple<":
                return VarTupleType(args[0]), s
            if prefix == "list<":
                return ListType(args[0]), s
            if prefix == "optional<":
                return OptionalType(args[0]), s
            if prefix == "dict<":
                return DictType(args[0], args[1]), s
            if prefix == "set<":
                return SetType(args[0]), s
            return TensorType(args[0], args[1]), s
    name = ""
    while s and (s[0].isalnum() or s[0] == "_"):
        name, s = name + s[0], s[1:]
    if name not in SCALARS:
        raise ValueError(f"unknown type {name!r}")
    return SCALARS[name], s


# the type of a dict or set argument: ir.dict_ops.type_of_container, which registers itself
# (it imports this module)
container_type = None

# the type of an argument that is an object of a user class: ir.object_ops.type_of_instance,
# which registers itself
object_type = None
# ir.object_ops sets it: the element type of a list of objects of several user classes
# (their common base, or the union of their classes), which needs their Python classes
objects_join = None

# the element type of `[]` before anything is appended (the checker's, and an empty list
# argument's until the callee's parameter decides)
UNKNOWN = ScalarType("unknown")
_BY_DTYPE: dict = {}


def _elem_join(a: Type, b: Type) -> Type | None:
    """The element type of a Python list holding values of types a and b: ints and floats
    make floats; None and T make Optional[T]; an empty inner list takes the other's type."""
    if {a, b} == {I64, F64}:
        return F64
    if NONE in (a, b):
        other = b if a == NONE else a
        return other if isinstance(other, OptionalType) else OptionalType(other)
    if isinstance(a, OptionalType) or isinstance(b, OptionalType):
        inner = [x.elem if isinstance(x, OptionalType) else x for x in (a, b)]
        j = inner[0] if inner[0] == inner[1] else _elem_join(*inner)
        return None if j is None or j == NONE else OptionalType(j)
    if isinstance(a, ListType) and isinstance(b, ListType):
        if a.elem == UNKNOWN:
            return b
        if b.elem == UNKNOWN:
            return a
        j = _elem_join(a.elem, b.elem) if a.elem != b.elem else a.elem
        return None if j is None else ListType(j)
    if isinstance(a, TupleType) and isinstance(b, TupleType) and len(a.elems) == len(b.elems):
        parts = [x if x == y else _elem_join(x, y) for x, y in zip(a.elems, b.elems)]
        return None if None in parts else TupleType(tuple(parts))
    if isinstance(a, (TupleType, VarTupleType)) and isinstance(b, (TupleType, VarTupleType)):
        # tuples of different lengths, one element type: a Tuple[T, ...]
        elems = {e for t in (a, b) for e in ((t.elem,) if isinstance(t, VarTupleType)
                                             else t.elems)}
        return VarTupleType(elems.pop()) if len(elems) == 1 else None
    return None


def _holdable(t: Type) -> bool:
    if isinstance(t, (ListType, OptionalType)):
        return t.elem == UNKNOWN or _holdable(t.elem)
    if isinstance(t, TupleType):
        return all(map(_holdable, t.elems))
    return True


def type_of_value(value: Any) -> Type:
    """The pts type of a Python argument value (the signature pts specializes on): what
    the compiler specializes on and what an archive's entries are looked up by.  A TypeError
    names what pts cannot pass.  Never imports numpy: a numpy value implies it is imported."""
    if isinstance(value, bool):
        return I1
    if isinstance(value, int):
        return I64
    if isinstance(value, float):
        return F64
    if isinstance(value, complex):
        return C128
    if value is None:                 # a parameter declared Optional takes it as its None
        return NONE
    if isinstance(value, str):        # becomes a constant of the specialization
        return STR
    if isinstance(value, tuple):
        if object_type is not None and hasattr(type(value), "_fields"):
            t = object_type(value)              # a NamedTuple: a record (ir.object_ops)
            if t is not None:
                return t
        return TupleType(tuple(type_of_value(v) for v in value))
    if isinstance(value, list):
        if objects_join is not None:
            t = objects_join(value)             # objects of several classes (ir.object_ops)
            if t is not None:
                return ListType(t)
        elem = UNKNOWN
        for v in value:
            t = type_of_value(v)
            if elem != UNKNOWN and t != elem:
                j = _elem_join(elem, t)
                if j is None:
                    raise TypeError(f"pts lists need elements of one type, not "
                                    f"{py_name(elem)} and {py_name(t)}")
                t = j
            elem = t
        if elem in (NONE,) or (elem != UNKNOWN and not _holdable(elem)):
            raise TypeError(f"pts lists cannot hold {py_name(elem)}")
        return ListType(elem)
    if isinstance(value, (dict, set, frozenset)) and container_type is not None:
        return container_type(value, type_of_value)       # Dict and Set (ir.dict_ops)
    np = sys.modules.get("numpy")
    if object_type is not None and not (np is not None and isinstance(value, np.generic)):
        t = object_type(value)                  # an object of a user class (ir.object_ops)
        if t is not None:
            return t
    if np is None:
        raise TypeError(f"pts cannot pass a value of type {type(value).__name__}")
    if isinstance(value, np.ndarray):
        if not _BY_DTYPE:
            _BY_DTYPE.update({np.dtype(name): t for name, t in DTYPES.items()})
        dtype = _BY_DTYPE.get(value.dtype)           # the native dtypes, without .name (slow)
        if dtype is not None:
            return TensorType(dtype, value.ndim)
        dtype = DTYPES.get(value.dtype.name)         # byte-swapped: TensorCall.box converts
        if dtype is None:
            raise TypeError(f"pts tensors have dtype {', '.join(DTYPES)}, "
                            f"not {value.dtype.name}")
        return TensorType(dtype, value.ndim)
    if isinstance(value, np.generic):
        t = DTYPES.get(value.dtype.name)
        if t is not None:
            return SCALAR_OF_DTYPE[t]
    raise TypeError(f"pts cannot pass a value of type {type(value).__name__}")
