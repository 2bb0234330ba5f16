"""Functions as values: the checker's part (a mixin of frontend.check.FunctionChecker).

Contract: a module-level function used as a value (`integrate(f, 0.0, 1.0)`, `g = f`,
`(f, g)`, `return f`), a `lambda` and a nested `def` have a type the checker knows when
compiling, and a call through any of them is a direct call of a specialization:

- `FunctionType(fn, captures)`: one known function.  `fn` is a Python function or a
  `LocalFunction` (a nested def or lambda, with the names it captures); `captures` are the
  types of the captured variables' values, copied when the closure is made.  IR value: the
  function's id (an i64 constant) when nothing is captured, else `tuple<captures>`.
  A capture-free FunctionType argument is a constant of the callee's specialization (like
  a model object): `integrate(f, ...)` and `integrate(g, ...)` are two compiled versions,
  and `f(x)` inside is a direct call (inlinable).
- `FunctionUnion(members)`: one of several capture-free functions — what a list of
  functions holds (`fs = [f, g]`) and what a variable assigned different functions holds.
  IR value: the member's id (i64).  A call specializes every member to the call's argument
  types and tests the id (lower_functions): the members must take those arguments and
  return one type ("the same signature"), else a CompileError.

Closures are read-only copies: a variable a closure captures may not be assigned again
after the closure is made (nor in a loop that makes it), because CPython would see the new
value (late binding) where the copy keeps the old one — a CompileError says so.  A lambda
that is called where it is written (`(lambda x: ...)(v)`, the `key=` of sorted/min/max,
map's and filter's function, an argument of a call that cannot return a function) reads
its captures at each call and is exempt.  A nested function that calls itself is refused
(the copy would be made before the function exists).

A nested def only called by its name (stmt_FunctionDef's `called_only`; a lambda in a
variable becomes one, frontend.function_aliases) is exempt too: its value is its id, and
each call reads the captured variables there (`call.capture_exprs`), as CPython does.

Other values: a builtin, an `operator` function or functools.reduce is a wrapper function
that calls it (`builtin_function_value`); a bound method of a str, list, dict or set
(`out.append` used as a value) is a closure capturing the receiver, `str.upper` a
capture-free wrapper (`method_function`); `f.__name__` is CPython's name
(`function_attribute`).  Aliases that are only called never become values: see
frontend.function_aliases.

Parameters: keyword-only (`*, scale=1.0`), `*args` (a tuple of the extra positional
arguments; `f(*t)` spreads a tuple at a call), `**kwargs` (a compile-time mapping of the
extra keyword arguments: `kwargs["name"]`, `"name" in kwargs`, `kwargs.get("name", d)`,
`len(kwargs)` with constant keys; its IR value is a tuple of the values).
"""
from __future__ import annotations

import inspect
from dataclasses import dataclass
from typing import Any

from pts.errors import CompileError, Span
from pts.frontend import ast as A
from pts.frontend.shared_globals import CLOSURE_OF
from pts.ir.types import I1, I64, NONE, STR, ListType, OptionalType, TupleType, Type, py_name


@dataclass(frozen=True)
class FunctionType(Type):
    fn: Any
    captures: tuple = ()

    def __str__(self) -> str:
        where = getattr(self.fn, "defined_at", None)
        name = getattr(self.fn, "__qualname__", self.fn.__name__)
        return f"function {name}" + (f" (line {where[0]}:{where[1]})" if where else "")

    __repr__ = __str__


@dataclass(frozen=True)
class FunctionUnion(Type):
    members: frozenset

    def __str__(self) -> str:
        return "function (one of " + ", ".join(sorted(str(m)[9:] for m in self.members)) + ")"


def function_name(t: FunctionType) -> str:
    """CPython's `__name__` of the function (`<lambda>` for a lambda)."""
    return getattr(t.fn, "py_name", None) or t.fn.__name__


def method_of(cls, name: str) -> bool:
    return not name.startswith("_") and callable(getattr(cls, name, None))


_METHODS: dict = {}


def method_function(home: str, name: str, bound: bool) -> FunctionType:
    """A method of str, list, dict or set as a function: bound, `def insert(*args): return
    self_.insert(*args)` with the receiver `self_` captured; unbound (`str.upper`),
    `def upper(self_, *args): return self_.upper(*args)`."""
    lf = _METHODS.get((home, name, bound))
    if lf is None:
        from pts.frontend.parse import parse_function
        fdef = parse_function(f"def {name}({'' if bound else 'self_, '}*args):\n"
                              f"    return self_.{name}(*args)\n",
                              f"<method {home}.{name}>")
        if bound:
            fdef.params.append(A.Param("self_", kind="capture", span=fdef.span))

        class _Home:
            __globals__: dict = {}
        lf = _METHODS[(home, name, bound)] = LocalFunction(fdef, _Home, ["self_"] if bound
                                                           else [], (), {})
        lf.root_function = None
    return FunctionType(lf)


def same_star_parameters(members: list) -> bool:
    """Do the functions all take `*args` (min or max; str.upper or str.lower) with the same
    parameters and no defaults, so that one binding of a call's arguments serves them all?"""
    from pts.frontend.source import parse_pyfunc
    shapes = set()
    for m in members:
        if getattr(m.fn, "__defaults__", None) or getattr(m.fn, "__kwdefaults__", None):
            return False
        shapes.add(tuple((p.name, p.kind) for p in parse_pyfunc(m.fn).params
                         if p.kind != "capture"))
    return len(shapes) == 1 and any(k != "pos" for _, k in next(iter(shapes)))


def source_order(t: FunctionType) -> tuple:
    """Where a function is defined (the order a union's members are tested in: a
    frozenset's order would change from one process to the next)."""
    fn = t.fn
    at = getattr(fn, "defined_at", None)
    if at is None:
        code = getattr(fn, "__code__", None)
        at = (getattr(code, "co_firstlineno", 0), 0)
    return (getattr(getattr(fn, "__code__", None), "co_filename", ""), at,
            getattr(fn, "__qualname__", fn.__name__))


def closure_hint(a: Type, b: Type) -> str:
    """Why two function values cannot meet, for an error message."""
    if any(isinstance(t, FunctionType) and t.captures for t in (a, b)):
        return (" (a closure that captures variables cannot share a variable or a list "
                "with another function)")
    return ""

    __repr__ = __str__


@dataclass(frozen=True)
class KwargsType(Type):
    """`**kwargs` of a specialization: the names and types of the extra keywords."""
    names: tuple
    types: tuple

    def __str__(self) -> str:
        return "Dict[str, ...](" + ", ".join(f"{n}={py_name(t)}" for n, t in
                                            zip(self.names, self.types)) + ")"

    __repr__ = __str__


def is_function(t: Type) -> bool:
    return isinstance(t, (FunctionType, FunctionUnion))


def listable_function(t: Type) -> bool:
    """Can a list hold it?  Functions that capture nothing (a list holds their ids)."""
    return isinstance(t, FunctionUnion) or isinstance(t, FunctionType) and not t.captures


def has_function(t: Type) -> bool:
    """Does a value of type t hold a function (which cannot cross to Python)?"""
    if is_function(t):
        return True
    if isinstance(t, KwargsType):
        return True
    if isinstance(t, TupleType):
        return any(has_function(e) for e in t.elems)
    if isinstance(t, (ListType, OptionalType)):
        return has_function(t.elem)
    return False


def function_ir_type(t: Type, ir_type) -> Type | None:
    """The IR type of a function value (see the module docstring), else None."""
    if isinstance(t, FunctionType):
        return TupleType(tuple(ir_type(c) for c in t.captures)) if t.captures else I64
    if isinstance(t, FunctionUnion):
        return I64
    if isinstance(t, KwargsType):
        return TupleType(tuple(ir_type(c) for c in t.types))
    return None


def function_join(a: Type, b: Type) -> Type | None:
    """Where two function values meet (a variable, a list): one of several capture-free
    functions; a closure with captures only meets itself."""
    members = set()
    for t in (a, b):
        if isinstance(t, FunctionType):
            if t.captures:
                return None
            members.add(t)
        elif isinstance(t, FunctionUnion):
            members |= t.members
        else:
            return None
    return FunctionUnion(frozenset(members))


class LocalFunction:
    """A nested def or a lambda as the Python function pts compiles: its tree (the
    parameters, then one parameter per captured variable), the globals of the function
    that encloses it and the values of its defaults (literals)."""

    def __init__(self, fdef: A.FunctionDef, outer, captured: list[str], defaults: tuple,
                 kwdefaults: dict):
        from pts.frontend import source
        self.__name__ = self.__qualname__ = fdef.name
        self.py_name = fdef.name.split(".")[-1]     # CPython's __name__ (function_name)
        self.__globals__ = outer.__globals__
        self.__defaults__ = defaults
        self.__kwdefaults__ = kwdefaults
        self.__module__ = getattr(outer, "__module__", None)
        self.root_function = getattr(outer, "root_function", outer)   # whose globals it reads
        self.captured = captured
        self.__code__ = code = object()         # (frontend.source keys trees by code)
        source._PARSED[id(code)] = (code, fdef)

    def __repr__(self) -> str:
        return f"<nested function {self.__name__}>"


def names_callable(te) -> bool:
    """Does an annotation say "a function" (`Callable[...]`, also inside List/Optional) or
    "any value" (a parameter's `object`, as `__eq__(self, other: object)`)?  The checker
    knows the value it is given: such an annotation is read as none."""
    if te.name.split(".")[-1] == "Callable" or te.name == "object" and not te.args:
        return True
    return any(names_callable(a) for a in te.args if isinstance(a, A.TypeExpr))


def names_read(node) -> set[str]:
    """Every Name in a subtree (nested lambdas and defs included)."""
    return {n.id for n in A.walk(node) if isinstance(n, A.Name)}


def contains(outer: Span, inner: Span) -> bool:
    return (outer.line, outer.col) <= (inner.line, inner.col) and \
        (inner.end_line, inner.end_col) <= (outer.end_line, outer.end_col)


def after(a: Span, b: Span) -> bool:
    """Does a start after b starts?"""
    return (a.line, a.col) > (b.line, b.col)


class FunctionChecks:
    # check.py's helpers, set there (this module cannot import it: an import cycle)
    fn_helpers: Any = None

    def returns_nothing(self) -> None:
        """A function with no `return value` and no `yield` anywhere in it returns None:
        its result type is known before its body is checked, so a recursive call needs no
        annotation (pyperformance go's `Square.remove` calls itself)."""
        fdef = self.fdef
        if fdef.returns is not None or self.spec.ret_type is not None:
            return
        for n in A.walk(fdef.body):
            if isinstance(n, (A.Yield, A.YieldFrom, A.Lambda)) or \
                    isinstance(n, A.Return) and n.value is not None:
                return
        self.ret_annot = NONE
        self.spec.ret_type = NONE

    # ---------------------------------------------------------------- annotations

    def drop_callable_annotations(self) -> None:
        """`Callable[[float], float]` (also in List[...] and Optional[...]) says a value is
        a function; the checker knows which one: such an annotation is read as none
        (parameters, the result, `fs: List[Callable[...]] = []` an assignment)."""
        fdef = self.fdef
        for p in fdef.params:
            if p.annotation is not None and names_callable(p.annotation):
                p.annotation = None
        if fdef.returns is not None and names_callable(fdef.returns):
            fdef.returns = None
        for st in self.fn_helpers.statements(fdef.body):
            if isinstance(st, A.AnnAssign) and names_callable(st.annotation):
                if st.value is None:
                    st.__class__ = A.Pass
                else:
                    st.targets = [st.target]
                    st.__class__ = A.Assign

    # ---------------------------------------------------------------- values

    def function_id(self, t: FunctionType) -> int:
        ids = self.program.__dict__.setdefault("function_ids", {})
        return ids.setdefault(t.fn, len(ids) + 1)

    def global_function(self, value, e: A.Name) -> Type | None:
        """A module-level function used as a value (not called), else None."""
        pyfunc = self.program.scriptable(value)
        if pyfunc is None:
            t = builtin_function_value(value)
            if t is not None:
                e.const = t
            return t
        if inspect.isgeneratorfunction(pyfunc):
            return None
        t = python_function_value(value)
        e.const = t
        return t

    def module_function_value(self, e: A.Attribute) -> Type | None:
        """`operator.mul`, `functools.reduce`, `mod.f` as a value, else None."""
        import types as pytypes
        if not (isinstance(e.value, A.Name) and self.var_key(e.value.id) not in self.vars):
            return None
        mod = self.spec.globals.get(e.value.id)
        if not isinstance(mod, pytypes.ModuleType) or not hasattr(mod, e.attr):
            return None
        return self.global_function(getattr(mod, e.attr), e)

    def compilable(self, pyfunc):
        """What pts compiles for a Python function called by name: a lambda or a
        closure made in Python becomes a LocalFunction (python_function_value)."""
        if pyfunc.__name__ == "<lambda>" or pyfunc.__closure__:
            return python_function_value(pyfunc).fn
        return pyfunc

    def expr_Lambda(self, e: A.Lambda) -> Type:
        lf = self.local_function(e, "lambda", e.params, None,
                                 [A.Return(e.body, span=e.body.span)])
        return self.closure_type(e, lf)

    def stmt_FunctionDef(self, s: A.FunctionDef) -> None:
        if s.decorators:
            raise self.error("'decorator on a nested def' is not supported", s)
        lf = self.local_function(s, s.name, s.params, s.returns, s.body)
        if lf.captured and self.called_only(s):
            # only ever called by its name: each call reads the captured variables then,
            # as CPython's late binding does (call_value); the value is just the id
            s.capture_exprs = []
            t = s.fn_type = FunctionType(lf)
        else:
            t = s.fn_type = self.closure_type(s, lf)
        self.assign_var(s.name, t, s)
        s.var = self.var_key(s.name)

    def local_function(self, node, name: str, params: list, returns, body: list):
        cache = self.program.__dict__.setdefault("local_functions", {})
        key = (self.spec.pyfunc, node.span)
        lf = cache.get(key)
        if lf is not None:
            return lf
        h = self.fn_helpers
        own = {p.name for p in params} | h.assigned_names(body)
        outer = {p.name for p in self.fdef.params} | self.assigned
        for scope in self.scopes:
            outer |= set(scope)
        captured = sorted(n for n in names_read(body) - own if n in outer)
        if isinstance(node, A.FunctionDef) and name in captured:
            raise self.error(f"the nested function '{name}' calls itself: recursion through "
                             f"a closure is not supported (define '{name}' at module level)",
                             node)
        defaults, kwdefaults = [], {}
        for p in params:
            if p.default is None:
                continue
            if isinstance(p.default, A.Const):
                v = p.default.value
            else:
                v = h.literal(p.default)
                if v is None:
                    raise self.error(f"the default of '{p.name}' in a nested function or "
                                     f"lambda must be a literal (pts copies it when compiling)",
                                     p.default)
            if p.kind == "kwonly":
                kwdefaults[p.name] = v
            else:
                defaults.append(v)
        qual = f"{self.fdef.name}.{name}"
        fdef = A.FunctionDef(qual, list(params) + [A.Param(n, kind="capture", span=node.span)
                                                   for n in captured],
                             returns, body, span=node.span)
        from pts.frontend.source import clone_tree
        lf = LocalFunction(clone_tree(fdef), self.spec.pyfunc, captured, tuple(defaults),
                           kwdefaults)
        lf.defined_at = (node.span.line, node.span.col)
        lf.py_name = "<lambda>" if isinstance(node, A.Lambda) or \
            getattr(node, "from_lambda", False) else name
        cache[key] = lf
        return lf

    def closure_type(self, node, lf: LocalFunction) -> Type:
        names = getattr(node, "capture_exprs", None)
        if names is None:
            names = node.capture_exprs = [A.Name(n, span=node.span) for n in lf.captured]
        types = []
        for n in names:
            t = self.expr(self.allow_none(n))       # (an Optional is copied as it is)
            if type(t).__name__ == "ObjectType":
                raise self.error(f"a nested function or lambda cannot capture '{n.id}' "
                                 f"({t}): pass it as an argument", node)
            types.append(t)
        if self.final and not getattr(node, "immediate", False):
            self.check_not_reassigned(node, lf)
        return FunctionType(lf, tuple(types))

    def called_only(self, s: A.FunctionDef) -> bool:
        """Is the nested def s only called by its name, after it, in this function's own
        code (not from another nested function or lambda), and never rebound?"""
        from pts.frontend.function_aliases import name_uses
        if sum(1 for n, _ in self.assignment_sites() if n == s.name) != 1:
            return False
        return name_uses(self.fdef.body, s.name, s, nested_ok=False) is not None

    def check_not_reassigned(self, node, lf: LocalFunction) -> None:
        """Refuse what would make the copied captures differ from CPython's late binding."""
        if not lf.captured:
            return
        what = "lambda" if isinstance(node, A.Lambda) else f"function '{node.name}'"
        loops = [s for s in self.fn_helpers.statements(self.fdef.body)
                 if isinstance(s, (A.For, A.While)) and contains(s.span, node.span)]
        for name, site in self.assignment_sites():
            if name not in lf.captured or site is node:
                continue
            if after(site.span, node.span) or any(contains(l.span, site.span) for l in loops):
                raise self.error(
                    f"'{name}' is captured by the {what} at line {node.span.line} and assigned "
                    f"again at line {site.span.line}: pts copies a captured value when the "
                    f"closure is made, CPython would see the new value; bind it as a default "
                    f"or use another variable (a nested def that is only called by its name "
                    f"reads its captured variables at each call)", site)

    def assignment_sites(self):
        sites = getattr(self, "_sites", None)
        if sites is not None:
            return sites
        sites = []
        names = self.fn_helpers.target_names
        for s in self.fn_helpers.statements(self.fdef.body):
            if isinstance(s, A.Assign):
                sites += [(n, s) for t in s.targets for n in names(t)]
            elif isinstance(s, (A.AugAssign, A.AnnAssign, A.For)):
                sites += [(n, s) for n in names(s.target)]
            elif isinstance(s, A.FunctionDef):
                sites.append((s.name, s))
        self._sites = sites
        return sites

    # ---------------------------------------------------------------- calls

    def calls_value(self, e: A.Call) -> bool:
        """Is e a call through a function value (not a name of a global or builtin)?"""
        f = e.func
        if isinstance(f, A.Name):
            key = self.var_key(f.id)
            return key in self.vars and is_function(self.vars[key])
        if isinstance(f, A.Lambda):
            return True
        if isinstance(f, A.Attribute):         # str.upper(s): a method of str as a function
            return isinstance(f.value, A.Name) and f.value.id == "str" and \
                self.var_key("str") not in self.vars and \
                self.spec.globals.get("str", str) is str and method_of(str, f.attr)
        try:            # fs[i](x), make_adder(3)(4); not a layer of a ModuleList (an object)
            return is_function(self.expr(f))
        except CompileError:
            return False

    def call_value(self, e: A.Call) -> Type:
        if isinstance(e.func, A.Lambda):
            e.func.immediate = True
        t = self.expr(e.func)
        if isinstance(t, FunctionType):
            members = [t]
        elif isinstance(t, FunctionUnion):
            members = sorted(t.members, key=source_order)
        else:
            raise self.error(f"'{py_name(t)}' object is not callable", e.func)
        name = members[0].fn.__name__ if len(members) == 1 else "function"
        if len(members) == 1:
            self.bind_call(e, name, members[0].fn)
        else:
            self.spread_args(e)
            if not getattr(e, "bound", False) and same_star_parameters(members):
                self.bind_call(e, "function", members[0].fn)   # (min if c else max)
            if e.keywords:
                raise self.error("keyword arguments in a call of one of several functions "
                                 "are not supported", e.keywords[0])
        self.mark_immediate(e)
        args = tuple(self.expr(self.allow_none(a)) for a in e.args)
        consts = tuple((i, self.known_value(a)) for i, a in enumerate(e.args)
                       if self.known_value(a) is not None)
        late = ()
        if len(members) == 1 and members[0].fn.__dict__.get("captured") \
                and not members[0].captures:         # a def only called: read them now
            for n in members[0].fn.captured:
                if any(n in scope for scope in self.scopes):
                    raise self.error(f"'{n}' here is a comprehension's variable, not the one "
                                     f"{members[0].fn.py_name}() reads: rename one of them", e)
            if getattr(e, "capture_exprs", None) is None:
                e.capture_exprs = [A.Name(n, span=e.span) for n in members[0].fn.captured]
            late = tuple(self.expr(self.allow_none(n)) for n in e.capture_exprs)
        specs, ret = [], None
        for m in members:
            try:
                spec = self.program.specialize(m.fn, args + m.captures + late, e, consts)
            except CompileError as err:
                if len(members) == 1:
                    raise
                raise self.error(f"the functions called here must share one signature: "
                                 f"{m.fn.__name__}() cannot take "
                                 f"({', '.join(py_name(a) for a in args)}): {err.msg}",
                                 e) from None
            if spec.ret_type is None:
                if not self.final:
                    raise self.fn_helpers.Skip()
                raise self.error(f"recursive function '{m.fn.__name__}' needs a return "
                                 f"annotation", e)
            if ret is not None and spec.ret_type != ret:
                raise self.error(f"the functions called here must share one signature: "
                                 f"{specs[0][1].pyfunc.__name__}() returns {py_name(ret)}, "
                                 f"{m.fn.__name__}() returns {py_name(spec.ret_type)}", e)
            ret = spec.ret_type
            specs.append((m, spec))
        self.check_escaping(e, ret)
        e.fn_specs = specs
        e.target = self.fn_helpers.Callee("value", name, specs[0][1])
        return ret

    def mark_immediate(self, e: A.Call) -> None:
        """Lambdas passed straight to a call: their captures are read at each call unless
        the callee may return them (check_escaping)."""
        for a in e.args:
            if isinstance(a, A.Lambda):
                a.immediate = True

    def check_escaping(self, e: A.Call, ret: Type) -> None:
        if self.final and has_function(ret):
            for a in e.args:
                if isinstance(a, A.Lambda) and isinstance(a.ty, FunctionType):
                    self.check_not_reassigned(a, a.ty.fn)

    # ---------------------------------------------------------------- binding

    def spread_args(self, e: A.Call) -> None:
        """`f(a, *t)` with t a tuple: its elements as arguments (t is read once per element:
        a name, or an expression without effects)."""
        if any(k.name == "**" for k in e.keywords):
            self.spread_kwargs(e)
        if not any(isinstance(a, A.Starred) for a in e.args):
            return
        out = []
        for a in e.args:
            if not isinstance(a, A.Starred):
                out.append(a)
                continue
            t = self.expr(a.value)
            if not isinstance(t, TupleType):
                raise self.error(f"'*' at a call needs a tuple (its length known when "
                                 f"compiling), not {py_name(t)}", a)
            out += [A.Subscript(a.value, A.Const(i, span=a.span), span=a.span)
                    for i in range(len(t.elems))]
        e.args = out

    def spread_kwargs(self, e: A.Call) -> None:
        """`f(**kwargs)` with kwargs the function's own `**kwargs` parameter (its keys known
        when compiling: KwargsType): one keyword argument per key, `k=kwargs["k"]`
        (pyperformance raytrace's `SimpleSurface.__init__(self, **kwargs)`).  Any other
        mapping is refused: its keys are known only at run time."""
        out = []
        for k in e.keywords:
            if k.name != "**":
                out.append(k)
                continue
            t = self.expr(k.value) if isinstance(k.value, A.Name) else None
            if not isinstance(t, KwargsType):
                raise self.error("'**' at a call needs the function's own **kwargs parameter "
                                 "(its keys known when compiling), not a dict", k)
            out += [A.Keyword(n, A.Subscript(k.value, A.Const(n, span=k.span), span=k.span),
                              span=k.span) for n in t.names]
        names = [k.name for k in out]
        dup = next((n for n in names if names.count(n) > 1), None)
        if dup is not None:
            raise self.error(f"got multiple values for keyword argument '{dup}'", e)
        e.keywords = out

    def bind_call(self, e: A.Call, name: str, pyfunc) -> None:
        """Arguments -> one per parameter in the callee's order, as Python binds them:
        `*args` collects the extra positional arguments in a tuple, `**kwargs` the extra
        keywords (a KwargsExpr), keyword-only parameters take keywords or their defaults."""
        from pts.frontend.source import parse_pyfunc
        self.spread_args(e)
        params = parse_pyfunc(pyfunc).params
        if all(p.kind == "pos" for p in params):
            self.bind_arguments(e, name, pyfunc)
            return
        if getattr(e, "bound", False):
            return
        params = [p for p in params if p.kind != "capture"]
        bound: dict[str, A.Expr] = {}
        positional = [p for p in params if p.kind == "pos"]
        star = next((p for p in params if p.kind == "star"), None)
        starstar = next((p for p in params if p.kind == "starstar"), None)
        extra = e.args[len(positional):]
        if extra and star is None:
            raise self.error(f"{name}() takes {len(positional)} positional arguments but "
                             f"{len(e.args)} were given", e)
        for p, a in zip(positional, e.args):
            bound[p.name] = a
        extra_kw: list[A.Keyword] = []
        for kw in e.keywords:
            p = next((p for p in params if p.name == kw.name and p.kind in ("pos", "kwonly")),
                     None)
            if p is None:
                if starstar is None:
                    raise self.error(f"{name}() got an unexpected keyword argument "
                                     f"'{kw.name}'", kw)
                extra_kw.append(kw)
                continue
            if p.name in bound:
                raise self.error(f"{name}() got multiple values for argument '{kw.name}'", kw)
            bound[p.name] = kw.value
        defaults = pyfunc.__defaults__ or ()
        kwdefaults = pyfunc.__kwdefaults__ or {}
        first_default = len(positional) - len(defaults)
        out = []
        for i, p in enumerate(params):
            if p.kind == "star":
                out.append(A.TupleExpr(list(extra), span=e.span))
            elif p.kind == "starstar":
                out.append(KwargsExpr([k.name for k in extra_kw], [k.value for k in extra_kw],
                                      span=e.span))
            elif p.name in bound:
                out.append(bound[p.name])
            elif p.kind == "pos" and positional.index(p) >= first_default:
                out.append(self.fn_helpers.constant_node(
                    defaults[positional.index(p) - first_default], e))
            elif p.kind == "kwonly" and p.name in kwdefaults:
                out.append(self.fn_helpers.constant_node(kwdefaults[p.name], e))
            else:
                what = "keyword-only argument" if p.kind == "kwonly" else "argument"
                raise self.error(f"{name}() missing required {what} '{p.name}'", e)
        e.args = out
        e.keywords = []
        e.bound = True

    def expr_FunctionConst(self, e: FunctionConst) -> Type:
        t = self.global_function(e.value, e)
        if t is None:
            raise self.error(f"default value {e.value.__name__}() is a generator function: "
                             f"pts cannot use it as a value", e)
        return t

    # ---------------------------------------------------------------- attributes

    def function_attribute(self, e: A.Attribute, t: Type) -> Type:
        """`f.__name__` of a function value: CPython's name, a str (for one of several
        functions, chosen when running: `e.fn_names`, frontend.lower_functions); and
        `str.upper`, a method of str as a function (`map(str.upper, words)`)."""
        if isinstance(t, FunctionType) and getattr(t.fn, "builtin", None) == "str" \
                and method_of(str, e.attr):
            e.const = t = method_function("str", e.attr, False)
            return t
        if e.attr != "__name__":
            raise self.error(f"'{py_name(t)}' has no attribute '{e.attr}' (pts knows a "
                             f"function's __name__)", e)
        members = [t] if isinstance(t, FunctionType) else sorted(t.members, key=source_order)
        e.fn_names = [(m, function_name(m)) for m in members]
        return STR

    def method_value(self, e: A.Attribute, t: Type) -> Type | None:
        """`out.append`, `"-".join`, `d.get` as a value (not called where it is written:
        frontend.function_aliases inlines the aliases that are only called): a closure
        whose one captured value is the receiver, read when the method value is made
        (CPython's bound method binds its object then).  None if t has no such method."""
        from pts.frontend.check_dicts import is_hash
        from pts.ir.types import DictType
        if t == STR:
            home = "str"
        elif isinstance(t, ListType):
            home = "list"
        elif is_hash(t):
            home = "dict" if isinstance(t, DictType) else "set"
        else:
            return None
        if not method_of({"str": str, "list": list, "dict": dict, "set": set}[home], e.attr):
            return None
        e.capture_exprs = [e.value]          # (lowered by closure_value)
        return FunctionType(method_function(home, e.attr, True).fn, (t,))

    def is_method_value(self, f: A.Attribute) -> bool:
        """Is f `str.upper` or a method of a str, list, dict or set (map's function)?"""
        if isinstance(f.value, A.Name) and self.var_key(f.value.id) not in self.vars \
                and self.spec.globals.get(f.value.id, str) is str:
            return method_of(str, f.attr)
        try:
            t = self.expr(f.value)
        except CompileError:
            return False
        from pts.frontend.check_dicts import is_hash
        return t == STR or isinstance(t, ListType) or is_hash(t)

    # ---------------------------------------------------------------- **kwargs

    def expr_KwargsExpr(self, e) -> Type:
        return KwargsType(tuple(e.names), tuple(self.expr(v) for v in e.values))

    def kwargs_in(self, e: A.Compare) -> bool:
        """`"name" in kwargs` / `not in`: decided when compiling (the node becomes a
        constant)."""
        if len(e.ops) != 1 or e.ops[0] not in ("in", "not in"):
            return False
        right = e.comparators[0]
        if not (isinstance(right, A.Name) and isinstance(self.vars.get(self.var_key(right.id)),
                                                          KwargsType)):
            return False
        t = self.vars[self.var_key(right.id)]
        if not (isinstance(e.left, A.Const) and isinstance(e.left.value, str)):
            raise self.error("**kwargs is tested with constant string keys here "
                             "('name' in kwargs)", e.left)
        found = e.left.value in t.names
        e.__class__ = A.Const              # (lowered as the constant it is)
        e.decided = True
        e.value = found if e.ops[0] == "in" else not found
        return True

    def kwargs_subscript(self, e: A.Subscript, t: KwargsType) -> Type:
        key = e.index
        if not (isinstance(key, A.Const) and isinstance(key.value, str)):
            raise self.error("**kwargs is read with constant string keys here "
                             "(kwargs[\"name\"])", key)
        if key.value not in t.names:
            raise self.error(f"KeyError: '{key.value}' is not among the keyword arguments "
                             f"of this call ({', '.join(t.names) or 'none'})", key)
        e.const_index = t.names.index(key.value)
        return t.types[e.const_index]

    def kwargs_method(self, e: A.Call, t: KwargsType, name: str) -> Type:
        if name != "get" or not 1 <= len(e.args) <= 2 or e.keywords:
            raise self.error(f"**kwargs supports kwargs[\"name\"], 'in', len() and "
                             f".get(\"name\", default) here, not .{name}()", e)
        key = e.args[0]
        e.target = self.fn_helpers.Callee("kwargs_get", name)
        if not (isinstance(key, A.Const) and isinstance(key.value, str)):
            raise self.error("**kwargs is read with constant string keys here", key)
        if key.value in t.names:
            e.kw_index = t.names.index(key.value)
            return t.types[e.kw_index]
        e.kw_index = None
        if len(e.args) == 1:
            return self.expr(A.Const(None, span=e.span))
        return self.expr(e.args[1])


class FunctionConst(A.Expr):
    """A function given as a parameter's default value (`def f(x, make=make_tree)`)."""

    def __init__(self, value, span):
        super().__init__(span=span)
        self.value = value


def function_default(value, at: A.Node) -> FunctionConst | None:
    """A default value that is a function, as an expression (check.constant_node)."""
    from pts.frontend.objects import python_function
    if python_function(value) is not None or builtin_function_value(value) is not None:
        return FunctionConst(value, at.span)
    return None


class KwargsExpr(A.Expr):
    """The extra keyword arguments of a call, for a `**kwargs` parameter."""

    def __init__(self, names: list[str], values: list[A.Expr], span):
        super().__init__(span=span)
        self.names = names
        self.values = values


def to_ir_types(fdef: A.FunctionDef, ir_type, function_id) -> None:
    """After checking: every expression's type as the IR's (a function value is an i64 id
    or a tuple of captures), its checker type kept as `fty`; a constant function (a global
    named as a value, a specialization's function argument) becomes its id."""
    for x in A.walk(fdef):
        if isinstance(x, A.Expr) and isinstance(x.ty, Type) and has_function(x.ty):
            t = ir_type(x.ty)
            if t != x.ty:
                x.fty = x.ty
                x.ty = t
            c = getattr(x, "const", None)
            if isinstance(c, FunctionType):
                x.const = function_id(c)


# ---------------------------------------------------------------- Python functions as values

_FROM_PYTHON: dict = {}      # (code, cell values) -> (the Python function, what pts compiles)


def python_function_value(value) -> FunctionType | None:
    """The FunctionType of a Python function given as a value (an argument from Python, a
    module-level name): a `def` at module level is compiled as it is; a lambda (from its
    source line) and a nested def read the values of the variables they close over when
    they are passed, as constants.  None if `value` is not a Python function; a
    CompileError if its source cannot be compiled."""
    from pts.frontend.objects import python_function
    fn = python_function(value)
    if fn is None:
        return None
    if fn.__name__ != "<lambda>" and not fn.__closure__:
        return FunctionType(fn)
    cells = tuple(c.cell_contents for c in fn.__closure__ or ())
    try:
        key = (fn.__code__, cells)
        hash(key)
    except TypeError:
        key = (fn.__code__, tuple(map(id, cells)))
    hit = _FROM_PYTHON.get(key)
    if hit is None:
        if fn.__name__ == "<lambda>":
            fdef = _lambda_tree(fn)
        else:
            from pts.frontend.source import parse_pyfunc
            fdef = parse_pyfunc(fn)
        lf = LocalFunction(fdef, fn, [], fn.__defaults__ or (), fn.__kwdefaults__ or {})
        lf.py_name = fn.__name__
        lf.__globals__ = {**fn.__globals__, **dict(zip(fn.__code__.co_freevars, cells)),
                          CLOSURE_OF: fn}    # (shared_globals: where a cell's value is typed)
        lf.root_function = fn
        hit = _FROM_PYTHON[key] = (fn, cells, lf)
    return FunctionType(hit[2])


def _lambda_tree(fn) -> A.FunctionDef:
    """A Python lambda as `def <name>(params): return body`, found in its source line (the
    one lambda there whose code is fn's)."""
    import ast as pyast
    import inspect as pyinspect
    import textwrap
    from pts.frontend.parse import parse_function
    try:
        lines, first = pyinspect.getsourcelines(fn)
    except (OSError, TypeError, SyntaxError) as e:
        raise CompileError(f"cannot read the source of a lambda: {e}") from None
    text = textwrap.dedent("".join(lines))
    try:
        tree = pyast.parse(text)
    except SyntaxError:
        try:
            tree = pyast.parse("(" + text.strip().rstrip(",") + ")")
            text = "(" + text.strip().rstrip(",") + ")"
        except SyntaxError:
            raise CompileError("cannot find the source of a lambda (its line does not "
                               "parse on its own): define it with def") from None
    found = []
    for node in pyast.walk(tree):
        if isinstance(node, pyast.Lambda):
            segment = pyast.get_source_segment(text, node)
            try:
                code = compile(segment, "<lambda>", "eval").co_consts
            except SyntaxError:
                continue
            if any(getattr(c, "co_code", None) == fn.__code__.co_code for c in code):
                found.append((node, segment))
    if len({seg for _, seg in found}) != 1:       # (the same lambda twice is one)
        raise CompileError("cannot tell which lambda of its line this is: define it with "
                           "def") from None
    node, segment = found[0]
    source = f"def lambda_():\n    return ({segment})\n"
    fdef = parse_function(source, fn.__code__.co_filename,
                          line_offset=first - 1 + node.lineno - 2)
    lam = fdef.body[0].value
    return A.FunctionDef("lambda", lam.params, None, [A.Return(lam.body, span=lam.body.span)],
                         span=lam.span)


_BUILTIN_WRAPPERS: dict = {}

# the parameters of the function that stands for a builtin used as a value (`apply(len,
# xs)`, `fs = [len, sum]`): its common arity, so that builtins of one arity can share a
# call of one of several functions; min, max and print take any number of arguments
BUILTIN_PARAMS = {name: "x" for name in (
    "abs", "int", "float", "bool", "str", "len", "repr", "ord", "chr", "round", "sum",
    "sorted", "any", "all", "reversed", "list", "tuple", "set", "enumerate", "hex", "bin",
    "oct", "hash")}
BUILTIN_PARAMS.update({"divmod": "x, y", "pow": "x, y", "map": "f, x", "filter": "f, x",
                       "zip": "x, y", "min": "*args", "max": "*args", "print": "*args"})
# operator's functions: the operation they name
OPERATORS = {"add": "x + y", "sub": "x - y", "mul": "x * y", "truediv": "x / y",
             "floordiv": "x // y", "mod": "x % y", "pow": "x ** y", "and_": "x & y",
             "or_": "x | y", "xor": "x ^ y", "lshift": "x << y", "rshift": "x >> y",
             "lt": "x < y", "le": "x <= y", "eq": "x == y", "ne": "x != y", "ge": "x >= y",
             "gt": "x > y", "neg": "-x", "pos": "+x", "not_": "not x", "truth": "bool(x)",
             "abs": "abs(x)", "invert": "~x", "concat": "x + y", "contains": "y in x",
             "getitem": "x[y]", "index": "int(x)"}


def builtin_name(value) -> str | None:
    """`math.sqrt`, `len`, `operator.add`, `functools.reduce` for such a function, else
    None."""
    import builtins
    import functools
    import math
    import operator
    if not callable(value):
        return None
    for n in dir(math):
        if getattr(math, n) is value:
            return f"math.{n}"
    for n in BUILTIN_PARAMS:
        if getattr(builtins, n) is value:
            return n
    for n in OPERATORS:
        if getattr(operator, n) is value:
            return f"operator.{n}"
    if value is functools.reduce:
        return "functools.reduce"
    return None


def operator_function(value):
    """What pts compiles for a call of an operator function (`operator.add(a, b)`)."""
    t = builtin_function_value(value)
    if t is not None and t.fn.builtin.startswith("operator."):
        return t.fn
    return None


def builtin_function_value(value) -> FunctionType | None:
    """A math function, a builtin (abs, len, sum, map, ...), an operator function or
    functools.reduce used as a value: a function that calls it (`f = math.sqrt` is
    `def sqrt(x): return math.sqrt(x)`, `operator.add` is `def add(x, y): return x + y`)."""
    import functools
    import math
    name = builtin_name(value)
    if name is None:
        return None
    lf = _BUILTIN_WRAPPERS.get(name)
    if lf is None:
        from pts.frontend.parse import parse_function
        short = name.split(".")[-1]
        if name.startswith("math."):
            params = "x, y" if short in ("atan2", "pow", "hypot", "copysign", "fmod", "ldexp",
                                         "gcd", "lcm", "isclose", "comb", "perm",
                                         "remainder", "nextafter", "log") else "x"
            body = f"math.{short}({params})"
        elif name.startswith("operator."):
            body = OPERATORS[short]
            params = "x, y" if "y" in body else "x"
        elif name == "functools.reduce":
            params, body = "*args", "reduce(*args)"
        else:
            params = BUILTIN_PARAMS[name]
            body = f"{name}({params.replace('*', '')})" if "*" not in params else \
                f"{name}(*args)"
        fdef = parse_function(f"def {short}({params}):\n    return {body}\n",
                              f"<builtin {name}>")

        class _Home:               # (the wrapper's globals: math, and the builtins)
            __globals__ = {"math": math, "reduce": functools.reduce}
        lf = _BUILTIN_WRAPPERS[name] = LocalFunction(fdef, _Home, [], (), {})
        lf.root_function = None
        lf.builtin = name
    return FunctionType(lf)
