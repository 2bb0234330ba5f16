"""Recording a Python function's array code as IR: the proxies pts.trace runs it on.

`record(fn, args)` calls fn once with a `Traced` in place of each input array and returns
the IR function it recorded (DESIGN.md §10).  A Traced stands for an IR value (`value`, of
`type`) and carries the example's numpy result (`example`): the trace computes what eager
numpy computes, which decides the sizes Python code branches on.

- Every numpy operation on a Traced is recorded as the op the scripted lowering emits for
  it (np.<name> with its compile-time `static` arguments, np.getitem with its pattern),
  typed by the op table (ir.ops.result_type), with the span of the user's line: operators,
  numpy functions (through `__array_ufunc__` / `__array_function__`), methods
  (`x.sum(axis=1)`, `x.reshape(n, -1)`), indexing with ints, slices, None, `...`, bool
  masks and int arrays (numpy's advanced indexing).
- Writes are the scripted lowering's: `x[key] = v` is np.setitem, `x op= v` the ufunc
  with {"out": 0}; the IR's arrays are references with numpy's views, so a write through
  a view reaches its base and a write into an input the caller's array.  Each Traced's
  example is the trace's own copy (inputs and weights copied), written the same way, so
  tracing writes into none of the caller's arrays.
- Sizes are `SymInt`s: `x.shape`, `len(x)` (the function's global `len` is wrapped while
  it runs), `x.size` and arithmetic on them are ints that also stand for the IR values
  computing them; np.zeros/ones/empty/full/arange given one are recorded (wrapped while the
  trace runs), so a size taken from an input follows the input at run time.
- A Python decision on a size (`if n > 64:`, `range(n // 32)`, a size numpy needs as a
  plain int) records a `Guard`: what the size was, as an expression of the inputs' sizes
  (checked before a call: pts.trace picks the trace whose guards hold, or traces again),
  or, for a size of an array computed inside, as a check in the recorded code.
- A Python decision on array values (`bool`, `float`, `int`, `.item()`, iterating over an
  array) and an array given to code outside numpy are a TraceError at the user's line.
  So is one on a mask's count (x[m].shape[0]): a size expression ("data", key, text)
  that arithmetic and shapes carry but no guard can hold (`data_text`).
- Arrays the function reaches that are not its inputs (`self.w`, a global) become hidden
  parameters bound to those very arrays (`captured`, and where the code found each,
  `captured_slots`: pts.trace_state puts proxies there while the trace runs): the code
  reads them live at each call; their shapes and dtypes are part of what a trace assumed.
- pts.nn.functional's functions with value-dependent control flow (SCRIPTED_NN) are
  called as compiled code, as a pts.script function called in a trace is.
"""
from __future__ import annotations

import builtins
import linecache
import operator
import os
import sys
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from pts.errors import NOSPAN, Span, TraceError
from pts.frontend.check_tensors import (BINARY_UFUNCS, COMPARE_UFUNCS, METHOD_STATIC, METHODS,
                                        NP_ALIASES, NP_FUNCTIONS, STATIC_POSITIONAL)
from pts.ir.core import Builder, Function, Value, const
from pts.ir.op_table import OpTypeError
from pts.ir.ops import result_type
from pts.trace_shapes import _broadcast, implied, proven, result_dims
from pts.trace_state import Reached
from pts.ir.types import (DTYPES, F64, I1, I64, SCALAR_OF_DTYPE, TensorType, TupleType, Type,
                          type_of_value)

_ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
_OWN_FILES = tuple(os.path.join(_ROOT, d) + os.sep
                   for d in ("pts", "frontend", "ir", "backend", "runtime", "stdlib")) + \
    (os.path.dirname(np.__file__) + os.sep,)

# a size's arithmetic: Python operator, IR op
_INT_OPS = {"+": (operator.add, "add"), "-": (operator.sub, "sub"), "*": (operator.mul, "mul"),
            "//": (operator.floordiv, "floordiv"), "%": (operator.mod, "mod")}
_COMPARES = {"==": operator.eq, "!=": operator.ne, "<": operator.lt, "<=": operator.le,
             ">": operator.gt, ">=": operator.ge}
# a size comparison's IR op
_IR_COMPARES = {"==": "eq", "!=": "ne", "<": "lt", "<=": "le", ">": "gt", ">=": "ge"}
# numpy's ufunc names that are another name of an op of the table
_UFUNC_NAMES = {"divide": "true_divide"}
# numpy functions that make arrays from sizes (wrapped while a trace runs)
_CREATORS = ("zeros", "ones", "empty", "full", "arange")
GUARD_TAG = "pts.trace guard "


def user_span() -> Span:
    """The span of the innermost frame of the user's code (not pts's, not numpy's)."""
    f = sys._getframe(1)
    while f is not None and f.f_code.co_filename.startswith(_OWN_FILES):
        f = f.f_back
    if f is None:
        return NOSPAN
    line, end_line, col, end_col = f.f_lineno, f.f_lineno, 0, 0
    positions = list(f.f_code.co_positions())
    if 0 <= f.f_lasti // 2 < len(positions):
        p = positions[f.f_lasti // 2]
        if p[0] is not None:
            line, end_line, col, end_col = p[0], p[1] or p[0], p[2] or 0, p[3] or 0
    return Span(f.f_code.co_filename, line, col + 1, end_line, end_col + 1)


def _storing() -> bool:
    """Is the user's code at a subscript store (`a[i] = v`: numpy asking a traced v for
    its values because `a` is a plain array)?"""
    import dis
    f = sys._getframe(1)
    while f is not None and f.f_code.co_filename.startswith(_OWN_FILES):
        f = f.f_back
    code = f.f_code.co_code if f is not None else b""
    return 0 <= f.f_lasti < len(code) and code[f.f_lasti] == dis.opmap["STORE_SUBSCR"] \
        if f is not None else False


def _not_followed() -> None:
    """numpy asks a traced value for its number or array at `a[i] = v` into a plain `a`."""
    if _storing():
        err = trace_error("a traced value written into an array the trace does not follow "
                          "(one made with constant sizes, like np.zeros(3), or by np.array): "
                          "make the array from the traced code's sizes (np.zeros_like(x), "
                          "np.zeros((x.shape[0], 3))) so that the trace records it and the "
                          "write")
        if _ACTIVE:               # (numpy turns it into a ValueError: `record` raises it)
            _ACTIVE[-1].pending = err
        raise err


def trace_error(msg: str) -> TraceError:
    span = user_span()
    return TraceError(msg, span, linecache.getline(span.file, span.line) or None)


def move_to_script(what: str) -> TraceError:
    return trace_error(f"{what} depends on the values of a traced array, which a trace "
                       f"does not know: move this part into a pts.script function (its "
                       f"control flow is compiled) and call it from the traced code")


@dataclass(frozen=True)
class Guard:
    """What a trace assumed of a size: `expr` (an expression of the inputs' sizes, see
    `evaluate`; None for a size computed inside: checked in the code) had the value
    `seen`.  `text` says it as the user wrote it, `span` where."""
    expr: Any
    seen: Any
    text: str
    span: Span


def evaluate(expr, shapes: list) -> Any:
    """A size expression for the inputs' shapes: ("dim", input, axis), ("const", v),
    (op, a, b) for the ops of _INT_OPS and _COMPARES, ("not", a)."""
    kind = expr[0]
    if kind == "dim":
        return shapes[expr[1]][expr[2]]
    if kind == "const":
        return expr[1]
    if kind == "not":
        return not evaluate(expr[1], shapes)
    fn = _INT_OPS[kind][0] if kind in _INT_OPS else _COMPARES[kind]
    return fn(evaluate(expr[1], shapes), evaluate(expr[2], shapes))


def emit_expr(b: Builder, expr, dim) -> Value:
    """The IR computing a size expression (`evaluate`'s language); `dim(input, axis)`
    gives the IR value of an input's size (pts.traced: an archive entry's guards)."""
    kind = expr[0]
    if kind == "dim":
        return dim(expr[1], expr[2])
    if kind == "const":
        return const(expr[1])
    if kind == "not":
        return b.emit("not", [emit_expr(b, expr[1], dim)], I1)
    a, c = emit_expr(b, expr[1], dim), emit_expr(b, expr[2], dim)
    if kind in _IR_COMPARES:
        return b.emit(_IR_COMPARES[kind], [a, c], I1)
    return b.emit(_INT_OPS[kind][1], [a, c], I64)


def _expr_text(expr, names: list[str]) -> str:
    kind = expr[0]
    if kind == "data":
        return expr[2]
    if kind == "dim":
        return f"{names[expr[1]]}.shape[{expr[2]}]"
    if kind == "const":
        return repr(expr[1])
    if kind == "not":
        return f"not ({_expr_text(expr[1], names)})"
    level = _LEVEL.get(kind, 0)
    a, b = _expr_text(expr[1], names), _expr_text(expr[2], names)
    if _LEVEL.get(expr[1][0], 3) < level:          # ((a + b) * c: parentheses as needed)
        a = f"({a})"
    if _LEVEL.get(expr[2][0], 3) <= level:
        b = f"({b})"
    return f"{a} {kind} {b}"


_LEVEL = {"+": 1, "-": 1, "*": 2, "//": 2, "%": 2}


class SymInt:
    """A size of a traced array (or arithmetic on sizes): its value in this trace, the IR
    value computing it, and its expression of the inputs' sizes (None: computed inside).
    Not an int subclass: CPython takes an int subclass's value without asking it (range,
    list indexing), and each such use must record what the trace assumed (`fixed`)."""

    def __init__(self, value: int, rec: "Recorder", ir: Value, expr):
        self.seen, self.rec, self.ir, self.expr = int(value), rec, ir, expr

    def _arith(self, other, op: str, swap: bool = False):
        if isinstance(other, bool) or not isinstance(other, (int, SymInt)):
            if not isinstance(other, (bool, float, np.integer, np.floating)):
                return NotImplemented                    # (a traced array: its operator)
            a, b = (other, self.fixed()) if swap else (self.fixed(), other)
            return _INT_OPS[op][0](a, b)                 # (n * 0.5: n as it is, a guard)
        a, b = (other, self) if swap else (self, other)
        if not isinstance(other, SymInt) and (other == 0 and (op == "+" or op == "-" and
                                                              not swap) or
                                              other == 1 and op == "*"):
            return self                                  # (n + 0, 0 + n, n - 0, n * 1)
        fn, irop = _INT_OPS[op]
        va, vb = int(_seen(a)), int(_seen(b))
        if op in ("//", "%") and vb == 0:
            raise ZeroDivisionError("integer division or modulo by zero")
        ea, eb = _expr(a), _expr(b)
        rec = self.rec
        rec.b.span = user_span()
        ir = rec.b.emit(irop, [rec.int_value(a), rec.int_value(b)], I64)
        return SymInt(fn(va, vb), rec, ir, None if ea is None or eb is None else (op, ea, eb))

    def __add__(self, o): return self._arith(o, "+")
    def __radd__(self, o): return self._arith(o, "+", True)
    def __sub__(self, o): return self._arith(o, "-")
    def __rsub__(self, o): return self._arith(o, "-", True)
    def __mul__(self, o): return self._arith(o, "*")
    def __rmul__(self, o): return self._arith(o, "*", True)
    def __floordiv__(self, o): return self._arith(o, "//")
    def __rfloordiv__(self, o): return self._arith(o, "//", True)
    def __mod__(self, o): return self._arith(o, "%")
    def __rmod__(self, o): return self._arith(o, "%", True)

    def __neg__(self):
        return 0 - self

    def _compare(self, other, op: str) -> bool:
        self.no_decision()
        if isinstance(other, (float, np.floating)):           # (n > 0.5: a decision on n)
            return _COMPARES[op](self.fixed(), other)
        if isinstance(other, bool) or not isinstance(other, (int, np.integer, SymInt)):
            return NotImplemented
        result = _COMPARES[op](self.seen, _seen(other))
        self.rec.guard(self, other, op, result)
        return result

    def __eq__(self, o): return self._compare(o, "==")
    def __ne__(self, o): return self._compare(o, "!=")
    def __lt__(self, o): return self._compare(o, "<")
    def __le__(self, o): return self._compare(o, "<=")
    def __gt__(self, o): return self._compare(o, ">")
    def __ge__(self, o): return self._compare(o, ">=")
    def __hash__(self) -> int:
        return hash(self.fixed())

    def __bool__(self) -> bool:
        return self._compare(0, "!=")

    def no_decision(self) -> None:
        """A size that depends on array values (a mask's count) cannot decide Python."""
        text = data_text(self.expr)
        if text:
            raise move_to_script(f"a Python decision on {text} (its value)")

    def fixed(self) -> int:
        """The size as a plain int: the trace now holds only for this value (a guard)."""
        self.no_decision()
        self.rec.guard(self, self.seen, "==", True)
        return self.seen

    def __index__(self) -> int:
        return self.fixed()

    __int__ = __index__

    def __float__(self) -> float:
        return float(self.fixed())

    def __truediv__(self, o):
        return self._div(o, False)

    def __rtruediv__(self, o):
        return self._div(o, True)

    def _div(self, other, swap: bool):
        """n / m of sizes: a Python float the code computes (a traced F64 scalar, weak
        under NEP 50 as Python's float is); by a float: n as it is (a guard)."""
        if isinstance(other, bool) or not isinstance(other, (int, SymInt)):
            a, b = (_seen(other), self.fixed()) if swap else (self.fixed(), _seen(other))
            return a / b
        a, b = (other, self) if swap else (self, other)
        va, vb = int(_seen(a)), int(_seen(b))
        if vb == 0:
            raise ZeroDivisionError("division by zero")
        rec = self.rec
        rec.b.span = user_span()
        ib = rec.int_value(b)
        rec.b.check(rec.b.emit("eq", [ib, const(0)], I1), "ZeroDivisionError", "division by zero")
        fa, fb = (rec.b.emit("cast", [rec.int_value(a)], F64), rec.b.emit("cast", [ib], F64))
        return _SizeRatio(rec, rec.b.emit("div", [fa, fb], F64), F64, va / vb, (a, b))

    def __reduce__(self):                 # (copied or pickled: the value it had)
        return int, (self.fixed(),)

    def __format__(self, spec: str) -> str:
        return format(self.fixed(), spec)

    def __repr__(self) -> str:
        return repr(self.fixed())

    __str__ = __repr__

    def __abs__(self):
        return self if self.seen >= 0 and self._compare(0, ">=") else 0 - self

    def __array_ufunc__(self, ufunc, method, *inputs, **kwargs):   # np.sqrt(n)
        if method != "__call__" or kwargs:
            return NotImplemented
        return self.rec.np_call(_UFUNC_NAMES.get(ufunc.__name__, ufunc.__name__),
                                list(inputs), {}, ufunc)


_DUNDERS = {op: (f"__{n}__", f"__r{n}__") for op, n in
            {"+": "add", "-": "sub", "*": "mul", "//": "floordiv", "%": "mod"}.items()}


def _seen(x):
    return x.seen if isinstance(x, SymInt) else x


def _expr(x):
    return x.expr if isinstance(x, SymInt) else ("const", int(x))  # (bool, np.integer too)


class Traced:
    """An array (or numpy scalar) of the traced program: an IR value of `type`, and the
    value eager numpy computed for the example inputs."""

    __array_priority__ = 1000

    def __init__(self, rec: "Recorder", value: Value, type: Type, example: Any,
                 dims: tuple | None = None):
        self.rec, self.value, self.type, self.example = rec, value, type, example
        # each size as an expression of the inputs' sizes, or None (pts.trace_shapes)
        rank = type.rank if isinstance(type, TensorType) else 0
        self.dims = tuple(dims) if dims is not None else (None,) * rank

    # ---------------------------------------------------------------- sizes

    @property
    def shape(self) -> tuple:
        if not isinstance(self.type, TensorType):
            return ()
        rec = self.rec
        rec.b.span = user_span()
        t = result_type("np.shape", [self.type])
        shape = rec.b.emit("np.shape", [self.value], t, {"static": "{}"})
        return tuple(SymInt(int(n), rec, rec.b.emit("tuple.get", [shape, const(i)], I64),
                            self._dim_expr(i))
                     for i, n in enumerate(self.example.shape))

    def _dim_expr(self, axis: int):
        return self.dims[axis]

    @property
    def ndim(self) -> int:
        return self.type.rank if isinstance(self.type, TensorType) else 0

    @property
    def dtype(self):
        return self.example.dtype

    @property
    def size(self):
        n = 1
        for d in self.shape:
            n = n * d
        return n

    def __len__(self) -> int:             # (plain len(); the traced function's is wrapped)
        if self.ndim == 0:
            raise TypeError("len() of unsized object")
        return self.shape[0].fixed()

    @property
    def T(self):
        return self.rec.np_call("transpose", [self], {}, np.transpose)

    # ---------------------------------------------------------------- values: refused

    def __bool__(self):
        raise move_to_script("the truth value of a traced array (`if`, `while`, `and`, `or`)")

    def __float__(self):
        _not_followed()
        raise move_to_script("float() of a traced array")

    def __int__(self):
        _not_followed()
        raise move_to_script("int() of a traced array")

    __index__ = __int__

    def item(self, *args):
        raise move_to_script(".item() of a traced array")

    def tolist(self):
        raise move_to_script(".tolist() of a traced array")

    def __iter__(self):
        raise move_to_script("iterating over a traced array's elements")

    def __array__(self, dtype=None, copy=None):
        _not_followed()
        raise trace_error("a traced array was given to code outside numpy (it asked for the "
                          "array's values): only numpy operations are recorded; move that "
                          "code into a pts.script function")

    def __repr__(self) -> str:
        return f"Traced({self.type})"

    # ---------------------------------------------------------------- operators

    def _binary(self, other, sym: str, swap: bool = False):
        name = BINARY_UFUNCS.get(sym) or COMPARE_UFUNCS[sym]
        args = [other, self] if swap else [self, other]
        return self.rec.np_call(name, args, {}, getattr(np, name))

    def __add__(self, o): return self._binary(o, "+")
    def __radd__(self, o): return self._binary(o, "+", True)
    def __sub__(self, o): return self._binary(o, "-")
    def __rsub__(self, o): return self._binary(o, "-", True)
    def __mul__(self, o): return self._binary(o, "*")
    def __rmul__(self, o): return self._binary(o, "*", True)
    def __truediv__(self, o): return self._binary(o, "/")
    def __rtruediv__(self, o): return self._binary(o, "/", True)
    def __floordiv__(self, o): return self._binary(o, "//")
    def __rfloordiv__(self, o): return self._binary(o, "//", True)
    def __mod__(self, o): return self._binary(o, "%")
    def __rmod__(self, o): return self._binary(o, "%", True)
    def __pow__(self, o): return self._binary(o, "**")
    def __rpow__(self, o): return self._binary(o, "**", True)
    def __matmul__(self, o): return self._binary(o, "@")
    def __rmatmul__(self, o): return self._binary(o, "@", True)
    def __and__(self, o): return self._binary(o, "&")
    def __rand__(self, o): return self._binary(o, "&", True)
    def __or__(self, o): return self._binary(o, "|")
    def __ror__(self, o): return self._binary(o, "|", True)
    def __xor__(self, o): return self._binary(o, "^")
    def __rxor__(self, o): return self._binary(o, "^", True)
    def __eq__(self, o): return self._binary(o, "==")
    def __ne__(self, o): return self._binary(o, "!=")
    def __lt__(self, o): return self._binary(o, "<")
    def __le__(self, o): return self._binary(o, "<=")
    def __gt__(self, o): return self._binary(o, ">")
    def __ge__(self, o): return self._binary(o, ">=")
    __hash__ = object.__hash__

    def __neg__(self):
        return self.rec.np_call("negative", [self], {}, np.negative)

    def __pos__(self):
        return self.rec.np_call("positive", [self], {}, np.positive)

    def __abs__(self):
        return self.rec.np_call("absolute", [self], {}, np.absolute)

    def __invert__(self):
        return self.rec.np_call("invert", [self], {}, np.invert)

    def __setitem__(self, key, value):
        self.rec.setitem(self, key, value)

    # x += y writes into x, as numpy does (a view's base, an input of the caller see it)
    def __iadd__(self, o): return self.rec.inplace(self, o, "+")
    def __isub__(self, o): return self.rec.inplace(self, o, "-")
    def __imul__(self, o): return self.rec.inplace(self, o, "*")
    def __itruediv__(self, o): return self.rec.inplace(self, o, "/")
    def __ifloordiv__(self, o): return self.rec.inplace(self, o, "//")
    def __imod__(self, o): return self.rec.inplace(self, o, "%")
    def __ipow__(self, o): return self.rec.inplace(self, o, "**")
    def __iand__(self, o): return self.rec.inplace(self, o, "&")
    def __ior__(self, o): return self.rec.inplace(self, o, "|")
    def __ixor__(self, o): return self.rec.inplace(self, o, "^")

    # ---------------------------------------------------------------- numpy's protocols

    def __array_ufunc__(self, ufunc, method, *inputs, **kwargs):
        name = _UFUNC_NAMES.get(ufunc.__name__, ufunc.__name__)
        if method != "__call__" or kwargs:
            what = f"np.{ufunc.__name__}.{method}" if method != "__call__" else \
                f"np.{ufunc.__name__}({', '.join(kwargs)}=...)"
            raise trace_error(f"{what} is not supported in a trace")
        return self.rec.np_call(name, list(inputs), {}, ufunc)

    def __array_function__(self, func, types, args, kwargs):
        return self.rec.np_function(func, args, kwargs)

    def __getattr__(self, name: str):
        if name in METHODS and name != "item":
            fn = getattr(np, METHODS[name]) if METHODS[name] != "ravel" else np.ravel
            implied = METHOD_STATIC.get(name, {})

            def method(*args, **kwargs):
                if name == "reshape" and len(args) == 1 and isinstance(args[0], (tuple, list)):
                    args = tuple(args[0])
                if name == "transpose" and args:
                    args = (tuple(args[0]) if len(args) == 1 and isinstance(args[0], (tuple, list))
                            else tuple(args),)
                return self.rec.np_function(fn, (self,) + args, kwargs, implied=implied,
                                            name=METHODS[name], shown=name, eager=eager)

            def eager(x, *args, **kwargs):
                return getattr(x, name)(*args, **kwargs)
            return method
        if not name.startswith("_") and hasattr(np.ndarray, name):
            what = f".{name}()" if callable(getattr(np.ndarray, name)) else f".{name}"
            raise trace_error(f"the array {'method' if what[-1] == ')' else 'attribute'} "
                              f"{what} is not supported by pts")
        raise AttributeError(f"'Traced' array has no attribute '{name}' that pts.trace "
                             f"records")

    def __getitem__(self, key):
        return self.rec.getitem(self, key)


class _LazyCapture(Traced):
    """An array the traced code reaches (a weight: pts.trace_state), standing in for it
    while the trace runs; its IR value and example exist from its first use on."""

    def __init__(self, rec, arr: np.ndarray, ty: TensorType, slot):
        self.rec, self.type, self.dims = rec, ty, tuple(("const", int(n)) for n in arr.shape)
        self._arr, self._slot = arr, slot

    def __getattr__(self, name: str):
        if name in ("value", "example"):
            t = self.rec.capture(self._arr, self._slot)
            self.value, self.example = t.value, t.example
            return getattr(self, name)
        return Traced.__getattr__(self, name)


class _SizeRatio(Traced):
    """n / m of sizes (a Python float): arithmetic with arrays records it; a Python use of
    its value (int(), float(), a comparison, formatting) takes the sizes as they are, as a
    size's own does (guards)."""

    def __init__(self, rec, value, t, example, sizes):
        super().__init__(rec, value, t, example)
        self.sizes = sizes

    def fixed(self) -> float:
        a, b = (v.fixed() if isinstance(v, SymInt) else v for v in self.sizes)
        return a / b

    def __float__(self): return self.fixed()
    def __int__(self): return int(self.fixed())
    def __bool__(self): return bool(self.fixed())
    def __round__(self, n=None): return round(self.fixed(), n)
    def __format__(self, spec): return format(self.fixed(), spec)
    def __repr__(self): return repr(self.fixed())
    __str__ = __repr__

    def _compare(self, o, op):
        if isinstance(o, Traced) and not isinstance(o, _SizeRatio):
            return NotImplemented
        return _COMPARES[op](self.fixed(), o.fixed() if isinstance(o, (SymInt, _SizeRatio))
                             else o)

    def __eq__(self, o): return self._compare(o, "==")
    def __ne__(self, o): return self._compare(o, "!=")
    def __lt__(self, o): return self._compare(o, "<")
    def __le__(self, o): return self._compare(o, "<=")
    def __gt__(self, o): return self._compare(o, ">")
    def __ge__(self, o): return self._compare(o, ">=")
    __hash__ = Traced.__hash__


@dataclass
class Recorder:
    """The IR function being recorded and what the trace assumed."""
    func: Function
    input_names: list[str]
    guards: list[Guard] = field(default_factory=list)
    captured: list[np.ndarray] = field(default_factory=list)
    captured_at: dict = field(default_factory=dict)      # id(array) -> its Traced
    captured_slots: list = field(default_factory=list)    # where each was found, or None
    pending: TraceError | None = None      # an error numpy replaced by its own
    module_functions: dict = field(default_factory=dict)  # scripted callees' IR, by name

    def __post_init__(self):
        self.b = Builder(self.func, self.func.entry)

    # ---------------------------------------------------------------- values

    # (for pts.trace_state, which this module imports)
    @staticmethod
    def error(msg: str) -> TraceError:
        return trace_error(msg)

    @staticmethod
    def is_traced(v) -> bool:
        return isinstance(v, Traced)

    def lazy_capture(self, arr: np.ndarray, slot) -> "Traced | None":
        """The proxy of an array the function reaches at `slot` (pts.trace_state): it
        becomes a hidden parameter when first used.  None for a dtype pts has no type of."""
        try:
            ty = type_of_value(arr)
        except TypeError:
            return None
        return _LazyCapture(self, arr, ty, slot) if isinstance(ty, TensorType) else None

    def capture(self, arr: np.ndarray, slot=None) -> Traced:
        """An array the function reached that is not an input: a hidden parameter (`slot`:
        where the code found it, pts.trace_state; pts.traced reads the array there at each
        call)."""
        t = self.captured_at.get(id(arr))
        if t is None:
            from pts.ir.core import BlockParam
            ty = type_of_value(arr)
            if not isinstance(ty, TensorType):
                raise trace_error(f"an array of dtype {arr.dtype} cannot be used in pts")
            p = self.func.entry.add_param(BlockParam(ty, f"captured.{len(self.captured)}"))
            # (a captured array's shape is part of what a trace assumed: traced._Trace)
            # (its example is a copy: what the trace writes does not reach the array)
            t = Traced(self, p, ty, arr.copy(), tuple(("const", int(n)) for n in arr.shape))
            self.captured.append(arr)
            self.captured_slots.append(slot)
            self.captured_at[id(arr)] = t
        return t

    def operand(self, x) -> tuple[Value, Type, Any]:
        """(IR value, type, example) of an operand of a numpy operation."""
        if isinstance(x, Traced):
            return x.value, x.type, x.example
        if isinstance(x, SymInt):
            return x.ir, I64, x.seen
        if isinstance(x, np.ndarray):
            return self.operand(self.capture(x))
        if isinstance(x, np.generic):          # np.float64(2.0): a strong scalar (NEP 50)
            t = SCALAR_OF_DTYPE[DTYPES[x.dtype.name]]
            v = const(x.item())
            return (self.b.emit("cast", [v], t) if v.type != t else v), t, x
        if isinstance(x, (bool, int, float)):
            return const(x), const(x).type, x
        if isinstance(x, (tuple, list)):
            items = [self.operand(v) for v in x]
            t = TupleType(tuple(i[1] for i in items))
            example = tuple(i[2] for i in items)
            if isinstance(x, list) and all(isinstance(i[2], np.ndarray) for i in items):
                example = list(example)
            return self.b.emit("tuple", [i[0] for i in items], t), t, example
        raise trace_error(f"pts.trace cannot record a {type(x).__name__} as an operand of a "
                          f"numpy operation")

    def int_value(self, x) -> Value:
        return x.ir if isinstance(x, SymInt) else const(int(x))

    def wrap(self, value: Value, t: Type, example) -> Traced:
        return Traced(self, value, t, example)

    def result(self, value: Value, t: Type, example):
        """A call's result as the traced program sees it: tuples taken apart."""
        if isinstance(t, TupleType):
            return tuple(self.result(self.b.emit("tuple.get", [value, const(i)], et), et, ex)
                         for i, (et, ex) in enumerate(zip(t.elems, example)))
        return self.wrap(value, t, example)

    # ---------------------------------------------------------------- guards

    def assume(self, expr, n: int) -> None:
        """The trace assumed the size `expr` was n (a size 1 that numpy broadcast)."""
        if expr[0] == "const":                     # (a weight's size: always so)
            return
        if data_text(expr):
            raise move_to_script(f"broadcasting {data_text(expr)} (it was 1 here)")
        self.guards.append(Guard(("==", expr, ("const", n)), True,
                                 _expr_text(("==", expr, ("const", n)), self.input_names),
                                 user_span()))

    def guard(self, a: SymInt, b, op: str, result: bool) -> None:
        """A Python decision `a op b` that came out `result`."""
        span = user_span()
        ea, eb = a.expr, _expr(b) if not isinstance(b, SymInt) else b.expr
        for e in (ea, eb):
            if data_text(e):
                raise move_to_script(f"a Python decision on {data_text(e)} (its value)")
        text = f"{a.seen} {op} {_seen(b)}"
        if ea is not None and eb is not None:
            cond = (op, ea, eb) if result else ("not", (op, ea, eb))
            if cond[0] == "==" and cond[1] == cond[2]:
                return
            self.guards.append(Guard(cond, True, _expr_text(cond, self.input_names), span))
            return
        # a size computed inside the code: checked there, where it is known
        b_ir = self.int_value(b)
        self.b.span = span
        test = self.b.emit(_IR_COMPARES[op], [a.ir, b_ir], I1)
        broken = self.b.emit("not", [test], I1) if result else test
        k = len(self.guards)
        self.guards.append(Guard(None, True, f"{text} (a size computed inside)", span))
        self.b.check(broken, "RuntimeError", f"{GUARD_TAG}{k}: the trace assumed {text}")

    # ---------------------------------------------------------------- numpy operations

    def np_call(self, name: str, operands: list, static: dict, eager, shown: str | None = None,
                eager_args: tuple | None = None, eager_kwargs: dict | None = None):
        """Record np.<name>(operands, **static); the example's value from `eager`."""
        name = NP_ALIASES.get(name, name)
        if name not in NP_FUNCTIONS and name not in ("getitem",):
            raise trace_error(f"np.{shown or name} is not supported by pts")
        span = user_span()
        vals = [self.operand(x) for x in operands]
        types = [v[1] for v in vals]
        try:
            t = result_type("np." + name, types, {"static": repr(static)})
        except OpTypeError as err:
            raise trace_error(f"np.{shown or name}: {err}") from None
        if eager_args is None:
            eager_args, eager_kwargs = tuple(v[2] for v in vals), {}
        example = eager(*_examples(eager_args), **_examples(eager_kwargs or {}))
        self.b.span = span
        ins = self.b.emit("np." + name, [v[0] for v in vals], t, {"static": repr(static)})
        dims = None
        if isinstance(t, TensorType):
            if name in ("concatenate", "stack") and isinstance(operands[0], (tuple, list)):
                operands_ = list(operands[0])        # (the arrays joined, one by one)
            else:
                operands_ = operands
            shapes = [(x.dims, x.example.shape) if isinstance(x, Traced) and
                      isinstance(x.type, TensorType) else (None, None)
                      for x in (self.capture(o) if isinstance(o, np.ndarray) else o
                                for o in operands_)]
            dims = (_created_dims(name, operands) if name in _CREATORS else
                    _reshaped_dims(operands) if name == "reshape" else
                    result_dims(name, shapes, static, np.shape(example), self.assume))
        return Traced(self, ins, t, example, dims)

    def np_function(self, func, args: tuple, kwargs: dict, implied: dict | None = None,
                    name: str | None = None, shown: str | None = None, eager=None):
        """np.<func>(*args, **kwargs) as the scripted checker binds it (bind_np): the
        positional and keyword arguments that are compile-time constants, the operands."""
        name = name or func.__name__
        shown = shown or name
        if name == "shape":
            return args[0].shape if isinstance(args[0], Traced) else np.shape(args[0])
        if name == "ndim":
            return args[0].ndim
        if name == "size" and isinstance(args[0], Traced) and len(args) == 1:
            return args[0].size
        if name in ("concatenate", "stack") and args and isinstance(args[0], list):
            args = (tuple(args[0]),) + tuple(args[1:])
        op = NP_ALIASES.get(name, name)
        statics, positional = NP_FUNCTIONS.get(op, NP_FUNCTIONS.get(name)), \
            STATIC_POSITIONAL.get(name, {})
        if statics is None:
            raise trace_error(f"np.{shown} is not supported by pts")
        static = dict(implied or {})
        operands = []
        for i, a in enumerate(args):
            if i in positional:
                static[positional[i]] = _static(a, positional[i])
            else:
                operands.append(a)
        for k, v in kwargs.items():
            if k not in statics:
                raise trace_error(f"np.{shown}() got an unexpected or unsupported keyword "
                                  f"argument '{k}'")
            static[k] = _static(v, k)
        if name == "squeeze" and static.get("axis") is None:
            raise trace_error("squeeze() needs an explicit axis in pts (ranks are fixed when "
                              "compiling)")
        if eager is None:
            eager = getattr(np, name) if hasattr(np, name) else func
        return self.np_call(op, operands, static, eager, shown=shown,
                            eager_args=args, eager_kwargs=kwargs)

    def create(self, name: str, args: tuple, kwargs: dict):
        """np.zeros((n, d)) and the other creators, sized from the trace's sizes."""
        original = _ORIGINALS[name]
        if not _has_sym((args, kwargs)):
            return original(*args, **kwargs)
        if name in ("zeros", "ones", "empty", "full") and args and isinstance(args[0], (int, SymInt)):
            args = ((args[0],),) + tuple(args[1:])          # np.zeros(n): a 1-d shape
        positional = {"zeros": 1, "ones": 1, "empty": 1, "full": 2, "arange": 3}[name]
        operands, static = list(args[:positional]), {}
        if len(args) > positional:
            static["dtype"] = _static(args[positional], "dtype")
        for k, v in kwargs.items():
            if k != "dtype":
                raise trace_error(f"np.{name}() keyword argument '{k}' is not supported in a "
                                  f"trace")
            static["dtype"] = _static(v, "dtype")
        return self.np_call(name, operands, static, original, eager_args=args,
                            eager_kwargs=kwargs)

    def _index(self, x: Traced, key):
        """x[key]'s pattern (ir.tensor_ops: i, s..., n, m a bool mask, a an int array), its
        index operands, and the items (`...` expanded)."""
        items = list(key) if isinstance(key, tuple) else [key]
        items = [_array_index(i) for i in items]
        if sum(i is Ellipsis for i in items) > 1:
            raise trace_error("an index can only have a single ellipsis ('...')")
        if any(i is Ellipsis for i in items):
            used = sum(_index_rank(i) for i in items if i is not None and i is not Ellipsis)
            k = next(j for j, i in enumerate(items) if i is Ellipsis)
            items[k:k + 1] = [slice(None)] * max(x.ndim - used, 0)
        pattern, operands = [], []
        for item in items:
            if isinstance(item, slice):
                flags = ""
                for part in (item.start, item.stop, item.step):
                    flags += "0" if part is None else "1"
                    if part is not None:
                        operands.append(_index_operand(part))
                pattern.append("s" + flags)
            elif item is None:
                pattern.append("n")
            elif _is_array(item):
                operands.append(item)
                pattern.append("m" if _dtype_of(item).kind == "b" else "a")
            else:
                operands.append(_index_operand(item))
                pattern.append("i")
        return pattern, operands, items

    def getitem(self, x: Traced, key):
        """x[key] with ints, sizes, slices, None, `...`, bool masks and int arrays."""
        pattern, operands, items = self._index(x, key)
        span = user_span()
        vals = [self.operand(v) for v in [x] + operands]
        attrs = {"pattern": " ".join(pattern)}
        try:
            t = result_type("np.getitem", [v[1] for v in vals], attrs)
        except OpTypeError as err:
            raise trace_error(str(err)) from None
        example = x.example[_examples(tuple(items))]
        self.b.span = span
        ins = self.b.emit("np.getitem", [v[0] for v in vals], t, attrs)
        dims = self._indexed_dims(x, pattern, items, np.shape(example), span)
        return Traced(self, ins, t, example, dims)

    def setitem(self, x: Traced, key, value) -> None:
        """x[key] = value: the scripted lowering's np.setitem, a write into x's memory (and
        so into every array x is a view of, as in numpy)."""
        if not isinstance(x.type, TensorType):
            raise trace_error(f"'{type(x.example).__name__}' object does not support item "
                              f"assignment")
        pattern, operands, items = self._index(x, key)
        span = user_span()
        if isinstance(value, (list, tuple)):
            if _has_sym(value):
                raise trace_error("storing a list of traced values into an array is not "
                                  "recorded: build it with np.stack first")
            value = np.asarray(value)
        vals = [self.operand(v) for v in [x, value] + operands]
        attrs = {"pattern": " ".join(pattern)}
        try:
            result_type("np.setitem", [v[1] for v in vals], attrs)
        except OpTypeError as err:
            raise trace_error(str(err)) from None
        # the trace's own copy of the values follows (numpy's errors are the eager call's)
        x.example[_examples(tuple(items))] = _examples(value)
        self.b.span = span
        self.b.emit("np.setitem", [v[0] for v in vals], None, attrs)

    def inplace(self, x: Traced, other, sym: str):
        """x op= other on an array: numpy's ufunc with out=x (every view of x sees it);
        x itself is the result, as in numpy."""
        if not isinstance(x.type, TensorType):        # (a numpy scalar: immutable)
            return x._binary(other, sym)
        name = BINARY_UFUNCS[sym]
        ufunc = getattr(np, name)

        def eager(a, b):
            return ufunc(a, b, out=a)
        out = self.np_call(name, [x, other], {"out": 0}, eager)
        x.value = out.value            # (the same memory: later reads follow the write)
        return x

    def _indexed_dims(self, x: Traced, pattern: list, items: list, shape: tuple,
                      span: Span) -> tuple | None:
        """The size expressions of x[items]: ints drop an axis, None adds one, a full slice
        keeps its size, other slices: _slice_dim; array indices (numpy's advanced
        indexing) put their broadcast shape where the first one was, or first when they
        are not next to each other; a mask's count is data (`data_size`)."""
        advanced = [(w, it) for w, it in zip(pattern, items) if w in ("m", "a")]
        dims, axis, placed = [], 0, False
        for word, item in zip(pattern, items):
            if word == "n":
                dims.append(("const", 1))
                continue
            if word in ("i", "m", "a"):
                axis += _index_rank(item) if word == "m" else 1
                if advanced and not placed:
                    dims.append("ADVANCED")
                    placed = True
                continue
            dims.append(x.dims[axis] if word == "s000" else
                        self._slice_dim(item, x.dims[axis], x.example.shape[axis], span))
            axis += 1
        dims += list(x.dims[axis:])
        if advanced:
            words = [w for w in pattern if w != "n"]
            group = [k for k, w in enumerate(words) if w in ("i", "m", "a")]
            k = dims.index("ADVANCED")
            if group[-1] - group[0] + 1 != len(group):        # (not next to each other)
                dims.pop(k)
                dims.insert(0, "ADVANCED")
                k = 0
            if advanced[0][0] == "m":
                mask = advanced[0][1]
                sub = (data_size(mask, span),)
            else:
                arrays = [(self._as_traced(it).dims, _dtype_shape(it)) for _, it in advanced]
                bshape = np.broadcast_shapes(*[s for _, s in arrays])
                sub = _broadcast(arrays, bshape, self.assume)
            dims[k:k + 1] = list(sub)
        return tuple(dims) if len(dims) == len(shape) else None

    def _as_traced(self, item):
        return self.capture(item) if isinstance(item, np.ndarray) else item

    def _slice_dim(self, item: slice, size, n: int, span: Span):
        """The size of x[a:b] along an axis of size `size` (an expression; n in this
        trace), as an expression: b - a where the trace saw 0 <= a <= b <= n, under guards
        that this stays so (else numpy clips the bounds: a size not known, None)."""
        data = [e for e in (size, *map(_size_expr, (item.start, item.stop, item.step)))
                if data_text(e)] + [v for v in (item.start, item.stop, item.step)
                                    if isinstance(v, Traced)]
        if data:                     # (of a mask's count, or bounds from array values)
            text = data_text(data[0]) if not isinstance(data[0], Traced) else \
                f"a slice bounded by a traced array's value ({_where(span)})"
            return ("data", ("slice", size, repr(item)), text)
        if not (item.step is None or isinstance(item.step, (int, np.integer))
                and item.step == 1):              # (a size as the step: not known)
            return None
        bounds, conds = [], []
        for v, default in ((item.start, (("const", 0), 0)), (item.stop, (size, n))):
            if v is None:
                bounds.append(default)
            elif isinstance(v, SymInt):
                bounds.append((v.expr, v.seen))
                conds.append((">=", v.expr, ("const", 0)))
            elif isinstance(v, (int, np.integer)) and v >= 0:
                bounds.append((("const", int(v)), int(v)))
            elif isinstance(v, (int, np.integer)) and size is not None:   # x[:-1]
                bounds.append((("-", size, ("const", -int(v))), n + int(v)))
                conds.append((">=", bounds[-1][0], ("const", 0)))
            else:
                return None
        (a, sa), (b, sb) = bounds
        if a is None or b is None or size is None or not 0 <= sa <= sb <= n:
            return None
        conds += [("<=", a, b), ("<=", b, size)]
        for cond in conds:
            if not proven(cond) and not implied(cond, [g.expr for g in self.guards]):
                self.guards.append(Guard(cond, True, _expr_text(cond, self.input_names), span))
        return b if a == ("const", 0) else ("-", b, a)


def call_script(rec: Recorder, sf, args: tuple):
    """A pts.script function called on traced values: a call of its compiled code, its
    control flow kept (the function's IR, as lowered, joins the trace's module and is
    optimized with it); its example result is the Python function's on the examples."""
    from pts import compiler
    from pts.api import _argument_type
    sig = tuple(rec.operand(a)[1] if isinstance(a, (Traced, SymInt, np.ndarray))
                else _argument_type(a) for a in args)
    span = user_span()
    record_ = compiler.compile(sf.py_func, sig, after="lower")
    module = record_.module
    if record_.shared or getattr(module, "classes", None):
        raise trace_error(f"{sf.py_func.__name__}() shares module-level lists or objects of "
                          f"user classes with Python: a traced program cannot call it yet")
    module.rename(f"script{len(rec.module_functions)}.")     # (beside the trace's own)
    rec.module_functions.update(module.functions)
    entry = module[module.entry]
    kept = [a for i, a in enumerate(args) if i not in record_.const_indices]
    vals = [rec.operand(a)[0] for a in kept]
    rec.b.span = span
    out = rec.b.emit("call", vals, entry.ret_type, {"callee": entry.name})
    example = sf.py_func(*_examples(args))
    return rec.result(out, entry.ret_type, example)


def _size_expr(v):
    if isinstance(v, SymInt):
        return v.expr
    if isinstance(v, (int, np.integer)) and not isinstance(v, bool) and v >= 0:
        return ("const", int(v))
    return None


def _reshaped_dims(operands: list) -> tuple | None:
    sizes = operands[1:]
    if len(sizes) == 1 and isinstance(sizes[0], (tuple, list)):
        sizes = list(sizes[0])
    return tuple(_size_expr(v) for v in sizes)


def _created_dims(name: str, operands: list) -> tuple | None:
    if name == "arange":
        return (_size_expr(operands[0]),) if len(operands) == 1 else None
    shape = operands[0]
    return tuple(map(_size_expr, shape)) if isinstance(shape, (tuple, list)) else None


def _index_operand(item):
    if isinstance(item, Traced) and not isinstance(item.type, TensorType) and \
            item.example.dtype.kind in "iu":
        return item                       # x[i] with i = y.argmax(): an int of the code
    if isinstance(item, bool) or not isinstance(item, (int, np.integer, SymInt)):
        raise trace_error(f"only integers, slices, None and ... are valid indices, not "
                          f"{type(item).__name__}")
    return item


def _is_array(item) -> bool:
    return isinstance(item, np.ndarray) or isinstance(item, Traced) and \
        isinstance(item.type, TensorType)


def _dtype_of(item) -> np.dtype:
    return item.example.dtype if isinstance(item, Traced) else item.dtype


def _dtype_shape(item) -> tuple:
    return np.shape(item.example if isinstance(item, Traced) else item)


def _index_rank(item) -> int:
    """How many axes of x an index item consumes (a mask: its rank)."""
    if _is_array(item) and _dtype_of(item).kind == "b":
        return np.ndim(item.example if isinstance(item, Traced) else item)
    return 1


def _array_index(item):
    """An index item as the trace records it: a list of ints or bools is an array (numpy
    makes it one), a numpy bool scalar stays numpy's new-axis-like index (refused)."""
    if isinstance(item, list):
        if _has_sym(item):
            raise trace_error("indexing with a list that holds traced values is not "
                              "recorded: make the index with np.stack or np.arange")
        arr = np.asarray(item)
        if arr.dtype.kind not in "biu" or arr.ndim == 0:
            raise trace_error("only integers, slices, None, ..., and integer or boolean "
                              "arrays are valid indices")
        return arr
    if _is_array(item) and _dtype_of(item).kind not in "biu":
        raise trace_error(f"arrays used as indices must be of integer (or boolean) type, not "
                          f"{_dtype_of(item)}")
    return item


def data_size(mask, span: Span):
    """The size of x[mask] along the mask's axes: the number of True values, which the
    trace does not know (a Python decision on it is refused; arithmetic and shapes take
    it as it comes at run time).  One mask's count is one expression (x[m] + y[m])."""
    key = id(mask.value) if isinstance(mask, Traced) else id(mask)
    return ("data", ("mask", key), f"the number of elements the boolean mask at "
                                   f"{_where(span)} selects")


def data_text(expr) -> str | None:
    """If the size expression depends on array values (a mask's count): what it is."""
    if not isinstance(expr, tuple) or not expr:
        return None
    if expr[0] == "data":
        return expr[2]
    if expr[0] in ("dim", "const"):
        return None
    for sub in expr[1:]:
        t = data_text(sub)
        if t:
            return t
    return None


def _where(span: Span) -> str:
    return f"{os.path.basename(span.file)}:{span.line}"


def _static(v, what: str):
    """A compile-time argument (axis=1, dtype=np.float32): a plain value (a size is fixed)."""
    if what == "dtype" and v is not None and not isinstance(v, (SymInt, Traced)):
        try:
            return np.dtype(v).name              # (the IR's static dtypes are names)
        except TypeError:
            raise trace_error(f"dtype={v!r} is not a numpy dtype") from None
    if isinstance(v, SymInt):
        return v.fixed()
    if isinstance(v, (tuple, list)):
        return tuple(_static(x, what) for x in v)
    if isinstance(v, Traced):
        raise trace_error(f"{what}= must be a constant, not a traced array")
    return v


def _examples(x):
    """x with every Traced replaced by its example value and every size by its int."""
    if isinstance(x, Traced):
        return x.example
    if isinstance(x, SymInt):
        return x.seen
    if isinstance(x, tuple):
        return tuple(_examples(v) for v in x)
    if isinstance(x, list):
        return [_examples(v) for v in x]
    if isinstance(x, dict):
        return {k: _examples(v) for k, v in x.items()}
    if isinstance(x, slice):
        return slice(_examples(x.start), _examples(x.stop), _examples(x.step))
    return x


def holds_traced(args: tuple, kwargs: dict) -> bool:
    """Does a call get a traced value (pts.api: a scripted function called in a trace)?"""
    return bool(_ACTIVE) and (_has_sym(args) or _has_sym(kwargs))


def _has_sym(x) -> bool:
    if isinstance(x, (SymInt, Traced)):
        return True
    if isinstance(x, (tuple, list)):
        return any(map(_has_sym, x))
    if isinstance(x, dict):
        return any(map(_has_sym, x.values()))
    return False


_ORIGINALS = {name: getattr(np, name) for name in _CREATORS}
# numpy's global random functions: refused while a trace runs (their numbers would be
# frozen into the compiled code as constants)
_RANDOM = ("rand", "randn", "random", "random_sample", "ranf", "sample", "randint",
           "random_integers", "normal", "uniform", "standard_normal", "choice",
           "permutation", "shuffle", "binomial", "poisson", "exponential", "beta", "gamma")
_RANDOM_ORIGINALS = {name: getattr(np.random, name) for name in _RANDOM
                     if hasattr(np.random, name)}


def _refused_random(name: str):
    def refused(*args, **kwargs):
        raise trace_error(f"np.random.{name}() while tracing: its numbers would be frozen "
                          f"into the trace as constants; draw them outside the traced code "
                          f"(in __init__, for weights) or pass them in as an input")
    refused.__name__ = name
    return refused


# pts.nn.functional's functions whose eager code makes Python decisions on values (a
# loss's float(), an index check's .any(), dropout's generator state) or loops over the
# batch (conv2d's chunks): in a trace each is called as compiled code (call_script: the
# same function, compiled as pts.script compiles it, its control flow kept), not recorded
# line by line
SCRIPTED_NN = ("conv2d", "embedding", "dropout", "nll_loss", "cross_entropy", "mse_loss",
               "l1_loss", "binary_cross_entropy_with_logits")


def _nn_modules() -> list:
    import pts.nn.functional
    import pts.stdlib.nn
    return [pts.stdlib.nn, pts.nn.functional]


def _scripted_nn(fn):
    """fn of pts.nn.functional, called as compiled code when given traced values."""
    import functools
    import inspect
    sig = inspect.signature(fn)

    class _Script:                       # (what call_script needs of a pts.script function)
        py_func = fn

    @functools.wraps(fn)
    def call(*args, **kwargs):
        if not (_ACTIVE and (_has_sym(args) or _has_sym(kwargs))):
            return fn(*args, **kwargs)
        bound = sig.bind(*args, **kwargs)
        bound.apply_defaults()
        return call_script(_ACTIVE[-1], _Script, tuple(bound.arguments.values()))
    return call


_ACTIVE: list[Recorder] = []


def _creator(name: str):
    original = _ORIGINALS[name]

    def create(*args, **kwargs):
        if _ACTIVE and _has_sym((args, kwargs)):
            return _ACTIVE[-1].create(name, args, kwargs)
        return original(*args, **kwargs)
    create.__name__ = create.__qualname__ = name
    create.__doc__ = original.__doc__
    create.__wrapped__ = original
    return create


def _len(x):
    """The traced function's `len`: a traced array's first size stays symbolic."""
    if isinstance(x, Traced):
        if x.ndim == 0:
            raise TypeError("len() of unsized object")
        return x.shape[0]
    return builtins.len(x)


class _Patched:
    """While a trace runs: np.zeros & co. record sized creations, np.random's global
    functions and the methods of Generator objects are refused, and `len` in the traced function's module gives a traced
    array's symbolic size (restored after)."""

    def __init__(self, rec: Recorder, module_globals: list[dict], state):
        self.rec, self.globals, self.state = rec, module_globals, state
        self.saved: list = []

    def __enter__(self):
        _ACTIVE.append(self.rec)
        if builtins.len(_ACTIVE) == 1:
            for name in _CREATORS:
                setattr(np, name, _creator(name))
            for name in _RANDOM_ORIGINALS:
                setattr(np.random, name, _refused_random(name))
            self.nn_saved = [(m, name, getattr(m, name)) for m in _nn_modules()
                             for name in SCRIPTED_NN if hasattr(m, name)]
            for m, name, fn in self.nn_saved:
                setattr(m, name, _scripted_nn(fn))
        for g in self.globals:
            self.saved.append((g, g.get("len", _MISSING)))
            g["len"] = _len
        self.state.__enter__()
        return self

    def __exit__(self, *exc):
        for g, old in reversed(self.saved):
            if old is _MISSING:
                g.pop("len", None)
            else:
                g["len"] = old
        _ACTIVE.pop()
        if not _ACTIVE:
            for name in _CREATORS:
                setattr(np, name, _ORIGINALS[name])
            for name, fn in _RANDOM_ORIGINALS.items():
                setattr(np.random, name, fn)
            for m, name, fn in self.nn_saved:
                setattr(m, name, fn)
        self.state.__exit__(*exc)          # (last: it may raise)
        return False


_MISSING = object()


def _module_globals(fn) -> list[dict]:
    """The globals of the code a trace runs: the function's, or an object's class's."""
    code_owner = getattr(fn, "__func__", fn)
    if not hasattr(code_owner, "__globals__"):
        call = getattr(type(fn), "__call__", None)
        code_owner = getattr(call, "__func__", call)
    g = getattr(code_owner, "__globals__", None)
    return [g] if isinstance(g, dict) else []


def record(fn, args: tuple, names: list[str], name: str):
    """Run fn(*args) on proxies of its array arguments: (the Recorder, the result built of
    Traced values, sizes and Python values, as fn returned it)."""
    arrays = [i for i, a in enumerate(args) if isinstance(a, np.ndarray)]
    types = [type_of_value(args[i]) for i in arrays]
    for i, t in zip(arrays, types):
        if not isinstance(t, TensorType):
            raise TypeError(f"pts.trace: input '{names[i]}' has dtype {args[i].dtype}, which "
                            f"pts does not support")
    func = Function(name, types, None, [names[i] for i in arrays], file=_source_file(fn))
    rec = Recorder(func, list(names))
    call_args = list(args)
    for i, p, t in zip(arrays, func.params, types):
        call_args[i] = Traced(rec, p, t, args[i].copy(),     # (tracing writes no input)
                              tuple(("dim", i, a) for a in range(t.rank)))
    try:
        with _Patched(rec, _module_globals(fn), Reached(rec, fn)):
            out = fn(*call_args)
    except Exception:
        if rec.pending is not None:
            raise rec.pending from None
        raise
    return rec, out


def _source_file(fn) -> str:
    code_owner = getattr(fn, "__func__", fn)
    code = getattr(code_owner, "__code__", None)
    if code is None:
        call = getattr(type(fn), "__call__", None)
        code = getattr(getattr(call, "__func__", call), "__code__", None)
    return code.co_filename if code is not None else "<trace>"
