"""Type checking of variable-length tuples, `Tuple[T, ...]` (a mixin of
check.FunctionChecker; the type is ir.types.VarTupleType).

Representation (the decision): a `Tuple[T, ...]` is a list at run time — the same native
object layout, read by the same list ops and the same stdlib/lists.py library — and a
ListType subclass to the checker, so every read of a list (len, indexing, slicing,
iteration, `in`, count/index, comparisons, sorted/sum/min/max/..., unpacking) takes it
unchanged.  What differs is here: it is immutable (every write a list allows is refused
with CPython's TypeError/AttributeError wording), results that CPython makes tuples are
tuples (`t[a:b]`, `t + u`, `t * n`), and a tuple of a length known when compiling meets
it where one type is needed (an annotation, a join of two paths, `+` and comparisons):
`(1, 2)` on one path and `(1, 2, 3)` on another make a `Tuple[int, ...]`.

Where one arises: `Tuple[T, ...]` annotations; `tuple(iterable)` of an iterable whose length
is not known when compiling; `zip(*xs)` over a list of sequences.
"""
from __future__ import annotations

from pts.frontend import ast as A
from pts.ir.types import (I1, I64, STR, UNKNOWN, ListType, TupleType, Type, VarTupleType,
                          py_name)


def type_word(t: Type) -> str:
    """A type as CPython's TypeError messages name it: int, str, list, tuple."""
    if isinstance(t, VarTupleType) or isinstance(t, TupleType):
        return "tuple"
    if isinstance(t, ListType):
        return "list"
    return {I64: "int", I1: "bool", STR: "str"}.get(t, py_name(t))


def homogeneous(t: Type) -> Type | None:
    """The element type of a fixed tuple all of whose items have one type (None if not)."""
    if isinstance(t, TupleType) and t.elems and all(e == t.elems[0] for e in t.elems):
        return t.elems[0]
    return None


def vartuple_join(a: Type, b: Type) -> Type | None:
    """The Tuple[T, ...] that holds values of types a and b (two paths of one variable),
    or None when they are not both tuples of one element type (a fixed one included)."""
    if not (isinstance(a, VarTupleType) or isinstance(b, VarTupleType)
            or (isinstance(a, TupleType) and isinstance(b, TupleType)
                and len(a.elems) != len(b.elems))):
        return None
    elems = []
    for t in (a, b):
        if isinstance(t, VarTupleType):
            elems.append(t.elem)
        elif isinstance(t, TupleType):
            if not t.elems:
                continue                       # () fits any Tuple[T, ...]
            h = homogeneous(t)
            if h is None:
                return None
            elems.append(h)
        else:
            return None
    if not elems:
        return None
    if all(e == elems[0] for e in elems):
        return VarTupleType(elems[0])
    return None


def fits(actual: Type, want: Type) -> bool:
    """May a value of type actual be used where want, a Tuple[T, ...], is expected?"""
    if actual == want:
        return True
    if isinstance(actual, TupleType) and isinstance(want, VarTupleType):
        return all(e == want.elem for e in actual.elems)
    return False


def vartuple_operands(op: str, left: Type, right: Type) -> tuple[Type, Type]:
    """The operand types a comparison of a Tuple[T, ...] with a fixed tuple of its element
    type is checked (and lowered: lower_vartuple) as: both Tuple[T, ...]."""
    if op in ("in", "not in"):
        return left, right
    if isinstance(left, VarTupleType) and fits(right, left):
        return left, left
    if isinstance(right, VarTupleType) and fits(left, right):
        return right, right
    return left, right


class VarTupleChecks:
    """tuple() of a run-time length, and what a Tuple[T, ...] refuses."""

    def vartuple_of(self, e: A.Call, elem: Type, a: A.Expr) -> Type:
        """`tuple(iterable)` whose length is known only at run time."""
        if isinstance(getattr(a, "ty", None), VarTupleType) and not getattr(a, "lazy", False):
            e.same = True                       # tuple(t) is t
            return a.ty
        if elem == UNKNOWN:
            raise self.error("tuple() of an empty list: pts cannot tell the element type "
                             "(annotate the list)", a)
        self.as_list(elem, a, "tuple()", mark=False)
        e.same = False
        e.length = None
        return VarTupleType(elem)

    def vartuple_binop(self, op: str, a: Type, b: Type, node) -> Type | None:
        """`t + u` with a Tuple[T, ...] on either side (two fixed tuples stay fixed),
        `t * n`, and a fixed tuple of one element type repeated by a count known only at
        run time; None when this is not such an operation."""
        if op == "+" and (isinstance(a, VarTupleType) or isinstance(b, VarTupleType)):
            j = vartuple_join(a, b)
            if j is not None:
                return j
            other = b if isinstance(a, VarTupleType) else a
            if isinstance(other, (TupleType, VarTupleType)):
                raise self.error(f"cannot concatenate {py_name(a)} and {py_name(b)}: a tuple "
                                 f"of run-time length holds one element type", node)
            raise self.error(f'can only concatenate tuple (not "{type_word(other)}") to tuple',
                             node)
        if op != "*":
            return None
        for seq, count, count_e in ((a, b, getattr(node, "right", None)),
                                    (b, a, getattr(node, "left", None))):
            if count not in (I64, I1):
                continue
            if isinstance(seq, VarTupleType):
                return seq
            if isinstance(seq, TupleType) and count_e is not None \
                    and type(self.known_value(count_e)) not in (int, bool):
                h = homogeneous(seq)
                if h is not None:
                    return VarTupleType(h)
        return None

    def zip_star_elem(self, e: A.Call) -> Type:
        """`zip(*rows)`, rows a list (or Tuple[..., ...]) of lists or Tuple[T, ...]: it
        yields Tuple[T, ...] (as many items as rows; the shortest row ends it)."""
        if len(e.args) != 1 or e.keywords:
            raise self.error("zip(*rows) is supported with the one starred argument", e)
        rows = self.expr(e.args[0].value)
        inner = rows.elem if isinstance(rows, ListType) else None
        if homogeneous(inner) is not None:      # rows of fixed tuples: made Tuple[T, ...]
            inner = VarTupleType(homogeneous(inner))
        if not isinstance(inner, ListType) or inner.elem == UNKNOWN:
            raise self.error(f"zip(*rows) needs a list of lists or of tuples of one element "
                             f"type, not {py_name(rows)}", e.args[0])
        e.zip_star = True
        e.args[0].ty = rows
        return VarTupleType(inner.elem)

    def vartuple_refuse_write(self, t: Type, what: str, node) -> None:
        """`t[i] = v`, `del t[i]`, `t.append(v)`, ...: CPython's TypeError/AttributeError,
        at compile time (a tuple is never written)."""
        if not isinstance(t, VarTupleType):
            return
        if what == "item assignment":
            raise self.error("'tuple' object does not support item assignment", node)
        if what == "item deletion":
            raise self.error("'tuple' object doesn't support item deletion", node)
        raise self.error(f"'tuple' object has no attribute '{what}'", node)

