"""Objects of one of several unrelated classes (a mixin of check.FunctionChecker).

`Union[Sphere, Halfspace]` / `Sphere | Halfspace`, and the join of objects of classes with no
common base (a list of `(Sphere, surface)` and `(Halfspace, surface)` tuples, a variable or
field given both, a function returning either), have the type `obj<Halfspace|Sphere>`
(ir.object_ops.union_type): each member is a class standing for itself and its
subclasses, and members never share a base (`union_join` puts two classes of one hierarchy
at their common base, as check_classes.class_join does).  Code uses such a value the way
CPython does, duck-typed:

- `u.m(a)`, an operator or builtin calling a dunder (`u + v`, `str(u)`, `len(u)`, truth),
  and a field or class constant read `u.x` are a `UnionDispatch`: the receiver and the
  arguments are evaluated once, then the object's class tag picks the member (obj.isa, the
  last member untested) and the member's own code runs on the object cast to its class
  (obj.cast): its method (dispatched further when a subclass overrides it), its field, its
  property or its constant.  Every member must have the attribute: a member that lacks it is
  a CompileError naming that class (CPython would raise AttributeError only when such an
  object comes).  The result is the join of the members' results (a field that is an int in
  one class and a str in another is a CompileError).
- `u.x = v` stores into the field of the object's class (`union_stores`, dispatched alike).
- `isinstance(u, A)` tests the tag and refines u to A where it holds, and to the remaining
  members where it does not (check_classes.isinstance_facts).
- `u is v` compares references (objects of classes that cannot be one object never are).

What stays refused (a CompileError): iterating over or unpacking a union, `with` over one,
`min`/`max`/`sorted` of unions, keyword arguments... see docs/language.md "Classes and
records".  The lowering is frontend.lower_classes (`union_dispatch`, `union_store`).
"""
from __future__ import annotations

import inspect

from pts.frontend import ast as A
from pts.frontend.class_records import record_method
from pts.ir.object_ops import is_union, union_members, union_type
from pts.ir.types import ObjType, OptionalType, Type, py_name


def union_name(t: Type) -> str:
    """How errors name a union: `Union[Halfspace, Sphere]`."""
    return f"Union[{', '.join(union_members(t))}]"


def union_join(a: ObjType, b: ObjType, classes: dict) -> ObjType:
    """The type objects of a's and b's classes meet at: the union of their members, two
    members of one hierarchy put at their nearest common base (classes: IR name ->
    check_classes.ClassInfo)."""
    members = list(union_members(a))
    for m in union_members(b):
        for i, x in enumerate(members):
            base = common_base(x, m, classes)
            if base is not None:
                members[i] = base
                break
        else:
            members.append(m)
    return union_type(members)


def common_base(a: str, b: str, classes: dict) -> str | None:
    chain = []
    info = classes.get(a)
    while info is not None:
        chain.append(info.name)
        info = info.base
    info = classes.get(b)
    while info is not None:
        if info.name in chain:
            return info.name
        info = info.base
    return None


def member_classes(t: ObjType, classes: dict) -> list:
    """(IR name, ClassInfo) of each member of a union."""
    return [(m, classes[m]) for m in union_members(t)]


class UnionDispatch(A.Expr):
    """`receiver.attr(*operands)` (a call: `call`) or `receiver.attr` on a union: one case per
    member, `(member, node, receiver placeholder, operand placeholders)`, the node checked
    and lowered as the member's own code on the object cast to the member's class."""

    def __init__(self, receiver: A.Expr, attr: str, operands: list, span, call: bool = True,
                 keywords: list | None = None):
        super().__init__(span=span)
        self.receiver = receiver
        self.attr = attr
        self.operands = list(operands)              # positional, then keyword values
        self.keyword_names = [k.name for k in keywords or ()]
        self.call = call
        self.cases: list | None = None


class UnionChecks:
    """Uses of union-typed objects (a mixin of check.FunctionChecker)."""
    # what this module uses from frontend.check (join, ValueExpr), set there: it cannot
    # import it (an import cycle; tests/test_layers.py)
    union_helpers = None

    def union_classes(self, t: ObjType) -> list:
        return member_classes(t, self.program.classes)

    # ------------------------------------------------------------ entry points

    def union_method_call(self, e: A.Call, f: A.Attribute) -> Type:
        """`u.m(a, k=b)`: m of the object's class (check_classes.call_class_method)."""
        d = getattr(e, "union_call", None)
        if d is None:
            d = e.union_call = UnionDispatch(f.value, f.attr, list(e.args) +
                                             [k.value for k in e.keywords], e.span,
                                             keywords=e.keywords)
        return self.expr(self.allow_none(d))    # (e's own use is checked)

    def union_attribute(self, e: A.Attribute) -> Type:
        """`u.x`: the field (or property, or class constant) of the object's class."""
        e.field_of = None
        d = getattr(e, "union_read", None)
        if d is None:
            d = e.union_read = UnionDispatch(e.value, e.attr, [], e.span, call=False)
        return self.expr(self.allow_none(d))    # (e's own use is checked)

    def union_dunder(self, e: A.Expr, t: ObjType, names: list, operands: list,
                     negate: bool = False) -> Type | None:
        """An operator or builtin on a union (check_dunders.dunder): each member's first
        method of `names` (str() is __str__, else __repr__); None when no member has one
        (the caller tries the reflected operation, or identity for ==)."""
        chosen = {}
        for m, info in self.union_classes(t):
            chosen[m] = next((n for n in names if _method(info.cls, n) is not None), None)
        if all(n is None for n in chosen.values()):
            return None
        for m, n in chosen.items():
            if n is None:
                cls = self.program.classes[m].cls
                raise self.error(f"'{cls.__name__}' object has no {names[0]}: the operand is a "
                                 f"{union_name(t)}, and pts calls the method of the object's "
                                 f"class, which each of its classes must have", e)
        call = getattr(e, "method_call", None)
        if not isinstance(call, UnionDispatch) or call.attr != tuple(names):
            call = UnionDispatch(operands[0], tuple(names), operands[1:], e.span)
            e.method_call = call
        call.per_member = chosen
        e.method_negate = negate
        return self.expr(self.allow_none(call))

    def union_store(self, target: A.Attribute, t: Type, node: A.Node) -> None:
        """`u.x = v`: into the field of the object's class (each member's field takes v)."""
        vt = target.value.ty
        ut = vt.elem if isinstance(vt, OptionalType) else vt
        target.field_of = None
        ValueExpr = self.union_helpers.ValueExpr
        cases = getattr(target, "union_stores", None)
        members = union_members(ut)
        if cases is None or [c[0] for c in cases] != list(members):
            cases = target.union_stores = []
            for m in members:
                recv = ValueExpr(ObjType(m), target.span)
                cases.append((m, A.Attribute(recv, target.attr, span=target.span)))
        for m, sub in cases:
            self.expr(sub.value)
            self.class_store(sub, t, node)
        target.ty = t

    def union_truth(self, e: A.Expr, t: ObjType) -> bool:
        """Is the truth of a union its classes' `__bool__` / `__len__` (then e.truth_call is
        set as for one class)?  False: no member has either, so an object is always true."""
        kinds = set()
        for m, info in self.union_classes(t):
            kinds.add("__bool__" if _method(info.cls, "__bool__") else
                      "__len__" if _method(info.cls, "__len__") else None)
        if kinds == {None}:
            return False
        if len(kinds) > 1:
            raise self.error(f"the truth of a {union_name(t)}: its classes define it "
                             f"differently ({', '.join(sorted(k or 'neither' for k in kinds))}); "
                             f"pts needs one way for all of them", e)
        return True

    def union_key(self, t: ObjType, node, what: str) -> bool:
        """Objects of a union as dict keys / set elements: by identity, as each class's."""
        for m, info in self.union_classes(t):
            self.object_key(ObjType(m), node, what)
        return True

    def union_remainder(self, key: str, t: Type, tested: list) -> dict:
        """Where `isinstance(x, C)` is false: a union x is its members that are not C or a
        subclass of C (the facts for the else branch, check_classes.isinstance_facts)."""
        cur = self.narrowed(key) or t
        if not is_union(cur):
            return {}
        names = {c.name for c in tested}
        rest = []
        for m, info in self.union_classes(cur):
            while info is not None and info.name not in names:
                info = info.base
            if info is None:
                rest.append(m)
        if not rest or len(rest) == len(union_members(cur)):
            return {}
        return {key: union_type(rest)}

    def refuse_union(self, t: Type, what: str, node) -> None:
        """What pts does not do with a union of classes yet: a CompileError."""
        ut = t.elem if isinstance(t, OptionalType) else t
        if is_union(ut):
            raise self.error(f"{what} a {union_name(ut)} (an object of one of several "
                             f"unrelated classes) is not supported", node)

    # ------------------------------------------------------------ the dispatch node

    def expr_UnionDispatch(self, e: UnionDispatch) -> Type:
        join, ValueExpr = self.union_helpers.join, self.union_helpers.ValueExpr
        rt = self.expr(self.allow_none(e.receiver))
        ut = rt.elem if isinstance(rt, OptionalType) else rt
        if not is_union(ut):              # (a refinement made it one class on a later pass)
            raise self.error("internal: a union dispatch on one class", e)  # pragma: no cover
        if isinstance(rt, OptionalType):
            e.unwrap_none = True
        arg_ts = [self.expr(self.allow_none(a)) for a in e.operands]
        members = union_members(ut)
        if e.cases is None or [c[0] for c in e.cases] != list(members):
            e.cases = []
            for m in members:
                attr = e.per_member[m] if isinstance(e.attr, tuple) else e.attr
                recv = ValueExpr(ObjType(m), e.span)
                vals = [ValueExpr(t, a.span) for t, a in zip(arg_ts, e.operands)]
                if e.call:
                    npos = len(vals) - len(e.keyword_names)
                    node = A.Call(A.Attribute(recv, attr, span=e.span), vals[:npos],
                                  [A.Keyword(k, v, span=v.span)
                                   for k, v in zip(e.keyword_names, vals[npos:])], span=e.span)
                else:
                    node = A.Attribute(recv, attr, span=e.span)
                e.cases.append((m, node, recv, vals))
        result = None
        for m, node, recv, vals in e.cases:
            info = self.program.classes[m]
            attr = node.func.attr if e.call else node.attr
            self.require_attribute(info, attr, e.call, ut, e)
            for v, t in zip(vals, arg_ts):
                v.vty = t
            t = self.expr(self.allow_none(node))     # (the dispatch's own use is checked)
            if result is None:
                result = t
                continue
            j = join(result, t)
            if j is None:
                what = f"{attr}()" if e.call else f"attribute '{attr}'"
                first = self.program.classes[e.cases[0][0]].cls.__name__
                raise self.error(f"{what} of a {union_name(ut)} is {py_name(result)} for "
                                 f"{first} and {py_name(t)} for {info.cls.__name__}: pts "
                                 f"needs one type for all of its classes", e)
            result = j
        return result

    def require_attribute(self, info, attr: str, call: bool, ut: ObjType, e) -> None:
        """A member class without `attr`: the CompileError naming it (a field not known yet
        on a first pass: checked again later)."""
        cls = info.cls
        static = record_method(cls, attr) or inspect.getattr_static(cls, attr, None)
        if static is not None or attr in info.fields or attr in info.declared:
            return
        if not call and not self.final:
            raise self.fn_helpers.Skip()            # (a field another method sets)
        if not call:
            # a member whose __init__ is checked later (`value(Num(n)) + value(Pair(1, 2))`
            # with value taking a Union): put off (check.final_stmt) until the store that
            # gives the field a type checks the program again (check_classes.class_store)
            info.readers.setdefault(attr, set()).add(self.spec.ir_name)
            self.none_field_read = True
        raise self.error(f"'{cls.__name__}' object has no attribute '{attr}': the value is a "
                         f"{union_name(ut)}, and each of its classes must have it", e)


def _method(cls, name: str):
    fn = record_method(cls, name) or inspect.getattr_static(cls, name, None)
    return fn if inspect.isfunction(fn) else None
