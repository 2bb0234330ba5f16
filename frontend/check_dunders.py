"""Operators, builtins, subscripts, truth and calls on objects of user classes: the class's
methods (CPython's data model), a part of the class checks (frontend/check_classes.py).

Contract: `DunderChecks` (a mixin of check.FunctionChecker) records on the node the call
of the method that implements it (`method_call`, `truth_call`; `method_negate` for `!=` by
`not __eq__`, `method_truth` for bool() by `__len__`), which the lowering
(frontend/lower_classes.py `dunder_value`) lowers instead of the node; min/max of objects
record the specialized `__lt__`/`__gt__` in `spec.object_orders`.
"""
from __future__ import annotations

import copy
import inspect

from pts.frontend import ast as A
from pts.frontend import check_classes
from pts.frontend.class_records import iter_generator, record_method, sequence_generator
from pts.ir.object_ops import has_object, is_union
from pts.ir.types import I1, ObjType, Type, py_name


# Python's operators and the methods they call (CPython's data model)
BINARY_DUNDERS = {"+": "add", "-": "sub", "*": "mul", "/": "truediv", "//": "floordiv",
                  "%": "mod", "**": "pow", "@": "matmul", "&": "and", "|": "or", "^": "xor",
                  "<<": "lshift", ">>": "rshift"}
UNARY_DUNDERS = {"-": "__neg__", "+": "__pos__", "~": "__invert__"}
COMPARE_DUNDERS = {"==": ("__eq__", "__eq__"), "!=": ("__ne__", "__ne__"),
                   "<": ("__lt__", "__gt__"), ">": ("__gt__", "__lt__"),
                   "<=": ("__le__", "__ge__"), ">=": ("__ge__", "__le__")}


def class_method(t: Type, name: str, program):
    """The plain function `name` of the class of objects of type t, else None."""
    if not isinstance(t, ObjType) or is_union(t):
        return None
    info = program.classes[t.name]
    fn = record_method(info.cls, name) or inspect.getattr_static(info.cls, name, None)
    return fn if inspect.isfunction(fn) else None


class DunderChecks:
    """Operators, builtins and subscripts on objects call the class's methods (a part of
    ClassChecks): the node gets `method_call`, a call of the method with the operands, which
    the lowering lowers instead of the node (`method_negate`: `not` of its truth)."""

    def dunder(self, e: A.Expr, t: Type, name: str, operands: list, negate: bool = False):
        """The type of `t.name(*operands)` recorded as e's method_call, or None when the
        class has no such method."""
        if is_union(t):                               # (check_unions)
            return self.union_dunder(e, t, [name], operands, negate)
        fn = class_method(t, name, self.program)
        if fn is None:
            return None
        call = getattr(e, "method_call", None)
        if call is None or getattr(call, "dunder", None) != name:
            cname = self.program.classes[t.name].cls.__name__
            call = A.Call(A.Name(f"{cname}.{name}", span=e.span), list(operands), span=e.span)
            call.dunder = name
            e.method_call = call
        e.method_negate = negate
        call.ty = self.call_function(call, fn, call.func.id, call.func)
        return call.ty

    def object_iter(self, it: A.Expr) -> bool:
        """`for x in bag` (and comprehensions, list(bag), sum(bag), ...) over an object whose
        class has `__iter__`: the node becomes the call `Bag.__iter__(bag)` of a generator
        (class_records.iter_generator), inlined where it is iterated (check_iter)."""
        t = self.expr(it)
        if not isinstance(t, ObjType):
            return False
        self.refuse_union(t, "iterating over", it)
        info = self.program.classes[t.name]
        fn = class_method(t, "__iter__", self.program)
        if fn is None and class_method(t, "__getitem__", self.program) is not None:
            fn = sequence_generator(info.cls)       # self[0], self[1], ... to IndexError
        if fn is None:
            raise self.error(f"'{info.cls.__name__}' object is not iterable", it)
        from pts.frontend.check_classes import dispatch_groups
        if len(dispatch_groups(info.cls, "__iter__")) > 1:
            raise self.error(f"{info.cls.__name__}.__iter__ is overridden in a subclass: "
                             f"iterating over it is not supported", it)
        gen = iter_generator(info.cls, fn)
        if gen is None:
            raise self.error(f"{info.cls.__name__}.__iter__ must be a generator (yield) or "
                             f"return iter(...) of an iterable", it)
        receiver, span = copy.copy(it), it.span
        it.__dict__.clear()               # (every caller iterates the node it holds)
        it.__class__ = A.Call
        it.__init__(A.Name(f"{info.cls.__name__}.__iter__", span=span), [receiver], span=span)
        it.gen_pyfunc = gen
        return True

    def unpack_object(self, s: A.Assign, t: Type) -> bool:
        """`x, y = vec` of an object whose class has `__iter__` (not a NamedTuple, which
        unpacks its fields): the value becomes `list(vec)`, unpacked with CPython's
        ValueError when the count differs.  True if s.value was rewritten."""
        if not isinstance(t, ObjType) or not any(isinstance(x, (A.TupleExpr, A.ListExpr))
                                                 for x in s.targets):
            return False
        self.refuse_union(t, "unpacking", s.value)
        info = self.program.classes[t.name]
        if check_classes.is_namedtuple(info.cls) or (
                class_method(t, "__iter__", self.program) is None
                and class_method(t, "__getitem__", self.program) is None):
            return False
        s.value = A.Call(A.Name("list", span=s.value.span), [s.value], span=s.value.span)
        return True

    def call_object(self, e: A.Call) -> Type:
        t = self.expr(e.func)
        if e.keywords:
            raise self.error("keyword arguments to __call__ are not supported", e.keywords[0])
        r = self.dunder(e, t, "__call__", [e.func] + list(e.args))
        if r is None:
            raise self.error(f"'{py_name(t)}' object is not callable", e.func)
        return r

    def class_binop(self, e: A.BinOp, a: Type, b: Type):
        name = BINARY_DUNDERS.get(e.op)
        if name is None or not (isinstance(a, ObjType) or isinstance(b, ObjType)):
            return None
        r = self.dunder(e, a, f"__{name}__", [e.left, e.right])
        if r is None:
            r = self.dunder(e, b, f"__r{name}__", [e.right, e.left])
        if r is None:
            raise self.error(f"unsupported operand type(s) for {e.op}: '{py_name(a)}' and "
                             f"'{py_name(b)}'", e)
        return r

    def class_augassign(self, s: A.AugAssign, cur: Type, rhs: Type):
        """`p += q`: __iadd__, else __add__ (the target is rebound to the result)."""
        name = BINARY_DUNDERS.get(s.op)
        if name is None or not (isinstance(cur, ObjType) or isinstance(rhs, ObjType)):
            return None
        for n, ops in ((f"__i{name}__", [s.target, s.value]), (f"__{name}__", [s.target, s.value])):
            r = self.dunder(s, cur, n, ops)
            if r is not None:
                return r
        r = self.dunder(s, rhs, f"__r{name}__", [s.value, s.target])
        if r is None:
            raise self.error(f"unsupported operand type(s) for {s.op}=: '{py_name(cur)}' and "
                             f"'{py_name(rhs)}'", s)
        return r

    def class_unary(self, e: A.UnaryOp, t: Type) -> Type:
        r = self.dunder(e, t, UNARY_DUNDERS.get(e.op, ""), [e.operand])
        if r is None:
            raise self.error(f"bad operand type for unary {e.op}: '{py_name(t)}'", e)
        return r

    def class_compare_call(self, e: A.Compare, op: str, left: Type, right: Type):
        """`a < b` by a.__lt__(b) or b.__gt__(a); `a == b` by __eq__ (identity without one);
        `a != b` by __ne__ or `not a.__eq__(b)`; `x in a` by a.__contains__(x)."""
        if len(e.ops) != 1:
            raise self.error("chained comparisons of objects are not supported", e)
        if op in ("in", "not in"):
            if not isinstance(right, ObjType):
                return None              # an object in a list, set or dict (their rules)
            r = self.dunder(e, right, "__contains__", [e.left, e.comparators[0]][::-1],
                            negate=op == "not in")
            if r is None:
                raise self.error(f"argument of type '{py_name(right)}' is not iterable", e)
            return r
        if op in ("is", "is not"):
            return None
        mine, theirs = COMPARE_DUNDERS[op]
        r = self.dunder(e, left, mine, [e.left, e.comparators[0]])
        if r is None:
            r = self.dunder(e, right, theirs, [e.comparators[0], e.left])
        if r is None and op == "!=":
            r = self.dunder(e, left, "__eq__", [e.left, e.comparators[0]], negate=True)
        if r is None and op in ("==", "!="):
            return None                  # identity (object.__eq__)
        if r is None:
            raise self.error(f"'{op}' not supported between instances of '{py_name(left)}' "
                             f"and '{py_name(right)}'", e)
        return r

    def class_order(self, e: A.Call, t: Type, op: str) -> None:
        """min/max of objects compare with `<` / `>` (the lowering's object_compare): the
        class's method for it, specialized now (a.__lt__(b), or b.__gt__(a))."""
        ValueExpr = check_classes.HELPERS.ValueExpr
        mine, theirs = COMPARE_DUNDERS[op]
        for name, swapped in ((mine, False), (theirs, True)):
            fn = class_method(t, name, self.program)
            if fn is None:
                continue
            cname = self.program.classes[t.name].cls.__name__
            call = A.Call(A.Name(f"{cname}.{name}", span=e.span),
                          [ValueExpr(t, e.span), ValueExpr(t, e.span)], span=e.span)
            for a in call.args:
                self.expr(a)
            self.call_function(call, fn, call.func.id, call.func)
            self.spec.__dict__.setdefault("object_orders", {})[(t.name, op)] = \
                (call.target.spec, swapped)
            return
        raise self.error(f"'{op}' not supported between instances of '{py_name(t)}' and "
                         f"'{py_name(t)}'", e)

    def class_getitem(self, e: A.Subscript, t: Type) -> Type:
        if isinstance(e.index, A.Slice):
            raise self.error("slicing an object is not supported", e)
        r = self.dunder(e, t, "__getitem__", [e.value, e.index])
        if r is None:
            raise self.error(f"'{py_name(t)}' object is not subscriptable", e)
        return r

    def class_setitem(self, target: A.Subscript, t: Type, vt: Type, node) -> None:
        ValueExpr = check_classes.HELPERS.ValueExpr
        value = getattr(target, "stored", None)
        if value is None:
            value = target.stored = ValueExpr(vt, node.span)
        value.vty = vt
        r = self.dunder(target, t, "__setitem__", [target.value, target.index, value])
        if r is None:
            raise self.error(f"'{py_name(t)}' object does not support item assignment", target)
        target.ty = vt

    def class_builtin(self, e: A.Call, name: str, t: Type):
        """len, str, repr, abs, bool, hash of an object; None for other builtins."""
        dunders = {"len": ["__len__"], "abs": ["__abs__"], "bool": ["__bool__", "__len__"],
                   "hash": ["__hash__"], "str": ["__str__", "__repr__"], "repr": ["__repr__"],
                   "int": ["__int__", "__index__"], "float": ["__float__"]}
        if name not in dunders or len(e.args) != 1 or e.keywords:
            return None
        if is_union(t) and name in ("str", "repr"):    # each class's __str__ or __repr__
            r = self.union_dunder(e, t, dunders[name], [e.args[0]])
            if r is not None:
                return r
        for d in dunders[name]:
            r = self.dunder(e, t, d, [e.args[0]])
            if r is not None:
                if d == "__len__" and name == "bool":
                    e.method_truth = True         # len(p) != 0
                    return I1
                return r
        if name in ("str", "repr"):
            raise self.error(f"{name}() of a {py_name(t)} object: its class has no __repr__ "
                             f"(CPython would show its address); define __repr__ or __str__",
                             e)
        if name == "bool":
            return None
        if name == "hash":
            raise self.error(f"hash() of a {py_name(t)} object: define __hash__ (and __eq__)",
                             e)
        raise self.error(f"object of type '{py_name(t)}' has no {name}()", e)

    def class_truth(self, e: A.Expr, t: Type) -> None:
        """The truth of an object: bool(p) by __bool__ or __len__ (`e.truth_call`); an
        object of a class with neither is always true."""
        if is_union(t) and not self.union_truth(e, t):      # (check_unions)
            e.truth_call = None
            return
        if not is_union(t) and class_method(t, "__bool__", self.program) is None and \
                class_method(t, "__len__", self.program) is None:
            e.truth_call = None
            return
        ValueExpr = check_classes.HELPERS.ValueExpr
        call = getattr(e, "truth_call", None)
        if call is None:        # (of a ValueExpr: e's value; a node holding itself loops walks)
            call = e.truth_call = A.Call(A.Name("bool", span=e.span), [ValueExpr(t, e.span)],
                                         span=e.span)
        call.args[0].vty = t
        self.expr(call.args[0])
        call.ty = self.call_builtin_bool(call, t)

    def call_builtin_bool(self, call: A.Call, t: Type) -> Type:
        Callee = check_classes.HELPERS.Callee
        call.target = Callee("builtin", "bool")
        r = self.class_builtin(call, "bool", t)
        return r if r is not None else I1

    def as_str_call(self, a: A.Expr) -> A.Expr:
        """print(p) / f"{p}": str(p) (its class's __str__ or __repr__)."""
        if has_object(getattr(a, "ty", None)) and not (
                isinstance(a, A.Call) and isinstance(a.func, A.Name) and a.func.id == "str"):
            return A.Call(A.Name("str", span=a.span), [a], span=a.span)
        return a

