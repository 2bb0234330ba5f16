"""Type checking of tensor code: numpy calls, array methods and attributes, operators on
arrays, indexing and slicing.  Mixed into `check.FunctionChecker`.

Every tensor operation is recorded on its node for the lowering as one numpy function
(`node.np_name`), its run-time operands (`node.np_operands`, expressions) and its
compile-time arguments (`node.np_static`: axis, keepdims, dtype, ... as Python literals).
This module decides which Python call, method, operator or subscript is which op and
parses its arguments; the result type of the op comes from the op table
(`ir.ops.result_type`, numpy's own rules, see ir.tensor_ops), the same rule the verifier
checks the IR with.
"""
from __future__ import annotations

import math
from typing import Any

from pts.errors import CompileError
from pts.frontend import ast as A
from pts.ir.op_table import OpTypeError
from pts.ir.ops import TENSOR_OPS, result_type
from pts.ir.tensor_ops import INDEX_TYPES, INT_INDEX_TYPES
from pts.ir.types import (NP_DTYPE_ATTRS, SMALL_DTYPES, INT_BITS, DTYPE_NAMES, DTYPES, F32, F64, I1, I32, I64, NONE, NPF64, NPI1,
                          NPI64, NUMPY_SCALARS, SCALAR_OF_DTYPE, ScalarType, TensorType,
                          TupleType, Type, py_name)

NUMBERS = (I1, I32, I64, F32, F64, NPF64, NPI64, NPI1) + SMALL_DTYPES

# np.<name>: the keyword arguments that must be compile-time constants.  Positional
# operands are values computed at run time (tensors, scalars, tuples of ints).
NP_FUNCTIONS: dict[str, tuple[str, ...]] = {
    # elementwise (operators map here too: a + b is np.add(a, b))
    "add": (), "subtract": (), "multiply": (), "true_divide": (), "floor_divide": (),
    "remainder": (), "power": (), "negative": (), "positive": (), "absolute": (),
    "bitwise_and": (), "bitwise_or": (), "bitwise_xor": (), "invert": (),
    "left_shift": (), "right_shift": (), "matmul": (), "dot": (),
    "equal": (), "not_equal": (), "less": (), "less_equal": (), "greater": (),
    "greater_equal": (), "logical_not": (), "logical_and": (), "logical_or": (),
    "where": (), "maximum": (), "minimum": (), "clip": (), "abs": (),
    "exp": (), "log": (), "log1p": (), "expm1": (), "sqrt": (), "tanh": (), "sin": (),
    "cos": (), "tan": (), "sign": (), "floor": (), "ceil": (), "square": (),
    # reductions
    "sum": ("axis", "keepdims", "dtype"), "mean": ("axis", "keepdims", "dtype"),
    "max": ("axis", "keepdims"), "min": ("axis", "keepdims"),
    "prod": ("axis", "keepdims", "dtype"), "argmax": ("axis", "keepdims"),
    "argmin": ("axis", "keepdims"), "any": ("axis", "keepdims"), "all": ("axis", "keepdims"),
    "std": ("axis", "keepdims", "ddof"), "var": ("axis", "keepdims", "ddof"),
    # shapes and copies
    "reshape": (), "transpose": ("axes",), "swapaxes": ("axis1", "axis2"),
    "expand_dims": ("axis",), "squeeze": ("axis",), "ravel": (), "copy": (),
    "concatenate": ("axis",), "stack": ("axis",), "astype": ("dtype",),
    # creation
    "zeros": ("dtype",), "ones": ("dtype",), "empty": ("dtype",), "full": ("dtype",),
    "arange": ("dtype",), "linspace": ("dtype", "endpoint"), "eye": ("dtype",),
    "zeros_like": ("dtype",), "ones_like": ("dtype",), "empty_like": ("dtype",),
    "full_like": ("dtype",),
}

# np.<name> that is another name of an op (np.abs is np.absolute)
NP_ALIASES = {"abs": "absolute"}
# compile-time arguments a method implies: x.flatten() is np.ravel that always copies
METHOD_STATIC: dict[str, dict] = {"flatten": {"copy": True}}

# Positional arguments that are compile-time constants (by position), for functions whose
# numpy signature takes them positionally.
STATIC_POSITIONAL: dict[str, dict[int, str]] = {
    "swapaxes": {1: "axis1", 2: "axis2"}, "expand_dims": {1: "axis"},
    "transpose": {1: "axes"}, "squeeze": {1: "axis"},
    "sum": {1: "axis"}, "mean": {1: "axis"}, "max": {1: "axis"}, "min": {1: "axis"},
    "prod": {1: "axis"}, "argmax": {1: "axis"}, "argmin": {1: "axis"}, "any": {1: "axis"},
    "all": {1: "axis"}, "std": {1: "axis"}, "var": {1: "axis"},
    "concatenate": {1: "axis"}, "stack": {1: "axis"}, "astype": {1: "dtype"},
}

# Array methods and the np function they mean (x.sum(...) is np.sum(x, ...)).
METHODS = {
    "sum": "sum", "mean": "mean", "max": "max", "min": "min", "prod": "prod",
    "argmax": "argmax", "argmin": "argmin", "any": "any", "all": "all", "std": "std",
    "var": "var", "reshape": "reshape", "transpose": "transpose", "squeeze": "squeeze",
    "ravel": "ravel", "flatten": "ravel", "copy": "copy", "astype": "astype",
    "clip": "clip", "swapaxes": "swapaxes", "item": "item", "dot": "dot",
}

# Operators on tensors and the ufuncs they are.
BINARY_UFUNCS = {"+": "add", "-": "subtract", "*": "multiply", "/": "true_divide",
                 "//": "floor_divide", "%": "remainder", "**": "power", "&": "bitwise_and",
                 "|": "bitwise_or", "^": "bitwise_xor", "<<": "left_shift",
                 ">>": "right_shift", "@": "matmul"}
COMPARE_UFUNCS = {"==": "equal", "!=": "not_equal", "<": "less", "<=": "less_equal",
                  ">": "greater", ">=": "greater_equal"}
UNARY_UFUNCS = {"-": "negative", "+": "positive", "~": "invert"}

assert {NP_ALIASES.get(n, n) for n in NP_FUNCTIONS} <= set(TENSOR_OPS)


def native_op(value: Any) -> str | None:
    """The np.* op a call of library function `value` compiles to, where the library's
    numpy code is that op's evaluation (stdlib/nn.py's `_conv2d_wide`: backend/conv.py),
    else None."""
    from pts.stdlib import nn
    return "conv2d_wide" if value is nn._conv2d_wide else None


def dtype_of_constant(value: Any):
    """np.float32 / np.dtype('float32') / float / int / bool as a numpy dtype, or None."""
    import numpy as np
    try:
        dt = np.dtype(value)
    except TypeError:
        return None
    return dt if dt.name in DTYPES else None

NP_CONSTANTS = {"pi": math.pi, "e": math.e, "inf": math.inf, "nan": math.nan}
# np.float32 & co: dtype constants (dtype=np.float32) and, called, numpy scalar conversions
DTYPE_CONSTS = NP_DTYPE_ATTRS


def same_kind_cast(src: ScalarType, dst: ScalarType) -> bool:
    """May numpy cast src to dst under its 'same_kind' rule (what an in-place ufunc writes
    its result with: float64 into float32 yes, float into int no)?"""
    import numpy as np
    return bool(np.can_cast(np.dtype(DTYPE_NAMES[src]), np.dtype(DTYPE_NAMES[dst]),
                            casting="same_kind"))


class DTypeType(Type):
    """The compile-time value `np.float32` (or `x.dtype`): usable as dtype= and in ==."""

    def __init__(self, dtype: ScalarType):
        object.__setattr__(self, "dtype", dtype)

    def __eq__(self, other):
        return isinstance(other, DTypeType) and other.dtype == self.dtype

    def __hash__(self):
        return hash(("dtype", self.dtype))

    def __str__(self):
        return f"dtype<{DTYPE_NAMES[self.dtype]}>"

    __repr__ = __str__


class TensorAnnotation(Type):
    """`np.ndarray` / `pts.Tensor` as an annotation: any dtype and rank (the call decides)."""

    def __eq__(self, other):
        return isinstance(other, TensorAnnotation)

    def __hash__(self):
        return hash("tensor-annotation")

    def __str__(self):
        return "Tensor"

    __repr__ = __str__


ANY_TENSOR = TensorAnnotation()


def is_tensorish(t: Type) -> bool:
    """Does an operation on t follow numpy's rules (tensors and numpy scalars)?"""
    return isinstance(t, TensorType) or t in NUMPY_SCALARS


class TensorChecks:
    """Methods of FunctionChecker for tensor code (self is the checker)."""

    # ---------------------------------------------------------------- names

    def is_np(self, e: A.Expr) -> bool:
        """Is e the numpy module?  (numpy is only imported by pts when user code uses it.)"""
        if not isinstance(e, A.Name) or self.var_key(e.id) in self.vars:
            return False
        mod = self.spec.globals.get(e.id)
        return getattr(mod, "__name__", None) == "numpy" and hasattr(mod, "ndarray")

    def np_attribute(self, e: A.Attribute) -> Type:
        if e.attr in NP_CONSTANTS:
            e.const = NP_CONSTANTS[e.attr]
            return F64
        if e.attr == "newaxis":
            e.const = None
            e.is_newaxis = True
            return NONE
        if e.attr in DTYPE_CONSTS:
            return DTypeType(DTYPE_CONSTS[e.attr])
        import types

        import numpy as np
        if isinstance(getattr(np, e.attr, None), types.ModuleType):
            # np.random.seed(1), np.linalg.norm(x): "can only be called" would be false
            raise self.error(f"numpy.{e.attr} is not supported: pts compiles no function of "
                             f"the numpy.{e.attr} module", e)
        if e.attr in NP_FUNCTIONS or hasattr(np, e.attr):
            raise self.error(f"np.{e.attr} can only be called", e)
        raise self.error(f"module 'numpy' has no attribute '{e.attr}'", e)

    def np_random_function(self, f: A.Attribute):
        """(function, 'np.random.name') for a call of np.random.name: the global generator's
        methods compile to stdlib/pynprandom.py (frontend.objects.python_function)."""
        import numpy as np
        from pts.frontend.objects import python_function
        value = getattr(np.random, f.attr, None)
        if value is None:
            raise self.error(f"module 'numpy.random' has no attribute '{f.attr}'", f)
        if python_function(value) is None:
            raise self.error(f"np.random.{f.attr} is not supported: pts compiles the global "
                             f"generator's seed, rand, random_sample, randn, standard_normal, "
                             f"normal, uniform, randint, shuffle, permutation and choice", f)
        return value, f"np.random.{f.attr}"

    def tensor_attribute(self, e: A.Attribute, t: Type) -> Type:
        if t in NUMPY_SCALARS and e.attr == "dtype":
            from pts.ir.types import DTYPE_OF_SCALAR
            return DTypeType(DTYPE_OF_SCALAR[t])
        if not isinstance(t, TensorType):
            raise self.error(f"'{py_name(t)}' has no attribute '{e.attr}'", e)
        if e.attr == "ndim":
            e.const = t.rank
            return I64
        if e.attr == "dtype":
            return DTypeType(t.dtype)
        op = {"shape": "shape", "size": "size", "T": "transpose"}.get(e.attr)
        if op is not None:
            e.np_name, e.np_operands, e.np_static = op, [e.value], {}
            return self.np_type(op, [t], {}, e)
        raise self.error(f"'{py_name(t)}' has no attribute '{e.attr}'", e)

    # ---------------------------------------------------------------- compile-time arguments

    def static_arg(self, e: A.Expr, what: str) -> Any:
        """A compile-time constant argument (axis=1, keepdims=True, dtype=np.float32)."""
        if isinstance(e, A.Const):
            return e.value
        if isinstance(e, A.UnaryOp) and e.op == "-" and isinstance(e.operand, A.Const) \
                and isinstance(e.operand.value, (int, float)):
            return -e.operand.value
        if isinstance(e, A.TupleExpr):
            return tuple(self.static_arg(x, what) for x in e.elts)
        t = self.expr(e)
        if isinstance(t, DTypeType):
            return DTYPE_NAMES[t.dtype]
        if isinstance(e, A.Name) and e.var in self.spec.const_params:
            return self.spec.const_params[e.var]
        params = [p.name for p in self.fdef.params]
        if isinstance(e, A.Name) and e.var in params:
            from pts.frontend.check import NeedsConstant
            raise NeedsConstant(params.index(e.var), e.id, f"the {what} of a numpy call", e.span)
        if getattr(e, "const", None) is not None or (isinstance(e, A.Name) and hasattr(e, "const")
                                                     and e.const is not None):
            return e.const
        if isinstance(e, A.Name) and e.id in ("float", "int", "bool") and self.is_builtin(e.id):
            return {"float": "float64", "int": "int64", "bool": "bool"}[e.id]
        raise self.error(f"{what} must be a constant here (pts fixes ranks and dtypes at "
                         f"compile time)", e)

    def dtype_arg(self, e: A.Expr) -> Any:
        if isinstance(e, A.Name) and e.id in ("float", "int", "bool") and self.is_builtin(e.id):
            return {"float": "float64", "int": "int64", "bool": "bool"}[e.id]
        value = self.static_arg(e, "dtype")
        if dtype_of_constant(value) is None:
            raise self.error(f"unsupported dtype {value!r} ({', '.join(DTYPES)} are "
                             f"supported)", e)
        import numpy as np
        return np.dtype(value).name

    # ---------------------------------------------------------------- calls

    def np_type(self, op: str, operands: list[Type], static: dict, node: A.Node,
                shown: str | None = None) -> Type:
        """The result type of op np.<op> from the op table; its complaint as the user's
        error (about np.<shown>, the name the user wrote)."""
        try:
            return result_type("np." + op, operands, {"static": repr(static)})
        except OpTypeError as err:
            raise self.error(f"np.{shown or op}: {err}", node) from None

    def bind_np(self, e: A.Call, name: str, operand_exprs: list[A.Expr],
                implied: dict | None = None) -> Type:
        """Split a call into run-time operands and compile-time arguments, then type it.
        `implied`: compile-time arguments the spelling itself means (x.flatten())."""
        from pts.frontend.check import Callee
        statics = NP_FUNCTIONS.get(name, ())
        positional_static = STATIC_POSITIONAL.get(name, {})
        operands: list[A.Expr] = []
        static: dict[str, Any] = dict(implied or {})
        for i, a in enumerate(operand_exprs):
            if i in positional_static:
                key = positional_static[i]
                static[key] = self.dtype_arg(a) if key == "dtype" else self.static_arg(a, key)
            else:
                operands.append(a)
        for kw in e.keywords:
            if kw.name in statics:
                static[kw.name] = (self.dtype_arg(kw.value) if kw.name == "dtype"
                                   else self.static_arg(kw.value, kw.name))
            else:
                raise self.error(f"np.{name}() got an unexpected or unsupported keyword "
                                 f"argument '{kw.name}'", kw)
        if name == "squeeze" and static.get("axis") is None:
            raise self.error("squeeze() needs an explicit axis in pts (ranks are fixed at "
                             "compile time)", e)
        types = [self.expr(a) for a in operands]
        for a, t in zip(operands, types):
            if isinstance(t, DTypeType):
                raise self.error("a dtype can only be passed as dtype=", a)
        op = NP_ALIASES.get(name, name)
        e.target = Callee("np", op)
        e.np_name, e.np_operands, e.np_static = op, operands, static
        if name == "reshape":
            self.check_reshape_sizes(e, types)
        return self.np_type(op, types, static, e, shown=name)

    def check_reshape_sizes(self, e: A.Call, types: list[Type]) -> None:
        """reshape's arguments as Python sees them, each error at its argument."""
        t = types[0]
        if not isinstance(t, TensorType):
            raise self.error(f"reshape needs a tensor, got {py_name(t)}", e)
        dims = types[1:]
        if len(dims) == 1 and isinstance(dims[0], TupleType):
            dims = list(dims[0].elems)
        for d, a in zip(dims, e.np_operands[1:] or [e]):
            if d not in (I64, I1, NPI64) and d not in INT_BITS:
                raise self.error(f"reshape sizes must be ints, got {py_name(d)}", a)

    def np_call(self, e: A.Call, name: str) -> Type:
        if name in DTYPE_CONSTS:           # np.float32(x): a numpy scalar
            from pts.frontend.check import Callee
            self.nargs(e, f"np.{name}", 1)
            t = self.expr(e.args[0])
            if t not in NUMBERS:
                raise self.error(f"np.{name}() needs a number, got {py_name(t)}", e.args[0])
            scalar = SCALAR_OF_DTYPE[DTYPE_CONSTS[name]]
            e.target = Callee("np_cast", scalar)
            return scalar
        if name in ("array", "asarray"):
            return self.np_array(e, name)
        from pts.frontend.check_arrays import ARRAY_FUNCTIONS, PLAIN_ARRAY_FUNCTIONS, array_function
        if name in ARRAY_FUNCTIONS:
            return array_function(self, e, name)
        if name not in NP_FUNCTIONS:
            import numpy as np
            if name in PLAIN_ARRAY_FUNCTIONS:          # np.outer: called as it is written
                from pts.stdlib import nparrays
                return self.call_function(e, getattr(nparrays, name), f"np.{name}", e.func)
            if hasattr(np, name):
                raise self.error(f"np.{name} is not supported", e.func)
            raise self.error(f"module 'numpy' has no attribute '{name}'", e.func)
        if name in ("concatenate", "stack") and e.args and isinstance(e.args[0], A.ListExpr):
            e.args[0] = A.TupleExpr(e.args[0].elts, span=e.args[0].span)
        return self.bind_np(e, name, list(e.args))

    def np_array(self, e: A.Call, name: str) -> Type:
        """np.array / np.asarray: of a (nested) list of numbers, a new array (np.array op);
        of an array, np.array copies and np.asarray is the array itself (astype when a
        different dtype= is asked for)."""
        from pts.frontend.check import Callee
        self.nargs(e, f"np.{name}", 1)
        static: dict[str, Any] = {}
        for kw in e.keywords:
            if kw.name != "dtype":
                raise self.error(f"np.{name}() got an unexpected or unsupported keyword "
                                 f"argument '{kw.name}'", kw)
            static["dtype"] = self.dtype_arg(kw.value)
        arg = e.args[0]
        t = self.expr(arg)
        if isinstance(t, TensorType):
            same = static.get("dtype") in (None, DTYPE_NAMES[t.dtype])
            if name == "asarray" and same:
                e.chain = arg               # the array itself (lowered as the argument)
                return t
            else:
                e.np_name, e.np_operands = ("copy", [arg]) if same else ("astype", [arg])
                e.np_static = {} if same else static
        else:
            e.np_name, e.np_operands, e.np_static = "array", [arg], static
        e.target = Callee("np", e.np_name)
        return self.np_type(e.np_name, [t], e.np_static, e, shown=name)

    def tensor_method(self, e: A.Call, obj: A.Expr, t: Type, name: str) -> Type:
        np_name = METHODS.get(name)
        if name == "item" and t in NUMPY_SCALARS:       # np.float32(...).item()
            from pts.frontend.check import Callee
            self.nargs(e, "item", 0)
            e.target = Callee("np", "item")
            e.np_name, e.np_operands, e.np_static = "item", [obj], {}
            return self.np_type("item", [t], {}, e)
        if name == "view" and t in NUMPY_SCALARS:       # np.float32(x).view(np.int32)
            return self.scalar_view(e, t)
        if np_name is None or not isinstance(t, TensorType):
            raise self.error(f"'{py_name(t)}' has no attribute '{name}'", e.func)
        if name == "item":
            from pts.frontend.check import Callee
            self.nargs(e, "item", 0)
            e.target = Callee("np", "item")
            e.np_name, e.np_operands, e.np_static = "item", [obj], {}
            return self.np_type("item", [t], {}, e)          # .item() gives Python scalars
        if name == "transpose" and len(e.args) > 1:
            e.args = [A.TupleExpr(list(e.args), span=e.args[0].span)]
        return self.bind_np(e, np_name, [obj] + list(e.args), METHOD_STATIC.get(name))

    def scalar_view(self, e: A.Call, t: Type) -> Type:
        """x.view(np.int32) on a numpy scalar: the same bits read as another dtype of the
        same size (bit manipulation of floats, as stdlib/vmath.py does).  Tensors' view is
        not in the language."""
        from pts.frontend.check import Callee
        self.nargs(e, "view", 1)
        if e.keywords:
            raise self.error("view() takes the dtype positionally", e.keywords[0])
        dtype = self.dtype_arg(e.args[0])
        import numpy as np
        from pts.ir.types import DTYPE_OF_SCALAR
        new = SCALAR_OF_DTYPE[DTYPES[dtype]]
        old_size = np.dtype(DTYPE_NAMES[DTYPE_OF_SCALAR[t]]).itemsize
        if np.dtype(dtype).itemsize != old_size or new == NPI1 or t == NPI1:
            raise self.error(f"view of a {py_name(t)} as {dtype}: the dtypes must be numbers "
                             f"of the same size", e)
        e.target = Callee("np_view", new)
        return new

    # ---------------------------------------------------------------- operators

    def tensor_binop(self, e: A.Node, op: str, a: Type, b: Type) -> Type:
        ufunc = BINARY_UFUNCS.get(op)
        if ufunc is None:
            raise self.error(f"operator {op} is not supported on tensors", e)
        for t in (a, b):
            if not (isinstance(t, TensorType) or t in NUMBERS):
                raise self.error(f"unsupported operand type(s) for {op}: '{py_name(a)}' and "
                                 f"'{py_name(b)}'", e)
        e.np_name, e.np_static = ufunc, {}
        return self.np_type(ufunc, [a, b], {}, e)

    def tensor_unary(self, e: A.UnaryOp, t: Type) -> Type:
        if e.op == "not":
            raise self.error("the truth value of an array is ambiguous; use .any() or .all()", e)
        ufunc = UNARY_UFUNCS[e.op]
        e.np_name, e.np_static = ufunc, {}
        return self.np_type(ufunc, [t], {}, e)

    def tensor_compare(self, e: A.Compare, op: str, a: Type, b: Type) -> Type:
        if isinstance(a, DTypeType) or isinstance(b, DTypeType):
            if op not in ("==", "!="):
                raise self.error(f"dtypes can only be compared with == and !=", e)
            return I1
        ufunc = COMPARE_UFUNCS.get(op)
        if ufunc is None:
            raise self.error(f"'{op}' is not supported on tensors", e)
        if len(e.ops) > 1:
            raise self.error("chained comparisons of tensors are not supported", e)
        e.np_name, e.np_static = ufunc, {}
        return self.np_type(ufunc, [a, b], {}, e)

    # ---------------------------------------------------------------- indexing

    def tensor_index(self, e: A.Subscript, t: TensorType, store: bool = False) -> Type:
        """x[i, 1:n:2, None]: ints drop an axis, slices keep it, None adds one.

        Records `e.pattern` (one letter per item: i, s<3 flags for lo/hi/step>, n) and
        `e.index_operands` (the int and slice-bound expressions in order)."""
        items = e.index.elts if isinstance(e.index, A.TupleExpr) else [e.index]
        pattern: list[str] = []
        operands: list[A.Expr] = []
        for item in items:
            if isinstance(item, A.Slice):
                flags = ""
                for part in (item.lower, item.upper, item.step):
                    if part is None:
                        flags += "0"
                        continue
                    pt = self.expr(part)
                    if pt not in INDEX_TYPES:
                        raise self.error(f"slice indices must be integers, not {py_name(pt)}", part)
                    flags += "1"
                    operands.append(part)
                pattern.append("s" + flags)
            elif (isinstance(item, A.Const) and item.value is None) or \
                    (isinstance(item, A.Attribute) and self.is_np(item.value) and item.attr == "newaxis"):
                pattern.append("n")
            else:
                if isinstance(item, A.ListExpr):       # x[:, [-1], :]: an array index
                    item = self.list_index_array(item)
                    it = item.ty
                else:
                    it = self.expr(item)
                if isinstance(it, TensorType):
                    pattern.append(self.array_index_word(item, it, pattern))
                    operands.append(item)
                    continue
                if it == I1:
                    raise self.error("a bool index is a mask in numpy (x[True] adds an axis); "
                                     "boolean indexing is not supported: use int(...)", item)
                if it not in INT_INDEX_TYPES:
                    raise self.error(f"only integers, slices and None are valid indices, "
                                     f"not {py_name(it)}", item)
                pattern.append("i")
                operands.append(item)
        e.pattern = " ".join(pattern)
        e.index_operands = operands
        try:
            return result_type("np.getitem", [t] + [x.ty for x in operands],
                               {"pattern": e.pattern})
        except OpTypeError as err:
            raise self.error(str(err), e) from None


    def list_index_array(self, item: A.ListExpr) -> A.Call:
        """A list display as an index is np.array of it (numpy's rule: x[[0, 2]] is
        x[np.array([0, 2])]): the call the lowering sees in its place."""
        lt = self.expr(item)
        call = A.Call(item, [item], [], span=item.span)
        call.np_name, call.np_operands, call.np_static = "array", [item], {}
        call.ty = self.np_type("array", [lt], {}, call, shown="array (a list as an index)")
        return call

    def array_index_word(self, item: A.Expr, it: TensorType, words: list[str]) -> str:
        """The pattern word of an array index: `m` a bool mask, `a` an int array."""
        from pts.ir.tensor_ops import ADVANCED
        if it.rank == 0:
            raise self.error("a 0-d array index is not supported: use int(...) or a 1-d array",
                             item)
        if any(w in ADVANCED for w in words) and (it.dtype == I1 or "m" in words):
            raise self.error("a boolean mask combined with another array index is not "
                             "supported: index with the mask alone (or use np.nonzero)", item)
        if it.dtype == I1:
            return "m"
        if it.dtype in INT_BITS:
            return "a"
        raise self.error("arrays used as indices must be of integer (or boolean) type, not "
                         f"{DTYPE_NAMES[it.dtype]}", item)


def check_tensor_assignment(checker, target: A.Subscript, value_t: Type, node: A.Node) -> None:
    """x[...] = v: v is a scalar or a tensor broadcastable to the selection (numpy casts)."""
    t = target.value.ty
    sel = checker.tensor_index(target, t, store=True)
    if not (isinstance(value_t, TensorType) or value_t in NUMBERS):
        raise CompileError(f"cannot assign {py_name(value_t)} into {py_name(t)}", node.span)
    # a higher-rank value may still fit (numpy drops leading size-1 axes): checked at run time
    target.ty = sel


__all__ = ["TensorChecks", "ANY_TENSOR", "DTypeType", "is_tensorish", "check_tensor_assignment",
           "DTYPES"]
