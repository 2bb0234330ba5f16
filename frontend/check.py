"""Type checking: AST + argument types -> typed AST (every Expr gets `.ty`).

Contract: `check_function(program, spec)` fills `spec.var_types` and `spec.ret_type`, sets
`expr.ty` on every expression of the body, and records on each Name the variable it
denotes (`name.var`; comprehension variables get a private name) and on each Call what it
calls (`call.target`: a `Callee`).  Anything outside the language is a CompileError at the
offending node.

Typing rules (Python semantics, statically):
- bool -> i1, int -> i64, float -> f64, None -> none, str literals -> str,
  tuples -> tuple<...>, lists -> list<T> with T any value type (list_types.list_elem_ok).
- A variable keeps one type.  int and float meet as float; an empty list literal takes its
  element type from an annotation or from the first `append`.
- Arithmetic promotes bool -> int -> float like Python; `/` is always float; `int ** int`
  is int (a negative constant exponent makes it float).
- Types are inferred by iterating the body to a fixed point (types only widen), then one
  final pass reports errors.
"""
from __future__ import annotations

import builtins
import cmath
import functools
import inspect
import math
import types
from dataclasses import dataclass, field
from typing import Any

from pts.errors import CompileError, Span
from pts.frontend import ast as A
from pts.frontend.check_tensors import (ANY_TENSOR, BINARY_UFUNCS, DTypeType, TensorChecks,
                                       check_tensor_assignment, is_tensorish, native_op,
                                       same_kind_cast)
from pts.frontend.check_complex import CMATH_CONSTS, ComplexChecks, repr_c128
from pts.frontend.check_copy import CopyChecks, is_copy_function
from pts.frontend.check_exceptions import ExceptionChecks
from pts.frontend.check_functions import (FunctionChecks, FunctionType, KwargsType,
                                          builtin_function_value, closure_hint, function_default,
                                          function_join, has_function, is_function,
                                          listable_function, operator_function, to_ir_types)
from pts.frontend.check_numbers import (INTEGRAL, LIBM_BINARY, LIBM_UNARY, LIBRARY, NUMBER_BUILTINS,
                                       NumberChecks)
from pts.frontend.check_objects import ObjectChecks
from pts.frontend.check_unions import UnionChecks
from pts.frontend.check_classes import (ClassChecks, ClassRef, annotation_class, class_join,
                                        container_alias, is_class_type, is_user_class)
from pts.frontend.check_dunders import DunderChecks
from pts.frontend import check_classes as check_classes_module
from pts.frontend.check_optional import (OptionalChecks, has_truth, falls_through, has_break, ends_open,
                                         optional_annotation, optional_convertible, optional_join)
from pts.frontend.check_strings import STR_BUILTINS, StringChecks
from pts.frontend.check_vartuple import VarTupleChecks, vartuple_join, vartuple_operands
from pts.frontend.check_isinstance import IsinstanceChecks
from pts.frontend.rec_tuples import RecTupleChecks
from pts.frontend.check_lists import (NUMPY_WIDENING, ArrayModuleChecks, ListChecks, bare_container,
                                      fresh_list_expected, is_array_class, widens_list)
from pts.frontend.list_types import list_elem_ok, list_join
from pts.frontend.check_generators import GeneratorChecks
from pts.frontend import generator_frames as generator_frames_module
from pts.frontend.check_iter import BARRIER, ITER_BUILTINS, IterChecks, RangeType, ValueExpr, ir_type
from pts.frontend.global_values import constant_type as global_constant_type
from pts.frontend.global_values import mark_reading_uses, not_a_value_message
from pts.frontend.shared_globals import default_node, shared_type
from pts.frontend.function_aliases import builtin_global_aliases, inline_call_aliases
from pts.frontend.variable_webs import split_webs
from pts.frontend.global_rebind import box_globals, rebind_message, widen_box
from pts.frontend.check_dicts import DictChecks, has_unknown, hash_join, is_hash
from pts.frontend.objects import ObjectType
from pts.ir.object_ops import has_object
from pts.ir.ops import result_type
from pts.ir.types import (NP_DTYPE_ATTRS, F16, SMALL_DTYPES, C128, DTYPE_NAMES, DTYPE_OF_SCALAR, F32, F64, I1, I32, I64, NONE, NPF64, NPI1,
                          NPI64,
                          NUMPY_SCALARS, STR, UNKNOWN, DictType, ListType, ObjType, VarTupleType, OptionalType, SetType,
                          TensorType, TupleType, Type,
                          py_name)

NUMERIC = (I1, I64, F64)
# a numpy scalar stored where its Python type is annotated (`-> float` returning np.float64,
# a float subclass in CPython): the value is kept, the type is the annotation's
NUMPY_TO_PLAIN = {(NPF64, F64), (F32, F64), (NPI64, I64), (I32, I64), (NPI1, I1), (F16, F64),
                  *((t, I64) for t in SMALL_DTYPES if t != F16)}

EXCEPTIONS = ("ValueError", "RuntimeError", "IndexError", "ZeroDivisionError",
              "AssertionError", "TypeError", "OverflowError")

MATH_FUNCS_F = {"sqrt", "exp", "log", "log2", "log10", "sin", "cos", "tan", "asin", "acos",
                "atan", "sinh", "cosh", "tanh", "fabs"}
MATH_FUNCS_2 = {"atan2", "pow", "hypot"}
MATH_TO_INT = {"floor", "ceil"}
MATH_PRED = {"isnan", "isinf", "isfinite"}
MATH_CONSTS = {"pi": math.pi, "e": math.e, "inf": math.inf, "nan": math.nan, "tau": math.tau}

BUILTIN_FUNCS = ({"len", "abs", "min", "max", "int", "float", "bool", "print", "dict", "set"} |
                 STR_BUILTINS | ITER_BUILTINS | NUMBER_BUILTINS)


@dataclass
class Callee:
    """What a Call node calls: kind in {'builtin', 'math', 'method', 'function', 'exception'}."""
    kind: str
    name: str
    spec: Any = None          # for 'function': the callee's Spec


@dataclass
class Spec:
    """One function specialized to argument types; filled in by the checker."""
    pyfunc: Any
    fdef: A.FunctionDef
    globals: dict
    arg_types: tuple[Type, ...]
    ir_name: str
    ret_type: Type | None = None
    var_types: dict[str, Type] = field(default_factory=dict)
    const_params: dict[str, Any] = field(default_factory=dict)   # str arguments, by name
    checked: bool = False
    ret_as: Type | None = None     # the result built as this wider list (call_function)


class NeedsConstant(Exception):
    """A parameter is used where numpy needs a compile-time constant (axis=dim): the
    caller must specialize the function on that argument's value."""

    def __init__(self, index: int, name: str, what: str, span):
        self.index, self.name, self.what, self.span = index, name, what, span


class ArgumentTypeError(CompileError):
    """An argument whose type the annotation refuses (`n: int` given a str).  From a
    scripted caller it is a CompileError at the parameter; from Python, pts.api turns it
    into CPython's TypeError (`f(): argument 'n' must be int, not str`)."""

    def __init__(self, msg: str, span, pyfunc, param: str, want: str):
        super().__init__(msg, span)
        self.pyfunc, self.param, self.want = pyfunc, param, want


class _Skip(Exception):
    """Raised during inference passes when a type is not known yet."""


def plural(n: int, noun: str) -> str:
    return f"{n} {noun}" if n == 1 else f"{n} {noun}s"


def join(a: Type, b: Type) -> Type | None:
    """The type two assignments to one variable meet at, or None when they cannot."""
    if a == b:
        return a
    if is_function(a) or is_function(b):
        return function_join(a, b)              # (frontend.check_functions)
    if {a, b} == {I64, F64}:
        return F64
    if C128 in (a, b) and {a, b} <= {C128, I1, I64, F64}:
        return C128
    if isinstance(a, ObjType) and isinstance(b, ObjType):
        return class_join(a, b)                 # at their common base class (check_classes)
    if NONE in (a, b) or isinstance(a, OptionalType) or isinstance(b, OptionalType):
        return optional_join(a, b, join)        # None and T meet at Optional[T]
    # a Python number meeting a numpy scalar (s = 0.0; s = s + x[i]) takes the type numpy's
    # arithmetic gives them (NEP 50: the numpy scalar is strong)
    if (a in NUMPY_SCALARS and b in (I1, I64, F64)) or (b in NUMPY_SCALARS and a in (I1, I64, F64)):
        return result_type("np.add", [a, b])
    vt = vartuple_join(a, b)                    # (1, 2) and (1, 2, 3): Tuple[int, ...]
    if vt is not None:
        return vt
    if isinstance(a, ListType) and isinstance(b, ListType):
        if is_function(a.elem) and is_function(b.elem):     # [f] and [f, g]: one of either
            j = function_join(a.elem, b.elem)
            return None if j is None else ListType(j)
        return list_join(a, b)
    if isinstance(a, TupleType) and isinstance(b, TupleType) and len(a.elems) == len(b.elems):
        elems = [join(x, y) for x, y in zip(a.elems, b.elems)]
        return None if None in elems else TupleType(tuple(elems))
    if is_hash(a) and is_hash(b):
        return hash_join(a, b)        # {} / set() meet the dict or set a store decides
    return None


def promote(a: Type, b: Type) -> Type:
    """Python's arithmetic result type of two numbers (bool + bool is int)."""
    if F64 in (a, b):
        return F64
    return I64


def convertible(src: Type, dst: Type) -> bool:
    """May a value of `src` be stored where `dst` is expected (implicit int -> float)?"""
    if dst == ANY_TENSOR:
        return isinstance(src, TensorType)
    if isinstance(dst, OptionalType):
        if isinstance(src, OptionalType) and has_any_tensor(dst.elem):
            return convertible(src.elem, dst.elem)     # Optional[np.ndarray]: any array
        return optional_convertible(src, dst, convertible)
    if isinstance(src, ListType) and isinstance(dst, ListType) and has_any_tensor(dst.elem):
        return src.elem == UNKNOWN or convertible(src.elem, dst.elem)   # List[np.ndarray]
    if isinstance(src, TupleType) and isinstance(dst, TupleType) and len(src.elems) == len(dst.elems):
        return all(convertible(a, b) for a, b in zip(src.elems, dst.elems))
    if (src, dst) in NUMPY_TO_PLAIN:
        return True
    return src == dst or join(src, dst) == dst


class FunctionChecker(TensorChecks, ObjectChecks, OptionalChecks,
                      ExceptionChecks, StringChecks, IterChecks, DictChecks,
                      FunctionChecks, NumberChecks, ComplexChecks, ListChecks, CopyChecks,
                      VarTupleChecks, ClassChecks, UnionChecks, DunderChecks, IsinstanceChecks,
                      ArrayModuleChecks, GeneratorChecks, RecTupleChecks):
    list_convertible = staticmethod(convertible)     # (for check_lists: no import back)

    def __init__(self, program, spec: Spec):
        self.program = program
        self.spec = spec
        self.fdef = spec.fdef
        self.declared: dict[str, Type] = {}      # annotated variables and parameters
        self.vars: dict[str, Type] = {}
        self.ret_types: list[tuple[Type, Span]] = []
        self.final = False
        self.loop_depth = 0
        self.loop_kinds: list[str] = []          # "loop", or "unrolled" (over objects)
        self.comp_counter = 0
        self.scopes: list[dict[str, str]] = []   # comprehension renames
        # straight-line rebinding of a tensor variable to another rank or dtype
        # (`x = x.reshape(n, -1)` at the top level of the body) starts a new version of the
        # variable: name -> its current key, reset at the start of each pass
        self.versions: dict[str, str] = {}
        self.unsplit: set[str] = set()           # names whose webs are kept together
        self.depth = 0                           # nesting of the block being checked
        self.ret_annot: Type | None = None
        self.assigned = assigned_names(spec.fdef.body)
        mark_reading_uses(spec.fdef.body)        # where a folded global list may be read
        self.init_optional()
        self.exc_vars: set[str] = set()          # `except ... as e` variables (check_exceptions)
        self.exc_use_ok = False
        self.handler_depth = 0

    # ---------------------------------------------------------------- driver

    def run(self) -> None:
        fdef = self.fdef
        self.drop_callable_annotations()          # (check_functions)
        if inline_call_aliases(fdef, statements, _target_names):    # `append = out.append`
            self.assigned = assigned_names(fdef.body)
        box_globals(fdef, self.spec.pyfunc, self.spec.globals.globals)   # `global G` (global_rebind)
        builtin_global_aliases(fdef, self.spec.globals,     # xrange = range
                               self.assigned | {p.name for p in fdef.params})
        split_webs(fdef)                          # x = float, later x = int(x) (variable_webs)
        if len(self.spec.arg_types) != len(fdef.params):
            raise CompileError(f"{fdef.name}() takes {plural(len(fdef.params), 'argument')} but "
                               f"{len(self.spec.arg_types)} were given", fdef.span)
        empty_params: list[str] = []
        for p, t in zip(fdef.params, self.spec.arg_types):
            # (an object's annotation names its class: a model passed to pts.grad's loss)
            bare = bare_container(p.annotation)
            if bare is not None and not isinstance(t, bare[1]):
                raise ArgumentTypeError(f"argument '{p.name}' of {fdef.name}() expects "
                                        f"{bare[0]}, got {py_name(t)}", p.span,
                                        self.spec.pyfunc, p.name, bare[0])
            if p.annotation is not None and not isinstance(t, ObjectType) and bare is None:
                want = self.resolve_type(p.annotation)
                if not convertible(t, want):
                    raise ArgumentTypeError(f"argument '{p.name}' of {fdef.name}() expects "
                                            f"{py_name(want)}, got {py_name(t)}", p.span,
                                            self.spec.pyfunc, p.name, annotation_text(want))
                t = refine(want, t)
            empty = (t == ListType(UNKNOWN) or (is_hash(t) and has_unknown(t))) \
                and (p.annotation is None or bare is not None)
            if empty:
                # an empty list or dict from the caller says nothing of its items: what the
                # body stores in it decides, else a list is a List[int] (docs/language.md)
                empty_params.append(p.name)
            elif not (t == NONE and p.annotation is None and p.name in self.assigned):
                # (an unannotated parameter given None that the body assigns takes the
                # type of what it assigns, made Optional: `if x is None: x = 1`)
                self.declared[p.name] = t
            self.vars[p.name] = t
        ret_bare = bare_container(fdef.returns)     # `-> list`: inferred, checked below
        if fdef.returns is not None and ret_bare is None:
            self.ret_annot = self.classmethod_result(self.resolve_type(fdef.returns))
            if has_any_tensor(self.ret_annot):
                self.ret_tensor_annot = self.ret_annot   # checked against what is returned
                self.ret_annot = None
            else:
                self.spec.ret_type = self.ret_annot
        elif self.spec.ret_as is not None and fdef.returns is None:
            # a caller stores floats into the List[int] this returns: its fresh lists are
            # built as floats (and returning an existing List[int] is refused)
            self.ret_annot = self.spec.ret_type = self.spec.ret_as
        self.init_returns_none()                   # a class's __init__ (check_classes)
        self.rec_tuple_start()                     # a recursive tuple result (rec_tuples)
        self.returns_nothing()                     # no `return value`: None (check_functions)
        params = self.param_vars = dict(self.vars)
        self.infer()
        undecided = {k.split(".w")[0] for k, t in self.vars.items()
                     if (t == ListType(UNKNOWN) or (is_hash(t) and has_unknown(t)))
                     and k.split(".w")[0] in getattr(fdef, "web_names", ())}
        if undecided:
            # `xs = []` read, then `xs = [1.5]`: an empty container whose own web says
            # nothing of its items takes them from the others, as one variable
            self.unsplit |= undecided
            self.vars = dict(params)
            self.infer()
        if any(self.vars[name] == ListType(UNKNOWN) for name in empty_params):
            # nothing decided an empty list argument's items: infer again with List[int]
            self.vars = {k: ListType(I64) if k in empty_params and t == ListType(UNKNOWN)
                         else t for k, t in params.items()}
            self.infer()
        if getattr(self.program, "stale", False):
            # a field widened after it was read: this round's results are dropped and the
            # program checked again knowing it (frontend.program.build); its errors would be
            return
        self.final = True
        self.ret_types = []
        self.versions = {}
        self.narrow = {}
        self.block(fdef.body)
        for name, t in self.vars.items():
            if isinstance(t, ListType) and t.elem == UNKNOWN:
                raise CompileError(f"cannot infer the element type of the empty list '{name}'; "
                                   f"annotate it, e.g. {name}: List[int] = []", fdef.span)
            if is_hash(t) and has_unknown(t):
                raise CompileError(f"cannot infer the types of the empty {py_name(t).split('[')[0].lower()} "
                                   f"'{name}'; annotate it, e.g. {name}: Dict[str, int] = {{}}",
                                   fdef.span)
        self.update_ret_type()
        if self.spec.ret_type is None:
            self.spec.ret_type = NONE
        if ret_bare is not None and not isinstance(self.spec.ret_type, ret_bare[1]) \
                and not (ret_bare[0] == "tuple" and self.rec_tuple is not None):
            raise CompileError(f"{fdef.name}() is annotated to return a {ret_bare[0]} but "
                               f"returns {py_name(self.spec.ret_type)}", fdef.returns.span)
        self.spec.var_types = {k: ir_type(t) for k, t in self.vars.items()}

    def infer(self) -> None:
        """The inference passes: the body again until the variables' types settle."""
        passes = 8
        while passes:
            passes -= 1
            before = dict(self.vars)
            ret_before = self.spec.ret_type
            self.ret_types = []
            self.versions = {}
            self.narrow = {}
            self.ret_floor = ret_before if self.calls_itself else None     # (rec_tuples)
            self.block(self.fdef.body)
            self.update_ret_type()
            if self.vars == before and self.spec.ret_type == ret_before:
                break
            if self.rec_tuple_grew(ret_before, self.spec.ret_type) or self.rec_vars_grew(before):
                passes = 8                      # a tuple holds itself: a record (rec_tuples)
                self.vars = {**self.param_vars, **self.rec_var_types()}
        else:
            if self.spec.ret_type != ret_before and ret_before is not None:
                # each pass nests the result once more: `-> tuple` of a recursive function
                # building a tree of tuples
                raise CompileError(
                    f"the result type of {self.fdef.name}() does not settle: it holds itself "
                    f"({py_name(ret_before)[:60]}...), a recursive type pts cannot represent; "
                    f"annotate the result with a fixed type", (self.fdef.returns or self.fdef).span)

    def update_ret_type(self) -> None:
        if self.ret_annot is not None:
            return
        t = None
        for rt, span in self.ret_types:
            if t is None:
                t = rt
                continue
            j = join(t, rt) or (I64 if {t, rt} == {I1, I64} else None)   # (as `and`/`or`)
            if j is None:
                if self.final:
                    raise CompileError(f"function '{self.fdef.name}' returns both "
                                       f"{py_name(t)} and {py_name(rt)}", span)
                continue
            t = j
        if t is not None and t != NONE and ends_open(self.fdef.body):
            # `def k(n): for ...: if ...: return n`: falling off the end returns None
            t = join(t, NONE) or t
        if not self.final and getattr(self, "ret_floor", None) is not None:
            # a recursive call has read the result the last pass found: it only grows
            t = self.ret_floor if t is None else (join(t, self.ret_floor) or t)
        hint = getattr(self.spec, "ret_hint", None)     # (stale_result_reads)
        if hint is not None:
            t = hint if t is None else (join(t, hint) or t)
        if t is not None:
            self.spec.ret_type = t

    def error(self, msg: str, node: A.Node) -> CompileError:
        return CompileError(msg, node.span)

    # ---------------------------------------------------------------- annotations

    def resolve_type(self, te: A.TypeExpr) -> Type:
        t = resolve_type(te)
        self.object_keys_in(t, te)      # Dict[Node, int]: identity keys only (check_classes)
        return t

    # ---------------------------------------------------------------- variables

    def var_key(self, name: str) -> str:
        for scope in reversed(self.scopes):
            if name in scope:
                return scope[name]
            if BARRIER in scope:         # an inlined generator sees only its own locals
                return name + ".global"
        return self.versions.get(name, name)

    def new_version(self, target: A.Name, t: Type, fresh_copy: bool = False) -> None:
        """`x = <tensor of another rank or dtype>` in straight-line code: a new variable
        from here on (numpy code reshapes this way; one type per variable holds for the
        rest: the old and the new x never meet at a join).  So is `a = copy.deepcopy(a)`
        of a list (Rosetta Code's gauss): the copy is a new object, which floats stored
        into it later build as floats (check_lists.widens_list) while the list passed in
        stays as it is."""
        if hasattr(target, "web_key") and target.id not in self.unsplit:
            return                        # (a web of its own already: variable_webs)
        key = getattr(target, "new_key", None)
        if key is None:
            old_key = self.var_key(target.id)
            old = self.declared.get(old_key, self.vars.get(old_key))
            copied = fresh_copy and isinstance(old, ListType) and isinstance(t, ListType) \
                and (old_key not in self.declared or
                     any(p.name == old_key for p in self.fdef.params))
            if not (isinstance(old, TensorType) and isinstance(t, TensorType) and old != t) \
                    and not copied:
                return
            n = 1
            while f"{target.id}.v{n}" in self.vars:
                n += 1
            key = target.new_key = f"{target.id}.v{n}"
        self.versions[target.id] = key

    def assign_var(self, name: str, t: Type, node: A.Node) -> Type:
        """Record an assignment of type t to `name`; returns the variable's type."""
        key = self.var_key(name)
        var_t = self._assign_var(name, key, t, node)
        self.narrow_assignment(key, t, var_t)
        return var_t

    def _assign_var(self, name: str, key: str, t: Type, node: A.Node) -> Type:
        if isinstance(t, ObjectType):
            raise self.error(f"cannot assign {self.object_name(t)} to variable '{name}': "
                             f"objects are known at compile time, not values (use "
                             f"{'self' if not t.path else 'self.' + t.dotted} directly)", node)
        if key in self.declared:
            want = self.declared[key]
            if not convertible(t, want):
                raise self.error(f"variable '{name}' cannot be both {py_name(want)} and "
                                 f"{py_name(t)}", node)
            return want
        old = self.vars.get(key)
        if old is None:
            self.vars[key] = t
            return t
        if widens_list(old, t):
            # `u = [1] * n` ... `u = [0.5 * x for x in u]`: the variable is a List[float]
            # (as `x = 0` ... `x = 0.5` makes x a float); the next pass builds the int list
            # as floats where it is a fresh list, and refuses it anywhere else (an existing
            # List[int] would have to be copied: check_lists.widens_list)
            self.vars[key] = t
            return t
        j = join(old, t) or (self.range_as_list(name, old, t, node) if key == name else None)
        if j is None and widens_list(t, old):
            raise self.error(f"variable '{name}' cannot be both {py_name(old)} (floats are "
                             f"stored into it) and this existing {py_name(t)}: pts builds "
                             f"a list of ints as floats only where it is made (a display, a "
                             f"comprehension, [x] * n, a copy, a function's result built so), "
                             f"not one held by another name (a parameter, a variable); copy "
                             f"it (copy.deepcopy), or make its items floats",
                             node)
        if j is None:
            raise self.error(f"variable '{name}' cannot be both {py_name(old)} and "
                             f"{py_name(t)}{closure_hint(old, t)}", node)
        self.vars[key] = j
        return j

    # ---------------------------------------------------------------- statements

    def block(self, stmts: list[A.Stmt]) -> None:
        self.depth += 1
        try:
            for s in stmts:
                uses = getattr(s, "web_uses", None)
                if uses:                    # the webs this statement reads (variable_webs)
                    self.versions.update((k, v) for k, v in uses.items()
                                         if k not in self.unsplit)
                if self.final:
                    self.final_stmt(s)
                else:
                    try:
                        self.stmt(s)
                    except (_Skip, CompileError):
                        pass
                if isinstance(s, A.If):
                    # `if x is None: return ...` decided at compile time: what follows is
                    # dead, and not checked (nor lowered) against the refuted type
                    s.dead_after = getattr(s, "static", None) is not None \
                        and not falls_through([s])
                    if s.dead_after:
                        break
        finally:
            self.depth -= 1

    def final_stmt(self, s: A.Stmt) -> None:
        """A statement of the final pass.  One that fails on a field that holds only None
        so far (`self.bestchild = None` in `__init__`, read as `self.bestchild.pos`) is put
        off: the store that gives the field its type may be in code checked later
        (pyperformance go's update_path).  That store widens the field this spec read, and
        the program is checked again knowing it (check_classes.Restart); if none comes, the
        error stands (frontend.program.build raises the first one put off)."""
        pending = self.program.__dict__.setdefault("pending_errors", [])
        self.none_field_read = False
        try:
            self.stmt(s)
        except CompileError as e:
            if not (self.none_field_read or self.spec in [p for p, _ in pending]):
                raise
            pending.append((self.spec, e))      # (later errors of this spec may follow it)

    def stmt(self, s: A.Stmt) -> None:
        method = getattr(self, "stmt_" + type(s).__name__, None)
        if method is None:
            raise self.error(f"'{type(s).__name__}' statements are not supported", s)
        method(s)

    def stmt_Pass(self, s: A.Pass) -> None:
        pass

    def stmt_Import(self, s: A.Import) -> None:
        pass                  # bound when compiling (frontend.function_imports)

    def stmt_Global(self, s: A.Global) -> None:
        pass                                 # (its names are boxes: frontend.global_rebind)

    def stmt_Break(self, s: A.Break) -> None:
        if self.loop_depth == 0:
            raise self.error("'break' outside loop", s)
        self.refuse_in_unrolled("break", s)

    def stmt_Continue(self, s: A.Continue) -> None:
        if self.loop_depth == 0:
            raise self.error("'continue' not properly in loop", s)
        self.refuse_in_unrolled("continue", s)

    def stmt_ExprStmt(self, s: A.ExprStmt) -> None:
        self.expr(self.allow_none(s.value))      # (a discarded Optional result)

    def stmt_Return(self, s: A.Return) -> None:
        if self.generator_return(s):
            return
        self.box_return(s)                         # a recursive tuple's record (rec_tuples)
        t = NONE if s.value is None else self.expr(self.allow_none(s.value),
                                                   expected=self.ret_annot)
        ret_as = self.spec.ret_as
        if ret_as is not None and isinstance(s.value, A.Name) and not self.final \
                and widens_list(t, ret_as):
            # `out = [0] * n ... return out` for a caller that stores floats into the
            # result: out is built as floats (a parameter stays refused)
            self.assign_var(s.value.id, ret_as, s)
            raise _Skip()
        self.check_returned(t, s)
        if isinstance(t, ObjectType):
            raise self.error(f"cannot return {self.object_name(t)}: objects are known at "
                             f"compile time, not values", s.value)
        tensor_annot = getattr(self, "ret_tensor_annot", None)
        if tensor_annot is not None and not convertible(t, tensor_annot):
            raise self.error(f"return type mismatch: expected {py_name(tensor_annot)}, "
                             f"got {py_name(t)}", s.value or s)
        if self.ret_annot is not None and not convertible(t, self.ret_annot):
            raise self.error(f"return type mismatch: expected {py_name(self.ret_annot)}, "
                             f"got {py_name(t)}", s.value or s)
        self.ret_types.append((t, s.span))
        if not self.final:
            self.update_ret_type()

    def stmt_If(self, s: A.If) -> None:
        try:
            self.cond(s.test)
        except (_Skip, CompileError):
            # (before the fixed point a test may fail on a type still growing — `best is
            # None or v > best` while best is only None — but its branches must still be
            # seen: they are what makes the type grow)
            if self.final:
                raise
        # a test known at compile time (`self.bias is None`, `self.training`, a constant
        # comparison) checks and compiles only the branch it takes, as TorchScript does
        known = self.static_truth(s.test)
        if known is None:
            known = self.global_flag(s.test)      # `if tracing:` (check_classes)
        s.static = known
        on_true, on_false = self.facts(s.test)
        before, after = dict(self.narrow), []
        for taken, facts, body in ((True, on_true, s.body), (False, on_false, s.orelse)):
            if known is None or known == taken:
                self.narrow = dict(before)
                self.apply(facts)
                self.block(body)
                if falls_through(body):
                    after.append(self.narrow)
        # (what every branch that reaches the end agrees on holds after the if)
        self.narrow = self.merge(after)

    def stmt_While(self, s: A.While) -> None:
        self.forget(assigned_names(s.body))     # the back edge brings the body's values
        try:
            self.cond(s.test)
        except (_Skip, CompileError):
            if self.final:                      # (as in stmt_If: the body makes types grow)
                raise
        on_true, on_false = self.facts(s.test)
        before = dict(self.narrow)
        self.apply(on_true)
        self.loop_depth += 1
        self.loop_kinds.append("loop")
        self.block(s.body)
        self.loop_kinds.pop()
        self.loop_depth -= 1
        self.narrow = before
        self.apply(on_false)                    # the loop ends when its test fails ...
        self.block(s.orelse)
        if has_break(s.body):                   # ... unless a break leaves it
            self.forget(assigned_names(s.body))
            for key in on_false:
                self.narrow.pop(key, None)

    def stmt_For(self, s: A.For) -> None:
        s.iter = self.global_range(s.iter)        # for i in RANGE: (check_classes)
        if self.for_object_pattern(s):          # enumerate/zip/.items() over objects
            return
        if not isinstance(s.iter, (A.Call, A.GeneratorExp)) and \
                isinstance(self.expr(s.iter), ObjectType):
            self.for_objects(s, s.iter.ty)     # unrolled: one body per object
            return
        if not isinstance(s.iter, (A.Call, A.GeneratorExp)) and self.expr(s.iter) == TupleType(()):
            s.never = True                     # over an empty tuple (`*args`): no iteration
            self.block(s.orelse)
            return
        elem = self.iter_type(s.iter)
        self.forget(assigned_names(s.body))     # the back edge brings the body's values
        self.assign_target(s.target, elem, s.target)
        self.loop_depth += 1
        self.loop_kinds.append("loop")
        self.block(s.body)
        self.loop_kinds.pop()
        self.loop_depth -= 1
        self.forget(assigned_names(s.body))
        self.block(s.orelse)

    def iter_type(self, it: A.Expr) -> Type:
        """Element type of what a `for` iterates over: range(...), a list or a tuple."""
        elem = self.hash_iter_elem(it)  # dicts, sets and their views (check_dicts)
        if elem is not None:
            return elem
        elem = self.iter_elem(it)       # lazy iterables and range values (check_iter)
        if elem is not None:
            return elem
        if isinstance(it, A.Call) and isinstance(it.func, A.Name) and it.func.id == "range" \
                and self.is_builtin("range"):
            if not 1 <= len(it.args) <= 3 or it.keywords:
                raise self.error(f"range() takes 1 to 3 arguments but {len(it.args)} were given", it)
            for a in it.args:
                t = self.expr(a)
                if t not in INTEGRAL:
                    raise self.error(f"range() arguments must be int, got {py_name(t)}", a)
            it.target = Callee("builtin", "range")
            it.ty = ListType(I64)
            return I64
        if self.object_iter(it):        # an object: its __iter__ called (check_dunders)
            return self.iter_type(it)
        t = self.expr(it)
        self.none_use(it, "'NoneType' object is not iterable")
        if isinstance(t, ListType):
            return t.elem
        if t == STR:
            return STR
        if isinstance(t, TensorType):
            if t.rank == 0:
                raise self.error("iteration over a 0-d array", it)
            # x[i] for each i: rows, or numpy scalars (np.float64) of a 1-D array
            return result_type("np.getitem", [t, I64], {"pattern": "i"})
        if is_hash(t):                  # a dict or set made by an expression: its keys
            it.hash_view = "keys"
            it.lazy = True
            return t.key if isinstance(t, DictType) else t.elem
        if isinstance(t, TupleType):
            elem = t.elems[0] if t.elems else I64
            for e in t.elems[1:]:
                j = join(elem, e)
                if j is None:
                    raise self.error(f"cannot iterate over a tuple of mixed types {py_name(t)}", it)
                elem = j
            return elem
        raise self.error(f"cannot iterate over {py_name(t)}", it)

    def assign_target(self, target: A.Expr, t: Type, node: A.Node) -> None:
        if isinstance(target, A.Name):
            if hasattr(target, "web_key") and target.id not in self.unsplit:
                self.versions[target.id] = target.web_key     # (frontend.variable_webs)
            target.var = self.var_key(target.id)
            target.ty = self.assign_var(target.id, t, node)
            return
        if isinstance(target, A.TupleExpr) or isinstance(target, A.ListExpr):
            if isinstance(t, OptionalType) and isinstance(t.elem, ObjType):
                target.unwrap_optional = t              # a record, or None: TypeError
                t = t.elem
            t = self.unpack_record(target, t)           # x, y = p (check_classes)
            if isinstance(t, OptionalType) and isinstance(t.elem, TupleType):
                # CPython unpacks the tuple, or raises TypeError for None (lowered so)
                target.unwrap_optional = t
                t = t.elem
            if isinstance(t, ListType) and t.elem != UNKNOWN:
                # `a, b = s.split(",")`: as CPython, the length is checked when it runs
                target.unpack_list = t
                t = TupleType((t.elem,) * len(target.elts))
            if not isinstance(t, TupleType):
                raise self.error(f"cannot unpack {py_name(t)} (only tuples unpack)", node)
            if len(t.elems) != len(target.elts):
                raise self.error(f"cannot unpack {len(t.elems)} values into "
                                 f"{len(target.elts)} targets", node)
            for sub, et in zip(target.elts, t.elems):
                self.assign_target(sub, et, node)
            target.ty = t
            return
        if isinstance(target, A.Subscript):
            lt = self.expr(target.value)
            self.none_use(target.value, "'NoneType' object is not subscriptable"
                          if isinstance(node, A.AugAssign) else
                          "'NoneType' object does not support item assignment")
            if isinstance(lt, ObjType):                # p[i] = v: __setitem__ (check_classes)
                self.class_setitem(target, lt, t, node)
                return
            if isinstance(lt, TensorType):
                check_tensor_assignment(self, target, t, node)
                return
            if is_hash(lt):
                self.dict_store(target, lt, t, node)
                return
            self.vartuple_refuse_write(lt, "item assignment", target)   # (check_vartuple)
            if not isinstance(lt, ListType):
                raise self.error(f"'{py_name(lt)}' object does not support item assignment", target)
            if isinstance(target.index, A.Slice):      # xs[a:b:c] = ys
                self.list_slice_store(target, t, node)
                target.ty = lt
                return
            self.index(target.index, "list")
            widen_box(self, target.value, lt.elem, t, join)   # planner = Planner() (global_rebind)
            lt = self.widen_none_list(target, lt, t)     # [None] * n, then filled (check_classes)
            if not convertible(t, lt.elem) and not self.final:
                self.widen_by_store(target, lt, t)          # a[j][k] -= t * ... (check_lists)
            if not convertible(t, lt.elem):
                raise self.error(rebind_message(target.value, lt.elem, t) or
                                 f"cannot store {py_name(t)} in {py_name(lt)}", node)
            target.ty = lt.elem
            return
        if isinstance(target, A.Attribute):
            vt = self.expr(self.allow_none(target.value))
            if is_class_type(vt):                       # p.x = v (check_classes)
                self.class_store(target, t, node)
                return
            if isinstance(vt, OptionalType):
                self.optional_ok.discard(id(target.value))
                vt = self.expr(target.value)
            if isinstance(vt, ObjectType):
                self.object_store(target, vt, t, node)
                return
        raise self.error("cannot assign to this expression", target)

    def stmt_Assign(self, s: A.Assign) -> None:
        expected = None
        if len(s.targets) == 1 and isinstance(s.targets[0], A.Name):
            key = getattr(s.targets[0], "new_key", None) or (
                self.var_key(s.targets[0].id) if s.targets[0].id in self.unsplit else
                getattr(s.targets[0], "web_key", None) or self.var_key(s.targets[0].id))
            expected = self.declared.get(key, self.vars.get(key))
        elif len(s.targets) == 1 and isinstance(s.targets[0], A.Attribute):
            expected = self.field_expected(s.targets[0])     # self.xs = [] (check_classes)
        self.box_assign(s)                           # xs = (x, xs): a record (rec_tuples)
        t = self.expr(self.allow_none(s.value), expected=expected)
        if self.widen_list_source(s.value, t, expected):   # todo = sources (check_classes)
            t = expected
        if self.unpack_object(s, t):                  # x, y = vec: its __iter__ (check_dunders)
            t = self.expr(s.value)
        if self.depth == 1 and len(s.targets) == 1 and isinstance(s.targets[0], A.Name) \
                and not self.scopes:
            self.new_version(s.targets[0], t, getattr(s.value, "fresh_copy", False))
        for target in s.targets:
            self.assign_target(target, t, s.value)
        self.note_item_alias(s)                      # t = i[1] of a tuple (check_optional)

    def stmt_AugAssign(self, s: A.AugAssign) -> None:
        if not isinstance(s.target, (A.Name, A.Subscript, A.Attribute)):
            raise self.error("cannot assign to this expression", s.target)
        cur = self.expr(s.target)
        if isinstance(s.target, A.Attribute) and getattr(s.target, "field_of", None) is None \
                and getattr(s.target, "method_call", None) is None \
                and getattr(s.target, "union_read", None) is None:      # (check_classes)
            self.object_augassign_target(s.target, cur)
        narrowed = s.target.ty       # (an Optional refined to T stays T for the lowering)
        rhs = self.expr(s.value)
        r = self.class_augassign(s, cur, rhs)       # p += q: __iadd__ / __add__ (check_classes)
        if r is not None:
            s.ty = r
            self.assign_target(s.target, r, s)
            return
        if isinstance(s.target, A.Name) and s.op == "+" and cur == ListType(UNKNOWN) \
                and isinstance(rhs, ListType) and rhs.elem != UNKNOWN:
            cur = s.target.ty = self.assign_var(s.target.id, rhs, s)    # P = []; P += [p]
        if isinstance(cur, ListType) and s.op in ("+", "*") and not isinstance(cur, VarTupleType):
            s.ty = cur             # xs += it extends xs in place; xs *= n repeats it
            if s.op == "+":
                self.lib_method(A.Call(A.Attribute(s.target, "extend", span=s.span), [s.value],
                                       span=s.span), cur, "extend")
            else:
                self.index_type(s.value, rhs)
                self.lib("repeat_in_place", [cur, I64], s)
            return
        if isinstance(cur, ListType) and not isinstance(cur, VarTupleType):
            raise self.error(f"augmented assignment to a list is not supported", s)
        t = self.binop_type(s.op, cur, rhs, s)
        if isinstance(cur, TensorType) and isinstance(s.target, (A.Name, A.Attribute)):
            # numpy updates the array in place (every alias sees it): the result is cast to
            # its dtype with the 'same_kind' rule, and it cannot gain axes
            rank = t.rank if isinstance(t, TensorType) else 0
            dtype = t.dtype if isinstance(t, TensorType) else DTYPE_OF_SCALAR.get(t, t)
            if rank > cur.rank:
                raise self.error(f"in-place {s.op}= would broadcast {py_name(cur)} to {rank} "
                                 f"dimensions; numpy raises ValueError (non-broadcastable "
                                 f"output operand) (write x = x {s.op} y instead)", s)
            if not same_kind_cast(dtype, cur.dtype):
                raise self.error(f"in-place {s.op}= would cast {py_name(t)} into {py_name(cur)}: "
                                 f"Cannot cast ufunc '{BINARY_UFUNCS[s.op]}' output from "
                                 f"dtype('{DTYPE_NAMES[dtype]}') to dtype('{DTYPE_NAMES[cur.dtype]}') "
                                 f"with casting rule 'same_kind' (write x = x {s.op} y instead)", s)
            s.ty = cur       # (a 0-d array stays an array, where x + 1 is a scalar)
            s.inplace = True
            return
        s.ty = t
        self.assign_target(s.target, t, s)
        if isinstance(s.target, A.Name) and isinstance(s.target.ty, OptionalType):
            s.target.ty = narrowed
        elif getattr(s.target, "none_checked", None) and isinstance(s.target.ty, OptionalType):
            s.target.ty = narrowed        # self.total += x of a field that starts None

    def stmt_AnnAssign(self, s: A.AnnAssign) -> None:
        if isinstance(s.target, A.Attribute):            # self.x: float = v (check_classes)
            return self.class_annassign(s)
        if not isinstance(s.target, A.Name):
            raise self.error("annotated assignment needs a plain name", s.target)
        want = self.resolve_type(s.annotation)
        if has_any_tensor(want):         # `y: np.ndarray = ...`: the value decides dtype and rank
            if s.value is not None:
                # (`xs: List[np.ndarray] = []`: the list takes the type its appends gave)
                seen = self.vars.get(self.var_key(s.target.id)) \
                    if isinstance(s.value, (A.ListExpr, A.ListComp)) else None
                t = self.expr(self.allow_none(s.value), expected=seen)
                if not convertible(t, want):
                    raise self.error(f"variable '{s.target.id}' cannot be both {py_name(want)} "
                                     f"and {py_name(t)}", s.value)
                self.assign_target(s.target, t, s.value)
            return
        key = self.var_key(s.target.id)
        old = self.declared.get(key) or self.vars.get(key)
        if old is not None and join(old, want) != want:
            raise self.error(f"variable '{s.target.id}' cannot be both {py_name(old)} and "
                             f"{py_name(want)}", s)
        self.declared[key] = want
        self.vars[key] = want
        s.target.var = key
        s.target.ty = want
        if s.value is not None:
            t = self.expr(self.allow_none(s.value), expected=want)
            if not convertible(t, want):
                raise self.error(f"variable '{s.target.id}' cannot be both {py_name(want)} and "
                                 f"{py_name(t)}", s.value)
            self.narrow_assignment(key, t, want)
        else:
            self.narrow.pop(key, None)

    def stmt_Assert(self, s: A.Assert) -> None:
        self.cond(s.test)
        self.apply(self.facts(s.test)[0])     # after `assert x is not None`, x is not None
        if s.msg is not None:
            t = self.expr(s.msg)
            if t != STR:
                raise self.error("assert message must be a string", s.msg)

    # ---------------------------------------------------------------- expressions

    def cond(self, e: A.Expr) -> Type:
        """An expression used for its truth value (if, while, assert, not, and/or)."""
        self.allow_none(e)                       # `if x:` on an Optional number: checked below
        t = self.expr(e, cond=True)
        if isinstance(t, ObjType):
            self.class_truth(e, t)                  # `if p:` by __bool__ / __len__ (check_classes)
        if isinstance(t, OptionalType):
            if not has_truth(t.elem):
                raise self.may_be_none(e, t)
            return t
        if isinstance(t, TensorType):
            raise self.error("the truth value of an array is ambiguous; use .any() or .all()", e)
        if t not in NUMERIC + NUMPY_SCALARS + (STR,) and not isinstance(t, ListType) and t != NONE \
                and not is_hash(t) and not is_class_type(t):
            raise self.error(f"condition must be bool, int, float or a list, got {py_name(t)}", e)
        return t

    def expr(self, e: A.Expr, expected: Type | None = None, cond: bool = False) -> Type:
        method = getattr(self, "expr_" + type(e).__name__, None)
        if method is None:
            raise self.error(f"'{type(e).__name__}' expressions are not supported", e)
        if expected is None and getattr(e, "rec_field", None) is not None:
            expected = self.rec_field_expected(e)   # `(label, [])` of a record (rec_tuples)
        if isinstance(e, A.Call) and expected is not None:
            e.expected = expected          # list() takes an annotated element type
        if type(e).__name__ in ("ListExpr", "BoolOp", "IfExp", "ListComp", "DictExpr", "SetExpr",
                                "DictComp", "SetComp") or (isinstance(e, A.BinOp) and
                                                           isinstance(expected, ListType)):
            t = method(e, expected=expected, cond=cond)
        else:
            t = method(e)
        e.ty = t
        return self.check_optional_use(e, t)

    def expr_Const(self, e: A.Const) -> Type:
        v = e.value
        if isinstance(v, bool):
            return I1
        if isinstance(v, int):
            if not -(1 << 63) <= v < (1 << 63):
                raise self.error(f"integer literal {v} does not fit in 64 bits", e)
            return I64
        if isinstance(v, float):
            return F64
        if isinstance(v, complex):
            return C128
        if isinstance(v, str):
            return STR
        if v is None:
            return NONE
        raise self.error(f"unsupported literal {v!r}", e)

    def expr_Name(self, e: A.Name) -> Type:
        if getattr(e, "shared_loc", None) is not None:      # a list default (shared_globals)
            return shared_type(self, e)
        obj = getattr(e, "obj", None)
        if obj is not None:              # a loop variable over objects, or a chain link
            e.var = None
            return obj
        key = self.var_key(e.id)
        e.var = key
        if key in self.exc_vars and not self.exc_use_ok:
            raise self.error(f"the exception '{e.id}' can only be used as str({e.id}), "
                             f"repr({e.id}), type({e.id}).__name__ or in 'raise {e.id}'", e)
        if key in self.vars:
            # an argument the specialization fixed (strings, axes) is a compile-time constant
            e.const = None if key in self.assigned else self.spec.const_params.get(key)
            narrowed = self.narrowed(key)        # what a test or an assignment proved here
            return narrowed if narrowed is not None else self.vars[key]
        value = self.lookup_global(e.id, e)
        if value is not _MISSING:
            c = constant_type(value)
            shared = shared_type(self, e, value, c)      # a list, dict, set (shared_globals)
            if shared is not None:
                return shared
            if c is not None:
                e.const = value          # (a list: only read here, shared_globals.folds_here)
                return c
            f = self.global_function(value, e)      # a function as a value
            if f is not None:
                return f
            raise self.error(not_a_value_message(e.id, value), e)
        if not self.final:
            raise _Skip()
        raise self.error(f"name '{e.id}' is not defined", e)

    def lookup_global(self, name: str, node: A.Node) -> Any:
        g = self.spec.globals
        if name in g:
            return g[name]
        if hasattr(builtins, name):
            return getattr(builtins, name)
        return _MISSING

    def is_builtin(self, name: str) -> bool:
        return name not in self.vars and name not in self.spec.globals and hasattr(builtins, name)

    def binop_type(self, op: str, a: Type, b: Type, node: A.Node) -> Type:
        if C128 in (a, b):
            return self.complex_binop(op, a, b, node)
        if is_tensorish(a) or is_tensorish(b) or op == "@":
            return self.tensor_binop(node, op, a, b)
        if STR in (a, b):
            return self.str_binop(op, a, b, node)
        if is_hash(a) or is_hash(b):
            return self.hash_binop(op, a, b, node)
        tuple_t = self.vartuple_binop(op, a, b, node) or \
            self.tuple_binop(op, a, b, node)                # (check_vartuple, check_lists)
        if tuple_t is not None:
            return tuple_t
        if op == "*" and isinstance(a, ListType) and b in (I64, I1):
            return a
        if op == "*" and isinstance(b, ListType) and a in (I64, I1):
            return b
        if op == "+" and isinstance(a, ListType) and a == b:
            return a
        if a not in NUMERIC or b not in NUMERIC:
            raise self.error(f"unsupported operand type(s) for {op}: '{py_name(a)}' and "
                             f"'{py_name(b)}'", node)
        if op == "/":
            return F64
        if op in ("&", "|", "^"):
            if a == I1 and b == I1:
                return I1
            if F64 in (a, b):
                raise self.error(f"unsupported operand type(s) for {op}: '{py_name(a)}' and "
                                 f"'{py_name(b)}'", node)
            return I64
        if op in ("<<", ">>"):
            if F64 in (a, b):
                raise self.error(f"unsupported operand type(s) for {op}: '{py_name(a)}' and "
                                 f"'{py_name(b)}'", node)
            return I64
        if op == "**":
            t = promote(a, b)
            if t == I64 and isinstance(node, A.BinOp) and _negative_const(node.right):
                return F64
            return t
        if op in ("+", "-", "*", "//", "%"):
            return promote(a, b)
        raise self.error(f"operator '{op}' is not supported", node)

    def expr_BinOp(self, e: A.BinOp, expected: Type | None = None, cond: bool = False) -> Type:
        a = self.expr(e.left, expected=fresh_list_expected(e, e.left, expected))
        b = self.expr(e.right, expected=fresh_list_expected(e, e.right, expected))
        self.none_operand_message(e, a, b)
        r = self.class_binop(e, a, b)                # p + q: __add__ (check_classes)
        if r is not None:
            return r
        return self.binop_type(e.op, a, b, e)

    def expr_UnaryOp(self, e: A.UnaryOp) -> Type:
        if e.op == "not":
            self.cond(e.operand)
            return I1
        t = self.expr(e.operand)
        if isinstance(t, ObjType):                    # -p: __neg__ (check_classes)
            return self.class_unary(e, t)
        if t == C128:
            return self.complex_unary(e)
        if is_tensorish(t):
            return self.tensor_unary(e, t)
        if t not in NUMERIC or (e.op == "~" and t == F64):
            raise self.error(f"bad operand type for unary {e.op}: '{py_name(t)}'", e)
        return I64 if t == I1 else t

    def expr_Compare(self, e: A.Compare) -> Type:
        if self.kwargs_in(e):                        # "name" in kwargs: a constant
            return I1
        if any(op in ("is", "is not", "==", "!=") for op in e.ops):
            for x in [e.left] + e.comparators:     # `x is None`: checked below
                self.allow_none(x)
        if len(e.ops) == 1 and e.ops[0] in ("in", "not in"):
            rt = self.expr(e.comparators[0])        # `v in xs` for xs a List[Optional[T]]
            if isinstance(rt, ListType) and isinstance(rt.elem, OptionalType):
                self.allow_none(e.left)
        left = self.expr(e.left)
        for k, (op, right_e) in enumerate(zip(e.ops, e.comparators)):
            right = self.expr(right_e)
            if op in ("<", ">", "<=", ">="):      # a list or tuple item checked for None
                left_e = e.left if k == 0 else e.comparators[k - 1]
                self.none_use(left_e, f"'{op}' not supported between instances of 'NoneType' "
                                      f"and '{py_name(right)}'")
                self.none_use(right_e, f"'{op}' not supported between instances of "
                                       f"'{py_name(left)}' and 'NoneType'")
            left, right = vartuple_operands(op, left, right)    # (check_vartuple)
            if self.class_compare(op, left, right, e):   # p is q, p < q (check_classes)
                if e.class_result is not None:
                    return e.class_result
                left = right
                continue
            none_test = op in ("is", "is not") and NONE in (left, right)  # `self.bias is None`
            if not none_test and (is_tensorish(left) or is_tensorish(right) or
                                  isinstance(left, DTypeType) or isinstance(right, DTypeType)):
                return self.tensor_compare(e, op, left, right)
            if self.str_compare(op, left, right, e) or self.hash_compare(op, left, right, e):
                left = right
                continue
            if self.object_identity(e, op, left, right):    # `self.owner == c` (check_classes)
                left = right
                continue
            if (isinstance(left, OptionalType) or isinstance(right, OptionalType)) and \
                    not (op in ("in", "not in") and isinstance(right, ListType)):
                other = right if isinstance(left, OptionalType) else left
                if other != NONE or op not in ("is", "is not", "==", "!="):
                    opt_e = e.left if isinstance(left, OptionalType) else right_e
                    raise self.may_be_none(opt_e, left if isinstance(left, OptionalType) else right)
                if op in ("==", "!=") and isinstance(left if left != NONE else right,
                                                     OptionalType) and \
                        isinstance((left if left != NONE else right).elem, TensorType):
                    raise self.error(f"'{op} None' on an Optional array compares elementwise "
                                     f"in numpy; write 'is None' / 'is not None'", e)
            elif self.list_compare(e, op, left, right):
                pass                                 # (check_lists: library calls)
            elif op in ("is", "is not"):
                if not (left == NONE or right == NONE):
                    raise self.error(f"'{op}' is only supported for comparisons with None", e)
            elif op in ("in", "not in"):
                if not ((isinstance(right, ListType) and left in NUMERIC)
                        or (isinstance(right, RangeType) and self.range_in_ok(left))):
                    raise self.error(f"'{op}' needs a number and a list, got {py_name(left)} "
                                     f"and {py_name(right)}", e)
            elif C128 in (left, right):
                self.complex_compare(op, left, right, e)
            elif left in NUMERIC and right in NUMERIC:
                pass
            elif op in ("==", "!=") and NONE in (left, right) and \
                    (left in NUMERIC + (NONE, STR) or isinstance(left, (ListType, TupleType))) and \
                    (right in NUMERIC + (NONE, STR) or isinstance(right, (ListType, TupleType))):
                pass                                 # 1 == None is False, None == None True
            elif isinstance(left, ListType) and left == right and op in ("==", "!="):
                pass
            else:
                raise self.error(f"'{op}' not supported between instances of "
                                 f"'{py_name(left)}' and '{py_name(right)}'", e)
            left = right
        return I1

    def expr_BoolOp(self, e: A.BoolOp, expected=None, cond=False) -> Type:
        types = []
        saved = dict(self.narrow)
        for k, v in enumerate(e.values):
            if e.op == "or" and not cond and k < len(e.values) - 1:
                self.allow_none(v)              # `x or default`: x may be None
            # a later operand runs only where the earlier ones were true (and) / false (or)
            types.append(self.cond(v) if cond else self.expr(v))
            on_true, on_false = self.facts(v)
            self.apply(on_true if e.op == "and" else on_false)
        self.narrow = saved
        if e.op == "or" and not cond and any(isinstance(t, OptionalType) for t in types[:-1]):
            # an operand passed on is true, so not None: `x or d` is a T for d a T
            passed = [t.elem if isinstance(t, OptionalType) else t for t in types[:-1]]
            if all(has_truth(t) for t in passed):
                j = types[-1]
                for t in passed:
                    j = join(j, t) if j is not None else None
                if j is not None:
                    e.as_cond = False
                    return j
        if all(t == types[0] for t in types):
            for v, t in zip(e.values, types):
                if isinstance(t, OptionalType):
                    self.check_optional_use(v, t)
            e.as_cond = False
            return types[0]
        if cond:
            e.as_cond = True
            return I1
        if all(t in (I1, I64) for t in types):
            # `not dupe and (empties or weak)`: bools and ints meet as an int (bool is an int
            # subclass: the same arithmetic, comparisons and truth; False prints as 0)
            e.as_cond = False
            return I64
        if all(t in (I64, F64) for t in types):
            raise self.error(f"operands of '{e.op}' have different types: "
                             + ", ".join(py_name(t) for t in types), e)
        raise self.error(f"operands of '{e.op}' have different types: "
                         + ", ".join(py_name(t) for t in types), e)

    def expr_IfExp(self, e: A.IfExp, expected=None, cond=False) -> Type:
        self.cond(e.test)
        on_true, on_false = self.facts(e.test)
        saved = dict(self.narrow)
        self.apply(on_true)
        a = self.expr(e.body, expected=expected)
        self.narrow = dict(saved)
        self.apply(on_false)
        b = self.expr(e.orelse, expected=expected)
        self.narrow = saved
        j = join(a, b)
        if j is None:
            raise self.error(f"conditional expression branches have different types: "
                             f"{py_name(a)} and {py_name(b)}{closure_hint(a, b)}", e)
        return j

    def expr_TupleExpr(self, e: A.TupleExpr) -> Type:
        return TupleType(tuple(self.expr(self.allow_none(x)) for x in e.elts))

    def expr_ListExpr(self, e: A.ListExpr, expected=None, cond=False) -> Type:
        want = expected.elem if isinstance(expected, ListType) else None
        if not e.elts:
            return ListType(want or UNKNOWN)
        elem = want
        for x in e.elts:
            # (a nested display is built as the expected rows: `g = [[1, 2], [3, 4]]`, a
            # List[List[float]] once floats are stored into it)
            t = self.expr(x, expected=want if isinstance(want, ListType) and isinstance(
                x, (A.ListExpr, A.ListComp, A.BinOp)) else None)
            if elem is None:
                elem = t
                continue
            j = join(elem, t)
            if j is None:
                raise self.error(f"list elements have different types: {py_name(elem)} "
                                 f"and {py_name(t)}", x)
            elem = j
        if not list_elem_ok(elem) and not listable_function(elem):
            raise self.error(f"lists of {py_name(elem)} are not supported", e)
        if isinstance(elem, ListType):       # [[], [1]]: the inner `[]` is a List[int] too
            for x in e.elts:
                if isinstance(x, (A.ListExpr, A.ListComp)) and getattr(x, "ty", None) != elem:
                    self.expr(x, expected=elem)
        return ListType(elem)

    def expr_ListComp(self, e: A.ListComp, expected=None, cond=False) -> Type:
        elem_t = self.iter_type(e.iter)
        self.comp_counter += 1
        scope: dict[str, str] = {}
        for n in _target_names(e.target):
            scope[n] = f"{n}.comp{self.comp_counter}"
        self.scopes.append(scope)
        try:
            self.assign_target(e.target, elem_t, e.target)
            for c in e.conds:
                self.cond(c)
            t = self.expr(self.allow_none(e.elt))     # [xs[i] for ...] keeps xs's Nones
        finally:
            self.scopes.pop()
        if isinstance(expected, ListType) and (convertible(t, expected.elem) or (
                widens_list(t, expected.elem) and isinstance(e.elt, (A.ListExpr, A.ListComp,
                                                                       A.BinOp)))):
            t = expected.elem
            if isinstance(e.elt, (A.ListExpr, A.ListComp, A.BinOp)):
                self.scopes.append(scope)
                try:
                    self.expr(e.elt, expected=t)
                finally:
                    self.scopes.pop()
        if not list_elem_ok(t):
            raise self.error(f"lists of {py_name(t)} are not supported", e.elt)
        return ListType(t)

    def index(self, idx: A.Expr, what: str) -> None:
        if isinstance(idx, A.Slice):
            raise self.error(f"slicing a {what} is not supported", idx)
        t = self.expr(idx)
        if t not in (I64, I1):
            raise self.error(f"{what} indices must be int, not {py_name(t)}", idx)

    def expr_Subscript(self, e: A.Subscript) -> Type:
        t = self.expr(e.value)
        self.none_use(e.value, "'NoneType' object is not subscriptable")
        if isinstance(t, ObjType):                    # p[i]: __getitem__ (check_classes)
            r = self.record_index(e, t, _const_int(e.index, self))     # (rec_tuples)
            return r if r is not None else self.class_getitem(e, t)
        if isinstance(t, TensorType):
            return self.tensor_index(e, t)
        if isinstance(t, ListType):
            if isinstance(e.index, A.Slice):
                return self.list_slice(e, t)
            self.index(e.index, "list")
            return t.elem
        if is_hash(t):
            return self.dict_subscript(e, t)
        if t == STR:
            return self.str_subscript(e)
        if isinstance(t, RangeType):
            return self.range_item_type(e)
        if isinstance(t, KwargsType):
            return self.kwargs_subscript(e, t)
        if isinstance(t, ObjectType):
            return self.object_item(e, t)
        if isinstance(t, TupleType):
            i = _const_int(e.index, self)
            if i is None:
                raise self.error("tuple index must be a constant int", e.index)
            self.expr(e.index)
            n = len(t.elems)
            if not -n <= i < n:
                raise self.error("tuple index out of range", e.index)
            e.const_index = i % n
            return t.elems[i % n]
        raise self.error(f"'{py_name(t)}' object is not subscriptable", e)

    def expr_Attribute(self, e: A.Attribute) -> Type:
        if isinstance(e.value, A.Name) and self.is_module(e.value.id, math):
            if e.attr in MATH_CONSTS:
                e.const = MATH_CONSTS[e.attr]
                return F64
            f = builtin_function_value(getattr(math, e.attr, None))
            if f is not None:                   # math.sqrt as a value (check_functions)
                e.const = f
                return f
            if hasattr(math, e.attr):
                raise self.error(f"math.{e.attr} can only be called", e)
            raise self.error(f"module 'math' has no attribute '{e.attr}'", e)
        if isinstance(e.value, A.Name) and self.is_module(e.value.id, cmath):
            if e.attr not in CMATH_CONSTS:
                raise self.error(f"cmath.{e.attr} is not supported here", e)
            e.const = CMATH_CONSTS[e.attr]
            return F64
        if self.is_np(e.value):
            return self.np_attribute(e)
        if self.is_exc_type_name(e):                 # type(e).__name__
            return STR
        f = self.module_function_value(e)               # operator.mul as a value
        if f is not None:
            return f
        cls = self.global_class(e.value)
        if cls is not None:                             # Point.ORIGIN (check_classes)
            return self.class_constant(e, cls)
        t = self.expr(self.allow_none(e.value))
        if is_class_type(t):                            # p.x (check_classes)
            return self.class_attribute(e, t)
        if isinstance(t, OptionalType):            # (not an object: as any Optional use)
            self.optional_ok.discard(id(e.value))
            t = self.expr(e.value)
        if t == C128:
            return self.complex_attribute(e)
        if isinstance(t, ObjectType):
            return self.object_attribute(e, t)
        if is_function(t):                              # f.__name__ (check_functions)
            return self.function_attribute(e, t)
        m = self.method_value(e, t)                     # xs.append as a value (the same)
        if m is not None:
            return m
        return self.tensor_attribute(e, t)

    def is_module(self, name: str, module) -> bool:
        return self.var_key(name) not in self.vars and self.spec.globals.get(name) is module

    # ---------------------------------------------------------------- calls

    def expr_Call(self, e: A.Call) -> Type:
        if getattr(e, "frame_iter", None) is not None:   # (check_generators)
            return self.frame_iter_call(e)
        self.spread_args(e)                          # f(*t) with a tuple t (check_functions)
        f = e.func
        if getattr(e, "rec_tuple_cls", None) is not None:
            return self.rec_tuple_call(e)            # a recursive tuple's record (rec_tuples)
        if getattr(e, "enter_call", False):          # `with m:` (check_classes)
            self.context_manager(f.value)
        if isinstance(f, A.Name) and isinstance(self.vars.get(self.var_key(f.id)), ObjType) \
                or isinstance(f, A.Subscript) and isinstance(self.expr(f), ObjType):
            return self.call_object(e)               # spl(t): __call__ (check_classes)
        if isinstance(f, A.Name) and isinstance(self.vars.get(self.var_key(f.id)), ClassRef):
            return self.call_class_ref(e, self.vars[self.var_key(f.id)], f)   # cls(x)
        if self.calls_value(e):                      # g(x), fs[i](x), (lambda ...)(x)
            return self.call_value(e)
        if isinstance(f, A.Attribute) and self.is_np(f.value):
            return self.np_call(e, f.attr)
        if isinstance(f, A.Name) and f.id == "isinstance" and self.is_builtin(f.id):
            return self.call_isinstance(e)           # (check_isinstance)
        if is_array_class(self, f):
            return self.array_call(e)                # array.array('d', xs) (check_lists)
        if isinstance(f, A.Name) and f.id == "print" and e.keywords and self.is_builtin(f.id):
            self.print_keywords(e)                   # sep=, end= (check_strings)
        module_func = self.module_function(f)
        if module_func is not None:                  # F.softmax(x, dim=1) with F a module
            value, name = module_func
            return self.call_function(e, value, name, f)
        cls = self.global_class(f.value) if isinstance(f, A.Attribute) else None
        if cls is not None:                          # Point.make(...) (check_classes)
            return self.call_class_attribute(e, cls, f)
        if isinstance(f, A.Attribute) and isinstance(f.value, A.Call) \
                and isinstance(f.value.func, A.Name) and f.value.func.id == "super" \
                and self.is_builtin("super"):
            return self.call_super(e, f)               # super().m(a) (check_classes)
        if isinstance(f, A.Attribute) and not (isinstance(f.value, A.Name)
                                               and self.is_module(f.value.id, math)):
            obj = self.expr(self.allow_none(f.value))
            if is_class_type(obj):                        # p.norm() (check_classes)
                return self.call_class_method(e, obj, f)
            if isinstance(obj, OptionalType):      # (not an object: as any Optional use)
                self.optional_ok.discard(id(f.value))
                obj = self.expr(f.value)
            if isinstance(obj, ObjectType):               # self.conv1(x), self.helper(x)
                return self.call_object_attribute(e, obj, f)
            if isinstance(obj, TensorType) or obj in NUMPY_SCALARS:
                return self.tensor_method(e, f.value, obj, f.attr)
        callee_obj = self.callee_object(f)
        if callee_obj is not None:                         # layer(x) in a loop over layers
            return self.call_forward(e, f, callee_obj)
        if e.keywords and not (isinstance(f, A.Name) and f.id in ITER_BUILTINS | {"min", "max"}
                               and self.is_builtin(f.id)) \
                and not (isinstance(f, A.Name) and self.program.scriptable(
                self.lookup_global(f.id, f)) is not None and self.var_key(f.id) not in self.vars) \
                and not self.math_keywords_allowed(f) \
                and self.global_class(f) is None \
                and not (isinstance(f, A.Attribute) and f.attr == "sort"):   # xs.sort(key=)
            raise self.error("keyword arguments are not supported here", e.keywords[0])
        if isinstance(f, A.Attribute):
            if isinstance(f.value, A.Name) and self.is_module(f.value.id, math):
                return self.call_math(e, f.attr)
            obj = self.expr(f.value)
            self.none_use(f.value, f"'NoneType' object has no attribute '{f.attr}'",
                          "AttributeError")
            return self.call_method(e, obj, f.attr)
        if isinstance(f, A.Name):
            key = self.var_key(f.id)
            if key in self.vars:
                raise self.error(f"'{py_name(self.vars[key])}' object is not callable", f)
            value = self.lookup_global(f.id, f)
            if value is _MISSING:
                if not self.final:
                    raise _Skip()
                raise self.error(f"name '{f.id}' is not defined", f)
            if f.id in ("str", "repr") and value is getattr(builtins, f.id) and e.args \
                    and self.is_exc_var(e.args[0]):          # (lower_exceptions)
                e.target = Callee("exc_message" if f.id == "str" else "exc_repr", f.id)
                return self.exc_str(e)
            if f.id in BUILTIN_FUNCS and value is getattr(builtins, f.id):
                return self.call_builtin(e, f.id)
            if is_user_class(value) and container_alias(value) is not None:
                e.func = A.Name(container_alias(value), span=f.span)   # (check_classes)
                return self.call_builtin(e, e.func.id)
            if is_user_class(value):                          # Point(x, y) (check_classes)
                return self.call_class(e, value, f)
            if value is builtins.next or value is builtins.iter:   # (check_generators)
                return self.call_next_iter(e, f.id)
            if value is builtins.isinstance:                  # (check_classes)
                return self.class_isinstance(e)
            if f.id in EXCEPTIONS and value is getattr(builtins, f.id):
                raise self.error(f"{f.id}(...) can only be raised", e)
            math_name = _math_function_name(value)
            if math_name is not None:
                return self.call_math(e, math_name)
            if getattr(value, "__module__", None) == "cmath" and getattr(cmath, f.id, None) is value:
                return self.call_function(e, *self.cmath_function(f.id, f), f)
            return self.call_function(e, value, f.id, f)
        raise self.error("only named functions can be called", e)

    def module_function(self, f: A.Expr):
        """(function, 'mod.name') when f is `mod.name` for a Python module other than math
        and numpy (e.g. `F.relu` after `import pts.nn.functional as F`), else None."""
        if isinstance(f, A.Attribute) and isinstance(f.value, A.Attribute) \
                and f.value.attr == "random" and self.is_np(f.value.value):
            return self.np_random_function(f)        # np.random.seed: stdlib/pynprandom.py
        if not (isinstance(f, A.Attribute) and isinstance(f.value, A.Name)):
            return None
        if self.var_key(f.value.id) in self.vars:
            return None
        mod = self.spec.globals.get(f.value.id)
        if not isinstance(mod, types.ModuleType) or mod is math or self.is_np(f.value):
            return None
        if mod is cmath:                             # cmath.sqrt: stdlib/pycomplex.py
            return self.cmath_function(f.attr, f)
        if not hasattr(mod, f.attr):
            raise self.error(f"module '{mod.__name__}' has no attribute '{f.attr}'", f)
        return getattr(mod, f.attr), f"{f.value.id}.{f.attr}"

    def call_function(self, e: A.Call, value, name: str, f: A.Expr) -> Type:
        """A call of a plain Python function: compiled for these argument types."""
        if value is functools.reduce:                 # (check_iter)
            return self.call_iter_builtin(e, "reduce")
        if is_copy_function(value):                   # (check_copy: stdlib/pycopy.py)
            return self.call_copy(e, value, name, f)
        op = native_op(value)
        if op is not None:                            # (check_tensors: a library op)
            return self.bind_np(e, op, list(e.args))
        if True:
            if getattr(value, "__module__", None) == "traceback":
                # (compiling traceback.py would fail deep inside it, on sys.exc_info)
                return self.call_traceback(e, value.__name__, f)     # (check_exceptions)
            if getattr(type(value), "traced_function", False):   # a pts.trace result
                return self.call_traced(e, value, name)
            pyfunc = self.program.scriptable(value)
            if pyfunc is None:
                pyfunc = operator_function(value)      # operator.add(a, b)
                if pyfunc is None:
                    raise self.error(f"cannot call '{name}': not a function pts can compile", f)
            else:
                pyfunc = self.compilable(pyfunc)     # (a lambda: frontend.check_functions)
            if inspect.isgeneratorfunction(pyfunc):     # a generator object (check_generators)
                return self.generator_value(e, pyfunc, f)
            self.bind_call(e, name, pyfunc)
            self.mark_immediate(e)
            args = [self.expr(self.allow_none(a)) for a in e.args]
            args = self.hinted_arguments(pyfunc, e.args, args)     # (check_classes)
            consts = tuple((i, self.known_value(a)) for i, a in enumerate(e.args)
                           if self.known_value(a) is not None)
            try:
                spec = self.program.specialize(pyfunc, tuple(args), e, consts)
            except NeedsConstant as nc:
                if getattr(nc, "callee", None) is None:
                    raise
                arg = e.args[nc.index]
                params = [p.name for p in self.fdef.params]
                if isinstance(arg, A.Name) and getattr(arg, "var", None) in params:
                    # our own parameter: then we need its value too
                    raise NeedsConstant(params.index(arg.var), arg.id, nc.what, arg.span) from None
                raise self.error(f"argument '{nc.name}' of {nc.callee}() must be a constant: it "
                                 f"is used as {nc.what}", arg) from None
            for a, t, want in zip(e.args, args, spec.arg_types):
                # An empty list literal takes the parameter's list type (`f([])` with
                # `xs: List[float]`): the caller then passes list<f64>, not list<unknown>.
                if (isinstance(a, A.ListExpr) and not a.elts and isinstance(want, ListType)
                        and t != want):
                    self.expr(a, expected=want)
            want = getattr(e, "expected", None)
            if isinstance(want, ListType) and isinstance(spec.ret_type, ListType) \
                    and want != spec.ret_type and widens_list(spec.ret_type, want) \
                    and not (isinstance(want.elem, OptionalType) and spec.ret_type.elem == NONE):
                # `c = zeromat(n, q)`, then `c[i][j] = <float>`: the callee builds its
                # result as the List[float] the caller's variable became (check_lists)
                try:
                    spec = self.program.specialize(pyfunc, tuple(args), e, consts, ret_as=want)
                except CompileError:
                    pass        # it returns a list made elsewhere: refused where it is stored
            e.target = Callee("function", name, spec)
            self.calls_itself = self.calls_itself or spec is self.spec     # (rec_tuples)
            if not spec.checked and spec is not self.spec and self.final \
                    and spec.ret_type is not None:
                # the result of a function still being checked (mutual recursion: raytrace's
                # rayColour -> colourAt -> rayColour) may grow after this (stale_result_reads)
                self.program.__dict__.setdefault("ret_reads", {}).setdefault(
                    id(spec), set()).add(spec.ret_type)
            if spec.ret_type is None:
                if not self.final:
                    raise _Skip()
                raise self.error(f"recursive function '{name}' needs a return annotation", e)
            self.check_escaping(e, spec.ret_type)
            return spec.ret_type

    def call_traced(self, e: A.Call, traced, name: str) -> Type:
        """`f(x)` of a pts.trace result f: a call of the IR its traces recorded for these
        argument types (tensors), guards tested in the code (pts.traced.saved_module)."""
        if e.keywords:
            raise self.error(f"keyword arguments to the traced '{name}' are not supported",
                             e.keywords[0])
        types = [self.expr(a) for a in e.args]
        for a, t in zip(e.args, types):
            if not isinstance(t, TensorType):
                raise self.error(f"the traced '{name}' takes arrays from scripted code, not "
                                 f"{py_name(t)}", a)
        extra = self.program.__dict__.setdefault("traced_functions", {})
        module = extra.get((id(traced), tuple(types)))
        if module is None:
            try:
                module = traced.ir_for(types)
            except (CompileError, TypeError) as err:
                raise self.error(str(getattr(err, "msg", err)), e) from None
            extra[(id(traced), tuple(types))] = module.rename(f"traced{len(extra)}.")
        entry = module[module.entry]
        e.target = Callee("traced", entry.name, entry)
        # the arrays its traces read besides their inputs (pts.traced.ir_for): hidden
        # parameters filled at each call with the arrays as they are then
        locs = getattr(module, "captured_locations", ())
        e.traced_captured = list(zip(locs, entry.param_types[len(e.args):]))
        return entry.ret_type

    def known_value(self, a: A.Expr):
        """The value of an argument known at compile time (a literal or a constant
        parameter of this specialization), else None."""
        v = _literal(a)
        if v is None and isinstance(getattr(a, "ty", None), DTypeType):
            v = a.ty                  # np.float32, x.dtype: a constant of the callee
        if v is None and isinstance(a, A.TupleExpr):     # (2, 0, 1): pts.permute's dims
            items = [_literal(x) for x in a.elts]
            v = tuple(items) if items and None not in items else None
        if v is None and isinstance(a, A.Name) and getattr(a, "var", None) in self.spec.const_params:
            v = self.spec.const_params[a.var]
        if v is None and (isinstance(a.ty, (ObjectType, ClassRef)) or
                          isinstance(a.ty, FunctionType) and not a.ty.captures):
            v = a.ty                  # an object or a function: always a constant of the callee
        if v is None and getattr(a, "obj_const", False) and isinstance(a.const, (int, float, str)):
            v = a.const               # a folded attribute (self.dim): like a literal
        return v

    def bind_arguments(self, e: A.Call, name: str, pyfunc) -> None:
        """Positional, keyword and default arguments -> one positional list, as Python
        binds them (defaults are the values Python evaluated at `def` time)."""
        from pts.frontend.source import parse_pyfunc
        if not e.keywords and len(e.args) == len(parse_pyfunc(pyfunc).params):
            return
        params = [p.name for p in parse_pyfunc(pyfunc).params]
        bound: list[A.Expr | None] = list(e.args) + [None] * (len(params) - len(e.args))
        if len(e.args) > len(params):
            raise self.error(f"{name}() takes {plural(len(params), 'argument')} but "
                             f"{len(e.args)} were given", e)
        for kw in e.keywords:
            if kw.name not in params:
                raise self.error(f"{name}() got an unexpected keyword argument '{kw.name}'", kw)
            i = params.index(kw.name)
            if bound[i] is not None:
                raise self.error(f"{name}() got multiple values for argument '{kw.name}'", kw)
            bound[i] = kw.value
        defaults = pyfunc.__defaults__ or ()
        first_default = len(params) - len(defaults)
        for i, a in enumerate(bound):
            if a is not None:
                continue
            if i < first_default:
                raise self.error(f"{name}() missing required argument '{params[i]}'", e)
            bound[i] = default_node(pyfunc, i - first_default, params[i], e) or \
                constant_node(defaults[i - first_default], e, f"{name}()", params[i])
        e.args = bound
        e.keywords = []

    def nargs(self, e: A.Call, name: str, lo: int, hi: int | None = None) -> None:
        hi = lo if hi is None else hi
        n = len(e.args)
        if not lo <= n <= hi:
            want = f"{lo}" if lo == hi else f"{lo} to {hi}"
            noun = "argument" if hi == 1 else "arguments"
            raise self.error(f"{name}() takes {want} {noun} but {n} were given", e)

    def call_builtin(self, e: A.Call, name: str) -> Type:
        if name in ("int", "float", "str", "bool") and self.convert_each_operand(e, name):
            return self.expr(e)                      # int(s or 0): check_numbers
        e.target = Callee("builtin", name)
        if len(e.args) == 1 and name in ("len", "str", "repr", "abs", "bool", "hash", "int",
                                         "float"):
            try:
                t0 = self.expr(e.args[0])
            except CompileError:
                t0 = None
            r = self.class_builtin(e, name, t0) if isinstance(t0, ObjType) else None
            if r is not None:                        # len(p): __len__ (check_classes)
                return r
            if name in ("str", "repr") and isinstance(t0, (ListType, DictType)) \
                    and has_object(t0):              # [Pos(1, 2)]: stdlib/lists.py
                fname = "list_repr" if isinstance(t0, ListType) else "dict_repr"
                return self.library_call(e, fname, [t0], module="lists")
        if name in ("dict", "set"):
            return self.hash_builtin(e, name)
        if name in NUMBER_BUILTINS:
            return self.call_number_builtin(e, name)
        if name in ("str", "repr") and len(e.args) == 1 and repr_c128(self.expr(e.args[0])):
            return self.library_call(e, repr_c128(e.args[0].ty), [e.args[0].ty],
                                     module="pycomplex")
        if name == "print":      # print(e): its message; a complex prints as its repr
            e.args = [self.exc_as_str(a) for a in e.args]
            e.args = [self.as_repr_call(a) if repr_c128(self.expr(self.allow_none(a))) else a
                      for a in e.args]
            for a in e.args:            # a tuple holding a complex: its repr (check_complex)
                self.print_complex_tuple(a, self.expr(a))
        if name in STR_BUILTINS or (name in ("len", "int", "float", "bool") and len(e.args) == 1
                                    and not e.keywords and self.expr(e.args[0]) == STR):
            return self.str_builtin(e, name)
        if name in ITER_BUILTINS or (name in ("min", "max") and (len(e.args) == 1 or e.keywords)):
            return self.call_iter_builtin(e, name)
        if name == "print":
            e.args = [self.as_str_call(a) for a in e.args]   # print(p): str(p) (check_classes)
            for a in e.args:
                t = self.expr(self.allow_none(a))
                if isinstance(t, RangeType):
                    raise self.error("printing a range object is not supported", a)
                if has_function(t):      # (CPython prints an address: <function f at 0x...>)
                    raise self.error(f"printing a function is not supported ({py_name(t)})", a)
            return NONE
        if name in ("min", "max"):
            if len(e.args) < 2:
                raise self.error(f"{name}() needs at least 2 arguments", e)
            types = [self.expr(a) for a in e.args]
            t = types[0]
            for x, a in zip(types, e.args):
                if x not in NUMERIC + NUMPY_SCALARS:
                    raise self.error(f"{name}() arguments must be numbers, got {py_name(x)}", a)
                # a numpy scalar among them: numpy's promotion (max(1.0, np.float64(2)))
                t = t if t == x else promote(t, x) if x in NUMERIC and t in NUMERIC else join(t, x)
            return t
        if name == "len":
            self.nargs(e, name, 1)
            t = self.expr(e.args[0])
            self.none_use(e.args[0], "object of type 'NoneType' has no len()")
            if isinstance(t, ObjectType):
                return self.object_len(e, t)
            if isinstance(t, KwargsType):
                e.obj_len = len(t.names)
                return I64
            if isinstance(t, TensorType) and t.rank == 0:
                raise self.error("len() of unsized object", e.args[0])
            if not isinstance(t, (ListType, TupleType, TensorType, RangeType, DictType, SetType)):
                raise self.error(f"object of type '{py_name(t)}' has no len()", e.args[0])
            return I64
        if name == "abs":
            self.nargs(e, name, 1)
            t = self.expr(e.args[0])
            if is_tensorish(t):
                e.np_name, e.np_operands, e.np_static = "absolute", [e.args[0]], {}
                return self.np_type("absolute", [t], {}, e)
            if t == C128:
                return F64
            if t not in NUMERIC + NUMPY_SCALARS or t == NPI1:
                raise self.error(f"bad operand type for abs(): '{py_name(t)}'", e.args[0])
            return I64 if t == I1 else t
        if name in ("int", "float", "bool"):
            self.nargs(e, name, 0 if name != "int" else 0, 1)
            if e.args:
                t = self.expr(e.args[0])
                ok = t in NUMERIC + NUMPY_SCALARS or isinstance(t, TensorType) or \
                    (name == "bool" and isinstance(t, (ListType, DictType, SetType)))
                if not ok:
                    raise self.error(f"{name}() argument must be a number, not '{py_name(t)}'",
                                     e.args[0])
            return {"int": I64, "float": F64, "bool": I1}[name]
        raise self.error(f"cannot call '{name}': not a function pts can compile", e)

    def call_math(self, e: A.Call, name: str) -> Type:
        e.target = Callee("math", name)
        if name in LIBRARY or name in LIBM_UNARY or name in LIBM_BINARY:
            return self.call_math_library(e, name)
        if name == "hypot" and len(e.args) != 2:     # n-ary: stdlib/pymath.py's vector_norm
            return self.call_math_library(e, "hypot_n")
        if name in MATH_FUNCS_F or name in MATH_TO_INT or name in MATH_PRED:
            self.nargs(e, "math." + name, 1)
        elif name in MATH_FUNCS_2:
            self.nargs(e, "math." + name, 2)
        elif hasattr(math, name):
            raise self.error(f"math.{name} is not supported", e)
        else:
            raise self.error(f"module 'math' has no attribute '{name}'", e.func)
        for a in e.args:
            t = self.expr(a)
            if t not in NUMERIC + NUMPY_SCALARS:
                raise self.error(f"must be real number, not {py_name(t)}", a)
        if name in MATH_TO_INT:
            return I64
        if name in MATH_PRED:
            return I1
        return F64

    def call_method(self, e: A.Call, obj: Type, name: str) -> Type:
        if is_hash(obj):
            return self.hash_method(e, obj, name)
        if isinstance(obj, KwargsType):
            return self.kwargs_method(e, obj, name)
        if obj == C128:
            return self.complex_method(e, name)
        if obj == STR:
            t = self.str_method(e, name)
            e.target = Callee("strmethod", name)
            return t
        if isinstance(obj, ListType):
            e.target = Callee("method", name)
            if name not in ("count", "index"):
                self.vartuple_refuse_write(obj, name, e.func)        # (check_vartuple)
            if name == "append":
                self.nargs(e, "append", 1)
                t = self.expr(self.allow_none(e.args[0]))   # a list of Optionals may take it
                if isinstance(t, OptionalType) and not self.may_hold(obj, t):
                    raise self.may_be_none(e.args[0], t)
                if is_function(t) and is_function(obj.elem) and not convertible(t, obj.elem):
                    t = join(t, obj.elem) or t       # [f].append(g): a list of either
                if obj.elem == UNKNOWN and list_elem_ok(t) or \
                        listable_function(t) and (obj.elem == UNKNOWN or is_function(obj.elem)):
                    recv = e.func.value
                    if isinstance(recv, A.Name) or getattr(recv, "field_of", None) is not None:
                        if isinstance(recv, A.Name):
                            self.assign_var(recv.id, ListType(t), e)
                        else:                   # self.items = [] ... (check_classes)
                            self.widen_field(recv.field_of, recv.attr, ListType(t))
                        e.func.value.ty = ListType(t)
                        if self.final:
                            return NONE
                        raise _Skip()
                if (obj.elem, t) in NUMPY_WIDENING and isinstance(e.func.value, A.Name) \
                        and not self.final:             # (check_lists.widens_list)
                    self.assign_var(e.func.value.id, ListType(t), e)
                    raise _Skip()
                wider = self.widen_object_list(e, obj, t)
                if wider is not None:       # [Stay()] + Equality(): a List[Constraint]
                    if self.final:
                        return NONE
                    raise _Skip()
                if not convertible(t, obj.elem):
                    raise self.error(f"cannot append {py_name(t)} to {py_name(obj)}", e.args[0])
                return NONE
            if name == "pop":
                self.nargs(e, "pop", 0, 1)
                if e.args:
                    self.index(e.args[0], "list")
                return obj.elem
            if name == "copy":
                self.nargs(e, "copy", 0)
                return obj
            if name == "sort":
                return self.list_sort(e, obj)
            if name in ("insert", "remove", "index", "count", "extend", "reverse", "clear"):
                return self.lib_method(e, obj, name)
        raise self.error(f"'{py_name(obj)}' has no attribute '{name}'", e.func)


def resolve_type(te: A.TypeExpr) -> Type:
    """The type an annotation names."""
    name = te.name.split(".")[-1]
    opt = optional_annotation(te, resolve_type)     # Optional[T], T | None, Union[T, None]
    if opt is not None:
        return opt
    if name == "Final" and len(te.args) == 1:       # typing.Final[T]: a T (never rebound)
        return resolve_type(te.args[0])
    if name in ("int",):
        return I64
    if name == "float":
        return F64
    if name == "bool":
        return I1
    if name in ("None", "NoneType"):
        return NONE
    if name == "str":
        return STR
    if name == "complex":
        return C128
    if name in ("List", "list") and len(te.args) == 1:
        elem = resolve_type(te.args[0])
        if not list_elem_ok(elem) and not has_any_tensor(elem):
            raise CompileError(f"lists of {py_name(elem)} are not supported", te.span)
        return ListType(elem)
    if name in ("Dict", "dict") and len(te.args) == 2:
        return DictType(resolve_type(te.args[0]), resolve_type(te.args[1]))
    if name in ("Set", "set") and len(te.args) == 1:
        return SetType(resolve_type(te.args[0]))
    if name in ("Tuple", "tuple") and len(te.args) == 2 and te.args[1].name == "...":
        return VarTupleType(resolve_type(te.args[0]))
    if name in ("Tuple", "tuple") and te.args:
        return TupleType(tuple(resolve_type(a) for a in te.args))
    if name in ("ndarray", "Tensor", "NDArray", "ArrayLike"):
        return ANY_TENSOR
    if name in NP_DTYPE_ATTRS:
        return NP_DTYPE_ATTRS[name]
    obj = annotation_class(te)                         # p: Point (check_classes)
    if obj is not None:
        return obj
    raise CompileError(f"unknown type '{te.name}'", te.span)


def annotation_text(t: Type) -> str:
    """An annotation as CPython's messages name the expected type: int, float, list."""
    if t == ANY_TENSOR:
        return "numpy.ndarray"
    if isinstance(t, OptionalType):
        return f"{annotation_text(t.elem)} or None"
    if isinstance(t, ListType):
        return "list"
    if isinstance(t, TupleType):
        return "tuple"
    return py_name(t)


def refine(annotation: Type, actual: Type) -> Type:
    """An annotation with `np.ndarray` parts made concrete by the actual type."""
    if annotation == ANY_TENSOR and isinstance(actual, TensorType):
        return actual
    if isinstance(annotation, OptionalType) and has_any_tensor(annotation.elem):
        # Optional[np.ndarray]: dtype and rank come from the argument, so the function is
        # specialized on it (None, or an array), as for an unannotated parameter
        return actual if actual == NONE else refine(annotation.elem, actual)
    if isinstance(annotation, TupleType) and isinstance(actual, TupleType) \
            and len(annotation.elems) == len(actual.elems):
        return TupleType(tuple(refine(a, b) for a, b in zip(annotation.elems, actual.elems)))
    if isinstance(annotation, ListType) and isinstance(actual, ListType) \
            and has_any_tensor(annotation.elem):       # List[np.ndarray]: the argument's arrays
        return ListType(refine(annotation.elem, actual.elem)) if actual.elem != UNKNOWN \
            else annotation
    return annotation


def has_any_tensor(t: Type) -> bool:
    if isinstance(t, OptionalType):
        return has_any_tensor(t.elem)
    if isinstance(t, ListType):
        return has_any_tensor(t.elem)
    return t == ANY_TENSOR or (isinstance(t, TupleType) and any(map(has_any_tensor, t.elems)))


class _Missing:
    pass


_MISSING = _Missing()


def assigned_names(body: list) -> set[str]:
    """Names a function body assigns to (targets of =, op=, annotated =, for)."""
    names: set[str] = set()

    def target(t):
        if isinstance(t, A.Name):
            names.add(t.id)
        elif isinstance(t, (A.TupleExpr, A.ListExpr)):
            for x in t.elts:
                target(x)

    for s in statements(body):
        if isinstance(s, A.Assign):
            for t in s.targets:
                target(t)
        elif isinstance(s, (A.AugAssign, A.AnnAssign, A.For)):
            target(s.target)
        elif isinstance(s, A.Try):
            names.update(h.name for h in s.handlers if h.name is not None)
        elif isinstance(s, A.FunctionDef):
            names.add(s.name)
    return names


def tested_names(body: list) -> set[str]:
    """Names an `if` (or `elif`) test reads as a truth value: `if training:`, `if not
    training and p > 0.0:`; the operands of `not`, `and` and `or` count, nothing deeper.
    A bool constant a caller passes for such a parameter decides the branch at compile
    time (Program.specialize)."""
    names: set[str] = set()

    def test(e):
        if isinstance(e, A.Name):
            names.add(e.id)
        elif isinstance(e, A.UnaryOp) and e.op == "not":
            test(e.operand)
        elif isinstance(e, A.BoolOp):
            for v in e.values:
                test(v)

    for s in statements(body):
        if isinstance(s, A.If):
            test(s.test)
    return names


def statements(body: list):
    """Every statement of a body, those nested in if, while and for included."""
    for s in body:
        yield s
        if isinstance(s, A.FunctionDef):      # a nested def's body is its own
            continue
        for part in ("body", "orelse", "finalbody"):
            yield from statements(getattr(s, part, None) or [])
        for h in getattr(s, "handlers", None) or []:     # try's except clauses
            yield from statements(h.body)


def _literal(e: A.Expr) -> Any:
    """The value of a literal argument (1, -1, 2.5, True, "tanh"), else None."""
    if isinstance(e, A.Const) and e.value is not None:
        return e.value
    if isinstance(e, A.UnaryOp) and e.op == "-" and isinstance(e.operand, A.Const) \
            and isinstance(e.operand.value, (int, float)) and not isinstance(e.operand.value, bool):
        return -e.operand.value
    return None


def constant_node(value: Any, at: A.Node, fname: str = "", param: str = "",
                  whole: Any = None) -> A.Expr:
    """A default value as an expression (numbers, bools, None, strings, tuples of them).
    A value that is not one is refused naming the function and the parameter, the value
    shown by its type and at most ~60 characters of its repr."""
    if isinstance(value, tuple):
        return A.TupleExpr([constant_node(v, at, fname, param, value if whole is None else whole)
                            for v in value], span=at.span)
    if value is None or isinstance(value, (bool, int, float, str, complex)):
        return A.Const(value, span=at.span)
    f = function_default(value, at)                  # `key=len` (check_functions)
    if f is not None:
        return f
    whole = value if whole is None else whole
    shown = repr(whole)
    shown = shown if len(shown) <= 60 else shown[:57] + "..."
    where = f"of {fname}'s parameter '{param}' " if param else ""
    extra = (": pts shares a list or dict default between calls only in calls from Python; "
             "pass it here"
             if isinstance(value, (list, dict, set)) else
             " (numbers, bools, None, strings and tuples of them are)")
    raise CompileError(f"the default value {where}({type(whole).__name__} {shown}) is not "
                       f"supported{extra}", at.span)


def constant_type(value: Any) -> Type | None:
    """The type of a module-level constant that pts folds in, or None
    (frontend.global_values)."""
    return global_constant_type(value)


def _math_function_name(value: Any) -> str | None:
    for name in MATH_FUNCS_F | MATH_FUNCS_2 | MATH_TO_INT | MATH_PRED | set(LIBRARY) | LIBM_UNARY | LIBM_BINARY:
        if getattr(math, name, None) is value:
            return name
    return None


def _negative_const(e: A.Expr) -> bool:
    if isinstance(e, A.Const) and isinstance(e.value, int) and not isinstance(e.value, bool):
        return e.value < 0
    return isinstance(e, A.UnaryOp) and e.op == "-" and isinstance(e.operand, A.Const) \
        and isinstance(e.operand.value, int) and e.operand.value > 0


def _const_int(e: A.Expr, checker: FunctionChecker) -> int | None:
    if isinstance(getattr(e, "unrolled_const", None), int):     # enumerate over objects
        return e.unrolled_const
    if isinstance(e, A.Const) and isinstance(e.value, int) and not isinstance(e.value, bool):
        return e.value
    if isinstance(e, A.UnaryOp) and e.op == "-" and isinstance(e.operand, A.Const) \
            and isinstance(e.operand.value, int):
        return -e.operand.value
    if isinstance(e, A.Name) and checker.var_key(e.id) not in checker.vars:
        v = checker.spec.globals.get(e.id)
        if isinstance(v, int) and not isinstance(v, bool):
            return v
    return None


def _target_names(t: A.Expr) -> list[str]:
    if isinstance(t, A.Name):
        return [t.id]
    if isinstance(t, (A.TupleExpr, A.ListExpr)):
        return [n for x in t.elts for n in _target_names(x)]
    return []


# what the iteration mixin (frontend.check_iter) uses from this module, which it cannot import
FunctionChecker.iter_helpers = types.SimpleNamespace(
    Callee=Callee, Skip=_Skip, join=join, convertible=convertible, const_int=_const_int,
    assigned_names=assigned_names, target_names=_target_names, bare=bare_container)


# what the functions mixin (frontend.check_functions) uses from this module
FunctionChecker.fn_helpers = types.SimpleNamespace(
    Callee=Callee, Skip=_Skip, assigned_names=assigned_names, literal=_literal,
    statements=statements, target_names=_target_names, constant_node=constant_node)


# what the unions mixin (frontend.check_unions) uses from this module
FunctionChecker.union_helpers = types.SimpleNamespace(join=join, ValueExpr=ValueExpr)


# what the classes mixin (frontend.check_classes, check_dunders) uses from this module
check_classes_module.HELPERS = types.SimpleNamespace(
    Callee=Callee, join=join, convertible=convertible, constant_type=constant_type,
    ValueExpr=ValueExpr)


# what the generator frames (frontend.generator_frames) use from this module
generator_frames_module.HELPERS = types.SimpleNamespace(assigned_names=assigned_names,
                                                        statements=statements)


def check_function(program, spec: Spec) -> None:
    checker = FunctionChecker(program, spec)
    checker.run()
    # (function values: their IR types on the tree, frontend.check_functions)
    to_ir_types(spec.fdef, ir_type, lambda t: checker.function_id(t))
    spec.function_ids = program.__dict__.setdefault("function_ids", {})
    spec.checked = True
    stale_result_reads(program, spec)


def stale_result_reads(program, spec: Spec) -> None:
    """A recursive function's result that grew after a caller's final pass read it (the
    caller was checked, and its calls specialized, knowing the narrower one: raytrace's
    colourAt passed rayColour's `(0, 0, 0)` on as a tuple of ints): the program is checked
    again from the start, the function's result known from the start (`ret_hints`)."""
    seen = program.__dict__.get("ret_reads", {}).pop(id(spec), ())
    if any(t != spec.ret_type for t in seen):
        hints = program.__dict__.setdefault("ret_hints", {})
        for key, s in program.specs.items():
            if s is spec:
                hints[key] = spec.ret_type
        raise check_classes_module.Restart(program)
