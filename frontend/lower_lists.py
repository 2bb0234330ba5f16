"""Lowering of the list operations that are library calls (a mixin of lower.Lowerer): list
methods, slices, in-place `+=`/`*=`, and comparisons that check_lists.py mapped to
stdlib/lists.py.

Contract: the checker left each library call in `spec.lib_calls[(name, types)]`; `lib`
evaluates nothing itself: the caller evaluates the operands in CPython's order and passes
their values, and the call is lowered as a call of that scripted function.
"""
from __future__ import annotations

from pts.frontend import ast as A
from pts.frontend.list_types import MAXSIZE, index_function, list_join
from pts.ir.core import Value, const
from pts.ir.types import (I1, I64, NONE, STR, UNKNOWN, DictType, ListType, TupleType, Type,
                          VarTupleType)


class ListLowering:
    """List operations made of library calls."""

    def tuple_binop(self, a: Value, at: Type, b: Value, bt: Type, rt: TupleType) -> Value:
        """`t1 + t2`, `t * n`, `n * t` (n known when compiling: rt holds the repeated items):
        the items of the operands, read once each, in the result's order."""
        items = []
        for v, t in ((a, at), (b, bt)):
            if isinstance(t, TupleType):
                items += [self.emit("tuple.get", [v, const(i)], et) for i, et in enumerate(t.elems)]
        if not isinstance(at, TupleType) or not isinstance(bt, TupleType):
            items = (items * len(rt.elems))[:len(rt.elems)] if items else []
        return self.emit("tuple", items, rt)

    def build_global_lists(self, body: list) -> dict:
        """The module-level lists this function reads (frontend.global_values), built once
        per call in its entry block: name -> the list.  The checker let them be used only
        where nothing keeps or changes them, so every read may share this one copy.
        (Reads in an inlined generator's body build their own, in constant_list.)"""
        found: dict = {}

        def visit(node) -> None:
            if isinstance(node, list):
                for x in node:
                    visit(x)
                return
            if not isinstance(node, A.Node) or isinstance(node, (A.FunctionDef, A.Lambda)):
                return
            if isinstance(node, A.Name) and isinstance(getattr(node, "ty", None), ListType) \
                    and type(getattr(node, "const", None)) is list and node.id not in found:
                found[node.id] = (node.const, node.ty)
            for value in vars(node).values():
                if isinstance(value, (A.Node, list)):
                    visit(value)

        visit(body)
        return {name: self.constant_list(value, t) for name, (value, t) in found.items()}

    def constant_list(self, values: list, t: ListType) -> Value:
        """A module-level list folded into the code (frontend.global_values), built where
        it is read (or once per call: build_global_lists)."""
        lst = self.emit("list.new", [const(len(values))], t)
        for i, v in enumerate(values):
            self.emit("list.set", [lst, const(i), self.constant(v, t.elem)], None)
        return lst

    def unpack_list(self, lst: Value, t: ListType, n: int) -> tuple[Value, TupleType]:
        """`a, b = xs`: CPython's ValueError unless xs has exactly n items; the items as a
        tuple."""
        size = self.emit("list.len", [lst], I64)
        got = self.emit("str.concatn", [const(f"not enough values to unpack (expected {n}, got "),
                                        self.emit("str.from", [size], STR), const(")")], STR)
        self.emit("check", [self.emit("lt", [size, const(n)], I1), got], None,
                  kind="ValueError")
        self.check(self.emit("gt", [size, const(n)], I1), "ValueError",
                   f"too many values to unpack (expected {n})")
        tt = TupleType((t.elem,) * n)
        items = [self.emit("list.get", [lst, const(i)], t.elem) for i in range(n)]
        return self.emit("tuple", items, tt), tt

    def lib(self, name: str, types: list[Type], vals: list[Value]) -> Value:
        call = self.spec.lib_calls[(name, tuple(types))]
        return self.apply(call, vals)

    def has_lib(self, name: str, types: list[Type]) -> bool:
        return (name, tuple(types)) in getattr(self.spec, "lib_calls", {})

    def list_method(self, e: A.Call, name: str, lst: Value, lt: ListType) -> Value:
        if name == "sort":
            srt = e.sorted_call
            srt.args[0].value = lst
            ordered = self.expr(srt)
            self.b.span = e.span
            return self.lib("assign_all", [lt, lt], [lst, ordered])
        if name == "extend":
            if self.empty_list_type(e.args[0]):        # xs.extend([]): nothing to add
                return const(None)
            src = self.materialize(e.args[0], lt)
            self.b.span = e.span
            return self.lib("extend", [lt, lt], [lst, src])
        args = [self.expr(a) for a in e.args]
        types = [a.ty for a in e.args]
        self.b.span = e.span
        if name == "insert":
            return self.lib("insert", [lt, I64, lt.elem],
                            [lst, self.coerce(args[0], types[0], I64),
                             self.coerce(args[1], types[1], lt.elem)])
        if name in ("remove", "count"):
            return self.lib(name, [lt, lt.elem], [lst, self.coerce(args[0], types[0], lt.elem)])
        if name == "index":
            bounds = [self.coerce(v, t, I64) for v, t in zip(args[1:], types[1:])]
            bounds += [const(0), const(MAXSIZE)][len(bounds):]
            return self.lib(index_function(lt), [lt, lt.elem, I64, I64],
                            [lst, self.coerce(args[0], types[0], lt.elem)] + bounds)
        return self.lib(name, [lt], [lst])                  # reverse, clear

    @staticmethod
    def empty_list_type(e: A.Expr) -> bool:
        """`[]` given where a list is read: nothing to add, nothing to evaluate."""
        return isinstance(e, A.ListExpr) and not e.elts and e.ty.elem == UNKNOWN

    def slice_values(self, s: A.Slice) -> list[Value]:
        """start, stop, step, has_start, has_stop of a slice (None parts: absent)."""
        vals = []
        present = []
        for part, default in ((s.lower, 0), (s.upper, 0), (s.step, 1)):
            if part is None or part.ty == NONE:
                if part is not None:
                    self.expr(part)
                vals.append(const(default))
                present.append(const(False))
            else:
                vals.append(self.coerce(self.expr(part), part.ty, I64))
                present.append(const(True))
        return vals + present[:2]

    def list_slice(self, e: A.Subscript, base: Value) -> Value:
        t = e.value.ty
        parts = self.slice_values(e.index)
        self.b.span = e.span
        out = self.lib("get_slice", [t, I64, I64, I64, I1, I1], [base] + parts)
        return self.vartuple_from_list(out, t) if isinstance(t, VarTupleType) else out

    def list_slice_store(self, target: A.Subscript, v: Value) -> None:
        t = target.value.ty
        lst = self.expr(target.value)
        parts = self.slice_values(target.index)
        self.b.span = target.span
        self.lib("set_slice", [t, I64, I64, I64, I1, I1, t], [lst] + parts + [v])

    def list_augassign(self, s: A.AugAssign) -> None:
        lt = s.ty
        lst = self.expr(s.target)
        if s.op == "+" and self.empty_list_type(s.value):
            pass                                       # xs += []
        elif s.op == "+":
            src = self.materialize(s.value, lt)
            self.b.span = s.span
            self.lib("extend", [lt, lt], [lst, src])
        else:
            n = self.coerce(self.expr(s.value), s.value.ty, I64)
            self.b.span = s.span
            self.lib("repeat_in_place", [lt, I64], [lst, n])

    def list_compare(self, op: str, a: Value, at: Type, b: Value, bt: Type) -> Value | None:
        """A list comparison the checker made a library call, or None."""
        if op in ("in", "not in"):
            if not isinstance(bt, ListType) or not self.has_lib("contains", [bt, bt.elem]):
                return None
            r = self.lib("contains", [bt, bt.elem], [b, self.coerce(a, at, bt.elem)])
            return r if op == "in" else self.emit("not", [r], I1)
        if isinstance(at, TupleType) and isinstance(bt, TupleType) and \
                op in ("==", "!=", "<", "<=", ">", ">="):
            return self.tuple_compare(op, a, at, b, bt)
        if not (isinstance(at, ListType) and isinstance(bt, ListType)):
            return None
        j = list_join(at, bt)
        if j is None:
            return None
        if op in ("==", "!="):
            if not self.has_lib("equal", [j, j]):
                return None
            r = self.lib("equal", [j, j], [a, b])
            return r if op == "==" else self.emit("not", [r], I1)
        if not self.has_lib("less", [j, j, I1]):
            return None
        if op in (">", ">="):              # a > b is b < a
            a, b = b, a
        return self.lib("less", [j, j, I1], [a, b, const(op in ("<=", ">="))])

    def tuple_compare(self, op: str, a: Value, at: TupleType, b: Value, bt: TupleType) -> Value:
        """Element by element, without branches (the comparisons are pure): equal tuples
        have equal lengths and elements; a < b is decided by the first unequal pair, from
        the last pair back: r = eq_i ? r : lt_i, starting from the lengths."""
        if op in (">", ">="):
            a, at, b, bt = b, bt, a, at
            op = "<" if op == ">" else "<="
        n = min(len(at.elems), len(bt.elems))
        xs = [self.emit("tuple.get", [a, const(i)], at.elems[i]) for i in range(n)]
        ys = [self.emit("tuple.get", [b, const(i)], bt.elems[i]) for i in range(n)]
        eqs = [self.compare("==", x, xt, y, yt)
               for x, y, xt, yt in zip(xs, ys, at.elems, bt.elems)]
        if op in ("==", "!="):
            r = const(len(at.elems) == len(bt.elems))
            for q in eqs:
                r = self.emit("and", [r, q], I1)
            return r if op == "==" else self.emit("not", [r], I1)
        r = const(len(at.elems) < len(bt.elems) if op == "<" else len(at.elems) <= len(bt.elems))
        for i in reversed(range(n)):
            lt = self.compare("<", xs[i], at.elems[i], ys[i], bt.elems[i])
            r = self.emit("select", [eqs[i], r, lt], I1)
        return r

    def stmt_Delete(self, s: A.Delete) -> None:
        for target in s.targets:                  # left to right, as CPython deletes
            t = target.value.ty
            if isinstance(t, DictType):
                self.delete_dict_item(target)
                continue
            lst = self.expr(target.value)
            if isinstance(target.index, A.Slice):
                parts = self.slice_values(target.index)
                self.b.span = target.span
                self.lib("del_slice", [t, I64, I64, I64, I1, I1], [lst] + parts)
            else:
                idx = self.list_index(lst, target.index, "list assignment index out of range")
                self.b.span = target.span
                self.emit("list.pop_at", [lst, idx], t.elem)
