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
dict, like torch's; Python lists and tuples of objects) have children named "0", "1", ...
Calling an object that has `__pts_chain__ = True` (Sequential) is compiled as the chain
`child_n(...child_1(x))`: each call gets its own types, so the rank may change along a
Sequential (Conv2d, Flatten, Linear), which one loop variable could not do.

`resolve(root, path)` walks a path on a live object; the interpreter uses it to evaluate
`attr.get`/`attr.set` on the root it is given, so arrays changed after scripting are seen
by the next call.

Native code.  Today (`lift_attributes` below, no backend change needed): after the passes,
the tensor attributes become extra trailing parameters of the entry and of every function
that reads them, and the caller passes the live arrays; `attr.set` is refused.  The
design to replace it: the compiled module lists its tensor attribute paths in one table; the caller
(runtime.native for an in-process call, the C loader for an archive) passes an array of
tensor descriptors for them through the context pointer, in table order, borrowed as
arguments are; `attr.get k` loads descriptor k (codegen treats it like a parameter) and
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

    def __str__(self) -> str:
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
    """One attribute step: `obj.name`, or item `int(name)` of a list/tuple."""
    if isinstance(obj, (list, tuple)):
        return obj[int(name)]
    return getattr(obj, name)


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
        dtype = DTYPES.get(value.dtype.name)
        return None if dtype is None else TensorType(dtype, value.ndim)
    return None


def kind_of(value: Any) -> str | None:
    """TENSOR, CONST, OBJECT or FUNCTION; None for values pts cannot use."""
    np = _numpy()
    if np is not None and isinstance(value, np.ndarray):
        return TENSOR if tensor_type(value) is not None else None
    if constant_value_type(value) is not None:
        return CONST
    from pts.api import ScriptFunction
    if isinstance(value, (types.FunctionType, ScriptFunction)):
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
        return f"a numpy array of dtype {value.dtype.name} (float32, float64, int32, int64 " \
               f"and bool are supported)"
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


def is_chain(obj: Any) -> bool:
    """Is calling `obj` the chain of its children (pts.nn.Sequential)?"""
    return bool(getattr(type(obj), "__pts_chain__", False))


def method_function(obj: Any, name: str):
    """The plain function of method `name` defined by obj's class, else None."""
    if isinstance(obj, (list, tuple)):
        return None
    for klass in type(obj).__mro__:
        if name in klass.__dict__:
            f = klass.__dict__[name]
            from pts.api import ScriptFunction
            if isinstance(f, ScriptFunction):
                f = f.py_func
            return f if isinstance(f, types.FunctionType) else None
    return None


def class_name(obj: Any) -> str:
    return type(obj).__name__


def refuse(msg: str, node) -> CompileError:
    return CompileError(msg, node.span)


def _numpy():
    import sys
    return sys.modules.get("numpy")


# ---------------------------------------------------------------- native stand-in

def lift_attributes(module) -> tuple[tuple[str, ...], ...]:
    """Until native code has the attribute table (above), native models pass their tensor
    attributes as extra trailing parameters: every function that reads attributes (itself or
    through its callees) gets one parameter per attribute path of the module, calls pass
    them on, and `attr.get` becomes that parameter.  Returns the paths, in parameter order;
    the caller appends `resolve(root, path)` for each to the arguments.  Arrays are
    borrowed, so in-place updates (`self.running_mean[:] = ...`, `self.steps += 1`) reach
    the model; rebinding an attribute (`attr.set`) is refused here.  Run after the passes."""
    from pts.ir.core import BlockParam
    gets: dict = {}
    for f in module:
        for i in f.instructions():
            if i.op == "attr.set":
                raise CompileError(f"native code cannot rebind the attribute "
                                   f"'{i.attrs['path']}' yet (update it in place, e.g. "
                                   f"self.{i.attrs['path'].split('.')[-1]}[...] = v, or use "
                                   f"backend='interp')", i.span)
            if i.op == "attr.get":
                gets.setdefault(i.attrs["path"], i.type)
    if not gets:
        return ()
    paths = sorted(gets)
    needs = {f.name for f in module if any(i.op == "attr.get" for i in f.instructions())}
    changed = True
    while changed:                  # callers of functions that need attributes need them too
        changed = False
        for f in module:
            if f.name not in needs and any(i.op == "call" and i.attrs.get("callee") in needs
                                           for i in f.instructions()):
                needs.add(f.name)
                changed = True
    for f in module:
        if f.name not in needs:
            continue
        params = [f.entry.add_param(BlockParam(gets[p], "self." + p)) for p in paths]
        by_path = dict(zip(paths, params))
        mapping = {}
        for b in f.blocks:
            kept = []
            for i in b.instrs:
                if i.op == "attr.get":
                    mapping[i] = by_path[i.attrs["path"]]
                    continue
                if i.op == "call" and i.attrs.get("callee") in needs:
                    i.args = list(i.args) + params
                kept.append(i)
            b.instrs = kept
        f.replace_uses(mapping)
    return tuple(tuple(p.split(".")) for p in paths)
