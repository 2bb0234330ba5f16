"""Type checking of `copy.copy(x)` and `copy.deepcopy(x)` (a mixin of check.FunctionChecker).

Python's copy module dispatches on the run-time type of its argument and keeps a memo; pts
knows x's type when it compiles, so the call is redirected to the stdlib/pycopy.py function
for that type (`copy_target`), checked and lowered as an ordinary call of it.  pycopy's
functions call `deepcopy` on their elements: that call comes back here, for the element's
type, so nesting of any depth works.  What cannot be copied (objects of user classes,
functions, ranges, generators) is a CompileError naming the type.
"""
from __future__ import annotations

import copy

from pts.frontend import ast as A
from pts.frontend.check_lists import widens_list
from pts.ir.types import (F64, I1, I64, DictType, ListType, OptionalType, ScalarType, SetType, TensorType,
                          TupleType, Type, py_name)

COPY_FUNCTIONS = {copy.copy: "copy", copy.deepcopy: "deepcopy"}


def is_copy_function(value) -> bool:
    return value is copy.copy or value is copy.deepcopy


def immutable(t: Type) -> bool:
    """Is every value of t immutable (copy and deepcopy give the value itself)?"""
    if isinstance(t, ScalarType):
        return True
    if isinstance(t, TupleType):
        return all(immutable(e) for e in t.elems)
    if isinstance(t, OptionalType):
        return immutable(t.elem)
    return False


def copy_target(kind: str, t: Type) -> str | None:
    """The stdlib/pycopy.py function `copy.<kind>(x)` calls for an x of type t, else None."""
    if immutable(t):
        return "same"
    if isinstance(t, ListType):
        return "copy_list" if kind == "copy" or immutable(t.elem) else "deepcopy_list"
    if isinstance(t, DictType):
        return "copy_container" if kind == "copy" or immutable(t.val) else "deepcopy_dict"
    if isinstance(t, (SetType, TensorType)):      # a set holds hashable, immutable values
        return "copy_container"
    if isinstance(t, TupleType):
        if kind == "copy":
            return "same"                             # copy.copy(tuple) is the tuple
        return f"deepcopy_tuple{len(t.elems)}" if 2 <= len(t.elems) <= 6 else None
    if isinstance(t, OptionalType):
        return "same" if kind == "copy" else "deepcopy_optional"
    return None


class CopyChecks:
    """copy.copy / copy.deepcopy: a call of the stdlib/pycopy.py function for the type."""

    def call_copy(self, e: A.Call, value, name: str, f: A.Expr) -> Type:
        from pts.stdlib import pycopy
        kind = COPY_FUNCTIONS[value]
        if e.keywords or len(e.args) != 1:
            raise self.error(f"{name}() takes exactly one argument here (pts keeps no memo)", e)
        t = self.expr(self.allow_none(e.args[0]))        # (an Optional is copied as it is)
        target = copy_target(kind, t)
        if target is None:
            raise self.error(f"{name}() of a {py_name(t)} is not supported", e.args[0])
        e.fresh_copy = isinstance(t, ListType)   # (check.new_version: `a = deepcopy(a)`)
        want = getattr(e, "expected", None)
        if isinstance(t, ListType) and isinstance(want, ListType) and want != t \
                and widens_list(t, want) and (kind == "deepcopy" or want.elem == F64):
            # the copy is a fresh list, built as the floats stored into it later make it
            # (a[j][k] -= t * a[i][k] on a deep copy of an int matrix: check_lists)
            target = "deepcopy_floats" if kind == "deepcopy" else "copy_floats"
            if not _ints_to_floats(t, want):
                raise self.error(f"{name}() of a {py_name(t)} cannot be built as a "
                                 f"{py_name(want)}", e)
        return self.call_function(e, getattr(pycopy, target), target, f)


def _ints_to_floats(t: Type, want: Type) -> bool:
    """Is `want` t with its ints (at the innermost level) made floats?"""
    if isinstance(t, ListType) and isinstance(want, ListType):
        return _ints_to_floats(t.elem, want.elem)
    return t == want or (t in (I64, I1) and want == F64)
