"""`isinstance(x, C)` where the answer is fixed when the code is compiled: x's type (a
number, str, list, tuple, dict, set, array, numpy scalar, None) or the compile-time object
it is (a model's `self.layer`) decides it, and C is a class or a tuple of classes the
checker can name (builtins, numpy's, a model's classes).  Mixed into check.FunctionChecker.

The call becomes the constant it is (`decided`, as `"k" in kwargs`), so an `if` over it
takes one branch and only that branch is checked: a library function written for both a
list and an array (stdlib/pynprandom.py's `shuffle`) checks the branch of each
specialization.  Python's answers: `isinstance(True, int)` is True (bool is an int),
`isinstance(np.float64(1), float)` is True, `isinstance(np.int64(1), int)` is False.
Objects of user classes are tested at run time by their class tag (check_classes's
class_isinstance); other values whose class is decided at run time (an Optional of a
number) are refused.
"""
from __future__ import annotations

import builtins

from pts.frontend import ast as A
from pts.frontend.check_classes import container_alias, is_class_type
from pts.frontend.objects import ObjectType
from pts.ir.types import (DTYPE_NAMES, NUMPY_SCALARS, C128, F32, F64, I1, I32, I64, NONE, NPF64, NPI1, NPI64, STR,
                          DictType, ListType, OptionalType, SetType, TensorType, TupleType, Type,
                          VarTupleType, py_name)


def python_class(t: Type):
    """The Python class of every value of type t, else None."""
    import numpy as np
    scalar = {I1: bool, I64: int, F64: float, STR: str, NONE: type(None), C128: complex,
              NPF64: np.float64, NPI64: np.int64, NPI1: np.bool_,
              **{t: np.dtype(DTYPE_NAMES[t]).type for t in NUMPY_SCALARS if t in DTYPE_NAMES}}
    if t in scalar:
        return scalar[t]
    if isinstance(t, (VarTupleType, TupleType)):
        return tuple
    for kind, cls in ((ListType, list), (DictType, dict), (SetType, set),
                      (TensorType, np.ndarray)):
        if isinstance(t, kind):
            return cls
    return None


class IsinstanceChecks:
    """Methods of FunctionChecker (self is the checker)."""

    def call_isinstance(self, e: A.Call) -> Type:
        if len(e.args) != 2 or e.keywords:
            raise self.error(f"isinstance expected 2 arguments, got {len(e.args)}", e)
        t = self.expr(self.allow_none(e.args[0]))
        if is_class_type(t) or isinstance(t, OptionalType) and is_class_type(t.elem):
            return self.class_isinstance(e)  # an object's class tag, at run time (check_classes)
        classes = self.isinstance_class_arg(e.args[1])
        if isinstance(t, ObjectType):
            answer = isinstance(self.program.object_at(t), classes)
        else:
            cls = python_class(t)
            if cls is None:
                hint = " (test 'is not None' instead)" if isinstance(t, OptionalType) else ""
                raise self.error(f"isinstance() of a {py_name(t)} is decided at run time, "
                                 f"which pts does not do yet{hint}", e)
            answer = issubclass(cls, classes)
        e.__class__ = A.Const               # (lowered as the constant it is)
        e.decided = True
        e.value = answer
        return I1

    def isinstance_class_arg(self, e: A.Expr):
        """The class (or tuple of classes) a Name, `np.X` or a tuple display names."""
        if isinstance(e, A.TupleExpr):
            return tuple(self.isinstance_class_arg(x) for x in e.elts)
        value = None
        if isinstance(e, A.Name) and self.var_key(e.id) not in self.vars:
            value = self.spec.globals.get(e.id, getattr(builtins, e.id, None))
        elif isinstance(e, A.Attribute) and isinstance(e.value, A.Name) and \
                self.var_key(e.value.id) not in self.vars:
            value = getattr(self.spec.globals.get(e.value.id), e.attr, None)
        for cls in (value if isinstance(value, tuple) else (value,)):
            alias = container_alias(cls)
            if alias is not None:
                raise self.error(f"class {cls.__name__} is a {alias} with an empty body: pts "
                                 f"makes its objects {alias}s, which cannot be told apart from "
                                 f"other {alias}s", e)
        if isinstance(value, type):
            return value
        if isinstance(value, tuple) and all(isinstance(c, type) for c in value):
            return value
        raise self.error("isinstance() arg 2 must be a class or a tuple of classes that pts "
                         "knows when it compiles", e)
