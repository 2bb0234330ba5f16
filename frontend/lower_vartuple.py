"""Lowering of variable-length tuples, `Tuple[T, ...]` (a mixin of lower.Lowerer; the
checker's half and the representation: frontend/check_vartuple.py).

A Tuple[T, ...] is made from a fresh list by `vtuple.from_list` (ir.vartuple_ops): the
lowering builds the list with the list ops and the list library, then makes it a tuple;
a fixed tuple that meets a Tuple[T, ...] is copied into a fresh list item by item.
"""
from __future__ import annotations

from pts.frontend.check_vartuple import vartuple_operands
from pts.ir.core import Value, const
from pts.frontend.list_types import MAXSIZE
from pts.ir.types import I1, I64, ListType, TupleType, Type, VarTupleType


class VarTupleLowering:
    """tuple() of a run-time length, and fixed tuples made variable."""

    def vartuple_from_list(self, lst: Value, t: VarTupleType) -> Value:
        return self.emit("vtuple.from_list", [lst], t)

    def vartuple_from_fixed(self, v: Value, src: TupleType, t: VarTupleType) -> Value:
        """(a, b, c) where a Tuple[T, ...] is wanted: the items in a fresh list."""
        lst = self.emit("list.new", [const(len(src.elems))], ListType(t.elem))
        for i, et in enumerate(src.elems):
            item = self.emit("tuple.get", [v, const(i)], et)
            self.emit("list.set", [lst, const(i), self.coerce(item, et, t.elem)], None)
        return self.vartuple_from_list(lst, t)

    def vartuple_as_list(self, v: Value, t: VarTupleType) -> Value:
        """A list of a tuple's items (for an op that takes a list: str.join)."""
        out = self.emit("list.new", [const(0)], ListType(t.elem))
        self.extend(out, v, t.elem)
        return out

    def vartuple_tuple_call(self, e) -> Value:
        """tuple(iterable) with e.ty a Tuple[T, ...]."""
        if e.same:
            return self.expr(e.args[0])
        lst = self.materialize(e.args[0], ListType(e.ty.elem))
        return self.vartuple_from_list(lst, e.ty)

    def vartuple_operands(self, op: str, a: Value, at: Type, b: Value, bt: Type):
        """A comparison of a Tuple[T, ...] with a fixed tuple: the fixed one made a
        Tuple[T, ...] too (check_vartuple.vartuple_operands)."""
        lt, rt = vartuple_operands(op, at, bt)
        if lt != at:
            a = self.vartuple_from_fixed(a, at, lt)
        if rt != bt:
            b = self.vartuple_from_fixed(b, bt, rt)
        return (a, lt), (b, rt)

    def each_zip_star(self, e, body) -> None:
        """zip(*rows): the shortest row's length m (0 without rows), then for i < m the
        tuple (rows[0][i], rows[1][i], ...)."""
        rows_t = e.args[0].value.ty
        rows = self.expr(e.args[0].value)
        n = self.emit("list.len", [rows], I64)
        if isinstance(rows_t.elem, TupleType):      # fixed tuples: each made a Tuple[T, ...]
            fixed, vt = rows_t.elem, VarTupleType(rows_t.elem.elems[0])
            src, rows_t = rows, ListType(vt)
            rows = self.emit("list.new", [n], rows_t)
            self.counted_loop(const(0), lambda k: self.emit("lt", [k, n], I1),
                              lambda k: self.emit("add", [k, const(1)], I64),
                              lambda k, nxt: self.emit("list.set", [rows, k, self.vartuple_from_fixed(
                                  self.emit("list.get", [src, k], fixed), fixed, vt)], None))
        rt = VarTupleType(rows_t.elem.elem)
        shortest = self.fresh("zipn")
        self.var_types[shortest] = I64
        self.write(shortest, self.b.block, const(MAXSIZE))

        def measure(k: Value, nxt) -> None:
            size = self.emit("list.len", [self.emit("list.get", [rows, k], rows_t.elem)], I64)
            m = self.read(shortest)
            self.write(shortest, self.b.block,
                       self.emit("select", [self.emit("lt", [size, m], I1), size, m], I64))

        self.counted_loop(const(0), lambda k: self.emit("lt", [k, n], I1),
                          lambda k: self.emit("add", [k, const(1)], I64), measure)
        m = self.emit("select", [self.emit("eq", [n, const(0)], I1), const(0),
                                 self.read(shortest)], I64)

        def row(i: Value, nxt) -> None:
            out = self.emit("list.new", [n], ListType(rt.elem))

            def item(k: Value, nxt_k) -> None:
                seq = self.emit("list.get", [rows, k], rows_t.elem)
                self.emit("list.set", [out, k, self.emit("list.get", [seq, i], rt.elem)], None)

            self.counted_loop(const(0), lambda k: self.emit("lt", [k, n], I1),
                              lambda k: self.emit("add", [k, const(1)], I64), item)
            body(self.vartuple_from_list(out, rt), rt, nxt)

        self.counted_loop(const(0), lambda i: self.emit("lt", [i, m], I1),
                          lambda i: self.emit("add", [i, const(1)], I64), row)

    def vartuple_binop(self, op: str, a: Value, at: Type, b: Value, bt: Type,
                       rt: VarTupleType) -> Value:
        """`t + u` (either a fixed tuple), `t * n`, `n * t`: a new tuple."""
        if op == "+":
            out = self.emit("list.new", [const(0)], ListType(rt.elem))
            for v, t in ((a, at), (b, bt)):
                if isinstance(t, VarTupleType):
                    self.extend(out, v, rt.elem)
                else:
                    for i, et in enumerate(t.elems):
                        item = self.emit("tuple.get", [v, const(i)], et)
                        self.emit("list.append", [out, self.coerce(item, et, rt.elem)], None)
            return self.vartuple_from_list(out, rt)
        seq, st, n, nt = (a, at, b, bt) if isinstance(at, (TupleType, VarTupleType)) \
            else (b, bt, a, at)
        if isinstance(st, TupleType):
            seq = self.vartuple_from_fixed(seq, st, rt)
        return self.emit("list.repeat", [seq, self.coerce(n, nt, I64)], rt)

