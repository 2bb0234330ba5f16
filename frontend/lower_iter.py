"""Lowering of iteration: lazy iterables as plain loops, the builtins that consume them, and
`range` values.  Mixed into `lower.Lowerer`; `frontend.check_iter` says what the checker
records on the nodes.

The one mechanism is `each(it, body)`: it emits a loop over the iterable `it` and calls
`body(value, type, nxt)` once, at the point where an element is ready (for an unrolled tuple:
once per element); `nxt` is the block that fetches the next element (`continue` jumps there).
The body may also jump out (break, return, any's short circuit).  When `each` returns, the
builder is at the point reached once the iterable is exhausted.  Lazy iterables nest by
wrapping `body`: enumerate counts, zip reads its other iterables by position, filter
branches to `nxt`, a generator expression assigns its target and tests its conditions, and
a generator function's body is inlined with each `yield v` running the consumer's body
with v (the consumer's `break` leaves the generator, the generator's `return` ends the loop).
So `sum(f(i) for i in r)` is one loop with an accumulator, and side effects interleave as in
CPython.  Where an iterable is not consumed it is made into a list (`materialize`).
"""
from __future__ import annotations

from pts.frontend import ast as A
from pts.frontend.check_iter import RANGE_IR, RangeType
from pts.frontend.lower_split import each_split
from pts.ir.core import Const, Value, const
from pts.ir.types import F64, I1, I64, STR, ListType, TensorType, TupleType, Type


class _GenFrame:
    """An inlined generator being lowered: the consumer's body and loop context."""

    def __init__(self, body, end, loops, frames):
        self.body = body
        self.end = end
        self.loops = loops
        self.frames = frames


class IterLowering:
    # ---------------------------------------------------------------- for and each

    def for_iter(self, s: A.For) -> None:
        """`for target in <lazy iterable>: body else: orelse`."""
        exit_b = self.new_block("endfor")

        def body(v: Value, t: Type, nxt) -> None:
            self.b.span = s.target.span
            self.assign(s.target, v, t)
            self.loops.append(self.loop_entry(nxt, exit_b))
            self.block(s.body)
            self.loops.pop()

        self.each(s.iter, body)
        self.block(s.orelse)
        if not self.closed():
            self.jump(exit_b)
        self.seal(exit_b)
        self.start(exit_b)

    def each(self, it: A.Expr, body) -> None:
        self.b.span = it.span
        if getattr(it, "hash_view", None):          # dicts and sets (lower_dicts)
            return self.each_hash(it, body)
        if isinstance(it, A.GeneratorExp):
            return self.each_genexp(it, body)
        if isinstance(it, A.Call):
            if each_split(self, it, body):          # `s.split()`: no list (lower_split)
                return None
            if getattr(it, "gen", None) is not None:
                return self.each_generator(it, body)
            t = getattr(it, "target", None)
            if t is not None and t.kind == "builtin" and t.name == "range":
                start, stop, step = self.range_args(it)
                return self.each_range(start, stop, step, body)
            if t is not None and t.kind == "iter" and getattr(it, "lazy", False):
                return getattr(self, "each_" + t.name)(it, body)
        ty = it.ty
        if isinstance(ty, RangeType):
            r = self.expr(it)
            start, stop, step = (self.emit("tuple.get", [r, const(i)], I64) for i in range(3))
            return self.each_range(start, stop, step, body)
        v = self.expr(it)
        if isinstance(ty, TupleType):
            return self.each_tuple(v, ty, body)
        n, get, et = self.indexable(v, ty)
        return self.each_index(n, get, et, body)

    def counted_loop(self, init: Value, test, advance, body_at) -> None:
        """head: test(i) ? body : exhausted; body_at(i, nxt); nxt: i = advance(i)."""
        counter = self.fresh("it")
        self.var_types[counter] = I64
        self.write(counter, self.b.block, init)
        head, bodyb, nxt, done = (self.new_block("for"), self.new_block("body"),
                                  self.new_block("next"), self.new_block("forend"))
        self.jump(head)
        self.start(head)
        self.branch(test(self.read(counter)), bodyb, done)
        self.seal(bodyb)
        self.start(bodyb)
        body_at(self.read(counter), nxt)
        if not self.closed():
            self.jump(nxt)
        self.seal(nxt)
        self.start(nxt)
        self.write(counter, self.b.block, advance(self.read(counter)))
        self.jump(head)
        self.seal(head)
        self.seal(done)
        self.start(done)

    def each_range(self, start: Value, stop: Value, step: Value, body) -> None:
        self.counted_loop(start, lambda i: self.loop_test_range(i, stop, step),
                          lambda i: self.emit("add", [i, step], I64),
                          lambda i, nxt: body(i, I64, nxt))

    def each_index(self, n, get, et: Type, body) -> None:
        """Elements 0, 1, ... while i < n() (n is read again each time: a list may grow)."""
        self.counted_loop(const(0), lambda i: self.emit("lt", [i, n()], I1),
                          lambda i: self.emit("add", [i, const(1)], I64),
                          lambda i, nxt: body(get(i), et, nxt))

    def each_tuple(self, tup: Value, tt: TupleType, body, order=None) -> None:
        """A tuple's elements, unrolled (they may differ in type)."""
        for i in (order if order is not None else range(len(tt.elems))):
            nxt = self.new_block("next")
            body(self.emit("tuple.get", [tup, const(i)], tt.elems[i]), tt.elems[i], nxt)
            if not self.closed():
                self.jump(nxt)
            self.seal(nxt)
            self.start(nxt)

    def indexable(self, v: Value, ty: Type):
        """(length, element at i, element type) of a list, array or range value."""
        if isinstance(ty, ListType):
            return (lambda: self.emit("list.len", [v], I64),
                    lambda i: self.emit("list.get", [v, i], ty.elem), ty.elem)
        if isinstance(ty, TensorType):
            from pts.ir.ops import result_type
            shape = self.emit("np.shape", [v], result_type("np.shape", [ty]), static="{}")
            n = self.emit("tuple.get", [shape, const(0)], I64)
            et = result_type("np.getitem", [ty, I64], {"pattern": "i"})
            return (lambda: n, lambda i: self.emit("np.getitem", [v, i], et, pattern="i"), et)
        if isinstance(ty, RangeType) or ty == RANGE_IR:
            start, stop, step = (self.emit("tuple.get", [v, const(i)], I64) for i in range(3))
            n = self.range_len(start, stop, step)
            return (lambda: n,
                    lambda i: self.emit("add", [start, self.emit("mul", [i, step], I64)], I64),
                    I64)
        if ty == STR:                          # code points, as `for c in s` reads them
            return (lambda: self.emit("str.len", [v], I64),
                    lambda i: self.emit("str.getitem", [v, i], STR), STR)
        raise AssertionError(f"not indexable: {ty}")  # pragma: no cover - the checker refuses

    # ---------------------------------------------------------------- lazy builtins

    def each_enumerate(self, e: A.Call, body) -> None:
        start = const(0) if e.start is None else self.coerce(self.expr(e.start), e.start.ty, I64)
        count = self.fresh("enum")
        self.var_types[count] = I64
        self.write(count, self.b.block, start)

        def inner(v: Value, t: Type, nxt) -> None:
            c = self.read(count)
            self.write(count, self.b.block, self.emit("add", [c, const(1)], I64))
            pt = TupleType((I64, t))
            body(self.emit("tuple", [c, v], pt), pt, nxt)

        self.each(e.args[0], inner)

    def zipped(self, args: list[A.Expr], body_vals) -> None:
        """zip's loop: the first iterable drives, the others are read by position (lazy ones
        of numbers are made into lists first); stops at the first one exhausted, after
        taking the first's element, as CPython's zip."""
        rest = []
        for a in args[1:]:
            if getattr(a, "lazy", False) and not isinstance(a.ty, RangeType) and not (
                    isinstance(a, A.Call) and getattr(a, "target", None) is not None
                    and a.target.kind == "builtin"):
                lst = self.materialize(a, ListType(self.elem_type_of(a)))
                rest.append(self.indexable(lst, lst.type))
            elif isinstance(a, A.Call) and getattr(a, "target", None) is not None \
                    and a.target.kind == "builtin" and a.target.name == "range":
                start, stop, step = self.range_args(a)
                r = self.emit("tuple", [start, stop, step], RANGE_IR)
                rest.append(self.indexable(r, RANGE_IR))
            elif isinstance(a.ty, TupleType) and not isinstance(a.ty, RangeType):
                tup = self.expr(a)
                et = F64 if F64 in a.ty.elems else I64 if I64 in a.ty.elems else I1
                lst = self.emit("list.new", [const(len(a.ty.elems))], ListType(et))
                for i, x in enumerate(a.ty.elems):
                    self.emit("list.set", [lst, const(i), self.coerce(
                        self.emit("tuple.get", [tup, const(i)], x), x, et)], None)
                rest.append(self.indexable(lst, ListType(et)))
            else:
                rest.append(self.indexable(self.expr(a), a.ty))
        index = self.fresh("zip")
        self.var_types[index] = I64
        self.write(index, self.b.block, const(0))
        stop_b = self.new_block("zipstop")

        def inner(v: Value, t: Type, nxt) -> None:
            i = self.read(index)
            vals, types = [v], [t]
            for n, get, et in rest:
                ok = self.new_block("zipok")
                self.branch(self.emit("lt", [i, n()], I1), ok, stop_b)
                self.seal(ok)
                self.start(ok)
                vals.append(get(i))
                types.append(et)
            self.write(index, self.b.block, self.emit("add", [i, const(1)], I64))
            body_vals(vals, types, nxt)

        self.each(args[0], inner)
        if not self.closed():
            self.jump(stop_b)
        self.seal(stop_b)
        self.start(stop_b)

    def elem_type_of(self, a: A.Expr) -> Type:
        """The element type the checker found for a lazy iterable zip/map make a list of."""
        return a.elem_ty

    def each_zip(self, e: A.Call, body) -> None:
        if getattr(e, "zip_star", False):            # zip(*rows) (lower_vartuple)
            return self.each_zip_star(e, body)
        def tupled(vals, types, nxt):
            tt = TupleType(tuple(types))
            body(self.emit("tuple", vals, tt), tt, nxt)
        self.zipped(e.args, tupled)

    def apply(self, call: A.Call, vals: list[Value]) -> Value:
        for arg, v in zip(call.args, vals):
            arg.value = v
        return self.expr(call)

    def each_map(self, e: A.Call, body) -> None:
        self.zipped(e.args[1:], lambda vals, types, nxt: body(self.apply(e.fcall, vals),
                                                               e.fcall.ty, nxt))

    def each_filter(self, e: A.Call, body) -> None:
        def inner(v: Value, t: Type, nxt) -> None:
            if e.fcall is None:
                keep = self.truth(v, t)
            else:
                keep = self.truth(self.apply(e.fcall, [v]), e.fcall.ty)
            ok = self.new_block("keep")
            self.branch(keep, ok, nxt)
            self.seal(ok)
            self.start(ok)
            body(v, t, nxt)
        self.each(e.args[1], inner)

    def each_reversed(self, e: A.Call, body) -> None:
        a = e.args[0]
        t = getattr(a, "target", None)
        if isinstance(a, A.Call) and t is not None and t.kind == "builtin" and t.name == "range":
            start, stop, step = self.range_args(a)
            return self.each_reversed_range(start, stop, step, body)
        v = self.expr(a)
        if isinstance(a.ty, RangeType):
            start, stop, step = (self.emit("tuple.get", [v, const(i)], I64) for i in range(3))
            return self.each_reversed_range(start, stop, step, body)
        if isinstance(a.ty, TupleType):
            return self.each_tuple(v, a.ty, body, order=range(len(a.ty.elems) - 1, -1, -1))
        # a list: from the last index down, stopping if the list shrank below it (CPython's
        # listreviter)
        et = a.ty.elem
        n0 = self.emit("list.len", [v], I64)

        def test(i):
            inside = self.emit("lt", [i, self.emit("list.len", [v], I64)], I1)
            return self.emit("and", [self.emit("ge", [i, const(0)], I1), inside], I1)

        self.counted_loop(self.emit("sub", [n0, const(1)], I64), test,
                          lambda i: self.emit("sub", [i, const(1)], I64),
                          lambda i, nxt: body(self.emit("list.get", [v, i], et), et, nxt))

    def each_reversed_range(self, start: Value, stop: Value, step: Value, body) -> None:
        # reversed(range(a, b, s)) is range(a + (n-1)*s, a - s, -s) with n = len(range(a, b, s))
        n = self.range_len(start, stop, step)
        last = self.emit("add", [start, self.emit("mul", [self.emit("sub", [n, const(1)], I64),
                                                          step], I64)], I64)
        neg = self.emit("neg", [step], I64) if not isinstance(step, Const) else const(-step.value)
        self.counted_loop(const(0), lambda i: self.emit("lt", [i, n], I1),
                          lambda i: self.emit("add", [i, const(1)], I64),
                          lambda i, nxt: body(self.emit("add", [last, self.emit(
                              "mul", [i, neg], I64)], I64), I64, nxt))

    def each_genexp(self, g: A.GeneratorExp, body) -> None:
        def inner(v: Value, t: Type, nxt) -> None:
            self.b.span = g.target.span
            self.assign(g.target, v, t)
            for c in g.conds:
                ok = self.new_block("genif")
                self.branch(self.cond_value(c), ok, nxt)
                self.seal(ok)
                self.start(ok)
            if getattr(g, "flatten", False):
                self.each(g.elt, body)
            else:
                body(self.expr(g.elt), g.elt.ty, nxt)
        self.each(g.iter, inner)

    # ---------------------------------------------------------------- generator functions

    def each_generator(self, e: A.Call, body) -> None:
        info = e.gen
        vals = [self.expr(a) for a in e.args]
        for p, a, v in zip(info.fdef.params, e.args, vals):
            key = info.scope[p.name]
            self.write(key, self.b.block, self.coerce(v, a.ty, self.var_types[key]))
        end = self.new_block("genend")
        frames = getattr(self, "gen_frames", [])
        frame = _GenFrame(body, end, self.loops, frames)
        saved = self.loops, frames
        self.loops, self.gen_frames = [], frames + [frame]
        self.block(info.fdef.body)
        self.loops, self.gen_frames = saved
        if not self.closed():
            self.jump(end)
        self.seal(end)
        self.start(end)

    def yield_value(self, v: Value, t: Type, resume) -> None:
        """Run the consumer's body with v, in the consumer's loop context."""
        frame = self.gen_frames[-1]
        saved = self.loops, self.gen_frames
        self.loops, self.gen_frames = frame.loops, frame.frames
        frame.body(v, t, resume)
        self.loops, self.gen_frames = saved

    def stmt_Yield(self, s: A.Yield) -> None:
        v = self.expr(s.value) if s.value is not None else const(None)
        t = s.value.ty if s.value is not None else v.type
        resume = self.new_block("resume")
        self.yield_value(v, t, resume)
        if not self.closed():
            self.jump(resume)
        self.seal(resume)
        self.start(resume)

    def stmt_YieldFrom(self, s: A.YieldFrom) -> None:
        self.each(s.value, lambda v, t, nxt: self.yield_value(v, t, nxt))

    def generator_return(self, s: A.Return) -> bool:
        """`return` in an inlined generator: the iteration ends."""
        frames = getattr(self, "gen_frames", None)
        if not frames:
            return False
        if s.value is not None:
            self.expr(s.value)
        self.jump(frames[-1].end)
        return True

    # ---------------------------------------------------------------- consuming builtins

    def call_iter(self, e: A.Call, name: str) -> Value:
        if getattr(e, "materialize", False) or name == "generator":
            return self.materialize(e, e.ty)
        return getattr(self, "iter_" + name)(e)

    def materialize(self, it: A.Expr, lt: ListType) -> Value:
        """The elements of a lazy iterable as a new list."""
        out = self.emit("list.new", [const(0)], lt)

        def append(v: Value, t: Type, nxt) -> None:
            self.emit("list.append", [out, self.coerce(v, t, lt.elem)], None)

        self.each(it, append)
        return out

    def expr_GeneratorExp(self, e: A.GeneratorExp) -> Value:
        return self.materialize(e, e.ty)

    def expr_ValueExpr(self, e) -> Value:
        return e.value

    def iter_range(self, e: A.Call) -> Value:
        start, stop, step = self.range_args(e)
        return self.emit("tuple", [start, stop, step], RANGE_IR)

    def iter_list(self, e: A.Call) -> Value:
        if not e.args:
            return self.emit("list.new", [const(0)], e.ty)
        return self.materialize(e.args[0], e.ty)

    def iter_tuple(self, e: A.Call) -> Value:
        if not e.args:
            return self.emit("tuple", [], e.ty)
        if not isinstance(e.ty, TupleType):        # Tuple[T, ...] (lower_vartuple)
            return self.vartuple_tuple_call(e)
        if e.same:
            return self.expr(e.args[0])
        elem = e.ty.elems[0] if e.ty.elems else I64
        lst = self.materialize(e.args[0], ListType(elem))
        return self.emit("tuple", [self.emit("list.get", [lst, const(i)], elem)
                                   for i in range(e.length)], e.ty)

    def iter_sum(self, e: A.Call) -> Value:
        acc = self.fresh("sum")
        rt = e.ty
        self.var_types[acc] = rt
        if e.start is not None:
            start_v = self.expr(e.start)
            # (start is evaluated after the iterable's expression in CPython: equal unless
            # both have side effects)
            self.write(acc, self.b.block, self.coerce(start_v, e.start.ty, rt))
        else:
            self.write(acc, self.b.block, self.coerce(const(0), I64, rt))

        def add(v: Value, t: Type, nxt) -> None:
            # sum() adds left to right: ((start + x0) + x1) + ...
            cur = self.read(acc)
            if e.np_sum:
                self.write(acc, self.b.block, self.emit("np.add", [cur, v], rt, static="{}"))
            else:
                self.write(acc, self.b.block, self.binop("+", cur, rt, v, t, rt, e))

        self.each(e.args[0], add)
        return self.read(acc)

    def iter_any(self, e: A.Call, want: bool = True) -> Value:
        res = self.fresh("any")
        self.var_types[res] = I1
        self.write(res, self.b.block, const(not want))
        done = self.new_block("anydone")

        def test(v: Value, t: Type, nxt) -> None:
            hit = self.new_block("anyhit")
            tv = self.truth(v, t)
            if want:
                self.branch(tv, hit, nxt)
            else:
                self.branch(tv, nxt, hit)
            self.seal(hit)
            self.start(hit)
            self.write(res, self.b.block, const(want))
            self.jump(done)          # short circuit: leaves the iterable (and a generator)

        self.each(e.args[0], test)
        if not self.closed():
            self.jump(done)
        self.seal(done)
        self.start(done)
        return self.read(res)

    def iter_all(self, e: A.Call) -> Value:
        return self.iter_any(e, want=False)

    def iter_min(self, e: A.Call, name: str = "min") -> Value:
        rt = e.ty
        kt = e.key_ty
        default = self.expr(e.default) if e.default is not None else None
        best, best_key, has = self.fresh("best"), self.fresh("bestkey"), self.fresh("has")
        self.var_types[best] = rt
        self.var_types[best_key] = kt
        self.var_types[has] = I1
        self.write(best, self.b.block, self.undefined(rt))
        self.write(best_key, self.b.block, self.undefined(kt))
        self.write(has, self.b.block, const(False))

        def visit(v: Value, t: Type, nxt) -> None:
            k = self.apply(e.fcall, [v]) if e.fcall is not None else v
            k = self.coerce(k, e.fcall.ty if e.fcall is not None else t, kt)
            # CPython replaces the best item only when strictly better (the first of equal
            # items wins; a nan never compares better)
            better = self.compare("<" if name == "min" else ">", k, kt, self.read(best_key), kt)
            take = self.emit("or", [self.emit("not", [self.read(has)], I1), better], I1)
            yes, cont = self.new_block("better"), self.new_block("cont")
            self.branch(take, yes, cont)
            self.seal(yes)
            self.start(yes)
            self.write(best, self.b.block, self.coerce(v, t, rt))
            self.write(best_key, self.b.block, k)
            self.write(has, self.b.block, const(True))
            self.jump(cont)
            self.seal(cont)
            self.start(cont)

        self.each(e.args[0], visit)
        self.b.span = e.span
        if default is None:
            self.check(self.emit("not", [self.read(has)], I1), "ValueError",
                       f"{name}() arg is an empty sequence")
            return self.read(best)
        empty, done = self.new_block("empty"), self.new_block("mindone")
        self.branch(self.read(has), done, empty)
        self.seal(empty)
        self.start(empty)
        self.write(best, self.b.block, self.coerce(default, e.default.ty, rt))
        self.jump(done)
        self.seal(done)
        self.start(done)
        return self.read(best)

    def iter_max(self, e: A.Call) -> Value:
        return self.iter_min(e, "max")

    def iter_reduce(self, e: A.Call) -> Value:
        """functools.reduce: the accumulator starts as the initial value, else as the first
        element (flag `has`: an empty iterable without one is CPython's TypeError)."""
        rt = e.ty
        acc, has = self.fresh("reduce"), self.fresh("has")
        self.var_types[acc] = rt
        self.var_types[has] = I1
        initial = len(e.args) == 3
        if initial:
            self.write(acc, self.b.block, self.coerce(self.expr(e.args[2]), e.args[2].ty, rt))
        else:
            self.write(acc, self.b.block, self.undefined(rt))
        self.write(has, self.b.block, const(initial))

        def step(v: Value, t: Type, nxt) -> None:
            if initial:
                self.write(acc, self.b.block, self.coerce(
                    self.apply(e.fcall, [self.read(acc), v]), e.fcall.ty, rt))
                return
            first, later, cont = (self.new_block("first"), self.new_block("fold"),
                                  self.new_block("cont"))
            self.branch(self.read(has), later, first)
            self.seal(first)
            self.start(first)
            self.write(acc, self.b.block, self.coerce(v, t, rt))
            self.write(has, self.b.block, const(True))
            self.jump(cont)
            self.seal(later)
            self.start(later)
            self.write(acc, self.b.block, self.coerce(
                self.apply(e.fcall, [self.read(acc), v]), e.fcall.ty, rt))
            self.jump(cont)
            self.seal(cont)
            self.start(cont)

        self.each(e.args[1], step)
        if not initial:
            self.b.span = e.span
            self.check(self.emit("not", [self.read(has)], I1), "TypeError",
                       "reduce() of empty iterable with no initial value")
        return self.read(acc)

    def iter_sorted(self, e: A.Call) -> Value:
        vals = self.materialize(e.args[0], e.ty)
        keys = vals
        if e.fcall is not None:
            kt = e.fcall.ty
            keys = self.emit("list.new", [const(0)], ListType(kt))
            n, get, et = self.indexable(vals, e.ty)
            self.each_index(n, get, et, lambda v, t, nxt: self.emit(
                "list.append", [keys, self.apply(e.fcall, [v])], None))
        rev = self.keyword_value(e, "reverse")
        rev = self.truth(self.expr(rev), rev.ty) if rev is not None else const(False)
        return self.apply(e.sort, [keys, vals, rev])

    def keyword_value(self, e: A.Call, name: str):
        for kw in e.keywords:
            if kw.name == name:
                return kw.value
        return None

    # ---------------------------------------------------------------- range values

    def range_len(self, start: Value, stop: Value, step: Value) -> Value:
        """len(range(start, stop, step)): (stop - start - 1) // step + 1 when the range is
        not empty (with the signs of a descending range flipped), else 0."""
        up = self.emit("gt", [step, const(0)], I1)
        lo = self.emit("select", [up, start, stop], I64)
        hi = self.emit("select", [up, stop, start], I64)
        mag = self.emit("select", [up, step, self.emit("neg", [step], I64)], I64)
        diff = self.emit("sub", [self.emit("sub", [hi, lo], I64), const(1)], I64)
        n = self.emit("add", [self.emit("floordiv", [diff, mag], I64), const(1)], I64)
        return self.emit("select", [self.emit("lt", [lo, hi], I1), n, const(0)], I64)

    def range_parts(self, r: Value):
        return tuple(self.emit("tuple.get", [r, const(i)], I64) for i in range(3))

    def range_value_len(self, r: Value) -> Value:
        return self.range_len(*self.range_parts(r))

    def range_getitem(self, r: Value, index: A.Expr) -> Value:
        start, stop, step = self.range_parts(r)
        n = self.range_len(start, stop, step)
        i = self.coerce(self.expr(index), index.ty, I64)
        self.b.span = index.span
        neg = self.emit("lt", [i, const(0)], I1)
        j = self.emit("select", [neg, self.emit("add", [i, n], I64), i], I64)
        bad = self.emit("or", [self.emit("lt", [j, const(0)], I1), self.emit("ge", [j, n], I1)], I1)
        self.check(bad, "IndexError", "range object index out of range")
        return self.emit("add", [start, self.emit("mul", [j, step], I64)], I64)

    def range_contains(self, r: Value, x: Value, xt: Type) -> Value:
        start, stop, step = self.range_parts(r)
        x = self.coerce(x, xt, I64)
        up = self.emit("gt", [step, const(0)], I1)
        in_up = self.emit("and", [self.emit("le", [start, x], I1), self.emit("lt", [x, stop], I1)], I1)
        in_down = self.emit("and", [self.emit("lt", [stop, x], I1), self.emit("le", [x, start], I1)], I1)
        inside = self.emit("select", [up, in_up, in_down], I1)
        # (x - start) % step == 0, computed only where step != 0 (always: range() checked it)
        on_step = self.emit("eq", [self.emit("mod", [self.emit("sub", [x, start], I64), step], I64),
                                   const(0)], I1)
        return self.emit("and", [inside, on_step], I1)
