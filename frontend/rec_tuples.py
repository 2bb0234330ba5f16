"""Recursive tuple types: a tuple that holds a tuple of its own kind (the checker's part).

Benchmarks Game binary-trees builds `(i, make_tree(i, d), make_tree(i + 1, d))` or
`(i, None, None)`: its result type is T = Tuple[int, Optional[T], Optional[T]], which no
finite TupleType spells (each inference pass nests it once more).  When the passes show a
function's result growing by holding the previous pass's result inside a tuple of the same
length (`holds_itself`; a recursive function's result only grows from pass to pass, check.py
`ret_floor`), or a variable's tuple holding its previous value (`xs = (i, xs)` in a loop,
`t = insert(t, k)`), that tuple becomes a *recursive tuple*: a record of a NamedTuple-like
class with fields item0, item1, ... and no annotations (`rec_tuple_class`: one class per
module and length, so the records one function builds are those another takes apart and
rebuilds), its fields seeded with the grown tuple's items read as the record
(`_substitute`) and widened, as any unannotated field, by what the constructor stores.

From then on the function's `return (a, b, c)` and the variable's `xs = (a, b)` (a tuple
display, or a variable holding a tuple, of the record's length) build a record (`_box`:
the class's constructor called with the elements), and the variable is declared the record
(Optional when None meets it), so the IR type is `obj<tuple>`: a reference to a boxed record
(ir.object_ops; natively a record in the call's arena like any object, freed with the arena
without recursion).  What a NamedTuple record does works on it: unpacking, constant
indexing (`record_index`: the field read), len, `is None` refinement of its Optional
fields, passing, returning, lists of them.  What differs from a NamedTuple
(frontend.class_records):
- repr / str / print show a plain tuple, `(1, (2, None, None), None)`; `==` compares
  Optional items as CPython (None equals only None); no ordering (`<` is a CompileError);
- at the Python boundary a record returned becomes nested plain tuples (ir.object_ops's
  `records_out` for the interpreter, runtime.object_values natively and for archives),
  read without recursion so a long chain `(v, (v, (v, ...)))` crosses.
A nested tuple passed in from Python has a finite tuple type: the function is specialized
on it as on any tuple (no record is made).  What a compile found is kept for the process
(`_FOUND`): a later round of the same program (frontend.program's Restart) or another
backend's compile starts knowing the records.
"""
from __future__ import annotations

import collections

from pts.ir.types import ListType, OptionalType, SetType, DictType, TupleType, Type

# (module, length) -> the record class: the same class through every round of a program's
# checking (frontend.program's Restart keys its field hints by class)
_CLASSES: dict = {}
# (function, argument types) -> the grown type of its result; (..., "vars") -> {variable:
# grown type}: what an earlier round (or compile) found, so it starts knowing the records
_FOUND: dict = {}


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


def rec_tuple_class(module: str, size: int, fdef) -> type:
    """The record class of the recursive tuples of `size` items of a module (made once:
    one per length, so the records one function builds are the ones another takes apart
    and rebuilds, a search tree's insert; their fields join what every function stores)."""
    key = (module, size)
    cls = _CLASSES.get(key)
    if cls is None:
        cls = collections.namedtuple("tuple", [f"item{i}" for i in range(size)])
        cls.__module__ = module
        cls.__qualname__ = "tuple"
        # where its methods' spans point: the first function that builds one
        span = fdef.span
        cls.__pts_rec_tuple__ = (span.file, span.line) if span is not None else ("<tuple>", 1)
        _CLASSES[key] = cls
    return cls


def _substitute(t: Type, size: int, obj: Type) -> Type:
    """t with every tuple of `size` items (a level of the growing type) replaced by the
    record `obj`: the field types a detected recursive tuple starts with."""
    if isinstance(t, TupleType):
        return obj if len(t.elems) == size else TupleType(
            tuple(_substitute(e, size, obj) for e in t.elems))
    if isinstance(t, OptionalType):
        inner = _substitute(t.elem, size, obj)
        return inner if isinstance(inner, OptionalType) else OptionalType(inner)
    if isinstance(t, ListType) and type(t) is ListType:
        return ListType(_substitute(t.elem, size, obj))
    return t


def _record_type(grown: Type, info) -> Type:
    return OptionalType(info.obj) if isinstance(grown, OptionalType) else info.obj


class RecTupleChecks:
    """The checker's part (a mixin of frontend.check.FunctionChecker): `rec_tuple` is the
    record class of this specialization's result, and `rec_vars` (variable -> class) the
    variables that hold recursive tuples, once its passes found them."""

    rec_tuple = None
    calls_itself = False          # a direct recursive call: the result only grows (infer)

    def rec_tuple_start(self) -> None:
        """A later round of the program's checking (frontend.program's Restart) knows the
        records from the start."""
        key = (self.spec.pyfunc, self.spec.arg_types)
        self.rec_vars = {}
        grown = _FOUND.get(key)
        if grown is not None:
            self.rec_tuple, info = self._rec_record(grown)
            if self.spec.ret_type is None:      # (what its recursive calls return)
                self.spec.ret_type = _record_type(grown, info)
        for name, grown in _FOUND.get(key + ("vars",), {}).items():
            self.rec_vars[name], info = self._rec_record(grown)
            self.declared[name] = self.vars[name] = _record_type(grown, info)

    def _rec_record(self, grown: Type):
        """The record class for a tuple type that holds itself, its fields seeded with the
        tuple's items (each level of the growth read as the record)."""
        tt = _unwrap(grown)
        size = len(tt.elems)
        module = getattr(self.spec.pyfunc, "__module__", None) or "__main__"
        cls = rec_tuple_class(module, size, self.fdef)
        info = self.class_info_of(cls, self.fdef)           # (check_classes)
        for name, et in zip(cls._fields, tt.elems):
            if name not in info.fields:
                info.fields[name] = _substitute(et, size, info.obj)
        return cls, info

    def rec_tuple_grew(self, before: Type | None, after: Type | None) -> bool:
        """An inference pass nested the result inside itself: the result becomes a record
        (its returns build one, `box_return`) and the passes start again knowing it.  True
        when it did."""
        if self.rec_tuple is not None or not holds_itself(before, after):
            return False
        self.rec_tuple, info = self._rec_record(after)
        _FOUND[(self.spec.pyfunc, self.spec.arg_types)] = after
        self.spec.ret_type = _record_type(after, info)
        return True

    def rec_vars_grew(self, before: dict) -> bool:
        """A variable whose tuple holds its own previous value (`xs = (x, xs)` in a loop):
        its tuple displays build records from now on (`box_assign`).  True when one did."""
        grown = False
        found = _FOUND.setdefault((self.spec.pyfunc, self.spec.arg_types, "vars"), {})
        for key, after in self.vars.items():
            if key not in self.rec_vars and holds_itself(before.get(key), after):
                self.rec_vars[key], info = self._rec_record(after)
                # its type from now on (a call's result assigned to it is checked against
                # it: `t = insert(t, k)` specializes insert on the record)
                self.declared[key] = _record_type(after, info)
                found[key] = after
                grown = True
        return grown

    def rec_var_types(self) -> dict:
        """The types of the variables that hold recursive tuples (the passes start again
        from the parameters and these)."""
        return {k: self.declared[k] for k in self.rec_vars}

    def box_assign(self, s) -> None:
        """`xs = (x, xs)` of a variable that holds a recursive tuple: the record built."""
        from pts.frontend import ast as A
        if len(s.targets) != 1 or not isinstance(s.targets[0], A.Name) or not self.rec_vars:
            return
        cls = self.rec_vars.get(self.var_key(s.targets[0].id))
        if cls is not None:
            self._box(s, cls)

    def box_return(self, s) -> None:
        """`return (a, b, c)` (or `return t` of a variable holding such a tuple) in a
        function whose result is a recursive tuple: the record's constructor called with
        the elements (check_classes.call_class, through expr_Call's `rec_tuple_cls`)."""
        if self.rec_tuple is not None:
            self._box(s, self.rec_tuple)

    def _box(self, s, cls) -> None:
        from pts.frontend import ast as A
        v = s.value
        if v is None or getattr(v, "rec_tuple_cls", None) is not None:
            return
        size = len(cls._fields)
        if isinstance(v, A.TupleExpr) and len(v.elts) == size:
            args = list(v.elts)
        elif isinstance(v, A.Name) and isinstance(self.vars.get(self.var_key(v.id)), TupleType) \
                and len(self.vars[self.var_key(v.id)].elems) == size:
            args = [A.Starred(v, span=v.span)]
        else:
            return
        for name, a in zip(cls._fields, args):
            if isinstance(a, A.ListExpr) and not a.elts:
                a.rec_field = (cls, name)       # `(label, [])`: a list of the item's type
        call = A.Call(A.Name("tuple", span=v.span), args, [], span=v.span)
        call.rec_tuple_cls = cls
        s.value = call

    def rec_tuple_call(self, e) -> Type | None:
        """The record built by box_return (expr_Call asks first), else None."""
        cls = getattr(e, "rec_tuple_cls", None)
        if cls is None:
            return None
        return self.call_class(e, cls, e.func)

    def record_index(self, e, t: Type, k: int | None) -> Type | None:
        """`t[k]` with k a constant int, of a recursive tuple's record or a NamedTuple: the
        field read (`e.record_field`), whatever the other fields' types (CPython's tuple
        indexing; the generated `__getitem__` needs one item type).  None otherwise."""
        import inspect
        from pts.frontend.class_records import is_namedtuple
        from pts.ir.object_ops import is_union
        if k is None or is_union(t):
            return None
        info = self.class_of(t)
        if not is_namedtuple(info.cls) or \
                inspect.getattr_static(info.cls, "__getitem__") is not tuple.__getitem__:
            return None                 # (a NamedTuple's own __getitem__ is called)
        self.expr(e.index)
        names = info.cls._fields
        if not -len(names) <= k < len(names):
            raise self.error("tuple index out of range", e.index)
        name = names[k % len(names)]
        if name not in info.fields:
            raise self.error(f"field '{name}' of {info.cls.__name__} is never set", e)
        e.record_field = name
        return info.fields[name]

    def rec_field_expected(self, e) -> Type | None:
        """The type an empty `[]` given for a record's item is built as (check.expr): the
        item's, once known, so `(label, [])` is not decided as a List[int]."""
        cls, name = e.rec_field
        t = self.class_info_of(cls, e).fields.get(name)
        return t if isinstance(t, ListType) else None
