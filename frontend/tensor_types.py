"""Typing of numpy operations: which calls are in the language and what type they return.

pts types a numpy call by asking numpy itself.  Every operand is replaced by a stand-in of
its pts type — a tensor<f32, 2> becomes `np.ones((1, 1), np.float32)`, a Python float stays
the Python float `1.0` (a *weak* scalar under NEP 50), a float32 scalar becomes
`np.float32(1)` — and the numpy function runs on the stand-ins.  The dtype and rank of the
result are then exactly numpy's: NEP 50 promotion, reductions over axes with keepdims,
matmul's rank rules, division of ints giving float64, sums of int32 giving int64.  Sizes
stay dynamic, so only ranks and dtypes are fixed at compile time; shape errors surface at
run time with numpy's message.

Contract: `call_type(name, operands, static)` returns the pts type of `np.<name>(...)`, or
raises `TensorTypeError` with numpy's complaint (the checker turns it into a CompileError).
`NP_FUNCTIONS` lists the functions the language accepts and which of their arguments must
be compile-time constants (`axis`, `keepdims`, `dtype`, ...).
"""
from __future__ import annotations

import warnings
from typing import Any

from pts.ir.types import (DTYPE_NAMES, DTYPES, F32, F64, I1, I32, I64, NONE, NPF64, NPI1,
                          NPI64, SCALAR_OF_DTYPE, TensorType, TupleType, Type)


class TensorTypeError(Exception):
    pass


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

from pts.ir.ops import TENSOR_OPS  # noqa: E402  (the IR's vocabulary of tensor ops)
assert set(NP_FUNCTIONS) <= set(TENSOR_OPS), set(NP_FUNCTIONS) - set(TENSOR_OPS)

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
    "ravel": "ravel", "flatten": "ravel_copy", "copy": "copy", "astype": "astype",
    "clip": "clip", "swapaxes": "swapaxes", "item": "item",
}

# Operators on tensors and the ufuncs they are.
BINARY_UFUNCS = {"+": "add", "-": "subtract", "*": "multiply", "/": "true_divide",
                 "//": "floor_divide", "%": "remainder", "**": "power", "&": "bitwise_and",
                 "|": "bitwise_or", "^": "bitwise_xor", "<<": "left_shift",
                 ">>": "right_shift", "@": "matmul"}
COMPARE_UFUNCS = {"==": "equal", "!=": "not_equal", "<": "less", "<=": "less_equal",
                  ">": "greater", ">=": "greater_equal"}
UNARY_UFUNCS = {"-": "negative", "+": "positive", "~": "invert"}

def stand_in(t: Type) -> Any:
    """A tiny value of pts type `t` for numpy to compute the result type with."""
    import numpy as np
    if isinstance(t, TensorType):
        return np.ones((1,) * t.rank, dtype=DTYPE_NAMES[t.dtype])
    if t == I1:
        return True
    if t == I64:
        return 1
    if t == F64:
        return 1.0
    if t == F32:
        return np.float32(1)
    if t == I32:
        return np.int32(1)
    if t == NPF64:
        return np.float64(1)
    if t == NPI64:
        return np.int64(1)
    if t == NPI1:
        return np.bool_(True)
    if t == NONE:
        return None
    if isinstance(t, TupleType):
        return tuple(stand_in(e) for e in t.elems)
    raise TensorTypeError(f"a {t} cannot be used with numpy functions")


def type_of(value: Any) -> Type:
    """The pts type of what numpy returned for the stand-ins."""
    import numpy as np
    if isinstance(value, np.ndarray):
        dtype = DTYPES.get(value.dtype.name)
        if dtype is None:
            raise TensorTypeError(f"numpy dtype {value.dtype.name} is not supported "
                                  f"(float32, float64, int32, int64, bool are)")
        return TensorType(dtype, value.ndim)
    if isinstance(value, np.generic):
        t = DTYPES.get(value.dtype.name)
        if t is None:
            raise TensorTypeError(f"numpy dtype {value.dtype.name} is not supported")
        return SCALAR_OF_DTYPE[t]
    if isinstance(value, bool):
        return I1
    if isinstance(value, int):
        return I64
    if isinstance(value, float):
        return F64
    if isinstance(value, tuple):
        return TupleType(tuple(type_of(v) for v in value))
    raise TensorTypeError(f"unsupported result {type(value).__name__}")


def evaluate(name: str, operands: list, static: dict) -> Any:
    """Run np.<name> (or the method it stands for) on values; shared with the interpreter."""
    import numpy as np
    if name == "ravel_copy":
        return np.ravel(operands[0]).copy()
    if name == "astype":
        return operands[0].astype(static["dtype"])
    if name == "item":
        return operands[0].item()
    if name == "reshape":
        shape = operands[1:] if len(operands) > 2 else operands[1]
        return np.reshape(operands[0], shape)
    return getattr(np, name)(*operands, **static)


def call_type(name: str, operands: list[Type], static: dict) -> Type:
    """The pts type of np.<name>(*operands, **static), computed by numpy on stand-ins."""
    if name not in NP_FUNCTIONS and name not in ("ravel_copy", "item"):
        raise TensorTypeError(f"numpy function '{name}' is not supported")
    import numpy as np
    args = [stand_in(t) for t in operands]
    if name == "item":      # .item() gives a Python scalar
        t = operands[0]
        d = t.dtype if isinstance(t, TensorType) else t
        return {F32: F64, I32: I64, NPF64: F64, NPI64: I64, NPI1: I1}.get(d, d)
    try:
        with warnings.catch_warnings(), np.errstate(all="ignore"):
            warnings.simplefilter("ignore")
            result = evaluate(name, args, static)
    except Exception as e:   # numpy's own complaint: bad axis, bad dtype, ...
        raise TensorTypeError(str(e).splitlines()[0] if str(e) else type(e).__name__) from None
    return type_of(result)


def static_value(value: Any) -> Any:
    """A compile-time argument as numpy wants it (dtype objects from pts type names)."""
    return value


def dtype_of_constant(value: Any):
    """np.float32 / np.dtype('float32') / float / int / bool as a numpy dtype, or None."""
    import numpy as np
    try:
        dt = np.dtype(value)
    except TypeError:
        return None
    return dt if dt.name in DTYPES else None
