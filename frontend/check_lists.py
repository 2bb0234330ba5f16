"""Type checking of lists beyond the core (a mixin of check.FunctionChecker): what a list may
hold (anything but ranges, objects and generators: numbers, str, None, lists, tuples,
Optionals, arrays, to any depth), and the list operations that are library code.

Contract (what a list may hold: list_types.py): the list methods insert remove
index count extend sort reverse clear, slicing (`xs[a:b:c]`, read, assigned and deleted),
ordering comparisons (`< <= > >=`), and `==` / `in` on lists whose elements are not plain
numbers are calls of the functions in stdlib/lists.py (written in the language), made by
`lib(name, types, node)`: the synthesized call is checked here, as any callee, and kept in
`spec.lib_calls` under (name, argument types), where frontend/lower_lists.py finds it.
"""
from __future__ import annotations

from pts.frontend import ast as A
from pts.frontend.check_iter import ValueExpr
from pts.frontend.list_types import index_function, SCALAR_ELEMS, list_elem_ok, list_join, plain_list
from pts.ir.types import (F32, F64, I1, I64, NONE, NPF64, NPI1, NPI64, STR, UNKNOWN, DictType, ListType, OptionalType, SetType,
                          TupleType, Type, VarTupleType, py_name)


_BARE = {"list": ("list", ListType), "List": ("list", ListType), "dict": ("dict", DictType),
         "Dict": ("dict", DictType), "set": ("set", SetType), "Set": ("set", SetType),
         "tuple": ("tuple", TupleType), "Tuple": ("tuple", TupleType)}


def bare_container(te: A.TypeExpr | None) -> tuple[str, type] | None:
    """(name, type class) of a parameter's or a result's bare container annotation
    (`xs: list`, `-> list`, `d: dict`): it says the kind, not the element types, so the
    types come from the argument (as unannotated) or from what is returned (inferred), and
    only the kind is checked.  None for anything else."""
    if te is None or te.args:
        return None
    return _BARE.get(te.name.split(".")[-1])


def widens_list(old: Type, new: Type) -> bool:
    """Does a variable that held List[int] (at any depth: List[List[int]]) become a
    List[float] by this assignment?  Only a fresh list can be built as floats instead
    (fresh_list_expected): the checker's next pass refuses any other List[int] value."""
    if isinstance(old, ListType) and isinstance(new, ListType):
        if old.elem == NONE and isinstance(new.elem, OptionalType):
            return True                  # [None] * n filled with objects (check_classes)
        return (old.elem == I64 and new.elem == F64) or (old.elem, new.elem) in NUMPY_WIDENING \
            or widens_list(old.elem, new.elem)
    return False


# a list of Python numbers that numpy scalars are appended to holds numpy scalars (`losses
# = []`, `loss = 0.0`, `loss += np.sum(...)`, `losses.append(loss)`: CPython's list holds
# np.float64 values): the types numpy's promotion gives the two (NEP 50)
NUMPY_WIDENING = {(F64, NPF64), (I64, NPI64), (I64, NPF64), (I1, NPI1), (F64, F32)}


def fresh_list_expected(e: A.BinOp, operand: A.Expr, expected: Type | None) -> Type | None:
    """The type a list operand of `[1] * n` / `[0] + xs` is built as when the result is
    expected to be `expected` (a widened list variable): the operand is a fresh list."""
    if isinstance(expected, ListType) and e.op in ("*", "+") \
            and isinstance(operand, (A.ListExpr, A.ListComp, A.BinOp)):
        return expected
    return None


class ListChecks:
    """List methods, slices and comparisons that call stdlib/lists.py."""

    def widen_by_store(self, target: A.Subscript, lt: ListType, t: Type) -> None:
        """`a[j][k] -= t * a[i][k]` stores a float into a list variable's List[int] (at
        any depth): the variable becomes a List[float] there, as `a = ...; a.append(0.5)`
        makes it, and the next pass builds it as floats where it is a fresh list (a
        display, a comprehension, a deep copy: widens_list); anything else stays refused."""
        depth, root = 0, target.value
        while isinstance(root, A.Subscript) and not isinstance(root.index, A.Slice):
            depth, root = depth + 1, root.value
        if not isinstance(root, A.Name) or getattr(root, "const", None) is not None:
            return
        var_t = self.vars.get(self.var_key(root.id))

        def rebuilt(vt: Type, d: int) -> Type | None:
            if not isinstance(vt, ListType) or isinstance(vt, VarTupleType):
                return None
            if d == 0:
                return ListType(t) if vt == lt else None
            inner = rebuilt(vt.elem, d - 1)
            return None if inner is None else ListType(inner)

        new = rebuilt(var_t, depth)
        if new is not None and widens_list(var_t, new):
            self.assign_var(root.id, new, target)
            raise self.iter_helpers.Skip()

    def lib(self, name: str, types: list[Type], node: A.Expr) -> Type:
        from pts.stdlib import lists
        calls = self.spec.__dict__.setdefault("lib_calls", {})
        key = (name, tuple(types))
        call = calls.get(key)
        if call is None:
            call = calls[key] = A.Call(A.Name(name, span=node.span),
                                       [ValueExpr(t, node.span) for t in types], span=node.span)
        for a in call.args:
            self.expr(self.allow_none(a))
        call.ty = self.call_function(call, getattr(lists, name), name, call.func)
        return call.ty

    def lib_method(self, e: A.Call, obj: ListType, name: str) -> Type:
        """xs.insert(i, v), xs.remove(v), ... (their checks; the call of the library)."""
        nargs = {"insert": (2, 2), "remove": (1, 1), "index": (1, 3), "count": (1, 1),
                 "extend": (1, 1), "reverse": (0, 0), "clear": (0, 0)}
        lo, hi = nargs[name]
        self.nargs(e, name, lo, hi)
        types = [self.expr(a) for a in e.args]
        if name == "insert":
            self.index_type(e.args[0], types[0])
            self.element(e.args[1], types[1], obj, "insert")
            return self.lib("insert", [obj, I64, obj.elem], e)
        if name in ("remove", "count", "index"):
            self.element(e.args[0], types[0], obj, name)
            self.equatable(obj, f"{name}()", e)
            for a, t in zip(e.args[1:], types[1:]):
                self.index_type(a, t)
            if name == "index":
                return self.lib(index_function(obj), [obj, obj.elem, I64, I64], e)
            return self.lib(name, [obj, obj.elem], e)
        if name == "extend":               # any iterable: made into a list first
            elem = self.iter_type(e.args[0])
            if obj.elem == UNKNOWN and elem != UNKNOWN and list_elem_ok(elem) \
                    and isinstance(e.func.value, A.Name):
                # `chunk = []` then `chunk.extend([(k, d)])`: the list takes the items' type,
                # as with append
                self.assign_var(e.func.value.id, ListType(elem), e)
                e.func.value.ty = obj = ListType(elem)
                if not self.final:
                    raise self.iter_helpers.Skip()
            if elem != UNKNOWN and not self.convertible(elem, obj.elem):
                raise self.error(f"cannot extend {py_name(obj)} with {py_name(types[0])}",
                                 e.args[0])
            return self.lib("extend", [obj, obj], e)
        return self.lib(name, [obj], e)

    def tuple_binop(self, op: str, a: Type, b: Type, node: A.Node) -> Type | None:
        """`t1 + t2` and `t * n` / `n * t` with n known when compiling (a literal, a
        constant): a tuple's length is part of its type, so the result is the tuple type of
        the concatenated or repeated items (n <= 0: the empty tuple, as CPython).  None
        when the operands are not such a pair; a repetition count known only at run time
        is a CompileError (the result's length would not be known)."""
        if op == "+" and isinstance(a, TupleType) and isinstance(b, TupleType):
            return TupleType(a.elems + b.elems)
        if op != "*" or not (isinstance(a, TupleType) and b in (I64, I1)
                             or isinstance(b, TupleType) and a in (I64, I1)):
            return None
        tup, count = (a, node.right) if isinstance(a, TupleType) else (b, node.left)
        n = self.known_value(count) if isinstance(node, A.BinOp) else None
        if type(n) not in (int, bool):
            raise self.error("a tuple can be repeated only by a count known when compiling "
                             "(a tuple's length is part of its type); use a list here", node)
        node.tuple_count = int(n)
        return TupleType(tup.elems * max(int(n), 0))

    def equatable(self, t: Type, what: str, node) -> None:
        """Elements compared with == must not be Optionals (pts compares an Optional only
        with None)."""
        def has_optional(x: Type) -> bool:
            if isinstance(x, OptionalType):
                return True
            if isinstance(x, ListType):
                return has_optional(x.elem)
            return isinstance(x, TupleType) and any(map(has_optional, x.elems))
        if has_optional(t):
            raise self.error(f"{what} on {py_name(t)} is not supported: pts compares an "
                             f"Optional only with None (test the elements with 'is None')", node)

    def element(self, a: A.Expr, t: Type, obj: ListType, what: str) -> None:
        if not self.convertible(t, obj.elem):
            raise self.error(f"{what}() of {py_name(t)} on {py_name(obj)} is not supported "
                             f"(a list holds one type)", a)

    def index_type(self, a: A.Expr, t: Type) -> None:
        if t not in (I64, I1):
            raise self.error(f"'{py_name(t)}' object cannot be interpreted as an integer", a)

    def convertible(self, src: Type, dst: Type) -> bool:
        return self.list_convertible(src, dst)       # (check.convertible, set by check.py)

    def list_sort(self, e: A.Call, obj: ListType) -> Type:
        """xs.sort(key=f, reverse=b): sorted(xs, ...) put back in place."""
        if e.args:
            raise self.error("sort() takes no positional arguments", e.args[0])
        srt = getattr(e, "sorted_call", None)
        if srt is None:
            srt = e.sorted_call = A.Call(A.Name("sorted", span=e.span), [ValueExpr(obj, e.span)],
                                         list(e.keywords), span=e.span)
        srt.ty = self.expr(srt)
        return self.lib("assign_all", [obj, obj], e)

    def slice_parts(self, s: A.Slice) -> None:
        for part in (s.lower, s.upper, s.step):
            if part is not None:
                t = self.expr(self.allow_none(part))
                if t not in (I64, I1, NONE):
                    raise self.error("slice indices must be integers or None or have an "
                                     "__index__ method", part)

    def list_slice(self, e: A.Subscript, t: ListType) -> Type:
        self.slice_parts(e.index)
        self.lib("get_slice", [t, I64, I64, I64, I1, I1], e)
        return t

    def list_slice_store(self, target: A.Subscript, value: Type, node) -> None:
        t = target.value.ty
        self.slice_parts(target.index)
        if isinstance(node, A.ListExpr) and not node.elts:      # xs[a:b] = []
            value = self.expr(node, expected=t)
        if not (isinstance(value, ListType) and (value.elem == UNKNOWN or value == t)):
            raise self.error(f"can only assign a {py_name(t)} to a slice of {py_name(t)}, "
                             f"not {py_name(value)}", node)
        self.lib("set_slice", [t, I64, I64, I64, I1, I1, t], target)

    def list_compare(self, e: A.Compare, op: str, left: Type, right: Type) -> bool:
        """`==`/`!=` of nested lists, `< <= > >=` of lists, `in` on a list of non-numbers:
        checked here (True), or not a list comparison (False)."""
        if op in ("in", "not in"):
            if not isinstance(right, ListType) or plain_list(right) and left in SCALAR_ELEMS:
                return False
            if not self.convertible(left, right.elem):
                raise self.error(f"'{op}' needs an element of {py_name(right)}, got "
                                 f"{py_name(left)}", e)
            self.equatable(right, f"'{op}'", e)
            self.lib("contains", [right, right.elem], e)
            return True
        if isinstance(left, TupleType) and isinstance(right, TupleType):
            return self.tuple_compare(e, op, left, right)
        if not (isinstance(left, ListType) and isinstance(right, ListType)):
            return False
        j = list_join(left, right)
        if j is None:
            if op in ("==", "!="):
                return False
            raise self.error(f"'{op}' not supported between instances of "
                             f"'{py_name(left)}' and '{py_name(right)}'", e)
        if op in ("==", "!="):
            if plain_list(j) or j.elem == STR:
                return False
            self.equatable(j, f"'{op}'", e)
            self.lib("equal", [j, j], e)
            return True
        if op not in ("<", "<=", ">", ">="):
            return False
        self.lib("less", [j, j, I1], e)
        return True

    def tuple_compare(self, e: A.Compare, op: str, left: TupleType, right: TupleType) -> bool:
        """Tuples compare element by element (== everywhere; < by the first unequal pair,
        then the lengths), as CPython does; lowered inline (lower_lists.tuple_compare)."""
        if op not in ("==", "!=", "<", "<=", ">", ">="):
            return False
        n = min(len(left.elems), len(right.elems))
        for a, b in zip(left.elems[:n], right.elems[:n]):
            for sub in (("==",) if op in ("==", "!=") else ("==", "<")):
                if not self.elem_comparable(e, sub, a, b):
                    raise self.error(f"'{op}' not supported between instances of "
                                     f"'{py_name(left)}' and '{py_name(right)}'", e)
        return True

    def elem_comparable(self, e: A.Compare, op: str, a: Type, b: Type) -> bool:
        if a in SCALAR_ELEMS and b in SCALAR_ELEMS:
            return True
        if a == STR and b == STR:
            return True
        if op == "==" and NONE in (a, b):
            return True
        if op == "==" and isinstance(a, ListType) and isinstance(b, ListType):
            j = list_join(a, b)               # (lists of numbers or str: compared directly)
            if j is not None and (plain_list(j) or j.elem == STR):
                return True
        return self.list_compare(e, op, a, b)

    def stmt_Delete(self, s: A.Delete) -> None:
        for target in s.targets:
            t = self.expr(target.value) if isinstance(target, A.Subscript) else None
            if isinstance(t, DictType):
                self.delete_dict_item(target, t)
                continue
            self.vartuple_refuse_write(t, "item deletion", target)     # (check_vartuple)
            if not isinstance(t, ListType):
                raise self.error("'del' is only supported on list items and slices and dict "
                                 "items (del xs[i], del xs[a:b], del d[k])", target)
            if isinstance(target.index, A.Slice):
                self.slice_parts(target.index)
                self.lib("del_slice", [t, I64, I64, I64, I1, I1], target)
            else:
                self.index(target.index, "list")


_ARRAY_INT_CODES = "bBhHiIlLqQ"


def is_array_class(checker, f: A.Expr) -> bool:
    """Does f name `array.array` (`from array import array`, or `array.array`)?"""
    import array as array_module
    if isinstance(f, A.Name):
        return checker.var_key(f.id) not in checker.vars and \
            checker.spec.globals.get(f.id) is array_module.array
    return isinstance(f, A.Attribute) and f.attr == "array" and isinstance(f.value, A.Name) \
        and checker.is_module(f.value.id, array_module)


class ArrayModuleChecks:
    """`array.array(typecode[, initializer])` made in scripted code (mixed into
    check.FunctionChecker): a list of the typecode's Python type — ints for the integer
    codes, floats for 'd' — built from the initializer as CPython's array is (`array('d',
    [1])` holds 1.0), so indexing, stores, `len`, `sum`, `*`, iteration and `zip` give
    CPython's values.  The call becomes the comprehension `[float(v) for v in init]` /
    `[int(v) for v in init]` (an empty list without an initializer).  Refused: 'f' (CPython
    rounds each element to float32) and 'u'/'w', floats given to an integer code (CPython's
    TypeError); documented difference: a value outside an integer code's range is stored
    (CPython raises OverflowError).  An array.array passed in from Python is a buffer
    (runtime/buffers.py), not this."""

    def array_call(self, e: A.Call) -> Type:
        if e.keywords or not 1 <= len(e.args) <= 2:
            raise self.error("array() takes a typecode and an optional initializer "
                             "(positional) here", e)
        tc = e.args[0]
        if not (isinstance(tc, A.Const) and isinstance(tc.value, str)):
            raise self.error("array()'s typecode must be a string literal", tc)
        code = tc.value
        if code in _ARRAY_INT_CODES:
            elem, conv = I64, "int"
        elif code == "d":
            elem, conv = F64, "float"
        elif code in ("f", "u", "w"):
            what = "rounds each element to float32" if code == "f" else "holds characters"
            raise self.error(f"array('{code}') is not supported: CPython's {what}; use 'd' "
                             f"or an integer typecode", tc)
        else:
            raise self.error("bad typecode (must be b, B, u, h, H, i, I, l, L, q, Q, f or d)",
                             tc)
        span = e.span
        if len(e.args) == 1:
            e.__class__ = A.ListExpr
            for k in ("func", "args", "keywords", "target", "expected"):
                e.__dict__.pop(k, None)
            e.elts = []
            return self.expr_ListExpr(e, expected=ListType(elem))
        init = e.args[1]
        it = self.iter_type(init)
        if conv == "int" and it not in (I64, I1):
            raise self.error(f"array('{code}') takes ints, not {py_name(it)} (CPython raises "
                             f"TypeError)", init)
        if conv == "float" and it not in (I64, I1, F64):
            raise self.error(f"array('d') takes numbers, not {py_name(it)} (CPython raises "
                             f"TypeError)", init)
        e.__class__ = A.ListComp
        for k in ("func", "args", "keywords", "target", "expected"):
            e.__dict__.pop(k, None)
        e.elt = A.Call(A.Name(conv, span=span), [A.Name("array.item", span=span)], span=span)
        e.target = A.Name("array.item", span=span)
        e.iter = init
        e.conds = []
        return self.expr_ListComp(e)
