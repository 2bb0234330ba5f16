"""Module-level values that scripted code reads and folds into the code as constants.

Python looks a global up when the code runs.  pts compiles the value of an immutable
global that it finds at compile time into the code instead (as TorchScript does with every
global), which gives CPython's results as long as the global is not rebound afterwards:
numbers, bools, strings and tuples of them (None among a tuple's items too) fold as
constants (`constant_type`).  Lists, dicts and sets — and tuples holding one — are not
folded: they are shared with the module (frontend/shared_globals.py).

The disk cache compares every folded global again when it loads code (pts.cache: a
constant by repr), so rebinding one between runs compiles again; code already compiled in
this process keeps the value it was compiled with.
"""
from __future__ import annotations

from typing import Any

from pts.ir.types import F64, I1, I64, NONE, STR, TupleType, Type


def constant_type(value: Any, in_list: bool = False) -> Type | None:
    """The type of a module-level value that pts folds in, or None.  A None folds inside
    a tuple only."""
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
    return None


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
