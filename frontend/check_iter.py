"""Type checking of iteration: the builtins over iterables, `range` objects as values,
generator expressions and generator functions.  Mixed into `check.FunctionChecker`;
`frontend.lower_iter` lowers what it records.

An *iterable* is what a `for` header, a comprehension or a consuming builtin (sum any all
min max list tuple sorted) reads: range(...), a list, a tuple, an array, a `range` value,
and the lazy ones — enumerate zip reversed map filter, a generator expression, a call of a
generator function.  `iter_elem(it)` types the lazy ones (and marks the node `it.lazy`) so
that the lowering can run them as plain loops, nested into the consumer: no list is made.
A lazy iterable used as a value anywhere else (`m = map(f, xs)`) becomes a list (its
elements must then be numbers, as every pts list's).

What each construct records on its node for the lowering:
- a Call of a builtin here: `call.target = Callee("iter", name)`; `call.fcall`, the call of
  the function given to map/filter/min/max/sorted (`key=`), whose argument(s) are
  `ValueExpr`s the lowering fills in per element; `call.sort`, the call of
  `stdlib.sorting.sort_by` for sorted(); `call.lazy` for enumerate zip reversed map filter.
- a GeneratorExp: `gen.scope` (its targets' private names) and `gen.lazy`.
- a Call of a generator function: `call.gen`, a `GenInline` — a private copy of the
  generator's body with its locals renamed (`n.gen3`), checked here in the consumer's
  function; the lowering inlines it into the consuming loop (each `yield v` runs the loop
  body with v).  A generator that (indirectly) iterates over itself is a CompileError.
- a `range` value has type `RangeType` here; the IR holds it as tuple<i64, i64, i64>
  (start, stop, step): `ir_var_types`.
"""
from __future__ import annotations

import inspect
import math
from dataclasses import dataclass, field
from typing import Any

from pts.errors import CompileError
from pts.frontend import ast as A
from pts.frontend.check_functions import function_ir_type, has_function
from pts.frontend.check_numbers import INTEGRAL  # numpy ints too
from pts.frontend.global_values import mark_reading_uses
from pts.ir.ops import result_type
from pts.ir.types import (C128, OptionalType, F64, I1, I64, NONE, NUMPY_SCALARS, STR, ListType, TupleType, Type,
                          py_name)

NUMBERS = (I1, I64, F64)
LIST_ELEMS = NUMBERS + (STR,)            # what a pts list holds

# builtins this module checks (min and max too, when given one iterable or keywords)
ITER_BUILTINS = {"range", "enumerate", "zip", "reversed", "sorted", "sum", "any", "all",
                 "list", "tuple", "map", "filter"}
LAZY_BUILTINS = {"enumerate", "zip", "reversed", "map", "filter"}
KEYWORDS = {"enumerate": ("start",), "sorted": ("key", "reverse"), "sum": ("start",),
            "min": ("key", "default"), "max": ("key", "default")}


@dataclass(frozen=True)
class RangeType(Type):
    """A `range` object kept as a value (`r = range(a, b, s)`)."""

    def __str__(self) -> str:
        return "range"

    __repr__ = __str__


RANGE = RangeType()
RANGE_IR = TupleType((I64, I64, I64))


def ir_type(t: Type) -> Type:
    """The IR's type for a checker type (a range is its (start, stop, step))."""
    if isinstance(t, RangeType):
        return RANGE_IR
    f = function_ir_type(t, ir_type)            # (frontend.check_functions)
    if f is not None:
        return f
    if isinstance(t, TupleType):
        return TupleType(tuple(ir_type(e) for e in t.elems))
    if isinstance(t, (ListType, OptionalType)) and has_function(t.elem):
        return type(t)(ir_type(t.elem))
    return t


class ValueExpr(A.Expr):
    """An argument whose value the lowering supplies (the element passed to map's function,
    a key function, sort_by): `vty` is its type, `value` its IR value when lowered."""

    def __init__(self, vty: Type, span):
        super().__init__(span=span)
        self.vty = vty
        self.value = None


@dataclass(eq=False)
class GenInline:
    """A generator function's body inlined at one call (see the module docstring)."""
    pyfunc: Any
    fdef: A.FunctionDef
    scope: dict[str, str]
    yields: list = field(default_factory=list)


class IterChecks:
    # check.py's helpers (join, convertible, Callee, ...), set there: this module cannot
    # import it (an import cycle; tests/test_layers.py)
    iter_helpers: Any = None

    # ---------------------------------------------------------------- iterables

    def iter_elem(self, it: A.Expr) -> Type | None:
        """The element type of a lazy iterable or a range value (marking `it.lazy`), or
        None for the iterables `check.iter_type` types itself (range(...), lists, tuples,
        arrays)."""
        if isinstance(it, A.GeneratorExp):
            it.lazy = True
            return self.genexp_elem(it)
        if isinstance(it, A.Call) and isinstance(it.func, A.Name):
            name = it.func.id
            if name in LAZY_BUILTINS and self.is_builtin(name):
                it.lazy = True
                it.target = self.callee("iter", name)
                return getattr(self, "elem_" + name)(it)
            pyfunc = getattr(it, "gen_pyfunc", None) or self.generator_function(it.func)
            if pyfunc is not None:
                it.lazy = True
                return self.generator_elem(it, pyfunc)
            return None
        if isinstance(it, A.Call):
            return None
        if isinstance(self.expr(it), RangeType):
            it.lazy = True
            return I64
        return None

    def callee(self, kind: str, name: str):
        return self.iter_helpers.Callee(kind, name)

    def generator_function(self, f: A.Expr):
        """The Python generator function `f` names, else None."""
        if not isinstance(f, A.Name) or self.var_key(f.id) in self.vars:
            return None
        value = self.spec.globals.get(f.id)
        pyfunc = self.program.scriptable(value) if value is not None else None
        if pyfunc is not None and inspect.isgeneratorfunction(pyfunc):
            return pyfunc
        return None

    def reject_keywords(self, e: A.Call, name: str) -> None:
        allowed = KEYWORDS.get(name, ())
        seen = set()
        for kw in e.keywords:
            if kw.name not in allowed:
                raise self.error(f"{name}() got an unexpected keyword argument '{kw.name}'", kw)
            if kw.name in seen:
                raise self.error(f"{name}() got multiple values for keyword argument "
                                 f"'{kw.name}'", kw)
            seen.add(kw.name)

    def keyword(self, e: A.Call, name: str) -> A.Expr | None:
        for kw in e.keywords:
            if kw.name == name:
                return kw.value
        return None

    def elem_enumerate(self, e: A.Call) -> Type:
        self.reject_keywords(e, "enumerate")
        start = self.keyword(e, "start")
        if len(e.args) == 2 and start is None:
            start = e.args[1]
        elif len(e.args) != 1:
            self.nargs(e, "enumerate", 1, 2)
            raise self.error("enumerate() got multiple values for argument 'start'", e)
        e.start = start
        elem = self.iter_type(e.args[0])
        if start is not None:
            t = self.expr(start)
            if t not in (I64, I1):
                raise self.error(f"'{py_name(t)}' object cannot be interpreted as an integer",
                                 start)
        return TupleType((I64, elem))

    def elem_zip(self, e: A.Call) -> Type:
        self.reject_keywords(e, "zip")
        if not e.args:
            raise self.error("zip() needs at least one iterable", e)
        if any(isinstance(a, A.Starred) for a in e.args):
            return self.zip_star_elem(e)               # zip(*rows) (check_vartuple)
        elems = [self.iter_type(a) for a in e.args]
        self.zip_rest(e, e.args[1:], "zip")
        return TupleType(tuple(elems))

    def zip_rest(self, e: A.Call, rest: list[A.Expr], name: str) -> None:
        """The iterables after the first of zip/map are read by position (lists, ranges,
        arrays, tuples of numbers) or made into lists first (lazy ones of numbers)."""
        for i, a in enumerate(rest, 2):
            t = a.ty
            if getattr(a, "lazy", False) and not isinstance(t, RangeType) \
                    and not self.is_range_call(a):
                elem = a.elem_ty = self.iter_type(a)
                if elem not in LIST_ELEMS:
                    raise self.error(f"{name}() argument {i}: a lazy iterable of "
                                     f"{py_name(elem)} is only supported as the first "
                                     f"argument", a)
            elif isinstance(t, TupleType) and not self.is_range_call(a):
                if any(x not in LIST_ELEMS for x in t.elems):
                    raise self.error(f"{name}() argument {i}: a tuple of {py_name(t)} is only "
                                     f"supported as the first argument", a)

    def elem_reversed(self, e: A.Call) -> Type:
        self.reject_keywords(e, "reversed")
        self.nargs(e, "reversed", 1)
        a = e.args[0]
        if self.is_range_call(a):
            return self.iter_type(a)
        if isinstance(a, A.GeneratorExp) or (isinstance(a, A.Call) and
                                             (self.generator_function(a.func) is not None)):
            raise self.error("'generator' object is not reversible", a)
        if isinstance(a, A.Call) and isinstance(a.func, A.Name) and a.func.id in LAZY_BUILTINS \
                and self.is_builtin(a.func.id):
            raise self.error(f"'{a.func.id}' object is not reversible", a)
        t = self.expr(a)
        if isinstance(t, RangeType):
            return I64
        if isinstance(t, (ListType, TupleType)):
            return self.iter_type(a)
        raise self.error(f"'{py_name(t)}' object is not reversible", a)

    def function_call(self, e: A.Call, f: A.Expr, arg_types: list[Type], what: str) -> A.Call:
        """The call `f(v1, ...)` of the function given to map/filter/sorted/min/max, with
        `ValueExpr` arguments of the given types (made once per node, checked each pass)."""
        if isinstance(f, A.Attribute) and self.module_function(f) is None and not (
                isinstance(f.value, A.Name) and self.is_module(f.value.id, math)) \
                and not self.is_method_value(f):
            raise self.error(f"{what} must be a function (a def, a lambda or a builtin such "
                             f"as abs) or a method of a str, list, dict or set", f)
        call = getattr(e, "fcall_" + what.split("(")[0], None)
        if call is None or len(call.args) != len(arg_types):
            # a lambda, a closure or a function in a variable is called as a value
            # (frontend.check_functions); a name of a global or builtin by name
            func = A.Name(f.id, span=f.span) if isinstance(f, A.Name) else f
            call = A.Call(func, [ValueExpr(t, f.span) for t in arg_types], span=f.span)
            setattr(e, "fcall_" + what.split("(")[0], call)
        for v, t in zip(call.args, arg_types):
            v.vty = t
        if self.generator_function(f) is not None:
            raise self.error(f"{what} cannot be a generator function", f)
        self.expr(call)
        return call

    def elem_map(self, e: A.Call) -> Type:
        self.reject_keywords(e, "map")
        if len(e.args) < 2:
            raise self.error("map() must have at least two arguments.", e)
        elems = [self.iter_type(a) for a in e.args[1:]]
        self.zip_rest(e, e.args[2:], "map")
        e.fcall = self.function_call(e, e.args[0], elems, "map()'s function")
        return e.fcall.ty

    def elem_filter(self, e: A.Call) -> Type:
        self.reject_keywords(e, "filter")
        self.nargs(e, "filter", 2)
        elem = self.iter_type(e.args[1])
        f = e.args[0]
        if isinstance(f, A.Const) and f.value is None:
            e.fcall = None
            self.truth_type(elem, e.args[1])
        else:
            e.fcall = self.function_call(e, f, [elem], "filter()'s function")
            self.truth_type(e.fcall.ty, f)
        return elem

    def truth_type(self, t: Type, node: A.Node) -> None:
        if t not in NUMBERS and t != NONE and not isinstance(t, (ListType, TupleType)):
            raise self.error(f"pts cannot take the truth value of {py_name(t)} here", node)

    def genexp_elem(self, g: A.GeneratorExp) -> Type:
        # the outermost iterable is evaluated in the enclosing scope, as in CPython
        elem_t = self.iter_type(g.iter)
        scope = getattr(g, "scope", None)
        if scope is None:
            self.comp_counter += 1
            names = self.iter_helpers.target_names(g.target)
            scope = g.scope = {n: f"{n}.gen{self.comp_counter}" for n in names}
        self.scopes.append(scope)
        try:
            self.assign_target(g.target, elem_t, g.target)
            for c in g.conds:
                self.cond(c)
            if getattr(g, "flatten", False):       # a further `for` clause
                g.elem_ty = self.iter_type(g.elt)
            else:
                g.elem_ty = self.expr(g.elt)
            return g.elem_ty
        finally:
            self.scopes.pop()

    def expr_ValueExpr(self, e: ValueExpr) -> Type:
        return e.vty

    def expr_GeneratorExp(self, e: A.GeneratorExp) -> Type:
        """A generator expression used as a value: a list of its elements."""
        return self.as_list(self.iter_elem(e), e, "a generator expression")

    def as_list(self, elem: Type, e: A.Expr, what: str, mark: bool = True) -> Type:
        from pts.frontend.list_types import list_elem_ok
        if not list_elem_ok(elem):
            raise self.error(f"{what} of {py_name(elem)} can only be iterated over here (in a "
                             f"for loop, a comprehension, or sum/any/all/min/max/sorted/list); "
                             f"pts lists hold int, float, bool or str", e)
        if mark:                  # a lazy iterable used as a value: the lowering makes a list
            e.materialize = True
        return ListType(elem)

    # ---------------------------------------------------------------- generator functions

    def generator_elem(self, e: A.Call, pyfunc) -> Type:
        from pts.frontend.source import fresh_fdef
        assigned_names = self.iter_helpers.assigned_names
        stack = getattr(self, "gen_stack", None)
        if stack is None:
            stack = self.gen_stack = []
        if any(g.pyfunc is pyfunc for g in stack):
            # a generator that iterates over itself: this inner call cannot be inlined; it
            # is a generator object (frontend.generator_frames) iterated through its frame
            e.lazy = False
            return None
        if pyfunc.__globals__ is not getattr(self.spec.pyfunc, "__globals__", None):
            raise self.error(f"generator '{pyfunc.__name__}' is defined in another module "
                             f"(only generators of the same module are supported)", e)
        info: GenInline | None = getattr(e, "gen", None)
        if info is None:
            self.bind_arguments(e, pyfunc.__name__, pyfunc)
            fdef = fresh_fdef(pyfunc)
            mark_reading_uses(fdef.body)        # (frontend.global_values)
            self.comp_counter += 1
            n = self.comp_counter
            names = {p.name for p in fdef.params} | assigned_names(fdef.body)
            scope = {name: f"{name}.{pyfunc.__name__}{n}" for name in names}
            scope[BARRIER] = BARRIER
            info = e.gen = GenInline(pyfunc, fdef, scope)
        fdef = info.fdef
        if len(e.args) != len(fdef.params):
            raise self.error(f"{fdef.name}() takes {len(fdef.params)} arguments but "
                             f"{len(e.args)} were given", e)
        arg_types = [self.expr(a) for a in e.args]
        e.ty = NONE
        info.yields = []
        saved = (self.scopes, self.loop_depth, self.loop_kinds)
        self.scopes, self.loop_depth, self.loop_kinds = [info.scope], 0, []
        stack.append(info)
        try:
            convertible = self.iter_helpers.convertible
            for p, t, a in zip(fdef.params, arg_types, e.args):
                key = info.scope[p.name]
                if p.annotation is not None and not self.iter_helpers.bare(p.annotation):
                    want = self.resolve_type(p.annotation)
                    if not convertible(t, want):
                        raise self.error(f"argument '{p.name}' of {fdef.name}() expects "
                                         f"{py_name(want)}, got {py_name(t)}", a)
                    self.declared[key] = want
                    self.vars[key] = want
                p.var = key
                self.assign_var(p.name, t, a)
            self.block(fdef.body)
        finally:
            stack.pop()
            self.scopes, self.loop_depth, self.loop_kinds = saved
        join = self.iter_helpers.join
        elem = None
        for t, node in info.yields:
            if elem is None:
                elem = t
                continue
            j = join(elem, t)
            if j is None:
                raise self.error(f"generator '{fdef.name}' yields both {py_name(elem)} and "
                                 f"{py_name(t)}", node)
            elem = j
        if elem is None:
            if not self.final:
                raise self.iter_helpers.Skip()
            elem = NONE
        return elem

    def current_generator(self, node: A.Node) -> GenInline:
        stack = getattr(self, "gen_stack", None)
        if not stack:
            raise self.error("a generator function can only be iterated over inside a scripted "
                             "function (in a for loop, a comprehension or a builtin such as "
                             "sum); it cannot be called from Python through pts", node)
        return stack[-1]

    def stmt_Yield(self, s: A.Yield) -> None:
        info = self.current_generator(s)
        t = NONE if s.value is None else self.expr(s.value)
        info.yields.append((t, s))

    def stmt_YieldFrom(self, s: A.YieldFrom) -> None:
        info = self.current_generator(s)
        info.yields.append((self.iter_type(s.value), s))

    def generator_return(self, s: A.Return) -> bool:
        """`return` in an inlined generator ends the iteration (its value is dropped)."""
        stack = getattr(self, "gen_stack", None)
        if not stack:
            return False
        if s.value is not None:
            self.expr(s.value)
        return True

    def check_returned(self, t: Type, s: A.Return) -> None:
        """The type `t` of a (non-generator) `return`'s value may leave the function."""
        if _has_range(t):
            raise self.error("returning a range object is not supported (return "
                             "list(r), or its start, stop and step)", s.value)

    # ---------------------------------------------------------------- builtins

    def call_iter_builtin(self, e: A.Call, name: str) -> Type:
        e.target = self.callee("iter", name)
        if name in LAZY_BUILTINS:            # used as a value: a list
            e.lazy = True
            elem = getattr(self, "elem_" + name)(e)
            return self.as_list(elem, e, f"{name}()")
        return getattr(self, "builtin_" + name)(e)

    def builtin_range(self, e: A.Call) -> Type:
        self.reject_keywords(e, "range")
        if not 1 <= len(e.args) <= 3:
            raise self.error(f"range() takes 1 to 3 arguments but {len(e.args)} were given", e)
        for a in e.args:
            t = self.expr(a)
            if t not in INTEGRAL:
                raise self.error(f"range() arguments must be int, got {py_name(t)}", a)
        return RANGE

    def range_as_list(self, name: str, old: Type, new: Type, node: A.Node) -> Type | None:
        """`d = range(n)` ... `d = [...]` (Rosetta's Levenshtein): the variable is a
        List[int] and the range is built as a list where it is assigned — the one place a
        variable takes two types, because no reader can tell them apart: the variable is
        only indexed (not sliced), measured with len, iterated and searched with `in`.
        Anything else (a method, a store, a slice, passing or returning it, printing,
        comparing) would see a list where CPython has a range: None, and the caller refuses
        the two types as before."""
        lst = ListType(I64)
        if {type(old), type(new)} != {RangeType, ListType} or lst not in (old, new):
            return None
        reads = set()
        for n in A.walk(self.fdef.body):
            if isinstance(n, A.Assign):
                reads.update(id(t) for t in n.targets if isinstance(t, A.Name))
                reads.update(id(x) for t in n.targets if isinstance(t, A.TupleExpr)
                             for x in t.elts if isinstance(x, A.Name))
            elif isinstance(n, A.Subscript) and not isinstance(n.index, (A.Slice, A.TupleExpr)):
                reads.add(id(n.value))
            elif isinstance(n, A.Call) and isinstance(n.func, A.Name) and n.func.id == "len" \
                    and len(n.args) == 1:
                reads.add(id(n.args[0]))
            elif isinstance(n, A.For):
                reads.add(id(n.iter))
            elif isinstance(n, A.Compare):
                reads.update(id(c) for op, c in zip(n.ops, n.comparators) if op in ("in", "not in"))
        for n in A.walk(self.fdef.body):
            if isinstance(n, A.Name) and n.id == name and id(n) not in reads:
                return None
        for n in A.walk(self.fdef.body):        # a store through it: d[i] = v, d[i] += v
            if isinstance(n, (A.Assign, A.AugAssign, A.Delete)):
                for t in (n.targets if isinstance(n, (A.Assign, A.Delete)) else [n.target]):
                    if isinstance(t, A.Subscript) and isinstance(t.value, A.Name) \
                            and t.value.id == name:
                        return None
        return lst

    def one_iterable(self, e: A.Call, name: str, lo: int = 1, hi: int = 1) -> Type:
        self.reject_keywords(e, name)
        self.nargs(e, name, lo, hi)
        return self.iter_type(e.args[0])

    def builtin_sum(self, e: A.Call) -> Type:
        elem = self.one_iterable(e, "sum", 1, 2)
        start = self.keyword(e, "start")
        if len(e.args) == 2:
            if start is not None:
                raise self.error("sum() got multiple values for argument 'start'", e)
            start = e.args[1]
        e.start = start
        st = self.expr(start) if start is not None else I64
        if type(elem).__name__ == "ObjType" or type(st).__name__ == "ObjType":
            return self.sum_objects(e, elem, st)     # sum(vs, Vec(0, 0)): by __add__
        if C128 in (elem, st) and all(t == C128 or t in NUMBERS for t in (elem, st)):
            e.np_sum = False                 # complex + complex, left to right, as CPython
            return C128
        for t, node in ((elem, e.args[0]), (st, start or e)):
            if t not in NUMBERS + NUMPY_SCALARS:
                raise self.error(f"unsupported operand type(s) for +: sum() of {py_name(t)} "
                                 f"(pts sums int, float and bool, and numpy scalars)", node)
        if elem in NUMPY_SCALARS or st in NUMPY_SCALARS:
            # numpy's arithmetic (NEP 50): 0 + np.float32(x) stays float32
            e.np_sum = True
            return result_type("np.add", [st, elem])
        e.np_sum = False
        return F64 if F64 in (elem, st) else I64

    def sum_objects(self, e: A.Call, elem: Type, st: Type) -> Type:
        """sum() of objects: stdlib/lists.py's obj_sum over the items as a list, each added
        by its class's __add__ (CPython's `start + x0 + x1 ...`)."""
        if e.start is None:
            raise self.error(f"sum() of {py_name(elem)} objects needs a start value "
                             f"(sum(xs, {py_name(elem)}(...))): pts does not add 0 to an "
                             f"object", e)
        items = e.args[0]
        if not isinstance(items.ty, ListType) or getattr(items, "lazy", False):
            items = A.Call(A.Name("list", span=items.span), [items], span=items.span)
        e.args, e.keywords = [items, e.start], []
        types = [self.expr(items), st]
        return self.library_call(e, "obj_sum", types, module="lists")

    def builtin_any(self, e: A.Call) -> Type:
        elem = self.one_iterable(e, "any")
        self.truth_type(elem, e.args[0])
        return I1

    builtin_all = builtin_any

    def builtin_list(self, e: A.Call) -> Type:
        if not e.args and not e.keywords:
            want = getattr(e, "expected", None)
            if isinstance(want, ListType):
                return want
            return ListType(self.unknown_elem())
        elem = self.one_iterable(e, "list")
        return self.as_list(elem, e, "list()", mark=False)

    def unknown_elem(self) -> Type:
        from pts.ir.types import UNKNOWN
        return UNKNOWN

    def builtin_tuple(self, e: A.Call) -> Type:
        if not e.args and not e.keywords:
            return TupleType(())
        self.reject_keywords(e, "tuple")
        self.nargs(e, "tuple", 1)
        a = e.args[0]
        t = None if self.is_range_call(a) or isinstance(a, A.GeneratorExp) else self.expr(a)
        if isinstance(t, TupleType) and not getattr(a, "lazy", False):
            e.same = True
            return t
        elem = self.iter_type(a)
        n = self.static_len(a)
        if n is None:             # a Tuple[T, ...] (frontend/check_vartuple.py)
            return self.vartuple_of(e, elem, a)
        e.same = False
        e.length = n
        self.as_list(elem, a, "tuple()", mark=False)
        return TupleType((elem,) * n)

    def static_len(self, a: A.Expr) -> int | None:
        _const_int = self.iter_helpers.const_int
        if self.is_range_call(a):
            vals = [_const_int(x, self) for x in a.args]
            if None in vals:
                return None
            return len(range(*vals))
        if isinstance(a, A.GeneratorExp):
            return None if a.conds else self.static_len(a.iter)
        if isinstance(a, A.Call) and isinstance(a.func, A.Name) and getattr(a, "lazy", False) \
                and a.func.id in ("enumerate", "reversed", "zip", "map"):
            args = a.args[1:] if a.func.id == "map" else a.args[:1] if a.func.id != "zip" \
                else a.args
            lens = [self.static_len(x) for x in args]
            return None if None in lens else min(lens)
        if isinstance(a.ty, TupleType) and not getattr(a, "lazy", False):
            return len(a.ty.elems)
        return None

    def builtin_sorted(self, e: A.Call) -> Type:
        elem = self.one_iterable(e, "sorted")
        key = self.keyword(e, "key")
        rev = self.keyword(e, "reverse")
        if rev is not None and self.expr(rev) not in (I1, I64):
            raise self.error("sorted()'s reverse must be a bool", rev)
        from pts.frontend.list_types import list_elem_ok, orderable
        if not list_elem_ok(elem) or (key is None and not orderable(elem)
                                      and type(elem).__name__ != "ObjType"):   # (by __lt__)
            raise self.error(f"sorted() of {py_name(elem)} is not supported (pts sorts "
                             f"numbers, str and lists of those, or by a key)", e.args[0])
        kt = elem
        e.fcall = None
        if key is not None and not (isinstance(key, A.Const) and key.value is None):
            e.fcall = self.function_call(e, key, [elem], "sorted()'s key")
            kt = e.fcall.ty
            if not orderable(kt):
                raise self.error(f"sorted()'s key must return a number, a str or a list of "
                                 f"those, not {py_name(kt)}", key)
        from pts.stdlib import sorting
        sort = getattr(e, "sort", None)
        if sort is None:
            sort = e.sort = A.Call(A.Name("sorted", span=e.span),
                                   [ValueExpr(ListType(kt), e.span), ValueExpr(ListType(elem), e.span),
                                    ValueExpr(I1, e.span)], span=e.span)
        sort.args[0].vty, sort.args[1].vty = ListType(kt), ListType(elem)
        for a in sort.args:
            self.expr(a)
        sort.ty = self.call_function(sort, sorting.sort_by, "sorted", sort.func)
        return ListType(elem)

    def builtin_min(self, e: A.Call, name: str = "min") -> Type:
        self.reject_keywords(e, name)
        key = self.keyword(e, "key")
        default = self.keyword(e, "default")
        if not e.args:
            raise self.error(f"{name} expected at least 1 argument, got 0", e)
        if len(e.args) > 1:
            if default is not None:
                raise self.error(f"Cannot specify a default for {name}() with multiple "
                                 f"positional arguments", default)
            it = A.TupleExpr(list(e.args), span=e.span)   # min(a, b, key=f): over (a, b)
            e.args = [it]
        elem = self.iter_type(e.args[0])
        kt = elem
        e.fcall = None
        if key is not None and not (isinstance(key, A.Const) and key.value is None):
            e.fcall = self.function_call(e, key, [elem], f"{name}()'s key")
            kt = e.fcall.ty
        from pts.frontend.list_types import orderable
        if type(kt).__name__ == "ObjType":      # objects by __lt__ / __gt__ (check_classes)
            self.class_order(e, kt, "<" if name == "min" else ">")
        elif kt not in NUMBERS and not orderable(kt):
            raise self.error(f"{name}() of {py_name(kt)} is not supported (pts compares "
                             f"numbers, str and lists of those"
                             f"{'' if key is not None else '; give key='})", e.args[0])
        if isinstance(kt, ListType):            # lists compare by library calls
            self.lib("less", [kt, kt, I1], e)
        e.default = default
        e.key_ty = kt
        if default is None:
            return elem
        dt = self.expr(default)
        j = self.iter_helpers.join(elem, dt)
        if j is None:
            raise self.error(f"{name}()'s default ({py_name(dt)}) and elements "
                             f"({py_name(elem)}) have different types", default)
        return j

    def builtin_max(self, e: A.Call) -> Type:
        return self.builtin_min(e, "max")

    def builtin_reduce(self, e: A.Call) -> Type:
        """functools.reduce(f, iterable[, initial]): f(...f(f(initial, x0), x1)..., xn).
        The accumulator's type is where the initial value (else the elements) and f's
        results meet: an int accumulator that f makes a float is a float, as a variable's
        (`e.fcall` is f's call on ValueExprs (acc, x), frontend.lower_iter)."""
        if e.keywords:
            raise self.error("reduce() takes no keyword arguments", e.keywords[0])
        if not 2 <= len(e.args) <= 3:
            raise self.error(f"reduce expected at {'least 2' if len(e.args) < 2 else 'most 3'}"
                             f" arguments, got {len(e.args)}", e)
        elem = self.iter_type(e.args[1])
        acc = self.expr(e.args[2]) if len(e.args) == 3 else elem
        for _ in range(4):
            e.fcall = self.function_call(e, e.args[0], [acc, elem], "reduce()'s function")
            if self.iter_helpers.convertible(e.fcall.ty, acc):
                return acc
            j = self.iter_helpers.join(acc, e.fcall.ty)
            if j is None:
                raise self.error(f"reduce()'s function returns {py_name(e.fcall.ty)}, but its "
                                 f"accumulator is {py_name(acc)} (the "
                                 f"{'initial value' if len(e.args) == 3 else 'elements'}): "
                                 f"pts keeps one type for it", e.args[0])
            acc = j
        raise self.error("reduce()'s function does not settle on one result type", e.args[0])

    # ---------------------------------------------------------------- range values

    def is_range_call(self, a: A.Expr) -> bool:
        return isinstance(a, A.Call) and isinstance(a.func, A.Name) and a.func.id == "range" \
            and self.is_builtin("range")

    def range_item_type(self, e: A.Subscript) -> Type:
        self.index(e.index, "range")
        return I64

    def range_in_ok(self, left: Type) -> bool:
        return left in (I64, I1)


BARRIER = "<generator>"


def _has_range(t: Type) -> bool:
    return isinstance(t, RangeType) or (isinstance(t, TupleType) and any(map(_has_range, t.elems)))
