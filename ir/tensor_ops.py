"""The tensor ops of the op table (see ir.op_table for what an entry holds): numpy's
functions as `np.NAME`, and the ops on the scripted object's tensor attributes.

`np.NAME` computes numpy's `np.NAME(*operands, **static)`, where `static` (an attribute
holding a Python literal dict) carries the compile-time arguments: axis, keepdims, dtype...;
`{"out": k}` makes operand k the output (x += y writes into x and gives x).  Exceptions:
  np.getitem   (array, index operands...) {pattern}: x[index]; the `pattern` attribute has
               one word per index item: `i` an int operand, `sLHS` a slice whose lower /
               upper / step are present (1) or absent (0), `n` a new axis; an optional
               `bounds` attribute (ir.passes.bound_indices) says, one letter per `i`, what
               is proven of that index: r in range, n >= 0, - nothing (the backend then
               skips the wrap, and for r the IndexError check); two more words index
               with an array operand (numpy's advanced indexing): `m` a bool mask (over
               as many axes as its rank; the only array word), `a` an int array (over one
               axis; several broadcast together, and the result takes their shape there,
               see `advanced_layout`)
  np.setitem   (array, value, index operands...) {pattern}: x[index] = value; no result
  np.index_add (array, value, index operands...) {pattern}: np.add.at(x, index, value):
               x[index] += value with each repeated index adding again; no result (not
               in TENSOR_OPS: differentiation emits it, the adjoint of a gather)
  np.reshape   (array, size operands... | one tuple of sizes)
  np.astype    (array) {dtype, copy}: x.astype(dtype, copy=copy)
  np.ravel     (array) {copy}: np.ravel(x), a view of contiguous data, else a copy;
               `copy: True` always copies (x.flatten()): the two differ in whether a write
               through the result can reach x, so one op with an attribute carries both
  np.array     (list) {dtype}: np.array of a (nested) list of numbers: rank = the nesting
               depth; dtype numpy's for the elements' type unless given (a ragged list is
               numpy's ValueError; an empty outer list has size 0 on every axis)
  np.shape     (array) -> tuple<i64, ...>: x.shape;  np.size (array) -> i64: x.size
  np.unit_stride (array) -> i1: are x's last axis's elements adjacent in memory
               (x.strides[-1] == x.itemsize)?  Not numpy's (no user can call it):
               ir.passes.version_loops asks it before a loop whose copy then indexes x's
               last axis with a stride of 1 (a `unit` attribute of np.getitem/np.setitem)
  np.item      (array or numpy scalar) -> the Python scalar: x.item()
  np.conv2d_wide (x: tensor<D, 4>, wm: tensor<D, 2>, bias: tensor<D, 1>, kh, kw, padding,
               relu: i1) -> tensor<D, 4>: not numpy's (the frontend emits it for calls of
               stdlib/nn.py's `_conv2d_wide`, which is its evaluation): conv2d of stride 1,
               wm the weight as (C_out, C * kh * kw), D float32 or float64, then a ReLU
               where `relu`
  np.sum_to    (g: tensor<D, m>, like: tensor<E, n>), m >= n -> tensor<D, n>: not numpy's
               (no user can call it; differentiation emits it, DESIGN.md §9) — g summed
               over its m-n leading axes and over every axis where `like` has size 1 and g
               does not, so that the result has like's shape: the adjoint of an operand
               that an op broadcast.  Which axes are summed is known only at run time
               (sizes are dynamic).  When g already has like's shape the result is g
               itself (no copy: a view, as reshape's may be); a size of `like` that is
               neither g's nor 1 is a ValueError (a bug of whoever emitted the op)
np.dot and np.matmul stay two ops: they differ on operands with more than 2 axes (dot
contracts a's last axis with b's second-to-last and is not batched), on scalar operands
(dot multiplies, matmul refuses) and in their shape errors' messages.

Type rule of np.*: numpy's own.  Every operand is replaced by a stand-in of its type — a
tensor<f32, 2> becomes `np.ones((1, 1), np.float32)`, an f64 the Python float `1.0` (a weak
scalar under NEP 50), an f32 `np.float32(1)` — and the op's evaluation runs on the
stand-ins; the dtype and rank of the result are then exactly numpy's (NEP 50 promotion,
reductions over axes with keepdims, matmul's rank rules, int division giving float64, sums
of int32 giving int64).  Sizes stay dynamic, so shape errors are numpy's at run time.
A rule failure carries numpy's complaint.  Results are cached per (op, types, attributes):
the verifier asks after every pass.

  attr.get     () {path} -> tensor<...>     the tensor attribute at `path` (dotted, from the
                                            scripted object: "convnet.0.weight") as it is when
                                            the op runs (see frontend.objects)
  attr.set     (tensor<...> v) {path}       rebind that attribute to v
  tensor.free  (tensor<...> t, tensor<...> keep...)  free t's allocation now, unless it is
                                            keep's (ir.passes.release_tensors; the interpreter
                                            lets numpy's GC do it)

The evaluation of an np.* op is `evaluate(*operands, static={}, pattern=None)`.  numpy is
imported on first use, not with the table: a program without tensors never loads it.
"""
from __future__ import annotations

import functools
import operator
import warnings
from typing import Any

from pts.ir.op_table import NOT_CONST, PURE, READ, TENSOR, WRITE, OpTypeError, OpUse, define
from pts.ir.types import (DTYPE_OF_SCALAR, INT_BITS, NUMPY_SCALARS, DTYPE_NAMES, DTYPES, F32, F64, I1, I32, I64, NONE, NPF64, NPI1,
                          NPI64, SCALAR_OF_DTYPE, TensorType, TupleType, Type)

TENSOR_OPS = """absolute add all any arange argmax argmin astype bitwise_and bitwise_or
bitwise_xor ceil clip concatenate copy cos dot empty empty_like equal exp expand_dims expm1
eye floor floor_divide full full_like getitem greater greater_equal invert item left_shift
less less_equal linspace log log1p logical_and logical_not logical_or matmul max maximum
mean min minimum multiply negative not_equal ones ones_like positive power prod ravel
remainder reshape right_shift array setitem shape sign sin size sqrt square squeeze stack std
subtract sum swapaxes tan tanh transpose true_divide var where zeros zeros_like""".split()

# the scalar types of a slice bound, and of an int index (a bool there is numpy's mask:
# x[True] adds an axis, so it is not an int index)
INT_INDEX_TYPES = (NPI64,) + tuple(INT_BITS)
INDEX_TYPES = (I1,) + INT_INDEX_TYPES
# pattern words that index with an array operand: a bool mask, an int array
ADVANCED = ("m", "a")


def advanced_layout(words: list[str], ranks: list[int]) -> tuple[list[int], bool]:
    """For a pattern with array words (one mask, or int arrays; ranks: each word's operand
    rank, 0 for the others): (the axis of x each array word starts at, whether the result
    axes of the arrays go first).  numpy counts the int words as advanced indices too, and
    puts the broadcast axes first when the advanced indices are not next to each other
    (x[0, :, idx] has idx's axes first)."""
    axes, axis = [], 0
    for k, w in enumerate(words):
        if w in ADVANCED:
            axes.append(axis)
        axis += 0 if w == "n" else ranks[k] if w == "m" else 1
    group = [k for k, w in enumerate(words) if w == "i" or w in ADVANCED]
    return axes, group[-1] - group[0] + 1 != len(group)


# ---------------------------------------------------------------- evaluation

def build_index(pattern: str, operands) -> tuple:
    """The numpy index tuple described by a getitem/setitem pattern."""
    it = iter(operands)
    index: list = []
    for word in pattern.split():
        if word == "i":
            index.append(operator.index(next(it)))
        elif word in ADVANCED:
            index.append(next(it))
        elif word == "n":
            index.append(None)
        else:
            index.append(slice(*[next(it) if flag == "1" else None for flag in word[1:]]))
    return tuple(index)


def evaluate(name: str, operands, static: dict, pattern: str | None = None) -> Any:
    """np.<name> on values, numpy's exceptions unchanged (the interpreter adds the span)."""
    import numpy as np
    if name == "getitem":
        return operands[0][build_index(pattern, operands[1:])]
    if name == "setitem":
        operands[0][build_index(pattern, operands[2:])] = operands[1]
        return None
    if name == "index_add":
        np.add.at(operands[0], build_index(pattern, operands[2:]), operands[1])
        return None
    if name == "shape":
        return tuple(int(d) for d in operands[0].shape)
    if name == "size":
        return int(operands[0].size)
    if name == "unit_stride":
        return bool(operands[0].strides[-1] == operands[0].itemsize)
    if name == "item":
        return operands[0].item()
    if "out" in static:
        static = {**static, "out": operands[static["out"]]}
    if name == "ravel":
        flat = np.ravel(operands[0])
        return flat.copy() if static.get("copy") else flat
    if name == "astype":
        return operands[0].astype(static["dtype"])
    if name == "reshape":
        shape = operands[1:] if len(operands) > 2 else operands[1]
        return np.reshape(operands[0], shape)
    if name == "sum_to":
        return sum_to(*operands)
    if name == "array":
        return from_list(operands[0], static.get("dtype"))
    return getattr(np, name)(*operands, **static)


def shape_text(shape) -> str:
    """numpy's shape text in messages: (2,3) (4,) ()."""
    return "(" + ",".join(map(str, shape)) + ("," if len(shape) == 1 else "") + ")"


def sum_to(g, like):
    """np.sum_to: g summed to like's shape (see the module docstring)."""
    import numpy as np
    shape = np.shape(like)
    lead = g.ndim - len(shape)
    if lead < 0 or any(n not in (1, m) for n, m in zip(shape, g.shape[lead:])):
        raise ValueError(f"cannot sum an array of shape {shape_text(g.shape)} to shape "
                         f"{shape_text(shape)}")
    axes = tuple(range(lead)) + tuple(lead + d for d, n in enumerate(shape)
                                      if n == 1 and g.shape[lead + d] != 1)
    if not axes:
        return g
    return np.sum(g, axis=axes, keepdims=True).reshape(shape)


def list_depth(t: Type) -> tuple[int, Type]:
    """(nesting depth, element type) of a list type: list<list<f64>> -> (2, f64)."""
    from pts.ir.types import ListType
    depth = 0
    while isinstance(t, ListType):
        depth, t = depth + 1, t.elem
    return depth, t


def from_list(values, dtype):
    """np.array(values, dtype); an empty list of lists keeps its depth as a rank."""
    import numpy as np
    a = np.array(values, dtype=dtype)
    return a


def _evaluator(name: str):
    def run(*operands, static: dict | None = None, pattern: str | None = None):
        return evaluate(name, operands, static or {}, pattern)
    return run


# ---------------------------------------------------------------- type rules

def stand_in(t: Type) -> Any:
    """A tiny value of pts type `t` for numpy to compute the result type with."""
    import numpy as np
    if isinstance(t, TensorType):
        return np.ones((1,) * t.rank, dtype=DTYPE_NAMES[t.dtype])
    if isinstance(t, TupleType):
        return tuple(stand_in(e) for e in t.elems)
    values = {I1: True, I64: 1, F64: 1.0, NPI1: np.bool_(True), NONE: None}
    if t in NUMPY_SCALARS:
        return np.dtype(DTYPE_NAMES[DTYPE_OF_SCALAR[t]]).type(1)
    if t not in values:
        raise OpTypeError(f"a {t} cannot be used with numpy functions")
    return values[t]


def type_of(value: Any) -> Type:
    """The pts type of what numpy returned for the stand-ins."""
    import numpy as np
    if isinstance(value, (np.ndarray, np.generic)):
        dtype = DTYPES.get(value.dtype.name)
        if dtype is None:
            raise OpTypeError(f"numpy dtype {value.dtype.name} is not supported "
                              f"({', '.join(DTYPES)} are)")
        return TensorType(dtype, value.ndim) if isinstance(value, np.ndarray) \
            else SCALAR_OF_DTYPE[dtype]
    if value is None:
        return NONE
    if isinstance(value, bool):
        return I1
    if isinstance(value, int):
        return I64
    if isinstance(value, float):
        return F64
    if isinstance(value, tuple):
        return TupleType(tuple(type_of(v) for v in value))
    raise OpTypeError(f"unsupported result {type(value).__name__}")


@functools.lru_cache(maxsize=4096)
def _numpy_type(name: str, types: tuple[Type, ...], static_text: str) -> Type | OpTypeError:
    """np.<name>'s result type on stand-ins of `types` (the error, cached too)."""
    import numpy as np
    try:
        static = OpUse("np." + name, types, {"static": static_text}).static()
        args = [stand_in(t) for t in types]
        with warnings.catch_warnings(), np.errstate(all="ignore"):
            warnings.simplefilter("ignore")
            return type_of(evaluate(name, args, static))
    except OpTypeError as e:
        return e
    except Exception as e:   # numpy's own complaint: bad axis, bad dtype, bad cast, ...
        return OpTypeError(str(e).splitlines()[0] if str(e) else type(e).__name__)


def _numpy_rule(use: OpUse) -> Type:
    result = _numpy_type(use.op[3:], tuple(use.types), use.attrs.get("static") or "{}")
    if isinstance(result, OpTypeError):
        raise result
    return result


def _index_operands(use: OpUse, first: int) -> int:
    """Check a getitem/setitem pattern against its index operands; the rank it keeps."""
    pattern = use.attrs.get("pattern")
    if not isinstance(pattern, str):
        use.fail("expected a pattern attribute")
    t = use.types[0]
    if not isinstance(t, TensorType):
        use.fail(f"expected an array, found {t}")
    words = pattern.split()
    # the type each index operand must have, in order: one per `i`, one per present bound,
    # one per array word
    kinds = [w if w in ADVANCED else INT_INDEX_TYPES if w == "i" else INDEX_TYPES
             for w in words for _ in range(1 if w == "i" or w in ADVANCED
                                           else w.count("1") if w[0] == "s" else 0)]
    if len(use.types) - first != len(kinds):
        use.fail(f"expected {len(kinds)} index operand(s) for pattern {pattern!r}, "
                 f"found {len(use.types) - first}")
    if "m" in words and sum(1 for w in words if w in ADVANCED) > 1:
        use.fail("expected a mask as the only array index")
    consumed, added, broadcast = 0, 0, 0
    operands = iter(use.types[first:])
    for w in words:
        if w == "n":
            added += 1
            continue
        if w == "i" or w[0] == "s":
            for _ in range(1 if w == "i" else w.count("1")):
                t_k = next(operands)
                if t_k not in (INT_INDEX_TYPES if w == "i" else INDEX_TYPES):
                    use.fail(f"expected an integer index, found {t_k}")
            consumed += 1
            added += w != "i"
            continue
        t_k = next(operands)
        want = (I1,) if w == "m" else tuple(INT_BITS)
        if not (isinstance(t_k, TensorType) and t_k.dtype in want and t_k.rank >= 1):
            use.fail(f"expected a {'bool' if w == 'm' else 'int'} array index, found {t_k}")
        consumed += t_k.rank if w == "m" else 1
        broadcast = max(broadcast, 1 if w == "m" else t_k.rank)   # int arrays broadcast
    if consumed > t.rank:
        use.fail(f"too many indices for array: array is {t.rank}-dimensional, but "
                 f"{consumed} were indexed")
    return t.rank - consumed + added + broadcast


def _getitem(use: OpUse) -> Type:
    rank = _index_operands(use, 1)
    t = use.types[0]
    words = use.attrs["pattern"].split()
    if rank == 0 and "n" not in words and not set(words) & set(ADVANCED):
        return SCALAR_OF_DTYPE[t.dtype]        # x[i, j]: a numpy scalar
    return TensorType(t.dtype, rank)


def _setitem(use: OpUse) -> None:
    if len(use.types) < 2:
        use.fail("expected an array and a value")
    _index_operands(use, 2)
    v = use.types[1]
    if not (isinstance(v, TensorType) or v in SCALAR_OF_DTYPE.values() or v in (I1, I64, F64)):
        use.fail(f"expected a number or an array to store, found {v}")
    return None


def _reshape(use: OpUse) -> Type:
    if len(use.types) < 2 or not isinstance(use.types[0], TensorType):
        use.fail("expected an array and its new sizes")
    sizes = list(use.types[1:])
    if len(sizes) == 1 and isinstance(sizes[0], TupleType):
        sizes = list(sizes[0].elems)
    for s in sizes:
        if s not in INDEX_TYPES:
            use.fail(f"expected integer sizes, found {s}")
    return TensorType(use.types[0].dtype, len(sizes))


def _array(use: OpUse) -> Type:
    use.arity(1)
    depth, elem = list_depth(use.types[0])
    if depth == 0 or not (elem in (I1, I64, F64) or elem in NUMPY_SCALARS):
        use.fail(f"expected a (nested) list of numbers, found {use.types[0]}")
    static = use.static()
    dtype = static.get("dtype")
    if dtype is None:
        from pts.ir.types import DTYPE_OF_SCALAR
        dtype = {I1: "bool", I64: "int64", F64: "float64"}.get(elem) or \
            DTYPE_NAMES[DTYPE_OF_SCALAR[elem]]
    if dtype not in DTYPES:
        use.fail(f"unsupported dtype {dtype}")
    return TensorType(DTYPES[dtype], depth)


def _attr_get(use: OpUse) -> Type:
    use.arity(0)
    t = use.declared_result()
    if not isinstance(use.attrs.get("path"), str) or not isinstance(t, TensorType):
        use.fail(f"expected a path attribute and a tensor result, found {t}")
    return t


def _attr_set(use: OpUse) -> None:
    use.arity(1)
    if not isinstance(use.attrs.get("path"), str) or not isinstance(use.types[0], TensorType):
        use.fail("expected a path attribute and a tensor")
    return None


def _tensor_free(use: OpUse) -> None:
    if not use.types or not all(isinstance(t, TensorType) for t in use.types):
        use.fail("expected one or more tensors")
    if use.const(0) is not NOT_CONST:
        use.fail("expected a tensor value to free, found a constant")
    return None


def _unit_stride(use: OpUse) -> Type:
    use.arity(1)
    if not (isinstance(use.types[0], TensorType) and use.types[0].rank >= 1):
        use.fail(f"expected an array of rank >= 1, found {use.types[0]}")
    if use.attrs.get("static") not in (None, "{}"):
        use.fail("expected no static arguments")
    return I1


def _sum_to(use: OpUse) -> Type:
    use.arity(2)
    g, like = use.types
    if not (isinstance(g, TensorType) and isinstance(like, TensorType)) or g.dtype == I1 \
            or g.rank < like.rank:
        use.fail("expected a numeric array and an array of no greater rank")
    if use.attrs.get("static") not in (None, "{}"):
        use.fail("expected no static arguments")
    return TensorType(g.dtype, like.rank)


def _conv2d_wide(use: OpUse) -> Type:
    use.arity(7)
    x, wm, bias = use.types[:3]
    if not (isinstance(x, TensorType) and x.rank == 4 and x.dtype in (F32, F64)
            and wm == TensorType(x.dtype, 2) and bias == TensorType(x.dtype, 1)):
        use.fail("expected a float32 or float64 (N, C, H, W) input, a 2-D weight and a 1-D "
                 "bias of its dtype")
    if any(t not in INT_INDEX_TYPES for t in use.types[3:6]) or use.types[6] != I1:
        use.fail("expected int kernel sizes and padding, and a bool (a ReLU after it)")
    if use.attrs.get("static") not in (None, "{}"):
        use.fail("expected no static arguments")
    return x


def _conv2d_wide_evaluate(*operands, static: dict | None = None, pattern: str | None = None):
    from pts.stdlib import nn
    return nn._conv2d_wide(*operands)


RULES = {"getitem": _getitem, "setitem": _setitem, "reshape": _reshape, "sum_to": _sum_to,
         "array": _array}

for _name in TENSOR_OPS:
    define("np." + _name, TENSOR, _evaluator(_name), RULES.get(_name, _numpy_rule))
# not numpy's and not in TENSOR_OPS (the frontend never emits it): differentiation's
define("np.sum_to", TENSOR, _evaluator("sum_to"), _sum_to)
define("np.index_add", TENSOR, _evaluator("index_add"), _setitem)
# stdlib/nn.py's conv2d of stride 1 (its `_conv2d_wide`, which calls compile to this op;
# backend/conv.py): no derivative rule, conv2d's gradient is its hand-written conv2d_vjp
define("np.conv2d_wide", TENSOR, _conv2d_wide_evaluate, _conv2d_wide)
# (a strided array's strides never change: pure)
define("np.unit_stride", PURE, _evaluator("unit_stride"), _unit_stride)
# attributes of the scripted object: evaluated by the interpreter on the root it is given
define("attr.get", READ, None, _attr_get)
define("attr.set", WRITE, None, _attr_set)
# the allocation a tensor owns dies here (ir.passes.release_tensors; numpy's GC in the
# interpreter)
define("tensor.free", WRITE, lambda *xs: None, _tensor_free)
