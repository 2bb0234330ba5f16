"""Which list types exist and how they compare: the rules the checker (check.py,
check_iter.py, check_lists.py) and the lowering (lower_lists.py, lower_strings.py) share.
Imports nothing of the frontend, so every checker module may use it.

Contract: `list_elem_ok(t)`: may a list hold t; `orderable(t)`: has t a `<`;
`list_join(a, b)`: the list type two list types meet at (an empty list's unknown element
takes the other's), or None; `plain_list(t)`: compared by the list.eq op directly;
`prints_through_str(t)`: printed natively through str().
"""
from __future__ import annotations

from pts.ir.types import (C128, F64, I1, I64, NONE, NUMPY_SCALARS, STR, UNKNOWN, ListType, ObjType, OptionalType, VarTupleType,
                          TensorType, TupleType, Type)

SCALAR_ELEMS = (I1, I64, F64)                 # what the list.eq / `in` ops compare natively
MAXSIZE = (1 << 63) - 1


def list_elem_ok(t: Type) -> bool:
    """May a list hold values of type t?"""
    if t in SCALAR_ELEMS + (STR, NONE, C128) or t in NUMPY_SCALARS:
        return True
    if isinstance(t, ListType):
        return t.elem == UNKNOWN or list_elem_ok(t.elem)
    if isinstance(t, TupleType):
        return all(map(list_elem_ok, t.elems))
    if isinstance(t, OptionalType):
        return list_elem_ok(t.elem)
    return type(t) in (TensorType, ObjType)


def orderable(t: Type) -> bool:
    """Can values of type t be compared with `<` (numbers, str, lists of orderables)?"""
    if t in SCALAR_ELEMS + (STR,) or t in NUMPY_SCALARS:
        return True
    if isinstance(t, TupleType):
        return all(map(orderable, t.elems))
    return isinstance(t, ListType) and orderable(t.elem)


def list_join(a: ListType, b: ListType) -> Type | None:
    """Two list types one variable takes: an empty list's unknown element (at any depth)
    takes the other's; otherwise they must be equal (lists are invariant)."""
    if a == b:
        return a
    if a.elem == UNKNOWN:
        return b
    if b.elem == UNKNOWN:
        return a
    if isinstance(a.elem, ListType) and isinstance(b.elem, ListType):
        j = list_join(a.elem, b.elem)
        return None if j is None else ListType(j)
    return a if a == b else None


def plain_list(t: Type) -> bool:
    """A list the list.eq op and the `in` loop compare directly (numbers, or str)."""
    return isinstance(t, ListType) and t.elem in SCALAR_ELEMS


def prints_through_str(t: Type) -> bool:
    """Native print writes lists of numbers itself; a list of anything else (or a tuple
    holding one) is printed as its str(), made by the str ops."""
    if isinstance(t, ListType):        # (a Tuple[T, ...] prints as a tuple: through str)
        return t.elem not in SCALAR_ELEMS or isinstance(t, VarTupleType)
    if isinstance(t, TupleType):
        return any(map(prints_through_str, t.elems))
    return False


def index_function(t: ListType) -> str:
    """The stdlib/lists.py function of `xs.index(v)`: a tuple's has CPython's tuple message."""
    return "tuple_index" if isinstance(t, VarTupleType) else "index"
