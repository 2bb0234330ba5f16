"""Type checking of dicts and sets (mixed into `check.FunctionChecker`).

`Dict[K, V]` and `Set[K]` (ir.dict_ops: what keys and values may be) with CPython's
semantics: literals, `dict()`/`set()`/`set(iterable)`, comprehensions, `d[k]`, `d[k] = v`,
`del d[k]`, `in`, len, truth, `==`, iteration (keys; `.keys()`, `.values()`, `.items()`),
the methods of `DICT_METHODS` / `SET_METHODS`, the set operators `| & - ^` (and their
in-place forms) and `<= < >= >`, `print`/`str`/`repr`.

Typing: a literal's keys (values) meet as list elements do (int and float: float; bool and
int: int); `{}` and `set()` have unknown parts until the first store decides them (`d = {}`
then `d[k] = v`, `s.add(x)`), as `xs = []` then `xs.append(x)`; an annotation decides
them too.  Anything else mixing types is a CompileError at the offending expression.

Recorded for the lowering (frontend.lower_dicts): `call.target = Callee("dictmethod",
name)` for methods, `Callee("builtin", "dict"|"set")` for the constructors, `it.hash_view`
("keys", "values", "items") on an iterable that runs over a dict or set.
"""
from __future__ import annotations

from pts.frontend import ast as A
from pts.ir.object_ops import has_object
from pts.frontend.shared_globals import names_shared
from pts.ir.dict_ops import key_ok, value_ok
from pts.ir.types import (F64, I1, I64, NONE, STR, UNKNOWN, DictType, ListType, OptionalType, SetType,
                          TupleType, Type, py_name)

DICT_METHODS = {"get", "setdefault", "pop", "popitem", "update", "clear", "copy", "keys",
                "values", "items"}
SET_METHODS = {"add", "discard", "remove", "pop", "clear", "copy", "union", "intersection",
               "difference", "symmetric_difference", "issubset", "issuperset", "isdisjoint",
               "update", "intersection_update", "difference_update",
               "symmetric_difference_update"}
SET_OPS = {"|": "union", "&": "intersection", "-": "difference", "^": "symmetric_difference"}


def is_hash(t: Type) -> bool:
    return isinstance(t, (DictType, SetType))


def _meet(a: Type, b: Type) -> Type | None:
    """Where two key (or value) types meet: list elements' rules."""
    if a == UNKNOWN or a == b:
        return b
    if b == UNKNOWN:
        return a
    if {a, b} <= {I1, I64}:
        return I64
    if {a, b} <= {I1, I64, F64}:
        return F64
    if isinstance(a, TupleType) and isinstance(b, TupleType) and len(a.elems) == len(b.elems):
        parts = [_meet(x, y) for x, y in zip(a.elems, b.elems)]
        return None if None in parts else TupleType(tuple(parts))
    if isinstance(a, ListType) and isinstance(b, ListType):
        e = _meet(a.elem, b.elem) if UNKNOWN in (a.elem, b.elem) else (a.elem if a == b else None)
        return None if e is None else ListType(e)
    if NONE in (a, b) or isinstance(a, OptionalType) or isinstance(b, OptionalType):
        # None and T, Optional[T] and T: Optional[T] (`{1: Card(...), 2: None}`)
        x = a.elem if isinstance(a, OptionalType) else a
        y = b.elem if isinstance(b, OptionalType) else b
        if x == NONE or y == NONE or x == y:
            e = y if x == NONE else x
            return OptionalType(e) if e != NONE and not isinstance(e, OptionalType) else e
    return None


def hash_join(a: Type, b: Type) -> Type | None:
    """check.join for dicts and sets: unknown parts take the other's."""
    if isinstance(a, DictType) and isinstance(b, DictType):
        k = a.key if b.key == UNKNOWN else b.key if a.key == UNKNOWN else \
            (a.key if a.key == b.key else None)
        v = a.val if b.val == UNKNOWN else b.val if a.val == UNKNOWN else \
            (a.val if a.val == b.val else None)
        return None if k is None or v is None else DictType(k, v)
    if isinstance(a, SetType) and isinstance(b, SetType):
        if a.elem == UNKNOWN:
            return b
        if b.elem == UNKNOWN or a == b:
            return a
    return None


def has_unknown(t: Type) -> bool:
    if isinstance(t, DictType):
        return UNKNOWN in (t.key, t.val) or has_unknown(t.val)
    if isinstance(t, SetType):
        return t.elem == UNKNOWN
    if isinstance(t, ListType):
        return t.elem == UNKNOWN
    return False


class DictChecks:
    """Methods of FunctionChecker for dicts and sets (self is the checker)."""

    # ------------------------------------------------------------ literals

    def check_key(self, t: Type, node: A.Node, what: str = "dict key") -> None:
        if self.object_key(t, node, what):          # (check_classes)
            return
        if not key_ok(t):
            raise self.error(f"unhashable type: '{py_name(t)}' (a {what} must be bool, int, "
                             f"float, str or a tuple of those)", node)

    def get_or_none(self, e: A.Call) -> bool:
        """`d.get(k)` (or `d.get(k, None)`) where reading d and k twice is reading them once
        (names, attributes, constants): e becomes `d[k] if k in d else None`, an Optional of
        the value type.  False (e unchanged) otherwise."""
        from pts.frontend.check_numbers import _pure
        from pts.frontend.source import clone_tree
        d, k = e.func.value, e.args[0]
        if not (_pure(d) and _pure(k)):
            return False
        span = e.span
        test = A.Compare(clone_tree(k), ["in"], [clone_tree(d)], span=span)
        body = A.Subscript(clone_tree(d), clone_tree(k), span=span)
        e.__dict__.clear()
        e.__class__ = A.IfExp
        e.__init__(test, body, A.Const(None, span=span), span=span)
        return True

    def check_value(self, t: Type, node: A.Node) -> None:
        if not value_ok(t):
            raise self.error(f"dicts of {py_name(t)} values are not supported (values are "
                             f"numbers, str, None, tuples and lists of those)", node)

    def meet_items(self, types: list[tuple[Type, A.Node]], start: Type, what: str) -> Type:
        t = start
        for x, node in types:
            j = _meet(t, x)
            if j is None:
                raise self.error(f"{what} have different types: {py_name(t)} and {py_name(x)}",
                                 node)
            t = j
        return t

    def expr_DictExpr(self, e: A.DictExpr, expected=None, cond=False) -> Type:
        want = expected if isinstance(expected, DictType) else DictType(UNKNOWN, UNKNOWN)
        kt = self.meet_items([(self.expr(k), k) for k in e.keys], want.key, "dict keys")
        vt = self.meet_items([(self.expr(self.allow_none(v)), v) for v in e.values], want.val,
                             "dict values")
        for k in e.keys:
            self.check_key(k.ty, k)
        if e.values and vt != UNKNOWN:
            self.check_value(vt, e.values[0])
        return DictType(kt, vt)

    def expr_SetExpr(self, e: A.SetExpr, expected=None, cond=False) -> Type:
        want = expected.elem if isinstance(expected, SetType) else UNKNOWN
        t = self.meet_items([(self.expr(x), x) for x in e.elts], want, "set elements")
        for x in e.elts:
            self.check_key(x.ty, x, "set element")
        return SetType(t)

    def comp_scope(self, e, body):
        """Check a comprehension's parts in its own scope (as expr_ListComp does)."""
        elem_t = self.iter_type(e.iter)
        self.comp_counter += 1
        names = self.iter_helpers.target_names(e.target)
        scope = {n: f"{n}.comp{self.comp_counter}" for n in names}
        self.scopes.append(scope)
        try:
            self.assign_target(e.target, elem_t, e.target)
            for c in e.conds:
                self.cond(c)
            return body()
        finally:
            self.scopes.pop()

    def expr_DictComp(self, e: A.DictComp, expected=None, cond=False) -> Type:
        def parts():
            kt, vt = self.expr(e.key), self.expr(self.allow_none(e.value))
            if isinstance(expected, DictType):      # {i: [] for i in r} as Dict[int, List[int]]
                self.retype(e.value, expected.val)
                vt = e.value.ty
            return kt, vt
        kt, vt = self.comp_scope(e, parts)
        if isinstance(expected, DictType):
            kt = self.meet_items([(kt, e.key)], expected.key, "dict keys")
            vt = self.meet_items([(vt, e.value)], expected.val, "dict values")
        self.check_key(kt, e.key)
        self.check_value(vt, e.value)
        return DictType(kt, vt)

    def expr_SetComp(self, e: A.SetComp, expected=None, cond=False) -> Type:
        t = self.comp_scope(e, lambda: self.expr(e.elt))
        if isinstance(expected, SetType):
            t = self.meet_items([(t, e.elt)], expected.elem, "set elements")
        self.check_key(t, e.elt, "set element")
        return SetType(t)

    # ------------------------------------------------------------ first use decides

    def refine_hash(self, recv: A.Expr, t: Type, node: A.Node) -> bool:
        """`d = {}` then `d[k] = v`: the variable takes t.  True when the checker must look
        again (not final yet)."""
        if getattr(recv, "field_of", None) is not None:    # self.seen = set() (check_classes)
            self.widen_field(recv.field_of, recv.attr, t)
        elif not isinstance(recv, A.Name):
            raise self.error(f"cannot infer the types of this empty {py_name(t)}; annotate it",
                             node)
        else:
            self.assign_var(recv.id, t, node)
        recv.ty = t
        if self.final:
            return False
        raise self.iter_helpers.Skip()

    def store_key(self, ht: Type, k: Type, node: A.Node) -> Type:
        """The key type after storing a key of type k (int keys of a float dict: float)."""
        want = ht.key if isinstance(ht, DictType) else ht.elem
        if want == UNKNOWN:
            self.check_key(k, node, "dict key" if isinstance(ht, DictType) else "set element")
            return k
        if k != want and _meet(want, k) != want:
            raise self.error(f"cannot use {py_name(k)} as a key of {py_name(ht)}", node)
        return want

    def key_use(self, ht: Type, k: Type, node: A.Node) -> None:
        """A key looked up (d[k], k in d, d.get(k)): it must compare with the key type."""
        want = ht.key if isinstance(ht, DictType) else ht.elem
        if want != UNKNOWN and k != want and _meet(want, k) != want:
            raise self.error(f"cannot use {py_name(k)} as a key of {py_name(ht)}", node)

    def unknown_read(self, e: A.Node) -> Type:
        if not self.final:
            raise self.iter_helpers.Skip()       # a later store may decide the type
        raise self.error("cannot read from a dict whose value type is not known; annotate it, "
                         "e.g. d: Dict[str, int] = {}", e)

    def dict_store(self, target: A.Subscript, ht: Type, t: Type, node: A.Node) -> None:
        """`d[k] = v`."""
        if not isinstance(ht, DictType):
            raise self.error(f"'{py_name(ht)}' object does not support item assignment", target)
        k = self.expr(target.index)
        kt = self.store_key(ht, k, target.index)
        vt = ht.val
        if vt == UNKNOWN:
            self.check_value(t, node)
            vt = t
        elif t != vt and self.iter_helpers.join(vt, t) != vt:
            j = self.iter_helpers.join(vt, t)
            if j is None or not (has_object(vt) and has_object(t)) or (
                    isinstance(target.value, A.Name) and
                    self.var_key(target.value.id) in self.declared):
                raise self.error(f"cannot store {py_name(t)} in {py_name(ht)}", node)
            vt = j          # objects of another class: their base, or a union (check_unions)
            if isinstance(target.value, A.Name):        # (as check_classes.widen_object_list)
                self.vars[self.var_key(target.value.id)] = DictType(kt, vt)
        self.retype(node, vt)
        if DictType(kt, vt) != ht:
            self.refine_hash(target.value, DictType(kt, vt), node)
        target.ty = vt

    def retype(self, node, want: Type) -> None:
        """An empty literal stored where `want` is known (`d[k] = []`) takes want."""
        if isinstance(node, A.Expr) and node.ty is not None and has_unknown(node.ty) \
                and not has_unknown(want) and self.iter_helpers.join(node.ty, want) == want:
            self.expr(node, expected=want)

    def dict_subscript(self, e: A.Subscript, t: Type) -> Type:
        if isinstance(t, SetType):
            raise self.error("'set' object is not subscriptable", e)
        if isinstance(e.index, A.Slice):
            raise self.error("unhashable type: 'slice'", e.index)
        self.key_use(t, self.expr(e.index), e.index)
        if t.val == UNKNOWN:
            return self.unknown_read(e)
        return t.val

    def delete_dict_item(self, target: A.Subscript, t: DictType) -> None:
        """`del d[k]` (check_lists' stmt_Delete takes each target to its container's)."""
        self.key_use(t, self.expr(target.index), target.index)

    # ------------------------------------------------------------ iteration

    def hash_iter_elem(self, it: A.Expr) -> Type | None:
        """The element type when `it` iterates over a dict or a set (marking it.hash_view),
        else None."""
        if isinstance(it, A.Call) and isinstance(it.func, A.Attribute) and not it.args \
                and it.func.attr in ("keys", "values", "items"):
            recv = it.func.value
            if isinstance(recv, A.Name) and self.var_key(recv.id) not in self.vars \
                    and not names_shared(self, recv):     # (a module's dict: shared_globals)
                return None
            t = self.expr(recv)
            if not isinstance(t, DictType):
                return None
            it.hash_view = it.func.attr
            it.hash_recv = recv
            it.lazy = True
            it.ty = t
            return {"keys": t.key, "values": t.val, "items": TupleType((t.key, t.val))}[it.func.attr]
        if isinstance(it, (A.Name, A.Attribute, A.DictExpr, A.SetExpr, A.DictComp, A.SetComp)):
            t = self.expr(it)
            if is_hash(t):
                it.hash_view = "keys"
                it.lazy = True
                return t.key if isinstance(t, DictType) else t.elem
        return None

    # ------------------------------------------------------------ operators

    def hash_binop(self, op: str, a: Type, b: Type, node) -> Type | None:
        if not (is_hash(a) or is_hash(b)):
            return None
        if op == "|" and isinstance(a, DictType) and isinstance(b, DictType):
            j = hash_join(a, b)
            if j is None:
                raise self.error(f"unsupported operand types for |: '{py_name(a)}' and "
                                 f"'{py_name(b)}' (the dicts' types differ)", node)
            return j
        if op in SET_OPS and isinstance(a, SetType) and isinstance(b, SetType):
            j = hash_join(a, b)
            if j is None:
                raise self.error(f"unsupported operand types for {op}: sets of different "
                                 f"types {py_name(a)} and {py_name(b)}", node)
            return j
        raise self.error(f"unsupported operand type(s) for {op}: '{py_name(a)}' and "
                         f"'{py_name(b)}'", node)

    def hash_compare(self, op: str, left: Type, right: Type, node) -> bool:
        """Is `left op right` a dict/set comparison (True), or none of ours (False)?"""
        if op in ("in", "not in") and is_hash(right):
            self.key_use(right, left, node)
            return True
        if not (is_hash(left) or is_hash(right)):
            return False
        if op in ("==", "!=") and hash_join(left, right) is not None:
            return True
        if op in ("<", "<=", ">", ">=") and isinstance(left, SetType) and left == right:
            return True
        raise self.error(f"'{op}' not supported between instances of '{py_name(left)}' and "
                         f"'{py_name(right)}'", node)

    # ------------------------------------------------------------ calls

    def hash_builtin(self, e: A.Call, name: str) -> Type:
        """dict(...), set(...), and len/bool of a dict or set."""
        want = getattr(e, "expected", None)
        if name == "dict":
            if e.keywords:
                raise self.error("dict() with keyword arguments is not supported", e)
            self.nargs(e, "dict", 0, 1)
            if not e.args:
                return want if isinstance(want, DictType) else DictType(UNKNOWN, UNKNOWN)
            if not isinstance(e.args[0], (A.Call, A.GeneratorExp)):
                t = self.expr(e.args[0])
                if isinstance(t, DictType):
                    e.copy_of = True
                    return t
            elem = self.iter_type(e.args[0])
            if not (isinstance(elem, TupleType) and len(elem.elems) == 2):
                raise self.error(f"dict() needs a dict or an iterable of (key, value) pairs, "
                                 f"not of {py_name(elem)}", e.args[0])
            self.check_key(elem.elems[0], e.args[0])
            self.check_value(elem.elems[1], e.args[0])
            return DictType(*elem.elems)
        if name == "set":
            if e.keywords:
                raise self.error("set() takes no keyword arguments", e)
            self.nargs(e, "set", 0, 1)
            if not e.args:
                return want if isinstance(want, SetType) else SetType(UNKNOWN)
            elem = self.iter_type(e.args[0])
            self.check_key(elem, e.args[0], "set element")
            return SetType(elem)
        raise AssertionError(name)  # pragma: no cover

    def hash_method(self, e: A.Call, obj: Type, name: str) -> Type:
        e.target = self.iter_helpers.Callee("dictmethod", name)
        recv = e.func.value
        n = len(e.args)
        if e.keywords:
            raise self.error(f"{name}() takes no keyword arguments", e.keywords[0])
        if isinstance(obj, DictType):
            if name not in DICT_METHODS:
                raise self.error(f"'dict' object has no attribute '{name}'", e.func)
            if name in ("keys", "values", "items", "copy", "clear", "popitem"):
                self.nargs(e, name, 0)
                if name in ("keys", "values"):
                    elem = obj.key if name == "keys" else obj.val
                    return self.as_list(elem, e, f"dict.{name}()", mark=False)
                if name == "items":
                    raise self.error("dict.items() can only be iterated over here (pts lists "
                                     "do not hold tuples yet)", e)
                if name == "popitem":
                    return TupleType((obj.key, obj.val))
                return obj if name == "copy" else NONE
            if name == "update":
                self.nargs(e, name, 1)
                t = self.expr(e.args[0])
                j = hash_join(obj, t) if isinstance(t, DictType) else None
                if j is None:
                    raise self.error(f"update() needs a {py_name(obj)}, got {py_name(t)}",
                                     e.args[0])
                if j != obj:
                    self.refine_hash(recv, j, e)
                return NONE
            lo, hi = {"get": (1, 2), "setdefault": (2, 2), "pop": (1, 2)}[name]
            if name == "setdefault" and n == 1:
                raise self.error("setdefault(k) without a default stores None: not supported "
                                 "(give the default)", e)
            self.nargs(e, name, lo, hi)
            k = self.expr(e.args[0])
            if n == 2:
                v = self.expr(self.allow_none(e.args[1]))
                if name == "setdefault" and (obj.key == UNKNOWN or obj.val == UNKNOWN):
                    kt = self.store_key(obj, k, e.args[0])
                    if obj.val == UNKNOWN:
                        self.check_value(v, e.args[1])
                    j = DictType(kt, obj.val if obj.val != UNKNOWN else v)
                    if j != obj:
                        self.refine_hash(recv, j, e)
                        obj = j
                if obj.val != UNKNOWN and v != obj.val and \
                        self.iter_helpers.join(obj.val, v) != obj.val:
                    if name == "get" and v == NONE and self.get_or_none(e):
                        return self.expr(e)          # d[k] if k in d else None
                    if name == "get" and v == NONE:
                        raise self.error("d.get(k) / d.get(k, None) gives None for a missing "
                                         "key: not supported yet (give a default of the "
                                         "value type, or test `k in d`)", e)
                    raise self.error(f"the default of {name}() must be {py_name(obj.val)}, "
                                     f"not {py_name(v)}", e.args[1])
            elif name == "get" and self.get_or_none(e):
                return self.expr(e)                  # d[k] if k in d else None
            elif name == "get":
                raise self.error("d.get(k) gives None for a missing key: not supported yet "
                                 "(give a default of the value type, or test `k in d`)", e)
            if name == "setdefault":
                self.store_key(obj, k, e.args[0])
                self.retype(e.args[1], obj.val)
            elif n == 2:
                self.retype(e.args[1], obj.val)
            else:
                self.key_use(obj, k, e.args[0])
            if obj.val == UNKNOWN:
                if name == "get" and n == 2:       # d[k] = d.get(k, 0) + 1 on d = {}
                    return e.args[1].ty
                return self.unknown_read(e)
            return obj.val
        if name not in SET_METHODS:
            raise self.error(f"'set' object has no attribute '{name}'", e.func)
        if name in ("pop", "clear", "copy"):
            self.nargs(e, name, 0)
            return obj.elem if name == "pop" else obj if name == "copy" else NONE
        if name in ("add", "discard", "remove"):
            self.nargs(e, name, 1)
            t = self.expr(e.args[0])
            if name == "add":
                kt = self.store_key(obj, t, e.args[0])
                if obj.elem == UNKNOWN:
                    self.refine_hash(recv, SetType(kt), e)
            else:
                self.key_use(obj, t, e.args[0])
            return NONE
        self.nargs(e, name, 1)
        t = self.expr(e.args[0])
        if not isinstance(t, SetType):
            elem = self.iter_type(e.args[0])
            t = SetType(elem)
            e.other_iterable = True
        j = hash_join(obj, t)
        if j is None:
            raise self.error(f"{name}() needs a {py_name(obj)}, got {py_name(t)}", e.args[0])
        if name.endswith("update") and j != obj:
            self.refine_hash(recv, j, e)
        if name in ("issubset", "issuperset", "isdisjoint"):
            return I1
        return NONE if name.endswith("update") else j
