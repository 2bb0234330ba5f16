"""Lowering of string expressions to the `str.*` ops (ir.string_ops); mixed into
`lower.Lowerer`.

Contract: each method takes checked AST (frontend.check_strings) and emits str.* ops whose
evaluate is CPython's own operation.  The ops that can raise (indexing, int(s), a bad
format spec) raise by themselves at their span, so no `check` precedes them.  f-strings
become a chain of `str.concat` of their literal parts and formatted fields: a field is
`str.from` (no spec: format(x, "") is str(x) for every pts value), `str.format` with
its spec, and a conversion `!r`/`!s`/`!a` applies first.
"""
from __future__ import annotations

from pts.frontend import ast as A
from pts.ir.core import Const, Value, const
from pts.ir.string_ops import METHODS
from pts.ir.types import F64, I1, I64, STR, ListType, TupleType, Type, VarTupleType

CMP_NAMES = {"==": "eq", "!=": "ne", "<": "lt", "<=": "le", ">": "gt", ">=": "ge"}
LIST_STR = ListType(STR)


def holds_str(t: Type) -> bool:
    if t == STR:
        return True
    if isinstance(t, TupleType):
        return any(holds_str(e) for e in t.elems)
    return isinstance(t, ListType) and holds_str(t.elem)


class StringLowering:
    """Methods of Lowerer for strings (self is the lowerer)."""

    def str_op(self, op: str, args: list[Value], t: Type | None) -> Value:
        return self.emit(op, args, t)

    def to_int(self, v: Value, t: Type) -> Value:
        return self.coerce(v, t, I64) if t == I1 else v

    def concat_parts(self, parts: list[Value]) -> Value:
        """The concatenation of parts: one `str.concatn` (one allocation) for three or more.
        A concatenation made here remembers its parts, so `a + b + c` (whose inner `a + b`
        is then unused: dead code) and an f-string's pieces become one concatn."""
        made = self.__dict__.setdefault("_str_parts", {})
        flat: list[Value] = []
        for p in parts:
            flat += made[id(p)][1] if id(p) in made else [p]
        if len(flat) == 2:
            v = self.str_op("str.concat", flat, STR)
        else:
            v = self.str_op("str.concatn", flat, STR)
        made[id(v)] = (v, flat)          # (v kept: its id stays its own)
        return v

    def str_binop(self, op: str, a: Value, at: Type, b: Value, bt: Type) -> Value:
        if op == "+":
            return self.concat_parts([a, b])
        if op == "*":
            s, n, nt = (a, b, bt) if at == STR else (b, a, at)
            return self.str_op("str.repeat", [s, self.to_int(n, nt)], STR)
        return self.str_op("str.mod", [a, b], STR)            # "%d items" % n

    def str_compare(self, op: str, a: Value, at: Type, b: Value, bt: Type) -> Value:
        if op in ("in", "not in"):
            if bt == STR:
                found = self.str_op("str.contains", [a, b], I1)
            else:
                found = self.str_op("str.list_contains", [b, a], I1)
            return found if op == "in" else self.emit("not", [found], I1)
        if at != bt:                           # "a" == 1 is False, "a" != 1 True
            return const(op == "!=")
        if at == LIST_STR:
            r = self.str_op("str.list_eq", [a, b], I1)
            return r if op == "==" else self.emit("not", [r], I1)
        if isinstance(a, Const) and isinstance(b, Const):
            import operator
            fn = {"==": operator.eq, "!=": operator.ne, "<": operator.lt, "<=": operator.le,
                  ">": operator.gt, ">=": operator.ge}[op]
            return const(fn(a.value, b.value))
        return self.str_op("str." + CMP_NAMES[op], [a, b], I1)

    def str_subscript(self, e: A.Subscript, base: Value) -> Value:
        idx = e.index
        if isinstance(idx, A.Slice):
            parts = []
            for p in (idx.lower, idx.upper, idx.step):
                if p is None:
                    parts.append(const(None))
                else:
                    parts.append(self.to_int(self.expr(p), p.ty))
            self.b.span = e.span
            return self.str_op("str.slice", [base] + parts, STR)
        i = self.to_int(self.expr(idx), idx.ty)
        self.b.span = e.span
        return self.str_op("str.getitem", [base, i], STR)

    def str_truth(self, v: Value) -> Value:
        return self.emit("ne", [self.str_op("str.len", [v], I64), const(0)], I1)

    def str_builtin(self, e: A.Call, name: str, args: list[Value], types: list) -> Value:
        if name == "str":
            if not args:
                return const("")
            return args[0] if types[0] == STR else self.str_op("str.from", args, STR)
        if name in ("repr", "ascii"):
            return self.str_op("str." + name, args, STR)
        if name == "format":
            spec = args[1] if len(args) > 1 else const("")
            return self.str_op("str.format", [args[0], spec], STR)
        if name == "ord":
            return self.str_op("str.ord", args, I64)
        if name == "chr":
            return self.str_op("str.chr", [self.to_int(args[0], types[0])], STR)
        if name == "len":
            return self.str_op("str.len", args, I64)
        if name == "int":
            return self.str_op("str.int", args, I64)
        if name == "float":
            return self.str_op("str.float", args, F64)
        return self.str_truth(args[0])                          # bool(s)

    def stderr_print(self, args: list[Value], types: list, attrs: dict) -> Value:
        """print(..., file=sys.stderr): the text made here (str() of each operand, sep,
        end) and written by one print op with `file = "stderr"`."""
        parts: list[Value] = []
        for k, (v, t) in enumerate(zip(args, types)):
            if k and attrs.get("sep", " "):
                parts.append(const(attrs.get("sep", " ")))
            parts.append(v if t == STR else self.str_op("str.from", [v], STR))
        parts.append(const(attrs.get("end", "\n")))
        text = parts[0] if len(parts) == 1 else self.emit("str.concatn", parts, STR)
        self.emit("print", [text], None, file="stderr", end="")
        return const(None)

    def printable_args(self, args: list[Value], types: list) -> list[Value]:
        """print's operands: a list or tuple holding strings printed through str() (native
        print writes numbers and strings itself, but a str inside a container is its repr)."""
        from pts.frontend.list_types import prints_through_str
        return [self.str_op("str.from", [v], STR)
                if (holds_str(t) and t != STR) or prints_through_str(t) else v
                for v, t in zip(args, types)]

    def call_strmethod(self, e: A.Call, name: str) -> Value:
        recv = self.expr(e.func.value)
        args = [self.expr(a) for a in e.args]
        types = [a.ty for a in e.args]
        self.b.span = e.span
        if name == "join":
            if isinstance(e.args[0].ty, VarTupleType):        # (lower_vartuple)
                args[0] = self.vartuple_as_list(args[0], e.args[0].ty)
            return self.str_op("str.join", [recv, args[0]], STR)
        if name == "format":
            return self.str_op("str.fmt", [recv] + args, STR)
        params = METHODS[name][0]
        vals = [self.to_int(v, t) if t == I1 and want != I1 else v
                for v, t, want in zip(args, types, params)]
        return self.str_op("str.m." + name, [recv] + vals, e.ty)

    def expr_FString(self, e: A.FString) -> Value:
        parts: list[Value] = []
        for p in e.parts:
            v = self.expr(p)
            if not (isinstance(v, Const) and v.value == ""):
                parts.append(v)
        if not parts:
            return const("")
        return parts[0] if len(parts) == 1 else self.concat_parts(parts)

    def expr_FormatValue(self, e: A.FormatValue) -> Value:
        v = self.expr(e.value)
        t = e.value.ty
        self.b.span = e.span
        if e.conversion is not None:
            v = self.str_op({"r": "str.repr", "s": "str.from", "a": "str.ascii"}[e.conversion],
                            [v], STR)
            t = STR
        if e.spec is None:
            return v if t == STR else self.str_op("str.from", [v], STR)
        spec = self.expr(e.spec)
        self.b.span = e.span
        return self.str_op("str.format", [v, spec], STR)

    def for_str(self, s: A.For) -> None:
        """for c in s: each code point as a one-character string."""
        self.b.span = s.iter.span
        text = self.expr(s.iter)
        counter = self.fresh("i")
        self.var_types[counter] = I64
        self.write(counter, self.b.block, const(0))
        n = self.str_op("str.len", [text], I64)      # (a str is immutable: its length too)
        self.loop(s, counter,
                  test=lambda: self.emit("lt", [self.read(counter), n], I1),
                  element=lambda: self.str_op("str.getitem", [text, self.read(counter)], STR),
                  advance=lambda: self.write(counter, self.b.block,
                                             self.emit("add", [self.read(counter), const(1)], I64)),
                  elem_t=STR)

