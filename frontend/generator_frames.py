"""Generator objects as values: a generator function whose result is kept (a variable, a
global, a field, an argument, a list element) becomes a class whose objects are its frames.

Contract.  `frame_class(pyfunc, node)` is, once per generator function, a Python class
(`genRandom.generator`, module: the generator's own) whose run-time objects are pts
objects of user classes (frontend.check_classes, ir.object_ops): references, fields in the
call's arena, marshalled across the Python boundary by their fields.  Its methods are
syntax trees made here from the generator's own tree (spans at the user's lines), each
registered for a Python function of the class (frontend.source._PARSED):

- `__init__(self, <the generator's parameters>)`: stores the arguments in fields named as
  the parameters, and the resume state `_pts_state = 0`;
- `_pts_step(self) -> bool`: the body as a state machine (below): runs from where the
  frame stopped to the next `yield v` (stores v in `_pts_value`, the yield's number in
  `_pts_state`, returns True) or to the body's end or a `return` (returns False);
- `_pts_advance(self)`: `_pts_step`, a StopIteration that escapes the body being CPython's
  `RuntimeError: generator raised StopIteration` (PEP 479);
- `__next__(self)`: `_pts_value` after a step, else `raise StopIteration`;
- `__iter__(self)`: the generator `while self._pts_advance(): yield self._pts_value`, which
  check_dunders.object_iter inlines where the object is iterated (`for x in g`, list(g),
  sum(g), comprehensions);
- `_pts_iter(self)` (`iter(g)`: g itself), `_pts_next_or(self, d)` (`next(g, d)`).

The state machine.  Every local of the generator (parameters, assigned names) is a field
of the frame (`x` -> `self.x`), so a local lives across yields with no liveness analysis.
Yields are numbered 1.. in source order, so each compound statement holds a contiguous
range of them.  `_pts_step` reads the state into `r` and sets the state to -1 (finished:
an exception that leaves the body finishes the frame, as CPython's does); r == -1 returns
False, r == 0 starts the body, r == k resumes after yield k: every statement list skips
the statements before the one that holds yield k (`if r == 0:` around each run of
yield-free statements), enters the compound statements on the path to it with their tests
made true (`while (lo <= r <= hi) or (r == 0 and test)`: the test is not evaluated when
resuming, as CPython does not) and yield k itself sets r = 0, from where the code runs as
written.  A `for` around a yield keeps its iteration in fields: over `range(...)` its
start, step and length and an index; over a call of a generator function a generator
object of its own; over anything else (a list, str, tuple, array, or a generator object
passed in) the value and an index, the step being decided by the checker, which knows the
value's type (check_generators.frame_iter_call): `i < len(xs)` and `xs[i]` (as CPython's
list iterator, reading the length at each step), or the object's `_pts_advance()` and
`_pts_value`; `enumerate` and `zip` of those step their arguments (`stepper`).  `yield
from E` is `for v in E: yield v`; `return v` is `v; return False`.  A yielding except
clause runs after its try statement, chosen by a field holding the number of the clause
that caught.

Python's side: a module-level CPython generator that scripted code reads is replaced by a
frame of the same arguments before its first step (`adopt_generator`, from
frontend.shared_globals), and a frame object that reaches Python runs its compiled
`__next__` there (`RUN_METHOD`, set by pts.api).

Refused (CompileError at the construct): a nested `def` in a generator kept as a value, a
`yield` in a `try` that has a `finally` (a `with` block is one) or in a `try`'s `else`, a
`yield` in an except clause that names the exception or re-raises it; a `for` around a
yield over map, filter, reversed or a generator expression.  Out of scope: send, throw,
close (refused by name: check_classes.call_class_method).
"""
from __future__ import annotations

import __future__
import inspect
import sys

from pts.errors import CompileError
from pts.frontend import ast as A

STATE, VALUE, SELF, RESUME = "_pts_state", "_pts_value", "_pts_self", "_pts_r"
LAZY_ITERS = {"enumerate", "zip", "map", "filter", "reversed"}

_CLASSES: dict = {}          # generator function -> its frame class

# frontend.check's assigned_names and statements, set there (it imports this module)
HELPERS = None


def is_frame_class(cls) -> bool:
    return isinstance(cls, type) and getattr(cls, "__pts_generator__", None) is not None


# the pts layer's way to run a frame's method from Python (pts.api sets it): a
# frame object that reaches Python iterates there through its compiled `__next__`
RUN_METHOD = None


def _python_next(self):
    if RUN_METHOD is None:
        raise RuntimeError("this pts generator object runs only in scripted code")
    return RUN_METHOD(self)


def frame_class(pyfunc, node: A.Node):
    """The frame class of generator function `pyfunc` (made on first use)."""
    cls = _CLASSES.get(pyfunc)
    if cls is not None:
        return cls
    from pts.frontend.source import parse_pyfunc
    fdef = parse_pyfunc(pyfunc)
    builder = _Builder(pyfunc, fdef)
    methods = builder.methods()
    cls = type(f"{pyfunc.__name__}.generator", (),
               {"__module__": pyfunc.__module__,
                "__qualname__": f"{pyfunc.__qualname__}.<generator>"})
    for name, (text, tree) in methods.items():
        fn = _python_function(pyfunc, name, text)
        fn.__qualname__ = f"{cls.__qualname__}.{name}"
        if name == "__init__":
            fn.__defaults__ = pyfunc.__defaults__
            fn.__kwdefaults__ = pyfunc.__kwdefaults__
        from pts.frontend import source
        source._PARSED[id(fn.__code__)] = (fn.__code__, tree)
        setattr(cls, name, fn)
    cls.__pts_generator__ = pyfunc
    cls.__pts_python_next__ = _python_next
    _CLASSES[pyfunc] = cls
    return cls


def _python_function(pyfunc, name: str, params: str):
    """A Python function `name(params)` of the generator's module (its syntax tree is the
    one made here; Python runs its body only when a frame object reaches Python, where
    `__next__` goes through pts: `_python_next`)."""
    module = sys.modules.get(pyfunc.__module__)
    g = vars(module) if module is not None else {}
    body = ("    return type(_pts_self).__pts_python_next__(_pts_self)\n" if name == "__next__"
            else _PY_ITER if name == "__iter__"
            else "    return _pts_self\n" if name == "_pts_iter"
            else "".join(f"    _pts_self.{p} = {p}\n" for p in inspect.signature(pyfunc).parameters)
            + f"    _pts_self.{STATE} = 0\n" if name == "__init__"
            else "    raise RuntimeError('a pts generator frame method')\n")
    text = f"def {name}({params}):\n{body}"
    code = compile(text, f"<generator {pyfunc.__qualname__}>", "exec",
                   flags=__future__.annotations.compiler_flag, dont_inherit=True)
    ns: dict = {}
    exec(code, g, ns)  # noqa: S102
    return ns[name]


_PY_ITER = ("    while True:\n"
            "        try:\n"
            "            v = _pts_self.__next__()\n"
            "        except StopIteration:\n"
            "            return\n"
            "        yield v\n")


# ---------------------------------------------------------------- tree helpers

def _name(id_: str, span) -> A.Name:
    return A.Name(id_, span=span)


def _field(attr: str, span) -> A.Attribute:
    return A.Attribute(_name(SELF, span), attr, span=span)


def _const(v, span) -> A.Const:
    return A.Const(v, span=span)


def _cmp(left, op, right, span) -> A.Compare:
    return A.Compare(left, [op], [right], span=span)


def _assign(target, value, span) -> A.Assign:
    return A.Assign([target], value, span=span)


def _call(func, args, span) -> A.Call:
    return A.Call(func, list(args), span=span)


def _method_call(obj, name, args, span) -> A.Call:
    return A.Call(A.Attribute(obj, name, span=span), list(args), span=span)


def _yields(node) -> list:
    return [n for n in A.walk(node) if isinstance(n, (A.Yield, A.YieldFrom))]


def _fdef(name: str, params: list, body: list, span) -> A.FunctionDef:
    # (the step's result is annotated: a recursive generator's step calls itself)
    returns = A.TypeExpr("bool", span=span) if name in ("_pts_step", "_pts_advance") else None
    return A.FunctionDef(name, params, returns, body, span=span)


class _Builder:
    """The frame class's method trees for one generator function."""

    def __init__(self, pyfunc, fdef: A.FunctionDef):
        from pts.frontend.source import clone_tree
        self.pyfunc = pyfunc
        self.fdef = clone_tree(fdef)
        self.span = fdef.span
        self.count = 0               # yields numbered so far
        self.loops = 0               # for loops given fields so far

    def error(self, msg: str, node: A.Node) -> CompileError:
        return CompileError(f"generator '{self.pyfunc.__name__}' kept as a value: {msg}", node.span)

    # ------------------------------------------------------------ methods

    def methods(self) -> dict:
        fd, sp = self.fdef, self.span
        for n in A.walk(fd.body):
            if isinstance(n, A.FunctionDef):
                raise self.error("a nested def is not supported in it (define the function "
                                 "at module level)", n)
        self.locals = self.local_names(fd)
        body = self.rename(fd.body, set())
        self.desugar(body)
        self.number(body)
        params = [A.Param(SELF, span=sp)] + [
            A.Param(p.name, p.annotation, p.default, p.kind, span=p.span) for p in fd.params]
        sig = inspect.signature(self.pyfunc)
        ptext = ", ".join([SELF] + [str(p.replace(default=inspect.Parameter.empty,
                                                  annotation=inspect.Parameter.empty))
                                    for p in sig.parameters.values()])
        init_body = [_assign(_field(p.name, p.span), _name(p.name, p.span), p.span)
                     for p in fd.params]
        init_body.append(_assign(_field(STATE, sp), _const(0, sp), sp))
        r = _name(RESUME, sp)
        step_body = [
            _assign(_name(RESUME, sp), _field(STATE, sp), sp),
            _assign(_field(STATE, sp), _const(-1, sp), sp),
            A.If(_cmp(r, "==", _const(-1, sp), sp), [A.Return(_const(False, sp), span=sp)],
                 span=sp),
        ] + self.stmts(body) + [A.Return(_const(False, sp), span=sp)]
        advance = [A.Try([A.Return(_method_call(_name(SELF, sp), "_pts_step", [], sp), span=sp)],
                         [A.ExceptHandler(_name("StopIteration", sp), None, [
                             A.Raise(_call(_name("RuntimeError", sp),
                                           [_const("generator raised StopIteration", sp)], sp),
                                     span=sp)], span=sp)], span=sp)]
        nxt = [A.If(_method_call(_name(SELF, sp), "_pts_advance", [], sp),
                    [A.Return(_field(VALUE, sp), span=sp)], span=sp),
               A.Raise(_name("StopIteration", sp), span=sp)]
        it = [A.While(_method_call(_name(SELF, sp), "_pts_advance", [], sp),
                      [A.Yield(_field(VALUE, sp), span=sp)], span=sp)]
        nxt_or = [A.If(_method_call(_name(SELF, sp), "_pts_advance", [], sp),
                       [A.Return(_field(VALUE, sp), span=sp)], span=sp),
                  A.Return(_name("_pts_default", sp), span=sp)]
        me = [A.Param(SELF, span=sp)]
        return {
            "__init__": (ptext, _fdef("__init__", params, init_body, sp)),
            "_pts_step": (SELF, _fdef("_pts_step", me, step_body, sp)),
            "_pts_advance": (SELF, _fdef("_pts_advance", me, advance, sp)),
            "__next__": (SELF, _fdef("__next__", me, nxt, sp)),
            "__iter__": (SELF, _fdef("__iter__", me, it, sp)),
            "_pts_iter": (SELF, _fdef("_pts_iter", me, [A.Return(_name(SELF, sp), span=sp)], sp)),
            "_pts_next_or": (f"{SELF}, _pts_default",
                             _fdef("_pts_next_or", me + [A.Param("_pts_default", span=sp)],
                                   nxt_or, sp)),
        }

    # ------------------------------------------------------------ locals -> fields

    def local_names(self, fd: A.FunctionDef) -> set:
        assigned_names, statements = HELPERS.assigned_names, HELPERS.statements
        names = {p.name for p in fd.params} | assigned_names(fd.body)
        caught = {h.name for s in statements(fd.body) if isinstance(s, A.Try)
                  for h in s.handlers if h.name is not None}
        others = {p.name for p in fd.params} | assigned_names(
            [s for s in statements(fd.body) if not isinstance(s, A.Try)])
        if caught & others:
            raise self.error(f"'except ... as {sorted(caught & others)[0]}' binds a name it "
                             f"also assigns elsewhere", fd)
        names -= caught          # (an exception variable stays a local of the step)
        for s in statements(fd.body):
            if isinstance(s, A.Global):
                names -= set(s.names)
            elif isinstance(s, A.Import):
                names -= {n for n, _, _ in s.names}
        return names

    def rename(self, x, hidden: set):
        """x with every local Name (not hidden by a comprehension's or lambda's own names)
        read or written as the frame's field."""
        if isinstance(x, list):
            return [self.rename(v, hidden) for v in x]
        if isinstance(x, A.Name):
            if x.id in self.locals and x.id not in hidden:
                return _field(x.id, x.span)
            return x
        if isinstance(x, (A.ListComp, A.GeneratorExp, A.SetComp, A.DictComp)):
            inner = hidden | _bound(x.target)
            for k, v in vars(x).items():
                if isinstance(v, (A.Node, list)):
                    setattr(x, k, self.rename(v, hidden if k == "iter" else inner))
            return x
        if isinstance(x, A.Lambda):
            x.body = self.rename(x.body, hidden | {p.name for p in x.params})
            return x
        if isinstance(x, A.Node):
            for k, v in vars(x).items():
                if isinstance(v, (A.Node, list)) and k != "span":
                    setattr(x, k, self.rename(v, hidden))
            return x
        return x

    # ------------------------------------------------------------ yield from, numbering

    def desugar(self, body: list) -> None:
        """`yield from E` -> `for v in E: yield v`; `return [v]` -> `[v;] return False` (the
        step's "finished": a generator's return value only names its StopIteration)."""
        out = []
        for s in body:
            if isinstance(s, A.Return):
                if s.value is not None:
                    out.append(A.ExprStmt(s.value, span=s.span))
                out.append(A.Return(_const(False, s.span), span=s.span))
                continue
            out.append(s)
        body[:] = out
        for i, s in enumerate(body):
            if isinstance(s, A.YieldFrom):
                self.loops += 1
                tmp = _field(f"_pts_from{self.loops}", s.span)
                body[i] = A.For(tmp, s.value, [A.Yield(_field(tmp.attr, s.span), span=s.span)],
                                span=s.span)
            for part in ("body", "orelse", "finalbody"):
                sub = getattr(s, part, None)
                if isinstance(sub, list):
                    self.desugar(sub)
            for h in getattr(s, "handlers", None) or []:
                self.desugar(h.body)

    def number(self, body: list) -> None:
        for n in A.walk(body):
            if isinstance(n, A.Yield):
                self.count += 1
                n.number = self.count

    # ------------------------------------------------------------ the state machine

    def span_of(self, node) -> tuple:
        ks = [y.number for y in _yields(node)]
        return (min(ks), max(ks)) if ks else None

    def resuming(self, rng, span) -> A.Expr:
        """`lo <= r <= hi`: resuming into the statements holding yields lo..hi."""
        lo, hi = rng
        r = _name(RESUME, span)
        if lo == hi:
            return _cmp(r, "==", _const(lo, span), span)
        return A.Compare(_const(lo, span), ["<=", "<="], [r, _const(hi, span)], span=span)

    def fresh(self, span) -> A.Expr:
        return _cmp(_name(RESUME, span), "==", _const(0, span), span)

    def test_or_resume(self, rng, test: A.Expr, span) -> A.Expr:
        """`resuming(rng) or (r == 0 and bool(test))` (no resume range: the fresh test)."""
        if not isinstance(test, (A.Compare, A.BoolOp)) and not (
                isinstance(test, A.UnaryOp) and test.op == "not"):
            test = _call(_name("bool", span), [test], span)
        fresh = A.BoolOp("and", [self.fresh(span), test], span=span)
        if rng is None:
            return fresh
        return A.BoolOp("or", [self.resuming(rng, span), fresh], span=span)

    def stmts(self, body: list) -> list:
        out, run = [], []
        for s in body:
            if not _yields(s):
                run.append(s)
                continue
            if run:
                out.append(A.If(self.fresh(run[0].span), run, span=run[0].span))
                run = []
            out.extend(self.stmt(s))
        if run:
            out.append(A.If(self.fresh(run[0].span), run, span=run[0].span))
        return out

    def stmt(self, s: A.Stmt) -> list:
        sp = s.span
        if isinstance(s, A.Yield):
            value = s.value if s.value is not None else _const(None, sp)
            fresh = [_assign(_field(VALUE, sp), value, sp),
                     _assign(_field(STATE, sp), _const(s.number, sp), sp),
                     A.Return(_const(True, sp), span=sp)]
            resume = A.If(_cmp(_name(RESUME, sp), "==", _const(s.number, sp), sp),
                          [_assign(_name(RESUME, sp), _const(0, sp), sp)], span=sp)
            return [A.If(self.fresh(sp), fresh, [resume], span=sp)]
        whole = self.span_of(s)
        guard = A.BoolOp("or", [self.fresh(sp), self.resuming(whole, sp)], span=sp)
        if isinstance(s, A.If):
            new = A.If(self.test_or_resume(self.span_of(s.body), s.test, s.test.span),
                       self.stmts(s.body), self.stmts(s.orelse), span=sp)
            return [A.If(guard, [new], span=sp)]
        if isinstance(s, A.While):
            new = A.While(self.test_or_resume(self.span_of(s.body), s.test, s.test.span),
                          self.stmts(s.body), self.stmts(s.orelse), span=sp)
            return [A.If(guard, [new], span=sp)]
        if isinstance(s, A.For):
            return [A.If(guard, self.for_loop(s), span=sp)]
        if isinstance(s, A.Try):
            if s.finalbody:
                raise self.error("a yield in a try with a finally clause (or in a `with` "
                                 "block) is not supported: CPython runs the finally (the "
                                 "__exit__) when an unfinished generator is closed",
                                 _yields(s)[0])
            if _yields(s.orelse):
                raise self.error("a yield in a try's else clause is not supported",
                                 _yields(s.orelse)[0])
            return [A.If(guard, self.try_stmt(s), span=sp)]
        raise self.error(f"a yield inside '{type(s).__name__.lower()}' is not supported",
                         _yields(s)[0])

    def try_stmt(self, s: A.Try) -> list:
        """A try around yields.  A handler that yields runs after the try statement, chosen
        by the number of the handler that caught (a field): a resume cannot enter an
        except clause, and nothing in such a handler may need the exception being handled
        (no `as` name, no bare `raise`)."""
        sp = s.span
        body_rng = self.span_of(s.body)
        self.loops += 1
        caught = f"_pts_caught{self.loops}"
        handlers, after = [], []
        for n, h in enumerate(s.handlers, 1):
            if not _yields(h):
                handlers.append(h)
                continue
            if h.name is not None or any(isinstance(x, A.Raise) and x.exc is None
                                         for x in A.walk(h.body)):
                raise self.error("a yield in an except clause that names the exception "
                                 "(`as`) or re-raises it is not supported", _yields(h)[0])
            handlers.append(A.ExceptHandler(h.type, None, [
                _assign(_field(caught, h.span), _const(n, h.span), h.span)], span=h.span))
            rng = self.span_of(h)
            test = A.BoolOp("or", [self.resuming(rng, h.span), A.BoolOp("and", [
                self.fresh(h.span), _cmp(_field(caught, h.span), "==", _const(n, h.span),
                                         h.span)], span=h.span)], span=h.span)
            after.append(A.If(test, self.stmts(h.body), span=h.span))
        orelse = [A.If(self.fresh(sp), s.orelse, span=sp)] if s.orelse else []
        new = A.Try(self.stmts(s.body), handlers, orelse, [], span=sp)
        if not after:
            return [new]
        out = [A.If(self.fresh(sp), [_assign(_field(caught, sp), _const(0, sp), sp)], span=sp)]
        if body_rng is None:
            out.append(A.If(self.fresh(sp), [new], span=sp))
        else:
            out.append(A.If(A.BoolOp("or", [self.fresh(sp), self.resuming(body_rng, sp)],
                                     span=sp), [new], span=sp))
        return out + after

    def for_loop(self, s: A.For) -> list:
        """A `for` around a yield, its iteration in fields (see the module docstring)."""
        sp = s.span
        setup, more, take, after = self.stepper(s.iter, sp)
        loop = A.While(self.test_or_resume(self.span_of(s.body), more, sp),
                       [A.If(self.fresh(sp), [_assign(s.target, take, sp)] + after, span=sp)]
                       + self.stmts(s.body),
                       self.stmts(s.orelse), span=sp)
        return [A.If(self.fresh(sp), setup, span=sp), loop]

    def stepper(self, it: A.Expr, sp) -> tuple:
        """How a frame steps through iterable `it`: (setup statements, the test for one
        more element (it advances a generator), the element, statements after taking it)."""
        if self.is_builtin_call(it, "enumerate") and 1 <= len(it.args) + len(it.keywords) <= 2 \
                and it.args and all(kw.name == "start" for kw in it.keywords):
            setup, more, take, after = self.stepper(it.args[0], sp)
            start = it.args[1] if len(it.args) == 2 else (
                it.keywords[0].value if it.keywords else _const(0, sp))
            self.loops += 1
            count = f"_pts_count{self.loops}"
            return (setup + [_assign(_field(count, sp), start, sp)], more,
                    A.TupleExpr([_field(count, sp), take], span=sp),
                    after + [A.AugAssign(_field(count, sp), "+", _const(1, sp), span=sp)])
        if self.is_builtin_call(it, "zip") and it.args and not it.keywords:
            # (zip takes A's element before asking B for one, as CPython's does)
            parts = [self.stepper(a, sp) for a in it.args]
            more = parts[0][1] if len(parts) == 1 else A.BoolOp("and", [p[1] for p in parts],
                                                                  span=sp)
            return ([x for p in parts for x in p[0]], more,
                    A.TupleExpr([p[2] for p in parts], span=sp),
                    [x for p in parts for x in p[3]])
        self.loops += 1
        k = self.loops
        if self.is_generator_call(it):
            src = f"_pts_it{k}"
            return ([_assign(_field(src, sp), it, sp)],
                    _method_call(_field(src, sp), "_pts_advance", [], sp),
                    A.Attribute(_field(src, sp), VALUE, span=sp), [])
        if self.is_range_call(it):
            # range(a, b, s): its length once (CPython's checks of the arguments), then
            # a + i * s for i < length
            args = list(it.args) + [None] * (3 - len(it.args))
            lo, hi, st = ((_const(0, sp), args[0], _const(1, sp)) if len(it.args) == 1 else
                          (args[0], args[1], args[2] or _const(1, sp)))
            f = {n: f"_pts_{n}{k}" for n in ("lo", "hi", "st", "n", "i")}
            setup = [_assign(_field(f["lo"], sp), lo, sp), _assign(_field(f["hi"], sp), hi, sp),
                     _assign(_field(f["st"], sp), st, sp),
                     _assign(_field(f["n"], sp), _call(_name("len", sp), [
                         _call(_name("range", sp), [_field(f[n], sp) for n in ("lo", "hi", "st")],
                               sp)], sp), sp),
                     _assign(_field(f["i"], sp), _const(0, sp), sp)]
            more = _cmp(_field(f["i"], sp), "<", _field(f["n"], sp), sp)
            value = A.BinOp("+", _field(f["lo"], sp),
                            A.BinOp("*", _field(f["i"], sp), _field(f["st"], sp), span=sp), span=sp)
            return setup, more, value, [A.AugAssign(_field(f["i"], sp), "+", _const(1, sp), span=sp)]
        if isinstance(it, A.GeneratorExp) or (
                isinstance(it, A.Call) and isinstance(it.func, A.Name)
                and it.func.id in LAZY_ITERS and it.func.id not in self.locals):
            raise self.error("a for loop around a yield iterates over range(...), a list, "
                             "a str, a tuple, an array, a generator, or enumerate / zip of "
                             "those, not another lazy iterable (make it a list first)", it)
        seq, idx = f"_pts_seq{k}", f"_pts_i{k}"
        # (a list, str, tuple, array: by index; a generator object: by its step — decided
        # by the checker, which knows the type: check_generators.frame_iter_call)
        more = _call(_name("len", sp), [_field(seq, sp), _field(idx, sp)], sp)
        more.frame_iter = "more"
        item = _call(_name("len", sp), [_field(seq, sp), _field(idx, sp)], sp)
        item.frame_iter = "take"
        return ([_assign(_field(seq, sp), it, sp), _assign(_field(idx, sp), _const(0, sp), sp)],
                more, item, [A.AugAssign(_field(idx, sp), "+", _const(1, sp), span=sp)])

    def is_builtin_call(self, it: A.Expr, name: str) -> bool:
        import builtins
        return (isinstance(it, A.Call) and isinstance(it.func, A.Name) and it.func.id == name
                and name not in self.locals
                and self.pyfunc.__globals__.get(name, getattr(builtins, name)) is getattr(builtins, name))

    def is_range_call(self, it: A.Expr) -> bool:
        return self.is_builtin_call(it, "range") and 1 <= len(it.args) <= 3 and not it.keywords

    def is_generator_call(self, it: A.Expr) -> bool:
        if not (isinstance(it, A.Call) and isinstance(it.func, A.Name)):
            return False
        if it.func.id in self.locals:
            return False
        value = self.pyfunc.__globals__.get(it.func.id)
        return inspect.isgeneratorfunction(value)


def _bound(target) -> set:
    if isinstance(target, A.Name):
        return {target.id}
    if isinstance(target, (A.TupleExpr, A.ListExpr)):
        out = set()
        for t in target.elts:
            out |= _bound(t)
        return out
    return set()


def adopt_generator(owner: dict, name: str, gen, node: A.Node):
    """A module-level CPython generator object (`Random = genRandom()`) that scripted code
    uses: the global becomes a frame object of the same generator, same arguments, not yet
    started, shared with the module from then on as any module-level object is
    (frontend.shared_globals).  Python's `next(Random)` runs it through pts afterwards
    (`RUN_METHOD`).  A generator Python already started cannot be taken over: its frame's
    position is CPython's own."""
    pyfunc = next((v for v in owner.values() if inspect.isfunction(v)
                   and v.__code__ is gen.gi_code), None)
    if pyfunc is None:
        raise CompileError(f"'{name}' is a generator object of a function that is not a "
                           f"global of its module: pts cannot compile it", node.span)
    if inspect.getgeneratorstate(gen) != inspect.GEN_CREATED:
        raise CompileError(f"'{name}' is a generator object that Python has already started "
                           f"(pts takes over a module-level generator only before its first "
                           f"next())", node.span)
    cls = frame_class(pyfunc, node)
    obj = cls.__new__(cls)
    args = gen.gi_frame.f_locals
    for p in inspect.signature(pyfunc).parameters:
        setattr(obj, p, args[p])
    setattr(obj, STATE, 0)
    owner[name] = obj
    return obj
