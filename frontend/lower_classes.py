"""Lowering of objects of user classes (a mixin of lower.Lowerer): the checker's marks
(frontend.check_classes) become the ops of ir.object_ops.

- `Point(a, b)` (Callee "new"): `obj.new {cls}`, then the call of `__init__` with the new
  object first (`e.init_call`, whose NewObject argument lowers to that object).
- `p.x` / `p.x = v` (`field_of`): `obj.get` / `obj.set`, the stored value converted to the
  field's type (int -> float); on an Optional object, CPython's AttributeError for None first.
- `p.m(a)` (`method_call`): the method's function called with the receiver first.
- `p is q`, `p == q` for a class without __eq__: `obj.is`.
- A union of classes (frontend.check_unions): `u.m(a)`, `u.x`, a dunder (`UnionDispatch`)
  and `u.x = v` (`union_stores`) test the object's tag and run the member class's code on
  the object cast to that class.
"""
from __future__ import annotations

from pts.frontend import ast as A
from pts.frontend.check_dicts import has_unknown
from pts.ir.core import Instr, const
from pts.ir.types import I1, NONE, ObjType, OptionalType, Type


class ClassLowering:
    """Objects of user classes (a mixin of lower.Lowerer)."""

    def call_new(self, e: A.Call, name: str):
        obj_t = e.new_object.info.obj
        self.b.span = e.span
        obj = self.emit("obj.new", [], obj_t, cls=name)
        e.new_object.value = obj
        if e.init_call is not None:
            self.expr(e.init_call)
        return obj

    def expr_NewObject(self, e) -> object:
        return e.value

    def expr__Unwrapped(self, e) -> object:
        return self.object_receiver(e.inner, e.attr)

    def object_receiver(self, e: A.Expr, attr: str):
        """The object e denotes; AttributeError when it is None (an Optional object)."""
        v = self.expr(e)
        t = e.ty
        if isinstance(t, OptionalType):
            self.check(self.emit("opt.is_none", [v], I1), "AttributeError",
                       f"'NoneType' object has no attribute '{attr}'")
            v = self.emit("opt.get", [v], t.elem)
        return v

    def field_type(self, info, name: str) -> Type:
        return info.fields[name]

    def field_get(self, e: A.Attribute):
        obj = self.object_receiver(e.value, e.attr)
        self.b.span = e.span
        return self.emit("obj.get", [obj], self.field_type(e.field_of, e.attr), field=e.attr)

    def field_set(self, target: A.Attribute, v, t: Type) -> None:
        obj = self.object_receiver(target.value, target.attr)
        ft = self.field_type(target.field_of, target.attr)
        self.b.span = target.span
        if isinstance(v, Instr) and v.op in ("list.new", "set.new", "dict.new") \
                and type(v.type) is type(ft) and v.type != ft and has_unknown(v.type):
            v.type = ft          # `self.children = []` typed by later appends: built as ft
        self.emit("obj.set", [obj, self.coerce(v, t, ft)], None, field=target.attr)

    def object_compare(self, op: str, a, at: Type, b, bt: Type):
        """a < b of objects where the lowering compares (min, max): the method the checker
        specialized (`spec.object_orders`, check_classes.class_order); else identity."""
        found = getattr(self.spec, "object_orders", {}).get((at.name, op))
        if found is None:
            return self.object_is(op, a, at, b, bt)
        spec, swapped = found
        args = [b, a] if swapped else [a, b]
        # min/max compare with their best-so-far before they have one (`not has or
        # better`, both evaluated): no object there yet, so no call
        result = self.fresh("objcmp")
        self.var_types[result] = I1
        call_b, done = self.new_block("objcmpcall"), self.new_block("objcmpdone")
        self.write(result, self.b.block, const(False))
        null = self.emit("obj.null", [], bt)
        self.branch(self.emit("obj.is", [b, null], I1), done, call_b)
        self.seal(call_b)
        self.start(call_b)
        r = self.emit("call", args, spec.ret_type, callee=spec.ir_name)
        self.write(result, self.b.block, self.truth(r, spec.ret_type))
        self.jump(done)
        self.seal(done)
        self.start(done)
        return self.read(result)

    def object_is(self, op: str, a, at: Type, b, bt: Type):
        # (of two static classes too: a base's and a subclass's, or a union's, may be one)
        r = self.emit("obj.is", [a, b], I1)
        return r if op in ("is", "==") else self.emit("not", [r], I1)

    def object_identity(self, op: str, a, at: Type, b, bt: Type, common: Type):
        """`a is b` where a or b is an Optional object: both seen as their common class
        (obj.cast) and compared as pointers; an absent Optional's object is the null one
        (opt.none is all zeros), which is no object and is another absent one."""
        def seen(v, t):
            if isinstance(t, OptionalType):
                v, t = self.emit("opt.get", [v], t.elem), t.elem
            return self.coerce(v, t, common)
        r = self.emit("obj.is", [seen(a, at), seen(b, bt)], I1)
        return r if op in ("is", "==") else self.emit("not", [r], I1)

    def dunder_value(self, e):
        """The value of a node the checker made a method call (`method_call`: p + q by
        __add__, len(p) by __len__, ...): `method_negate` is `!=` by `not __eq__`,
        `method_truth` bool(p) by `__len__() != 0`."""
        v = self.expr(e.method_call)
        t = e.method_call.ty
        if getattr(e, "method_truth", False):
            v = self.truth(v, t)
            t = I1
        if getattr(e, "method_negate", False):
            v = self.emit("not", [self.truth(v, t)], I1)
        return v

    def call_isinstance(self, e: A.Call, name: str):
        """isinstance(x, (A, B)): x is not None and its tag is one of A's, B's (or their
        subclasses')."""
        v = self.expr(e.args[0])
        t = e.args[0].ty
        self.b.span = e.span
        if isinstance(t, OptionalType):
            result = self.fresh("isa")
            self.var_types[result] = I1
            some, done = self.new_block("isasome"), self.new_block("isadone")
            self.write(result, self.b.block, const(False))
            self.branch(self.emit("opt.is_none", [v], I1), done, some)
            self.seal(some)
            self.start(some)
            self.write(result, self.b.block, self.isa_any(self.emit("opt.get", [v], t.elem), e.isa))
            self.jump(done)
            self.seal(done)
            self.start(done)
            return self.read(result)
        return self.isa_any(v, e.isa)

    def isa_any(self, v, names: list):
        r = None
        for n in names:
            x = self.emit("obj.isa", [v], I1, cls=n)
            r = x if r is None else self.emit("or", [r, x], I1)
        return r

    def virtual_call(self, e: A.Call):
        """p.m(a) where subclasses override m: the receiver's class tag picks the function
        (the overriding classes' first, the static class's own last)."""
        f = e.func
        recv = self.object_receiver(f.value, f.attr)
        rt = f.value.ty.elem if isinstance(f.value.ty, OptionalType) else f.value.ty
        args = [self.expr(a) for a in e.args]
        self.b.span = e.span
        result = self.fresh("virtual")
        has_result = e.ty != NONE
        if has_result:
            self.var_types[result] = e.ty
        done = self.new_block("dispatched")
        # classes without the method (check_classes.lacking_classes): tested too, the
        # rest raise CPython's AttributeError
        lacking = [n for n in getattr(e, "lacking", None) or ()]
        for i, (cls, call, _) in enumerate(e.virtual):
            last = i == len(e.virtual) - 1 and not lacking
            if not last:
                here, nxt = self.new_block("dispatch"), self.new_block("dispatchnext")
                self.branch(self.emit("obj.isa", [recv], I1, cls=cls), here, nxt)
                self.seal(here)
                self.start(here)
            if hasattr(call.args[0], "vty"):          # (a classmethod's first is its class)
                call.args[0].value = self.coerce(recv, rt, call.args[0].vty)
            for v, x in zip(call.args[1:], args):
                v.value = x
            r = self.expr(call)
            if has_result:
                self.write(result, self.b.block, self.coerce(r, call.ty, e.ty))
            self.jump(done)
            if not last:
                self.seal(nxt)
                self.start(nxt)
        for i, cls in enumerate(lacking):
            if i < len(lacking) - 1:
                here, nxt = self.new_block("lacking"), self.new_block("lackingnext")
                self.branch(self.emit("obj.isa", [recv], I1, cls=cls), here, nxt)
                self.seal(here)
                self.start(here)
            self.b.raise_("AttributeError", const(f"'{cls.split('.')[0]}' object has no "
                                                  f"attribute '{f.attr}'"))
            if i < len(lacking) - 1:
                self.seal(nxt)
                self.start(nxt)
        self.seal(done)
        self.start(done)
        return self.read(result) if has_result else const(None)


    def union_cases(self, recv, cases, body) -> None:
        """For each (member, ...) of `cases`: where recv's tag is the member's class (the
        last case untested), `body(case, recv cast to the member)`; then one block on."""
        done = self.new_block("union_done")
        for i, case in enumerate(cases):
            last = i == len(cases) - 1
            if not last:
                here, nxt = self.new_block("union_case"), self.new_block("union_next")
                self.branch(self.emit("obj.isa", [recv], I1, cls=case[0]), here, nxt)
                self.seal(here)
                self.start(here)
            body(case, self.emit("obj.cast", [recv], ObjType(case[0])))
            self.jump(done)
            if not last:
                self.seal(nxt)
                self.start(nxt)
        self.seal(done)
        self.start(done)

    def expr_UnionDispatch(self, e):
        """u.m(a), u.x, a dunder of a union: the member's code for the object's class."""
        recv = self.object_receiver(e.receiver, e.attr if isinstance(e.attr, str) else
                                    e.attr[0])
        args = [self.expr(a) for a in e.operands]
        self.b.span = e.span
        result = self.fresh("union")
        has_result = e.ty != NONE
        if has_result:
            self.var_types[result] = e.ty

        def body(case, obj):
            _, node, placeholder, vals = case
            placeholder.value = obj
            for v, x in zip(vals, args):
                v.value = x
            r = self.expr(node)
            if has_result:
                self.write(result, self.b.block, self.coerce(r, node.ty, e.ty))

        self.union_cases(recv, e.cases, body)
        return self.read(result) if has_result else const(None)

    def union_store(self, target, v, t: Type) -> None:
        """u.x = v: the field of the object's class."""
        recv = self.object_receiver(target.value, target.attr)

        def body(case, obj):
            case[1].value.value = obj
            self.assign(case[1], v, t)

        self.union_cases(recv, target.union_stores, body)


def is_obj_cast(src: Type, dst: Type) -> bool:
    """Is src -> dst an object seen as another class (obj.cast)?"""
    if isinstance(src, OptionalType) and isinstance(dst, OptionalType):
        src, dst = src.elem, dst.elem
    return isinstance(src, ObjType) and isinstance(dst, ObjType) and src != dst


def _record_fields(self, v, info):
    """A NamedTuple's fields as a tuple value (`x, y = p`)."""
    from pts.ir.types import TupleType
    names = info.cls._fields
    types = tuple(info.fields[f] for f in names)
    parts = [self.emit("obj.get", [v], ft, field=f) for f, ft in zip(names, types)]
    tt = TupleType(types)
    return self.emit("tuple", parts, tt), tt


ClassLowering.record_fields = _record_fields
