"""Recursive tuple types: a function whose result holds its own result (the checker's part).

Benchmarks Game binary-trees builds `(i, make_tree(i, d), make_tree(i + 1, d))` or
`(i, None, None)`: its result type is T = Tuple[int, Optional[T], Optional[T]], which no
finite TupleType spells (each inference pass nests it once more).  When the passes show a
function's result growing by holding the previous pass's result inside a tuple of the same
length (`holds_itself`), the result becomes a *recursive tuple*: a record class made for
that specialization (`rec_tuple_class`), a NamedTuple-like class with fields item0, item1,
... and no annotations, so a field's type is the join of what the constructor stores into it
(None and the record itself meet at Optional[record]), as any unannotated field's.

From then on the function's `return (a, b, c)` (a tuple display, or a variable holding a
tuple, of the record's length) builds a record (`box_return`: the class's constructor
called with the elements), so the IR type is `obj<tuple>`: a reference to a boxed record
(ir.object_ops; natively a record in the call's arena like any object, freed with the arena
without recursion).  Everything a NamedTuple record does works on it: unpacking, constant
indexing, len, `is None` refinement of its Optional fields, passing, returning, lists of
them, `==` / `<` field by field as tuples.  What differs from a NamedTuple:
- repr / str / print show a plain tuple, `(1, (2, None, None), None)` (class_records);
- at the Python boundary a record returned becomes nested plain tuples (ir.object_ops's
  `records_out` for the interpreter, runtime.object_values natively), read without
  recursion so a long chain `(v, (v, (v, ...)))` crosses as CPython would build it.
A nested tuple passed in from Python has a finite tuple type: the function is specialized
on it as on any tuple (no record is made).
"""
from __future__ import annotations

import collections

from pts.ir.types import ListType, OptionalType, SetType, DictType, TupleType, Type

# (function, argument types) -> its record class: the same class through every round of a
# program's checking (frontend.program's Restart keys its field hints by class)
_CLASSES: dict = {}


def _unwrap(t: Type | None) -> Type | None:
    return t.elem if isinstance(t, OptionalType) else t


def _contains(t: Type, part: Type) -> bool:
    if t == part:
        return True
    if isinstance(t, TupleType):
        return any(_contains(e, part) for e in t.elems)
    if isinstance(t, (ListType, OptionalType, SetType)):
        return _contains(t.elem, part)
    if isinstance(t, DictType):
        return _contains(t.key, part) or _contains(t.val, part)
    return False


def holds_itself(before: Type | None, after: Type | None) -> bool:
    """Did one inference pass nest the result inside itself: `after` (or the tuple inside
    an Optional) a tuple of before's length with `before` among its elements (at any depth:
    `(v, [children])` holds it inside a list)?"""
    b, a = _unwrap(before), _unwrap(after)
    return (isinstance(a, TupleType) and isinstance(b, TupleType)
            and len(a.elems) == len(b.elems)
            and any(_contains(e, b) for e in a.elems))


def is_rec_tuple(cls) -> bool:
    return isinstance(cls, type) and cls.__dict__.get("__pts_rec_tuple__") is not None


def rec_tuple_class(pyfunc, arg_types: tuple, size: int, fdef) -> type:
    """The record class of `pyfunc`'s result for these argument types (made once)."""
    key = (pyfunc, arg_types)
    cls = _CLASSES.get(key)
    if cls is None or len(cls._fields) != size:
        cls = collections.namedtuple("tuple", [f"item{i}" for i in range(size)])
        cls.__module__ = getattr(pyfunc, "__module__", None) or "__main__"
        cls.__qualname__ = "tuple"
        # where its methods' spans point: the function that builds it
        filename = fdef.span.file if fdef.span is not None else "<tuple>"
        cls.__pts_rec_tuple__ = (filename, fdef.span.line if fdef.span is not None else 1)
        _CLASSES[key] = cls
    return cls


def rec_tuple_of(pyfunc, arg_types: tuple) -> type | None:
    """The record class found for this specialization in an earlier round, else None."""
    return _CLASSES.get((pyfunc, arg_types))


def tuple_items(value, cls) -> tuple:
    """A record (an interpreter Instance, or a NamedTuple value) as its fields, in order."""
    return tuple(getattr(value, f) for f in cls._fields)


def to_plain_tuples(value, class_of):
    """A recursive-tuple record and the records it holds as nested plain tuples, without
    recursion (a chain may be longer than Python's recursion limit).  `class_of(v)` is v's
    record class when v is a record of a recursive tuple, else None (left as it is)."""
    top = class_of(value)
    if top is None:
        return value
    done: dict = {}
    stack = [value]
    while stack:
        v = stack[-1]
        if id(v) in done:
            stack.pop()
            continue
        items = tuple_items(v, class_of(v))
        waiting = [x for x in items if class_of(x) is not None and id(x) not in done]
        if waiting:
            stack.extend(waiting)
            continue
        stack.pop()
        done[id(v)] = tuple(done[id(x)] if class_of(x) is not None else x for x in items)
    return done[id(value)]


class RecTupleChecks:
    """The checker's part (a mixin of frontend.check.FunctionChecker): `rec_tuple` is the
    record class of this specialization's result, once its passes found one."""

    rec_tuple = None

    def rec_tuple_start(self) -> None:
        """A later round of the program's checking (frontend.program's Restart) knows the
        record from the start."""
        self.rec_tuple = rec_tuple_of(self.spec.pyfunc, self.spec.arg_types)

    def rec_tuple_grew(self, before: Type | None, after: Type | None) -> bool:
        """An inference pass nested the result inside itself: the result becomes a record
        of its own class (its returns build one, `box_return`) and the passes start again
        knowing it.  True when it did."""
        if self.rec_tuple is not None or not holds_itself(before, after):
            return False
        size = len(_unwrap(after).elems)
        self.rec_tuple = rec_tuple_class(self.spec.pyfunc, self.spec.arg_types, size,
                                         self.fdef)
        from pts.frontend.check_classes import class_info
        obj = class_info(self.program, self.rec_tuple, self.fdef).obj
        self.spec.ret_type = OptionalType(obj) if isinstance(after, OptionalType) else obj
        return True

    def box_return(self, s) -> None:
        """`return (a, b, c)` (or `return t` of a variable holding such a tuple) in a
        function whose result is a recursive tuple: the record's constructor called with
        the elements (check_classes.call_class, through expr_Call's `rec_tuple_cls`)."""
        from pts.frontend import ast as A
        cls, v = self.rec_tuple, s.value
        if cls is None or v is None or getattr(v, "rec_tuple_cls", None) is not None:
            return
        size = len(cls._fields)
        if isinstance(v, A.TupleExpr) and len(v.elts) == size:
            args = list(v.elts)
        elif isinstance(v, A.Name) and isinstance(self.vars.get(self.var_key(v.id)), TupleType) \
                and len(self.vars[self.var_key(v.id)].elems) == size:
            args = [A.Starred(v, span=v.span)]
        else:
            return
        call = A.Call(A.Name("tuple", span=v.span), args, [], span=v.span)
        call.rec_tuple_cls = cls
        s.value = call

    def rec_tuple_call(self, e) -> Type | None:
        """The record built by box_return (expr_Call asks first), else None."""
        cls = getattr(e, "rec_tuple_cls", None)
        if cls is None:
            return None
        return self.call_class(e, cls, e.func)
