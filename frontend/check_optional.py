"""Optional values in the checker: where a value may be None, and refinement by tests.

Contract: a mixin of check.FunctionChecker.  A variable whose assignments meet None and a
T (`loss = None` ... `loss = 1.0`), or a parameter annotated `Optional[T]` / `T | None` /
`Union[T, None]`, has the type `optional<T>` (ir.types.OptionalType).  Its uses see a
*narrowed* type where a test proved more, as mypy and CPython's semantics agree:

- `x is None` / `x == None` (and `is not`, `!=`, `None is x`) make x None where the test
  holds and T where it fails; a bare `x` (truth) makes x T where it holds; `not`, `and` and
  `or` combine these, and the later operands of `and` / `or` see what the earlier ones
  proved (`x is not None and x > 0`).
- `if` / `elif` / `else` branches, `while` bodies (and what follows a loop without `break`),
  `assert`, conditional expressions; a branch that cannot fall through (return, raise,
  break, continue) lets the opposite facts hold after the `if` (`if x is None: return 0`).
- An assignment narrows the variable to what was assigned; a loop drops the narrowing of
  what its body assigns (the back edge may bring an older value).

The narrowed type is the Name's `.ty`; the lowering unwraps (`opt.get`) where it is T and
uses None where it is None, so a branch refinement makes dead is never typed against None
(`if x is None` on a narrowed-to-T x is decided at compile time: check_objects.decidable).

An Optional is accepted as-is only where None is too: assigned, returned, passed to a
scripted function, printed, compared with None, put in a tuple, a branch of a conditional
expression.  Anywhere else (arithmetic, indexing, calls of builtins, ...) it is a
CompileError naming the variable: `'x' may be None here (Optional[int])`.  Model
attributes that are None (`self.bias = None`) are constants of the compiled code
(frontend.objects), so `self.bias is None` is decided at compile time and needs no
refinement that a call could invalidate.
"""
from __future__ import annotations

from pts.errors import CompileError
from pts.frontend import ast as A
from pts.frontend.check_classes import union_of_classes
from pts.ir.object_ops import has_object
from pts.ir.types import (F64, I1, I64, NONE, NUMPY_SCALARS, STR, DictType, ListType,
                          UNKNOWN, ObjType, OptionalType, SetType, TupleType, Type, py_name)

def has_truth(t: Type) -> bool:
    """Whether an Optional[t]'s truth (`if x:`, `x or d`) is defined: None is false, else
    t's own truth (a number's, a string's or a container's emptiness, a tuple's length)."""
    return t in (I1, I64, F64, STR) + NUMPY_SCALARS or \
        isinstance(t, (ListType, DictType, SetType, TupleType, ObjType))


def optional_join(a: Type, b: Type, join) -> Type | None:
    """join() for None and Optionals: None and T meet at Optional[T] (None if T cannot be
    Optional: None itself, a nested Optional); `join` joins the payloads."""
    if a == NONE and b == NONE:
        return NONE
    if a == NONE or b == NONE:
        other = b if a == NONE else a
        return other if isinstance(other, OptionalType) else OptionalType(other)
    if isinstance(a, OptionalType) or isinstance(b, OptionalType):
        ea = a.elem if isinstance(a, OptionalType) else a
        eb = b.elem if isinstance(b, OptionalType) else b
        j = join(ea, eb)
        return None if j is None or j == NONE else OptionalType(j)
    return None


def optional_convertible(src: Type, dst: OptionalType, convertible) -> bool:
    if src == NONE:
        return True
    if isinstance(src, OptionalType):
        return src.elem == dst.elem or (isinstance(src.elem, ObjType)    # a subclass's
                                        and convertible(src.elem, dst.elem))   # (obj.cast)
    return convertible(src, dst.elem)


def optional_annotation(te: A.TypeExpr, resolve) -> Type | None:
    """The type of `Optional[T]`, `Union[T, None]`, `T | None` (None otherwise); a Union
    of anything else is refused."""
    name = te.name.split(".")[-1]
    if name == "Optional":
        if len(te.args) != 1:
            raise CompileError("Optional[...] takes exactly one type", te.span)
        return make_optional(resolve(te.args[0]), te)
    if name == "Union" and te.args:
        types = [resolve(a) for a in te.args]
        rest = [t for t in types if t != NONE]
        if len(set(rest)) > 1 and all(isinstance(t, ObjType) for t in rest):
            # Union[A, B]: their base, or the union of the classes (check_classes)
            j = union_of_classes(rest, te)
            return OptionalType(j) if NONE in types else j
        if len(rest) == len(types) or len(set(rest)) > 1:
            shown = " | ".join(py_name(t) for t in types)
            raise CompileError(f"unions other than Optional[T] (T | None) are not supported: "
                               f"{shown}", te.span)
        return make_optional(rest[0], te) if rest else NONE
    return None


def make_optional(t: Type, te: A.TypeExpr) -> Type:
    if t == NONE or isinstance(t, OptionalType):     # typing flattens Optional[Optional[T]]
        return t
    return OptionalType(t)


def falls_through(stmts: list) -> bool:
    """May control leave this statement list at its end (not by return, raise, break,
    continue)?  Conservative: True unless every path provably jumps away."""
    for s in stmts:
        if isinstance(s, (A.Return, A.Raise, A.Break, A.Continue)):
            return False
        if isinstance(s, A.If) and getattr(s, "static", None) is None \
                and not falls_through(s.body) and not falls_through(s.orelse):
            return False
        if isinstance(s, A.If) and getattr(s, "static", None) is not None \
                and not falls_through(s.body if s.static else s.orelse):
            return False
    return True


def ends_open(stmts: list) -> bool:
    """Does control surely reach the end of this statement list on some path, as far as
    its syntax tells (a loop may run zero times or exit its test; an `if` branch that ends
    open)?  The opposite bias of falls_through: False where unsure (`while True`, `try`).
    A function whose body ends open returns None there, as CPython does (check.py's
    update_ret_type joins None into the result type)."""
    if not stmts:
        return True
    s = stmts[-1]
    if isinstance(s, (A.Return, A.Raise, A.Break, A.Continue, A.Try)):
        return False
    if isinstance(s, A.If):
        static = getattr(s, "static", None)
        if static is not None:
            return ends_open(s.body if static else s.orelse)
        return ends_open(s.body) or ends_open(s.orelse)
    if isinstance(s, A.While):
        return not (isinstance(s.test, A.Const) and s.test.value) or has_break(s.body)
    return True


def has_break(stmts: list) -> bool:
    """Does a `break` of this loop occur in its body (not in a nested loop)?"""
    for s in stmts:
        if isinstance(s, A.Break):
            return True
        if isinstance(s, A.If) and (has_break(s.body) or has_break(s.orelse)):
            return True
    return False


class OptionalChecks:
    """Narrowing of Optional variables (a mixin of FunctionChecker: uses self.vars,
    self.declared, self.var_key, self.error)."""

    narrow: dict
    optional_ok: set

    def init_optional(self) -> None:
        self.narrow = {}              # variable key -> its narrowed type here
        self.optional_ok = set()      # ids of expressions where an Optional is accepted

    # ------------------------------------------------------------ where None may go

    def allow_none(self, e: A.Expr | None) -> A.Expr | None:
        """Accept an Optional value at `e` (it is assigned, returned, passed, ...)."""
        if e is not None:
            self.optional_ok.add(id(e))
            if isinstance(e, A.IfExp):               # its branches flow to the same place
                self.allow_none(e.body)
                self.allow_none(e.orelse)
        return e

    def may_hold(self, lt: ListType, t: OptionalType) -> bool:
        """May `xs.append(v)` put an Optional v in the list xs?  Yes when xs is a new list
        (it becomes a list of Optionals) or one of Optionals already, and when it holds
        objects: a list of objects takes their Optional as CPython's would (pyperformance
        deltablue's `todo.append(c.output())`), each item's use checked where it runs."""
        if lt.elem == UNKNOWN or isinstance(lt.elem, OptionalType):
            return True
        return has_object(lt.elem) and has_object(t.elem)

    def check_optional_use(self, e: A.Expr, t: Type) -> Type:
        """The type `e` is used as: t, or T for an item of a list of Optionals
        (`TENS[a] + s`) or of a tuple (`candidateT < result[1]`, pyperformance raytrace),
        which no test can refine: the lowering checks it when it runs and raises CPython's
        TypeError for None (`none_checked` holds the message)."""
        if isinstance(t, OptionalType) and id(e) not in self.optional_ok:
            if isinstance(e, A.Subscript) and isinstance(getattr(e.value, "ty", None),
                                                         (ListType, TupleType)) \
                    and not isinstance(e.index, A.Slice):
                e.none_checked = f"'NoneType' object is not {py_name(t.elem)}"
                e.ty = t.elem
                return t.elem
            if isinstance(e, A.Attribute) and getattr(e, "field_of", None) is not None \
                    and not isinstance(t.elem, ObjType):
                # a field that starts None and is filled later (`self.rows = None` in
                # __init__, a list stored by another method): any method call may change
                # it, so it is checked where it is used, as CPython does
                e.none_checked = f"'NoneType' object is not {py_name(t.elem)}"
                e.ty = t.elem
                return t.elem
            raise self.may_be_none(e, t)
        return t

    def none_use(self, e: A.Expr, msg: str, kind: str = "TypeError") -> None:
        """CPython's words for a checked None (see check_optional_use) used this way:
        `'NoneType' object is not subscriptable`, `... has no attribute 'append'`."""
        if getattr(e, "none_checked", None):
            e.none_checked = msg
            e.none_kind = kind

    def none_operand_message(self, e: A.BinOp, a: Type, b: Type) -> None:
        """CPython's words for None as an operand of `e` (see check_optional_use)."""
        if getattr(e.left, "none_checked", None):
            e.left.none_checked = (f"unsupported operand type(s) for {e.op}: 'NoneType' and "
                                   f"'{py_name(b)}'")
        if getattr(e.right, "none_checked", None):
            e.right.none_checked = (f'can only concatenate str (not "NoneType") to str'
                                    if a == STR and e.op == "+" else
                                    f"unsupported operand type(s) for {e.op}: '{py_name(a)}' "
                                    f"and 'NoneType'")

    def may_be_none(self, e: A.Expr, t: Type) -> CompileError:
        if isinstance(e, A.Name):
            what = f"'{e.id}'"
        elif isinstance(e, A.Call) and isinstance(e.func, A.Name):
            what = f"the result of '{e.func.id}()'"
        else:
            what = "this value"
        return self.error(f"{what} may be None here ({py_name(t)}); test it with "
                          f"'is not None' first", e)

    # ------------------------------------------------------------ narrowing

    def declared_type(self, key: str) -> Type | None:
        return self.declared.get(key, self.vars.get(key))

    def narrowed(self, key: str) -> Type | None:
        return self.narrow.get(key)

    def narrow_assignment(self, key: str, assigned: Type, var_t: Type) -> None:
        """After `x = value`: x holds what was assigned (if x is Optional)."""
        self.drop_item_aliases(lambda k: k == key)
        if not isinstance(var_t, OptionalType):
            self.narrow.pop(key, None)
        elif assigned == NONE:
            self.narrow[key] = NONE
        elif isinstance(assigned, OptionalType):
            self.narrow.pop(key, None)
        else:
            self.narrow[key] = var_t.elem

    def forget(self, names) -> None:
        """Drop the narrowing of these variables (assigned in a loop body)."""
        for n in names:
            self.narrow.pop(self.var_key(n), None)
            for key in [k for k in self.narrow if k.startswith(n + ".w")]:
                self.narrow.pop(key)          # its other webs (frontend.variable_webs)
            self.drop_item_aliases(lambda k, n=n: k == self.var_key(n) or k.startswith(n + ".w"))

    # `t = i[1]` of a tuple variable i (pyperformance raytrace's firstIntersection:
    # `candidateT = i[1]; if candidateT is not None ...: result = i`): while neither is
    # assigned again, a test proving t is not None proves i's item 1 is not None too, so
    # `result` holds tuples whose item 1 is a float.  Kept in `narrow` (branches, merges
    # and loops treat it as a fact) under ITEM_ALIAS + t's key: (i's key, index).
    ITEM_ALIAS = "item-alias|"

    def note_item_alias(self, s: A.Assign) -> None:
        target, value = s.targets[0], s.value
        if len(s.targets) != 1 or not isinstance(target, A.Name) \
                or not isinstance(value, A.Subscript) or not isinstance(value.value, A.Name) \
                or not isinstance(value.index, A.Const) or type(value.index.value) is not int:
            return
        t = getattr(value.value, "ty", None)
        key, src = getattr(target, "var", None), getattr(value.value, "var", None)
        if not isinstance(t, TupleType) or key is None or src is None or key == src \
                or not -len(t.elems) <= value.index.value < len(t.elems):
            return
        self.narrow[self.ITEM_ALIAS + key] = (src, value.index.value % len(t.elems))

    def drop_item_aliases(self, involves) -> None:
        for k in [k for k in self.narrow if k.startswith(self.ITEM_ALIAS)]:
            if involves(k[len(self.ITEM_ALIAS):]) or involves(self.narrow[k][0]):
                del self.narrow[k]

    def item_alias_fact(self, key: str) -> dict:
        """What `t is not None` proves of the tuple t was read from (note_item_alias)."""
        found = self.narrow.get(self.ITEM_ALIAS + key)
        if found is None:
            return {}
        src, i = found
        tt = self.narrow.get(src) or self.declared_type(src)
        if not isinstance(tt, TupleType) or not isinstance(tt.elems[i], OptionalType):
            return {}
        return {src: TupleType(tt.elems[:i] + (tt.elems[i].elem,) + tt.elems[i + 1:])}

    def facts(self, test: A.Expr) -> tuple[dict, dict]:
        """(what holds where `test` is true, where it is false): variable key -> type."""
        if isinstance(test, A.UnaryOp) and test.op == "not":
            t, f = self.facts(test.operand)
            return f, t
        if isinstance(test, A.BoolOp):
            acc: dict = {}
            for v in test.values:
                t, f = self.facts(v)
                acc.update(t if test.op == "and" else f)
            return (acc, {}) if test.op == "and" else ({}, acc)
        if isinstance(test, A.Call) and isinstance(test.func, A.Name) \
                and test.func.id == "isinstance":
            return self.isinstance_facts(test)          # (check_classes)
        if isinstance(test, A.Name):
            opt = self._optional_var(test)
            if opt is not None and has_truth(opt.elem):
                return {test.var: opt.elem}, {}
            return {}, {}
        if isinstance(test, A.Compare) and len(test.ops) == 1 \
                and test.ops[0] in ("is", "is not", "==", "!="):
            left, right = test.left, test.comparators[0]
            if _is_none(left):
                left, right = right, left
            if not (_is_none(right) and isinstance(left, A.Name)):
                return {}, {}
            opt = self._optional_var(left)
            if opt is None:
                return {}, {}
            is_none = ({left.var: NONE}, {left.var: opt.elem, **self.item_alias_fact(left.var)})
            return is_none if test.ops[0] in ("is", "==") else (is_none[1], is_none[0])
        return {}, {}

    def _optional_var(self, e: A.Name) -> OptionalType | None:
        key = getattr(e, "var", None)
        if key is None or getattr(e, "const", None) is not None:
            return None
        t = self.declared_type(key)
        return t if isinstance(t, OptionalType) else None

    def apply(self, facts: dict) -> None:
        self.narrow.update(facts)

    @staticmethod
    def merge(states: list[dict]) -> dict:
        """The narrowing after branches meet: what every branch that falls through agrees on."""
        if not states:
            return {}
        out = dict(states[0])
        for s in states[1:]:
            for k in list(out):
                if s.get(k) != out[k]:
                    del out[k]
        return out


def _is_none(e: A.Expr) -> bool:
    return isinstance(e, A.Const) and e.value is None
