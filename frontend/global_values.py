"""Module-level values that scripted code reads: which ones fold into the code as
constants, and where a folded list may be used.

Python looks a global up when the code runs.  pts compiles the value of an immutable
global that it finds at compile time into the code instead (as TorchScript does with every
global), which gives CPython's results as long as the global is not rebound afterwards:

- numbers, bools, strings and tuples of them (None among a tuple's items too) are
  immutable: they fold as constants (`constant_type`);
- a list of those (`SMALL = ["zero", "one", ...]`, `TENS = [None, None, "twenty", ...]`:
  List[Optional[str]]) folds as a constant too, where a function only reads it:
  `G[i]`, `G[a:b]`, `len(G)`, `for x in G` (and comprehensions), `x in G`, comparisons,
  `G + H`, `G * n`, `G.index(x)`, `G.count(x)`, and builtins that only iterate
  (`enumerate(G)`, `sorted(G)`, `list(G)`, ...) — `mark_reading_uses` marks those Names.
  The lowering builds one copy per call of the function (lower_lists.build_global_lists)
  that these uses neither keep nor change, and the Python boundary checks at each call
  that the module's list still equals the folded value (frontend.shared_globals:
  otherwise it compiles again, sharing the list from then on).  A function that keeps,
  passes or changes the list (`x = G`, `f(G)`, `G.append(v)`, `G[i] = v`), and any
  dict, set or list of other items, shares the module's object instead
  (frontend/shared_globals.py).

The disk cache compares every folded constant again when it loads code (pts.cache: by
repr), so rebinding one between runs compiles again; a folded list is described by the
value folded in, and code loaded from the cache checks it before each call as compiled
code does.
"""
from __future__ import annotations

from typing import Any

from pts.frontend import ast as A
from pts.ir.types import F64, I1, I64, NONE, STR, ListType, OptionalType, TupleType, Type

# builtins that only read (iterate over, measure or copy) their argument
READING_BUILTINS = frozenset({"len", "enumerate", "zip", "reversed", "sorted", "sum", "min",
                              "max", "any", "all", "list", "set", "print", "str", "repr"})
READING_METHODS = frozenset({"index", "count"})


def constant_type(value: Any, in_list: bool = False) -> Type | None:
    """The type of a module-level value that pts folds in, or None.  A None or a str
    folds inside a tuple or a list (a str on its own too); a list only at the top."""
    if isinstance(value, bool):
        return I1
    if isinstance(value, int):
        return I64 if -(1 << 63) <= value < (1 << 63) else None
    if isinstance(value, float):
        return F64
    if isinstance(value, str):
        return STR
    if value is None:
        return NONE if in_list else None
    if isinstance(value, tuple):
        elems = [constant_type(v, True) for v in value]
        if None in elems or not elems:
            return None
        return TupleType(tuple(elems))
    if type(value) is list and not in_list:
        return _list_type(value)
    return None


def _list_type(values: list) -> Type | None:
    """List[T] of a list global whose items all have one type T (None among them makes it
    Optional[T]); None for an empty or mixed list (CPython lists are heterogeneous; pts
    lists hold one type, and widening ints to floats would change how they print)."""
    elem = None
    for v in values:
        t = constant_type(v, True)
        if t is None:
            return None
        elem = t if elem is None else _join(elem, t)
        if elem is None:
            return None
    if elem is None or elem == NONE:
        return None
    return ListType(elem)


def _join(a: Type, b: Type) -> Type | None:
    """The item type two items of a list constant meet at: equal types, None and T at
    Optional[T], tuples item by item; None otherwise (no int -> float)."""
    if a == b:
        return a
    if NONE in (a, b):
        other = b if a == NONE else a
        return other if isinstance(other, OptionalType) else OptionalType(other)
    if isinstance(a, OptionalType) or isinstance(b, OptionalType):
        ea = a.elem if isinstance(a, OptionalType) else a
        eb = b.elem if isinstance(b, OptionalType) else b
        j = _join(ea, eb)
        return None if j is None or isinstance(j, OptionalType) else OptionalType(j)
    if isinstance(a, TupleType) and isinstance(b, TupleType) and len(a.elems) == len(b.elems):
        elems = [_join(x, y) for x, y in zip(a.elems, b.elems)]
        return None if None in elems else TupleType(tuple(elems))
    return None


def mark_reading_uses(body: list) -> None:
    """Set `.reads_global = True` on every Name in `body` used where a folded list may be
    used (see the module docstring); stores and deletions are never such places."""
    stores: set[int] = set()

    def visit(node: Any, parent: Any = None) -> None:
        if isinstance(node, list):
            for x in node:
                visit(x, parent)
            return
        if not isinstance(node, A.Node):
            return
        if isinstance(node, (A.Assign, A.Delete)):
            for t in (node.targets if isinstance(node, (A.Assign, A.Delete)) else []):
                stores.add(id(t))
        if isinstance(node, A.AugAssign):
            stores.add(id(node.target))
        for name in _reading_children(node, stores):
            if isinstance(name, A.Name):
                name.reads_global = True
        for value in vars(node).values():
            if isinstance(value, (A.Node, list)):
                visit(value, node)

    visit(body)


def _reading_children(node: A.Node, stores: set) -> list:
    if isinstance(node, A.Subscript) and id(node) not in stores:
        return [node.value]
    if isinstance(node, (A.For, A.ListComp, A.GeneratorExp, A.DictComp, A.SetComp)):
        return [node.iter]
    if isinstance(node, A.Compare):
        return [node.left] + list(node.comparators)
    if isinstance(node, A.BinOp) and node.op in ("+", "*"):
        return [node.left, node.right]
    if isinstance(node, A.Call):
        f = node.func
        if isinstance(f, A.Name) and f.id in READING_BUILTINS:
            return list(node.args)
        if isinstance(f, A.Attribute) and f.attr in READING_METHODS:
            return [f.value]
    return []


def not_a_value_message(name: str, value: Any) -> str:
    """Why the global `name` cannot be used as a value (README finding 5: the message
    said "only numbers and tuples of numbers are folded in" for objects, builtins and
    modules alike)."""
    import types
    if isinstance(value, types.ModuleType):
        what = f"the module {value.__name__}"
    elif isinstance(value, type):
        what = f"the class {value.__qualname__}"
    elif isinstance(value, types.BuiltinFunctionType):
        what = f"the builtin function {value.__name__}"
    else:
        what = f"a {type(value).__name__} object"
    return (f"'{name}' is not a value pts can use here: it is {what}; pts folds in numbers, "
            f"strings and tuples of them, and shares lists, dicts and sets")
