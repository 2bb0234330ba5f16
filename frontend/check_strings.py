"""Type checking of strings as values (mixed into `check.FunctionChecker`).

`str` is an immutable value type with CPython's semantics: `+`, `*` by an int, the six
comparisons, `in`, indexing and slicing, `len`, iteration, `str()`/`repr()`/`ascii()`/
`format()` of numbers, None, strings and lists and tuples of those, `int(s)`/`float(s)`,
`ord`/`chr`, f-strings, `str.format`, `%` formatting and the methods of
`ir.string_ops.METHODS`.  Lists of strings (`List[str]`) and tuples holding strings are
values too.

What each construct records on its node for the lowering (frontend.lower_strings):
- a method call `s.m(...)`: `call.target = Callee("strmethod", m)` (set by the checker's
  call_method, which calls `str_method` for the type);
- `str(x)`, `repr(x)`, `ord`, `chr`, `int(s)`, `float(s)`, `len(s)`: `Callee("builtin", name)`
  (the lowering looks at the argument's type).
"""
from __future__ import annotations

from pts.frontend import ast as A
from pts.ir.object_ops import has_object
from pts.ir.string_ops import METHODS, NONE_OK, printable
from pts.ir.types import (INT_BITS, C128, F64, I1, I64, NONE, NPF64, NPI1, NPI64, STR, ListType, Type,
                          VarTupleType, py_name)

STR_BUILTINS = {"str", "repr", "ascii", "ord", "chr", "format"}


# numpy scalars whose str() and format() are their Python number's
# (and the int dtypes below 64 bits: str(np.uint8(7)) is '7')
_NUMPY_AS_PYTHON = {NPF64: "float", NPI64: "int", NPI1: "bool",
                    **{t: "int" for t, bits in INT_BITS.items() if bits < 64}}


class StringChecks:
    """Methods of FunctionChecker for strings (self is the checker)."""

    def str_binop(self, op: str, a: Type, b: Type, node) -> Type:
        if op == "+" and a == b == STR:
            return STR
        if op == "*" and {a, b} <= {STR, I64, I1} and STR in (a, b) and a != b:
            return STR
        if op == "%" and a == STR:
            if not printable(b):
                raise self.error(f"cannot format {py_name(b)} with %", node)
            return STR
        raise self.error(f"unsupported operand type(s) for {op}: '{py_name(a)}' and "
                         f"'{py_name(b)}'", node)

    def str_compare(self, op: str, left: Type, right: Type, node) -> bool:
        """Is `left op right` a string comparison pts runs?  (False: not about strings.)"""
        if op in ("in", "not in"):
            if left == STR and (right == STR or right == ListType(STR)):
                return True
            if right == STR:
                raise self.error(f"'in <string>' requires string as left operand, not "
                                 f"{py_name(left)}", node)
            return False
        if left == right == STR:
            return True
        if left == right == ListType(STR) and op in ("==", "!="):
            return True
        if STR in (left, right) and op in ("==", "!="):
            return True           # "a" == 1: False, as in Python (folded by the lowering)
        if STR in (left, right):
            raise self.error(f"'{op}' not supported between instances of "
                             f"'{py_name(left)}' and '{py_name(right)}'", node)
        return False

    def str_subscript(self, e: A.Subscript) -> Type:
        idx = e.index
        if isinstance(idx, A.Slice):
            for part in (idx.lower, idx.upper, idx.step):
                if part is not None:
                    t = self.expr(part)
                    if t not in (I64, I1, NONE):
                        raise self.error("slice indices must be integers or None or have an "
                                         "__index__ method", part)
            return STR
        t = self.expr(idx)
        if t not in (I64, I1):
            raise self.error(f"string indices must be integers, not '{py_name(t)}'", idx)
        return STR

    def print_keywords(self, e: A.Call) -> None:
        """print(..., sep=" ", end="\n", flush=False): sep and end must be str constants
        (or None, their defaults); they become the print op's attributes (`e.print_attrs`,
        only those that differ from the defaults) and the keywords are taken off."""
        attrs = {}
        for kw in e.keywords:
            if kw.name not in ("sep", "end", "flush", "file"):
                raise self.error(f"'{kw.name}' is an invalid keyword argument for print()", kw)
            v = kw.value
            if kw.name == "file":               # sys.stderr / sys.stdout (check_exceptions)
                if not (isinstance(v, A.Const) and v.value is None) \
                        and self.std_stream(v) == "stderr":
                    attrs["file"] = "stderr"
                continue
            if kw.name == "flush":
                if not (isinstance(v, A.Const) and isinstance(v.value, bool)):
                    raise self.error("print's flush= must be True or False here", v)
                continue                 # (output is written when the call returns: no effect)
            if isinstance(v, A.Const) and v.value is None:
                continue
            if not (isinstance(v, A.Const) and isinstance(v.value, str)):
                raise self.error(f"print's {kw.name}= must be a string constant in pts", v)
            if v.value != {"sep": " ", "end": "\n"}[kw.name]:
                attrs[kw.name] = v.value
        e.print_attrs = attrs
        e.keywords = []

    def str_builtin(self, e: A.Call, name: str) -> Type:
        """str() repr() ascii() format() ord() chr(), and len() int() float() bool() of a str."""
        self.nargs(e, name, 0 if name == "str" else 1, 2 if name == "format" else 1)
        types = [self.expr(a) for a in e.args]
        if name in ("str", "format") and types and types[0] in _NUMPY_AS_PYTHON:
            # str(np.float64(x)) is str(float(x)) in numpy 2 (its repr is not: np.float64(..))
            py = _NUMPY_AS_PYTHON[types[0]]
            e.args[0] = A.Call(A.Name(py, span=e.args[0].span), [e.args[0]], span=e.args[0].span)
            types[0] = self.expr(e.args[0])
        if name in ("str", "repr", "ascii", "format"):
            if types and not printable(types[0]):
                raise self.error(f"{name}() of {py_name(types[0])} is not supported", e.args[0])
            if name == "format" and len(types) == 2 and types[1] != STR:
                raise self.error(f"format() argument 2 must be str, not {py_name(types[1])}",
                                 e.args[1])
            return STR
        if name == "ord":
            if types[0] != STR:
                raise self.error(f"ord() expected string of length 1, but "
                                 f"{py_name(types[0])} found", e.args[0])
            return I64
        if name == "chr":
            if types[0] not in (I64, I1):
                raise self.error(f"'{py_name(types[0])}' object cannot be interpreted as an "
                                 f"integer", e.args[0])
            return STR
        return {"len": I64, "int": I64, "float": F64, "bool": I1}[name]

    def str_method(self, e: A.Call, name: str) -> Type:
        if e.keywords:
            raise self.error("keyword arguments are not supported here", e.keywords[0])
        if name == "join":
            self.nargs(e, "join", 1)
            empty = isinstance(e.args[0], A.ListExpr) and not e.args[0].elts
            t = self.expr(e.args[0], expected=ListType(STR) if empty else None)
            if t != ListType(STR) and t != VarTupleType(STR):
                raise self.error(f"str.join() takes a list of str, not {py_name(t)}", e.args[0])
            return STR
        if name == "format":
            for a in e.args:
                t = self.expr(a)
                if not printable(t):
                    raise self.error(f"cannot format {py_name(t)}", a)
            return STR
        if name not in METHODS:
            raise self.error(f"'str' object has no attribute '{name}'", e.func)
        params, required, result, _ = METHODS[name]
        if not required <= len(e.args) <= len(params):
            want = f"{required}" if required == len(params) else f"{required} to {len(params)}"
            raise self.error(f"str.{name}() takes {want} arguments ({len(e.args)} given)", e)
        for a, want in zip(e.args, params):
            t = self.expr(a)
            if want == "index":
                ok = t in (I64, I1, NONE)
            elif want == I64:
                ok = t in (I64, I1)
            else:
                ok = t == want or (t == NONE and name in NONE_OK)
            if not ok:
                raise self.error(f"str.{name}() argument must be "
                                 f"{'int' if want in ('index', I64) else py_name(want)}, "
                                 f"not {py_name(t)}", a)
        return result

    def expr_FString(self, e: A.FString) -> Type:
        for p in e.parts:
            self.expr(p)
        return STR

    def expr_FormatValue(self, e: A.FormatValue) -> Type:
        if e.conversion in (None, "s"):
            e.value = self.exc_as_str(e.value)        # f"{e}" of a caught exception
        t = self.expr(e.value)
        if has_object(t) and not printable(t):      # f"{p}": str(p) / repr(p) (check_classes)
            e.value = A.Call(A.Name("repr" if e.conversion == "r" else "str", span=e.value.span),
                             [e.value], span=e.value.span)
            e.conversion = None
            t = self.expr(e.value)
        if t in (C128, ListType(C128)) and e.spec is None:   # {z}, {z!r}: repr(z) (= str(z))
            e.value, e.conversion = self.as_repr_call(e.value), None
            t = self.expr(e.value)
        if t in _NUMPY_AS_PYTHON and e.conversion in (None, "s"):   # f"{loss}": as str()
            e.value = A.Call(A.Name(_NUMPY_AS_PYTHON[t], span=e.value.span), [e.value],
                             span=e.value.span)
            t = self.expr(e.value)
        if not printable(t):
            raise self.error(f"cannot format a value of type {py_name(t)}", e.value)
        if e.spec is not None:
            self.expr(e.spec)
        return STR


def is_str_call(name: str, arg_types: list) -> bool:
    """Is builtin `name` applied to these argument types a string operation?"""
    if name in STR_BUILTINS:
        return True
    return name in ("len", "int", "float", "bool") and len(arg_types) == 1 and arg_types[0] == STR


def deciding_str_params(fdef: A.FunctionDef, globals_: dict) -> frozenset[str]:
    """Parameters whose string value an entry specializes on: those an `if` test compares
    with a string literal (`if reduction == "mean":` then compiles one branch, which may
    differ in types) and those
    passed on to another function (`F.nll_loss(x, t, reduction=r)`, whose own tests need the
    value).  An entry's other strings are run-time values (calls of builtins and of str
    methods do not count)."""
    import builtins
    import types as pytypes
    params = {p.name for p in fdef.params}
    found: set[str] = set()

    def names(e) -> None:
        # `p == "mean"`, `"sum" != p`: a parameter compared with a string literal
        for n in A.walk(e):
            if isinstance(n, A.Compare):
                operands = [n.left] + list(n.comparators)
                if any(isinstance(o, A.Const) and isinstance(o.value, str) for o in operands):
                    found.update(o.id for o in operands
                                 if isinstance(o, A.Name) and o.id in params)

    def scripted_callee(f) -> bool:
        if isinstance(f, A.Name):
            return f.id not in params and not (f.id not in globals_ and hasattr(builtins, f.id))
        return (isinstance(f, A.Attribute) and isinstance(f.value, A.Name)
                and isinstance(globals_.get(f.value.id), pytypes.ModuleType)
                and f.value.id not in ("math", "np", "numpy"))

    for n in A.walk(fdef.body):
        if isinstance(n, A.If):
            names(n.test)
        elif isinstance(n, A.Call) and scripted_callee(n.func):
            for a in list(n.args) + [k.value for k in n.keywords]:
                if isinstance(a, A.Name) and a.id in params:
                    found.add(a.id)
    return frozenset(found)
