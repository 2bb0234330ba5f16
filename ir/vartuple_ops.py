"""The op of variable-length tuples (`vtuple<T>`, ir.types.VarTupleType; see the op table
in ir.op_table for what an entry holds).

A `vtuple<T>` is read by the list ops (list.len, list.get, list.eq take it: it is a
ListType), and is made from a list by one op:

  vtuple.from_list  (list<T>) -> vtuple<T>     the list's items as a tuple

The frontend applies it only to a fresh list nothing else holds or changes afterwards (a
tuple() of an iterable, a slice, a concatenation), so natively it is the identity (the same
object: a tuple is a list nobody writes); the interpreter runs it as Python's tuple(), so
its values print, compare and hash as CPython's tuples.
"""
from __future__ import annotations

from pts.ir.op_table import ALLOC, OpUse, define
from pts.ir.types import ListType, Type, VarTupleType


def _from_list(use: OpUse) -> Type:
    use.arity(1)
    t = use.types[0]
    if not isinstance(t, ListType) or isinstance(t, VarTupleType):
        use.fail(f"expected a list, found {t}")
    return VarTupleType(t.elem)


define("vtuple.from_list", ALLOC, lambda xs: tuple(xs), _from_list)
