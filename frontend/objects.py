"""Compile-time objects: how `pts.script(model)` sees `self` and its attributes.

A scripted model is a live Python object (the *root*).  Inside its methods, `self` and every
object reached from it (`self.convnet`, `self.convnet[0]`, the `layer` of
`for layer in self.layers`) is known at compile time: its checker type is
`ObjectType(path)`, the attribute path from the root (`("convnet", "0")`; the root is `()`).
Objects are never run-time values: they cannot be stored in variables or returned, and the
IR never sees them.  What the IR sees of an object is what its attributes are:

  attribute value                      compiled as
  -----------------------------------  ------------------------------------------------------
  numpy array (float32/64, int32/64,   a parameter/buffer read when the code runs:
    bool)                              `attr.get {path = "convnet.0.weight"}` -> tensor<f32, 4>
                                       (dtype and rank fixed by the array seen at compile
                                       time; sizes stay dynamic).  `self.w = v` is
                                       `attr.set {path = "w"}` (same dtype and rank).
  bool, int, float, str, None, tuple   a constant, folded into the code when it is compiled
    of those                           (like module-level constants); the scripted model
                                       checks them at each call and compiles again when one
                                       changed (`model.eval()` flips `training`).
  any other object, a list or tuple    an object: `ObjectType(path + (name,))`; calling it
    of objects                         calls its `forward`, `obj.method(...)` calls a
                                       method, iterating over it unrolls the loop.
  a plain function                     callable (`self.act(x)`), compiled like any callee.
  anything else (dict, set, ...)       a CompileError naming the attribute.

Methods are specialized like functions (Program.specialize) with `self` as a compile-time
argument: the key of a specialization is (function, argument types, constants), and the
receiver's ObjectType is both its first argument type and a constant, so each object path
gets its own specialization (two Linear layers compile `Linear.forward` twice).  Paths are
relative to the root, so inlining a method anywhere keeps its `attr.get`s meaningful.

Containers (`pts.nn.Sequential`, `ModuleList`, and any object with an ordered `_modules`
dict, like torch's; Python lists and tuples of objects) have children named "0", "1", ...;
a `ModuleDict`'s are its keys (`__pts_mapping__`: iterating over it gives the keys).  Loops
over containers are unrolled (`for layer in self.layers`, `enumerate(...)`, `zip(...)`,
`.items()`, `range(len(...))`: the index or key is a constant of each copy), and a slice
`self.layers[1:]` is an ObjectType of the container that keeps some of its children.
Calling an object that has `__pts_chain__ = True` (Sequential) is compiled as the chain
`child_n(...child_1(x))`: each call gets its own types, so the rank may change along a
Sequential (Conv2d, Flatten, Linear), which one loop variable could not do.

`resolve(root, path)` walks a path on a live object; the interpreter uses it to evaluate
`attr.get`/`attr.set` on the root it is given, so arrays changed after scripting are seen
by the next call.

Native code.  Today (the IR pass ir.passes.lift_attributes, no backend change needed):
after the passes, the tensor attributes become extra trailing parameters of the entry and
of every function that reads them, and the caller passes the live arrays; `attr.set` is
refused.  The design to replace it: the compiled module lists its tensor attribute paths in
one table; the caller (runtime.native for an in-process call, the C loader for an archive)
passes an array of tensor descriptors for them through the context pointer, in table order,
borrowed as arguments are; `attr.get k` loads descriptor k (codegen treats it like a parameter) and
`attr.set k` stores a new owned descriptor into slot k, which the caller writes back to the
attribute after the call (`setattr(resolve(root, parent), name, array)`).
"""
from __future__ import annotations

import types
from dataclasses import dataclass, field
from typing import Any

from pts.errors import CompileError
from pts.ir.types import (DTYPES, F64, I1, I64, NONE, STR, TensorType, TupleType, Type)


@dataclass(frozen=True)
class ObjectType(Type):
    """A compile-time object: the attribute path from the scripted root."""
    path: tuple[str, ...]
    cls: str = field(default="object", compare=False)
    # a slice of the container at `path` (`self.layers[1:]`): the names of the children it
    # keeps, which stay children of that container (their paths are path + (name,))
    items: tuple[str, ...] | None = None

    def __str__(self) -> str:
        if self.items is not None:
            return f"object<{self.dotted or 'self'}[{','.join(self.items)}]>"
        return f"object<{self.dotted or 'self'}>"

    __repr__ = __str__

    @property
    def dotted(self) -> str:
        return ".".join(self.path)

    def child(self, name: str, value: Any) -> "ObjectType":
        return ObjectType(self.path + (str(name),), type(value).__name__)


def py_object_name(t: ObjectType) -> str:
    """How errors name an object: `'Linear' object (self.linearnet.0)`."""
    return f"'{t.cls}' object (self{'.' if t.path else ''}{t.dotted})"


def step(obj: Any, name: str) -> Any:
    """One attribute step: `obj.name`, or item `int(name)` of a list/tuple; a scripted
    module met on the way (`pts.script(MyDecisionGate())` kept as a submodule, as the
    TorchScript tutorial does) is its root model: the compiled code sees the plain module."""
    if isinstance(obj, (list, tuple)):
        value = obj[int(name)]
    else:
        value = getattr(obj, name)
    return unwrap(value)


def unwrap(value: Any) -> Any:
    """The model a pts.api.ScriptModule wraps (it says so with its class attribute
    `wraps_python_module`: the frontend sits below pts.api), else value itself."""
    if getattr(type(value), "wraps_python_module", False):
        return value.__dict__["module"]
    return value


def resolve(root: Any, path) -> Any:
    for name in path:
        root = step(root, name)
    return root


# ---------------------------------------------------------------- what an attribute is

TENSOR, CONST, OBJECT, FUNCTION = "tensor", "const", "object", "function"

_NOT_OBJECTS = (type, types.ModuleType, types.BuiltinFunctionType, types.MethodType,
                dict, set, frozenset, bytes, bytearray, complex)


def constant_value_type(value: Any) -> Type | None:
    """The type of an attribute value folded as a constant, else None."""
    if value is None:
        return NONE
    if isinstance(value, bool):
        return I1
    if isinstance(value, int):
        return I64 if -(1 << 63) <= value < (1 << 63) else None
    if isinstance(value, float):
        return F64
    if isinstance(value, str):
        return STR
    if isinstance(value, tuple) and value:
        elems = [constant_value_type(v) for v in value]
        if None in elems or STR in elems or NONE in elems:
            return None
        return TupleType(tuple(elems))
    return None


def tensor_type(value: Any) -> Type | None:
    np = _numpy()
    if np is not None and isinstance(value, np.ndarray):
        dtype = _dtype_of(value)        # (numpy's dtype.name is Python code: slow)
        return None if dtype is None else TensorType(dtype, value.ndim)
    return None


_DTYPES_OF_NUMPY: dict = {}         # numpy dtype -> IR dtype, for guards and checks (no .name)


def _dtype_of(array) -> Type | None:
    """The IR dtype of a numpy array's elements (DTYPES), None for other dtypes."""
    if not _DTYPES_OF_NUMPY:
        np = _numpy()
        _DTYPES_OF_NUMPY.update({np.dtype(name): t for name, t in DTYPES.items()})
    dtype = _DTYPES_OF_NUMPY.get(array.dtype)
    return dtype if dtype is not None else DTYPES.get(array.dtype.name)   # byte-swapped


def guards_hold(root: Any, guards) -> bool:
    """Is everything the code folded in from the model (`guards`: the Program's
    object_reads, path -> (kind, what was seen)) still what it was on `root`?"""
    np = _numpy()
    for path, (kind, expected) in guards:
        try:
            value = resolve(root, path)
        except (AttributeError, IndexError, ValueError, TypeError):
            return False
        if kind == TENSOR:
            if not (np is not None and isinstance(value, np.ndarray) and
                    value.ndim == expected.rank and _dtype_of(value) == expected.dtype):
                return False
        elif kind == CONST:
            if type(value) is not type(expected) or not (value is expected or value == expected):
                return False
        elif kind == "class":
            if type(value) is not expected:
                return False
        elif kind == "children":
            if tuple(children(value) or ()) != expected:
                return False
    return True


def kind_of(value: Any) -> str | None:
    """TENSOR, CONST, OBJECT or FUNCTION; None for values pts cannot use."""
    np = _numpy()
    if np is not None and isinstance(value, np.ndarray):
        return TENSOR if tensor_type(value) is not None else None
    if constant_value_type(value) is not None:
        return CONST
    if python_function(value) is not None:
        return FUNCTION
    if isinstance(value, (list, tuple)):
        return OBJECT if value and all(kind_of(v) == OBJECT for v in value) else None
    if isinstance(value, _NOT_OBJECTS) or (np is not None and isinstance(value, np.generic)):
        return None
    if callable(value) and not hasattr(value, "__dict__"):
        return None
    return OBJECT if hasattr(value, "__dict__") or hasattr(type(value), "__slots__") else None


def describe_value(value: Any) -> str:
    np = _numpy()
    if np is not None and isinstance(value, np.ndarray):
        return f"a numpy array of dtype {value.dtype.name} ({', '.join(DTYPES)} are " \
               f"supported)"
    if isinstance(value, tuple):
        return "a tuple that mixes or holds unsupported values (tuples of numbers are " \
               "constants, tuples of objects are containers)"
    if isinstance(value, list):
        return "a list (lists of objects are containers; use a tuple for constants)"
    return f"a value of type {type(value).__name__}"


def children(obj: Any) -> list[str] | None:
    """The child names of a container object, in iteration order, else None."""
    if isinstance(obj, (list, tuple)):
        return [str(i) for i in range(len(obj))]
    mods = getattr(obj, "_modules", None)
    if isinstance(mods, dict) and hasattr(type(obj), "__iter__"):
        return [str(k) for k in mods]
    return None


def is_mapping(obj: Any) -> bool:
    """Does iterating over the container `obj` give its keys (pts.nn.ModuleDict)?"""
    return bool(getattr(type(obj), "__pts_mapping__", False))


def is_chain(obj: Any) -> bool:
    """Is calling `obj` the chain of its children (pts.nn.Sequential)?"""
    return bool(getattr(type(obj), "__pts_chain__", False))


def forward_function(obj: Any):
    """The function compiled as `obj`'s forward when obj is the scripted root: a chain's
    (pts.nn.Sequential) `__pts_chain_forward__`, the call of its chain, so that its layers
    fuse as they do in a model that holds it (its `forward` is a loop over the children);
    else its class's `forward` (None without one)."""
    if is_chain(obj):
        chain = method_function(obj, "__pts_chain_forward__")
        if chain is not None:
            return chain
    return method_function(obj, "forward")


def method_function(obj: Any, name: str):
    """The plain function of method `name` defined by obj's class, else None."""
    if isinstance(obj, (list, tuple)):
        return None
    for klass in type(obj).__mro__:
        if name in klass.__dict__:
            return python_function(klass.__dict__[name])
    return None


def python_function(value: Any):
    """The plain Python function pts compiles for `value`: a function itself, or the one a
    `@pts.script` wrapper holds (pts.api.ScriptFunction, which says so with its class
    attribute `wraps_python_function`: the frontend sits below pts.api and cannot name
    it); None for anything else."""
    if isinstance(value, types.FunctionType):
        # (pts.is_scripting: compiled code calls a stand-in that returns True)
        return getattr(value, "__pts_compiled__", value)
    if getattr(type(value), "wraps_python_function", False):
        return value.py_func
    if getattr(value, "__module__", None) == "_bisect":     # bisect.*: stdlib/pybisect.py
        from pts.stdlib import pybisect
        return getattr(pybisect, {"bisect": "bisect_right", "insort": "insort_right"}.get(
            value.__name__, value.__name__), None)
    return _random_function(value)


def _random_function(value: Any):
    """random.*'s and np.random.*'s module-level functions (bound methods of the modules'
    hidden generators): stdlib/pyrandom.py's and stdlib/pynprandom.py's, which draw from
    the same generators; else None."""
    import sys
    name = getattr(value, "__name__", "_")
    if name.startswith("_"):
        return None
    owner = getattr(value, "__self__", None)
    py_random, mtrand = sys.modules.get("random"), sys.modules.get("numpy.random.mtrand")
    if py_random is not None and owner is not None and owner is getattr(py_random, "_inst", None):
        from pts.stdlib import pyrandom as library
    elif mtrand is not None and (owner is not None and owner is getattr(mtrand, "_rand", None)
                                 or getattr(mtrand, name, None) is value):   # (np.random.seed)
        from pts.stdlib import pynprandom as library
    else:
        return None
    fn = getattr(library, name, None)
    return fn if isinstance(fn, types.FunctionType) else None


def class_name(obj: Any) -> str:
    return type(obj).__name__


def refuse(msg: str, node) -> CompileError:
    return CompileError(msg, node.span)


def _numpy():
    import sys
    return sys.modules.get("numpy")
