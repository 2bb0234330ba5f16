"""Lowering of dicts and sets (mixed into `lower.Lowerer`): what frontend.check_dicts typed
becomes the ops of ir.dict_ops and loops over them.

CPython's semantics made explicit here: a key is converted to the table's key type
before every lookup (1 in a Dict[float, V] looks up 1.0); a `for` over a dict or a set
checks the size at every step (RuntimeError "dictionary changed size during iteration",
as CPython's iterator does when it is asked for the next item); `d[k] op= v` looks the key
up once for reading and stores once; the set operators build a new set, their in-place
forms change the left operand (every alias sees it); print/str of a dict or a set is built
here from the repr of each key and value, so it is the same string interpreted and
natively.
"""
from __future__ import annotations

from pts.frontend import ast as A
from pts.frontend.check_dicts import SET_OPS, is_hash
from pts.ir.core import Value, const
from pts.ir.types import (I1, I64, STR, UNKNOWN, DictType, OptionalType, SetType, TupleType,
                          Type)


def key_type(t: Type) -> Type:
    return t.key if isinstance(t, DictType) else t.elem


class DictLowering:
    """Methods of Lowerer for dicts and sets (self is the lowerer)."""

    # ------------------------------------------------------------ small control flow

    def if_then(self, cond: Value, then) -> None:
        then_b, done = self.new_block("then"), self.new_block("endif")
        self.branch(cond, then_b, done)
        self.seal(then_b)
        self.start(then_b)
        then()
        if not self.closed():
            self.jump(done)
        self.seal(done)
        self.start(done)

    def entries(self, h: Value, body, size_check: str | None = None) -> None:
        """body(position) for each live entry of h, in order; size_check: the message of
        the RuntimeError raised when h's size changes between steps."""
        n0 = self.emit("hash.len", [h], I64) if size_check else None
        found = {}

        def test(pos: Value) -> Value:
            if size_check:
                changed = self.emit("ne", [self.emit("hash.len", [h], I64), n0], I1)
                self.check(changed, "RuntimeError", size_check)
            found["i"] = self.emit("hash.next", [h, pos], I64)
            return self.emit("ge", [found["i"], const(0)], I1)

        self.counted_loop(const(0), test, lambda pos: self.emit("add", [found["i"], const(1)], I64),
                          lambda pos, nxt: body(found["i"], nxt))

    def key(self, e: A.Expr, ht: Type) -> Value:
        return self.coerce(self.expr(e), e.ty, key_type(ht))

    # ------------------------------------------------------------ literals

    def new_hash(self, t: Type) -> Value:
        if isinstance(t, DictType) and UNKNOWN in (t.key, t.val):   # print({}): never read
            t = DictType(I64 if t.key == UNKNOWN else t.key, I64 if t.val == UNKNOWN else t.val)
        elif isinstance(t, SetType) and t.elem == UNKNOWN:
            t = SetType(I64)
        return self.emit("dict.new" if isinstance(t, DictType) else "set.new", [], t)

    def expr_DictExpr(self, e: A.DictExpr) -> Value:
        t: DictType = e.ty
        pairs = [(self.key(k, t), self.coerce(self.expr(v), v.ty, t.val))
                 for k, v in zip(e.keys, e.values)]
        self.b.span = e.span
        d = self.new_hash(t)
        for k, v in pairs:
            self.emit("dict.setitem", [d, k, v], None)
        return d

    def expr_SetExpr(self, e: A.SetExpr) -> Value:
        vals = [self.key(x, e.ty) for x in e.elts]
        self.b.span = e.span
        s = self.new_hash(e.ty)
        for v in vals:
            self.emit("set.add", [s, v], None)
        return s

    def comprehension(self, e, out: Value, store) -> Value:
        """for target in iter: if conds: store() (as lower.expr_ListComp)."""
        inner: list[A.Stmt] = [_StoreStmt(store, span=e.span)]
        for c in reversed(e.conds):
            inner = [A.If(c, inner, span=c.span)]
        self.stmt_For(A.For(e.target, e.iter, inner, span=e.span))
        return out

    def expr_DictComp(self, e: A.DictComp) -> Value:
        t: DictType = e.ty
        d = self.new_hash(t)

        def store():
            k = self.key(e.key, t)
            v = self.coerce(self.expr(e.value), e.value.ty, t.val)
            self.b.span = e.span
            self.emit("dict.setitem", [d, k, v], None)
        return self.comprehension(e, d, store)

    def expr_SetComp(self, e: A.SetComp) -> Value:
        s = self.new_hash(e.ty)

        def store():
            v = self.key(e.elt, e.ty)
            self.b.span = e.span
            self.emit("set.add", [s, v], None)
        return self.comprehension(e, s, store)

    def stmt__StoreStmt(self, s: "_StoreStmt") -> None:
        s.store()

    # ------------------------------------------------------------ items

    def dict_getitem(self, e: A.Subscript, d: Value) -> Value:
        k = self.key(e.index, e.value.ty)
        self.b.span = e.span
        return self.emit("dict.getitem", [d, k], e.ty)

    def dict_setitem(self, target: A.Subscript, v: Value, t: Type) -> None:
        d = self.expr(target.value)
        dt: DictType = target.value.ty
        k = self.key(target.index, dt)
        self.b.span = target.span
        self.emit("dict.setitem", [d, k, self.coerce(v, t, dt.val)], None)

    def dict_augassign(self, s: A.AugAssign) -> None:
        """d[k] op= v: d[k] read (KeyError if absent), then stored."""
        d = self.expr(s.target.value)
        dt: DictType = s.target.value.ty
        k = self.key(s.target.index, dt)
        self.b.span = s.target.span
        cur = self.emit("dict.getitem", [d, k], dt.val)
        rhs = self.expr(s.value)
        self.b.span = s.span
        res = self.binop(s.op, cur, dt.val, rhs, s.value.ty, s.ty, s)
        self.emit("dict.setitem", [d, k, self.coerce(res, s.ty, dt.val)], None)

    def delete_dict_item(self, target: A.Subscript) -> None:
        """`del d[k]` (lower_lists' stmt_Delete takes each target to its container's)."""
        d = self.expr(target.value)
        k = self.key(target.index, target.value.ty)
        self.b.span = target.span
        self.emit("dict.delitem", [d, k], None)

    # ------------------------------------------------------------ iteration

    def each_hash(self, it: A.Expr, body) -> None:
        """A `for` (or comprehension, or consuming builtin) over a dict, a set, or a dict's
        keys(), values() or items()."""
        view = it.hash_view
        src = getattr(it, "hash_recv", it)
        h = self.expr(src)
        ht = src.ty
        self.b.span = it.span
        msg = "dictionary changed size during iteration" if isinstance(ht, DictType) \
            else "Set changed size during iteration"

        def step(i: Value, nxt) -> None:
            if view == "keys":
                v, t = self.emit("hash.key_at", [h, i], key_type(ht)), key_type(ht)
            elif view == "values":
                v, t = self.emit("dict.value_at", [h, i], ht.val), ht.val
            else:
                t = TupleType((ht.key, ht.val))
                v = self.emit("tuple", [self.emit("hash.key_at", [h, i], ht.key),
                                        self.emit("dict.value_at", [h, i], ht.val)], t)
            body(v, t, nxt)
        self.entries(h, step, msg)

    def add_all(self, s: Value, st: SetType, it: A.Expr) -> None:
        """s.add(x) for each x of the iterable it."""
        def add(v: Value, t: Type, nxt) -> None:
            self.emit("set.add", [s, self.coerce(v, t, st.elem)], None)
        self.each(it, add)

    # ------------------------------------------------------------ operators

    def hash_binop(self, op: str, a: Value, at: Type, b: Value, bt: Type, rt: Type) -> Value:
        if isinstance(rt, DictType):          # d1 | d2: a new dict, d2's values win
            out = self.emit("hash.copy", [a], rt)
            self.merge_into(out, b, rt)
            return out
        return self.set_op(SET_OPS[op], a, b, rt, inplace=False)

    def merge_into(self, d: Value, other: Value, dt: DictType) -> None:
        def put(i: Value, nxt) -> None:
            self.emit("dict.setitem", [d, self.emit("hash.key_at", [other, i], dt.key),
                                       self.emit("dict.value_at", [other, i], dt.val)], None)
        self.entries(other, put)

    def set_op(self, name: str, a: Value, b: Value, st: SetType, inplace: bool) -> Value:
        """union intersection difference symmetric_difference of sets a and b: a new set,
        or a changed in place (the *_update methods and |= &= -= ^=)."""
        elem = st.elem

        def each_of(h: Value, f) -> None:
            self.entries(h, lambda i, nxt: f(self.emit("hash.key_at", [h, i], elem)))

        if name == "union":
            out = a if inplace else self.emit("hash.copy", [a], st)
            each_of(b, lambda x: self.emit("set.add", [out, x], None))
            return out
        if name == "difference" and inplace:
            each_of(b, lambda x: self.emit("hash.discard", [a, x], I1))
            return a
        if name == "symmetric_difference":
            out = a if inplace else self.emit("hash.copy", [a], st)

            def flip(x: Value) -> None:
                gone = self.emit("hash.discard", [out, x], I1)
                self.if_then(self.emit("not", [gone], I1),
                             lambda: self.emit("set.add", [out, x], None))
            if inplace:
                b = self.emit("hash.copy", [b], st)      # (s ^= s: empties s)
            each_of(b, flip)
            return out
        # intersection, difference: the elements of a that are (not) in b
        keep_in = name == "intersection"
        src = self.emit("hash.copy", [a], st) if inplace else a
        out = a if inplace else self.emit("set.new", [], st)

        def visit(x: Value) -> None:
            there = self.emit("hash.contains", [b, x], I1)
            if inplace:
                self.if_then(self.emit("not", [there], I1) if keep_in else there,
                             lambda: self.emit("hash.discard", [out, x], I1))
            else:
                self.if_then(there if keep_in else self.emit("not", [there], I1),
                             lambda: self.emit("set.add", [out, x], None))
        each_of(src, visit)
        return out

    def all_in(self, a: Value, b: Value, elem: Type) -> Value:
        """Is every element (key) of a in b?"""
        res = self.fresh("sub")
        self.var_types[res] = I1
        self.write(res, self.b.block, const(True))

        def visit(i: Value, nxt) -> None:
            there = self.emit("hash.contains", [b, self.emit("hash.key_at", [a, i], elem)], I1)
            self.write(res, self.b.block, self.emit("and", [self.read(res), there], I1))
        self.entries(a, visit)
        return self.read(res)

    def hash_compare(self, op: str, a: Value, at: Type, b: Value, bt: Type) -> Value:
        if op in ("in", "not in"):
            found = self.emit("hash.contains", [b, self.coerce(a, at, key_type(bt))], I1)
            return found if op == "in" else self.emit("not", [found], I1)
        if op in (">", ">="):
            a, at, b, bt, op = b, bt, a, at, {">": "<", ">=": "<="}[op]
        na, nb = self.emit("hash.len", [a], I64), self.emit("hash.len", [b], I64)
        if op in ("<", "<="):
            sub = self.all_in(a, b, at.elem)
            if op == "<=":
                return sub
            return self.emit("and", [sub, self.emit("lt", [na, nb], I1)], I1)
        same = self.emit("eq", [na, nb], I1)
        if isinstance(at, SetType):
            eq = self.emit("and", [same, self.all_in(a, b, at.elem)], I1)
        else:
            eq = self.emit("and", [same, self.dict_eq(a, b, at)], I1)
        return eq if op == "==" else self.emit("not", [eq], I1)

    def dict_eq(self, a: Value, b: Value, dt: DictType) -> Value:
        """Every key of a in b with an equal value (the lengths are compared apart)."""
        res = self.fresh("deq")
        self.var_types[res] = I1
        self.write(res, self.b.block, const(True))
        zero = self.undefined(dt.val)

        def visit(i: Value, nxt) -> None:
            k = self.emit("hash.key_at", [a, i], dt.key)
            there = self.emit("hash.contains", [b, k], I1)
            va = self.emit("dict.value_at", [a, i], dt.val)
            vb = self.emit("dict.get", [b, k, zero], dt.val)
            same = self.compare("==", va, dt.val, vb, dt.val)
            self.write(res, self.b.block, self.emit("and", [self.read(res),
                                                            self.emit("and", [there, same], I1)], I1))
        self.entries(a, visit)
        return self.read(res)

    def hash_augassign(self, s: A.AugAssign) -> None:
        """s |= t (and &= -= ^=), d |= e: in place."""
        cur = self.expr(s.target)
        rhs = self.expr(s.value)
        self.b.span = s.span
        if isinstance(s.target.ty, DictType):
            self.merge_into(cur, rhs, s.target.ty)
        else:
            self.set_op(SET_OPS[s.op], cur, rhs, s.target.ty, inplace=True)
        self.assign(s.target, cur, s.target.ty)

    # ------------------------------------------------------------ printing

    def value_repr(self, v: Value, t: Type) -> Value:
        """repr(v); an Optional's is None's or its value's."""
        if not isinstance(t, OptionalType):
            return self.emit("str.repr", [v], STR)
        out = self.fresh("vrepr")
        self.var_types[out] = STR
        self.write(out, self.b.block, const("None"))
        self.if_then(self.emit("not", [self.emit("opt.is_none", [v], I1)], I1),
                     lambda: self.write(out, self.b.block,
                                        self.value_repr(self.emit("opt.get", [v], t.elem), t.elem)))
        return self.read(out)

    def hash_repr(self, h: Value, t: Type) -> Value:
        """repr(d) / repr(s) as CPython writes it: {k: v, ...}, {a, b}, set()."""
        if key_type(t) == UNKNOWN:               # print({}), print(set()): always empty
            return const("{}" if isinstance(t, DictType) else "set()")
        acc = self.fresh("repr")
        self.var_types[acc] = STR
        self.write(acc, self.b.block, const(""))
        kt = key_type(t)

        def piece(i: Value, nxt) -> None:
            text = self.emit("str.repr", [self.emit("hash.key_at", [h, i], kt)], STR)
            if isinstance(t, DictType):
                v = self.emit("dict.value_at", [h, i], t.val)
                text = self.emit("str.concat", [text, const(": ")], STR)
                text = self.emit("str.concat", [text, self.value_repr(v, t.val)], STR)
            cur = self.read(acc)
            sep = self.emit("select", [self.emit("eq", [self.emit("str.len", [cur], I64), const(0)], I1),
                                       const(""), const(", ")], STR)
            self.write(acc, self.b.block,
                       self.emit("str.concat", [cur, self.emit("str.concat", [sep, text], STR)], STR))
        self.entries(h, piece)
        body = self.emit("str.concat", [self.emit("str.concat", [const("{"), self.read(acc)], STR),
                                        const("}")], STR)
        if isinstance(t, SetType):
            empty = self.emit("eq", [self.emit("hash.len", [h], I64), const(0)], I1)
            return self.emit("select", [empty, const("set()"), body], STR)
        return body

    # ------------------------------------------------------------ calls

    def hash_builtin(self, e: A.Call, name: str) -> Value:
        t = e.ty
        self.b.span = e.span
        if not e.args:
            return self.new_hash(t)
        a = e.args[0]
        if getattr(e, "copy_of", False):
            return self.emit("hash.copy", [self.expr(a)], t)
        out = self.new_hash(t)
        if name == "set":
            self.add_all(out, t, a)
            return out

        def put(v: Value, vt: Type, nxt) -> None:
            k = self.coerce(self.emit("tuple.get", [v, const(0)], vt.elems[0]), vt.elems[0], t.key)
            x = self.coerce(self.emit("tuple.get", [v, const(1)], vt.elems[1]), vt.elems[1], t.val)
            self.emit("dict.setitem", [out, k, x], None)
        self.each(a, put)
        return out

    def call_dictmethod(self, e: A.Call, name: str) -> Value:
        recv_e = e.func.value
        h = self.expr(recv_e)
        ht = recv_e.ty
        self.b.span = e.span
        if name in ("clear",):
            self.emit("hash.clear", [h], None)
            return const(None)
        if name == "copy":
            return self.emit("hash.copy", [h], ht)
        if isinstance(ht, DictType):
            if name in ("keys", "values"):
                out = self.emit("list.new", [const(0)], e.ty)
                op = "hash.key_at" if name == "keys" else "dict.value_at"
                self.entries(h, lambda i, nxt: self.emit(
                    "list.append", [out, self.emit(op, [h, i], e.ty.elem)], None))
                return out
            if name == "popitem":
                return self.emit("dict.popitem", [h], e.ty)
            if name == "update":
                other = self.expr(e.args[0])
                self.b.span = e.span
                self.merge_into(h, other, ht)
                return const(None)
            k = self.key(e.args[0], ht)
            dflt = self.coerce(self.expr(e.args[1]), e.args[1].ty, ht.val) if len(e.args) > 1 else None
            self.b.span = e.span
            if name == "get":
                return self.emit("dict.get", [h, k, dflt], ht.val)
            if name == "setdefault":
                return self.emit("dict.setdefault", [h, k, dflt], ht.val)
            if dflt is None:
                return self.emit("dict.pop", [h, k], ht.val)
            return self.emit("dict.pop_default", [h, k, dflt], ht.val)
        # sets
        if name == "pop":
            return self.emit("set.pop", [h], ht.elem)
        if name in ("add", "discard", "remove"):
            k = self.key(e.args[0], ht)
            self.b.span = e.span
            if name == "discard":
                self.emit("hash.discard", [h, k], I1)
            else:
                self.emit("set." + name, [h, k], None)
            return const(None)
        a = e.args[0]
        if getattr(e, "other_iterable", False):       # s.union(a_list): a set of it first
            other = self.emit("set.new", [], ht)
            self.add_all(other, ht, a)
        else:
            other = self.coerce(self.expr(a), a.ty, ht)
        self.b.span = e.span
        if name == "issubset":
            return self.all_in(h, other, ht.elem)
        if name == "issuperset":
            return self.all_in(other, h, ht.elem)
        if name == "isdisjoint":
            common = self.set_op("intersection", h, other, ht, inplace=False)
            return self.emit("eq", [self.emit("hash.len", [common], I64), const(0)], I1)
        if name.endswith("_update") or name == "update":
            base = "union" if name == "update" else name[:-len("_update")]
            self.set_op(base, h, other, ht, inplace=True)
            return const(None)
        return self.set_op(name, h, other, ht, inplace=False)


class _StoreStmt(A.Stmt):
    """The store of a dict or set comprehension, in its loop."""

    def __init__(self, store, span):
        super().__init__(span=span)
        self.store = store
