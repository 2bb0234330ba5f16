"""Type checking of code that uses compile-time objects (`self` in a scripted model).
Mixed into `check.FunctionChecker`; the object model is described in `frontend.objects`.

What each construct records on its node for the lowering:
- `self.w` (a tensor attribute): `node.attr_path` (tuple) -> `attr.get`; as an assignment
  target -> `attr.set`.
- `self.eps` (a constant attribute): `node.const` = the value, `node.obj_const` = True.
- `self.conv(x)`, `layer(x)`, `self.helper(x)`: a call of the method's function with the
  receiver as its first argument; calling an object calls its class's `__call__`, or its
  `forward` when `__call__` only forwards (pts.nn.Module's, marked `__pts_calls_forward__`)
  or is missing
  (`call.receiver_bound`); the receiver's ObjectType is a
  constant of the callee's specialization, so the IR call does not pass it.
- calling a chain object (Sequential): `call.chain`, the synthesized nested calls.
- `for layer in self.layers`: `for.unrolled`, one copy of the body per child in which the
  target's Names carry `name.obj` (the child's ObjectType).
- `len(self.layers)`: `call.obj_len`.
- `if` tests that read object constants (`self.bias is None`, `self.training`), or only
  values the specialization fixes (`weight is None`, `reduction == "mean"`, `x.ndim == 4`,
  `x.dtype == np.float32`; ObjectChecks.decidable): `if.static` is True/False and only
  that branch is checked and lowered.
"""
from __future__ import annotations

import copy
import operator

from pts.frontend import ast as A
from pts.frontend.objects import (CONST, FUNCTION, OBJECT, TENSOR, ObjectType, children,
                                  constant_value_type, describe_value, is_chain, kind_of,
                                  method_function, py_object_name, step, tensor_type)
from pts.ir.types import NONE, TensorType, TupleType, py_name

_COMPARE = {"==": operator.eq, "!=": operator.ne, "<": operator.lt, "<=": operator.le,
            ">": operator.gt, ">=": operator.ge}
_NO_VALUE = object()


class ObjectChecks:
    """Methods of FunctionChecker for objects (self is the checker)."""

    def object_name(self, t: ObjectType) -> str:
        return py_object_name(t)

    def live(self, t: ObjectType):
        return self.program.object_at(t)

    def child_of(self, t: ObjectType, name: str, value) -> ObjectType:
        """The object at t.name, remembering its class (the model's guards check it)."""
        child = t.child(name, value)
        self.program.object_reads[child.path] = ("class", type(value))
        return child

    def instance_has(self, obj, name: str) -> bool:
        d = getattr(obj, "__dict__", None)
        return isinstance(d, dict) and name in d

    # ---------------------------------------------------------------- attributes

    def attribute_value(self, e: A.Attribute, t: ObjectType):
        obj = self.live(t)
        if not self.instance_has(obj, e.attr) and method_function(obj, e.attr) is not None:
            return obj, None, "method"
        try:
            value = step(obj, e.attr)
        except AttributeError:
            raise self.error(f"{self.object_name(t)} has no attribute '{e.attr}'", e) from None
        except Exception as err:   # a property that fails
            raise self.error(f"reading attribute '{e.attr}' of {self.object_name(t)} "
                             f"raised {type(err).__name__}: {err}", e) from None
        return obj, value, kind_of(value)

    def object_attribute(self, e: A.Attribute, t: ObjectType):
        obj, value, kind = self.attribute_value(e, t)
        path = t.path + (e.attr,)
        if kind == TENSOR:
            tt = tensor_type(value)
            e.attr_path = path
            self.program.object_reads[path] = ("tensor", tt)
            return tt
        if kind == CONST:
            e.const = value
            e.obj_const = True
            self.program.object_reads[path] = ("const", value)
            return constant_value_type(value)
        if kind == OBJECT:
            return self.child_of(t, e.attr, value)
        if kind in ("method", FUNCTION):
            raise self.error(f"'{e.attr}' of {self.object_name(t)} is a "
                             f"{'method' if kind == 'method' else 'function'}: it can only "
                             f"be called", e)
        raise self.error(f"attribute '{e.attr}' of {self.object_name(t)} is "
                         f"{describe_value(value)}, which pts cannot compile (tensors, "
                         f"numbers, bools, strings, tuples of numbers and objects can be "
                         f"used)", e)

    def object_store(self, target: A.Attribute, t: ObjectType, value_t, node: A.Node) -> None:
        """`self.w = v`: only tensor attributes, keeping their dtype and rank."""
        obj = self.live(t)
        where = f"attribute '{target.attr}' of {self.object_name(t)}"
        try:
            current = step(obj, target.attr)
        except AttributeError:
            raise self.error(f"cannot create {where} in scripted code (only existing tensor "
                             f"attributes can be assigned)", target) from None
        tt = tensor_type(current)
        if tt is None:
            raise self.error(f"cannot assign to {where}: it is {describe_value(current)}, "
                             f"not a tensor (only tensor attributes, the parameters and "
                             f"buffers, can be assigned in scripted code; numbers and other "
                             f"constants are folded in when the code is compiled)", target)
        if value_t != tt:
            raise self.error(f"cannot assign {py_name(value_t)} to {where}, which is "
                             f"{py_name(tt)} (a tensor attribute keeps its dtype and rank)",
                             node)
        target.attr_path = t.path + (target.attr,)
        target.ty = tt
        self.program.object_reads[target.attr_path] = ("tensor", tt)

    def object_augassign_target(self, target: A.Attribute, cur) -> None:
        if getattr(target, "attr_path", None) is None or not isinstance(cur, TensorType):
            if isinstance(target.value.ty, ObjectType):
                raise self.error(f"cannot assign to attribute '{target.attr}' of "
                                 f"{self.object_name(target.value.ty)}: only tensor "
                                 f"attributes can be assigned in scripted code", target)
            raise self.error("cannot assign to this expression", target)

    # ---------------------------------------------------------------- containers

    def object_children(self, t: ObjectType, node: A.Node, what: str) -> tuple[object, list]:
        obj = self.live(t)
        names = children(obj)
        if names is not None:
            self.program.object_reads[t.path] = ("children", tuple(names))
        if names is None:
            raise self.error(f"cannot {what} {self.object_name(t)}: only containers "
                             f"(Sequential, ModuleList, lists and tuples of objects) can", node)
        return obj, names

    def object_item(self, e: A.Subscript, t: ObjectType):
        from pts.frontend.check import _const_int
        obj, names = self.object_children(t, e, "index")
        i = _const_int(e.index, self)
        if i is None:
            raise self.error("the index of a container of objects must be a constant int", e.index)
        self.expr(e.index)
        n = len(names)
        if not -n <= i < n:
            raise self.error(f"index {i} out of range for {self.object_name(t)} of length {n}",
                             e.index)
        name = names[i % n]
        return self.child_of(t, name, step(obj, name))

    def object_len(self, e: A.Call, t: ObjectType):
        from pts.ir.types import I64
        _, names = self.object_children(t, e.args[0], "take len() of")
        e.obj_len = len(names)
        return I64

    def for_objects(self, s: A.For, t: ObjectType) -> None:
        """`for layer in self.layers:` is unrolled: the body once per child, `layer` bound
        to that child at compile time (so each iteration calls a different forward)."""
        obj, names = self.object_children(t, s.iter, "iterate over")
        if not isinstance(s.target, A.Name):
            raise self.error("the target of a loop over objects must be a single name", s.target)
        if getattr(s, "unrolled", None) is None:
            s.unrolled = []
            for name in names:
                body = copy.deepcopy(s.body)
                _bind_name(self, body, s.target.id, self.child_of(t, name, step(obj, name)))
                s.unrolled.append(body)
        self.loop_depth += 1
        self.loop_kinds.append("unrolled")
        # the copies run once each, in order: straight-line code at the loop's own depth, so
        # `x = layer(x)` may change x's rank from one layer to the next (check.new_version)
        self.depth -= 1
        try:
            for body in s.unrolled:
                self.block(body)
        finally:
            self.depth += 1
        self.loop_kinds.pop()
        self.loop_depth -= 1
        self.depth -= 1
        try:
            self.block(s.orelse)
        finally:
            self.depth += 1

    def refuse_in_unrolled(self, what: str, s: A.Stmt) -> None:
        if self.loop_kinds and self.loop_kinds[-1] == "unrolled":
            raise self.error(f"'{what}' is not supported in a loop over objects (pts unrolls "
                             f"it: one copy of the body per object)", s)

    # ---------------------------------------------------------------- calls

    def callee_object(self, f: A.Expr) -> ObjectType | None:
        """The object a call like `layer(x)` or `self.layers[0](x)` calls, else None."""
        if isinstance(f, A.Name):
            if getattr(f, "obj", None) is not None or \
                    isinstance(self.vars.get(self.var_key(f.id)), ObjectType):
                return self.expr(f)
            return None
        if isinstance(f, A.Subscript) and isinstance(self.expr(f.value), ObjectType):
            t = self.expr(f)
            return t if isinstance(t, ObjectType) else None
        return None

    def call_object_attribute(self, e: A.Call, t: ObjectType, f: A.Attribute):
        """`obj.name(...)`: a method of obj's class, a child object (its forward), or a
        plain function stored as an attribute."""
        obj, value, kind = self.attribute_value(f, t)
        if kind == "method":
            return self.call_method_on(e, f.value, t, method_function(obj, f.attr), f.attr)
        if kind == FUNCTION:
            from pts.frontend.check import Callee  # noqa: F401  (call_function sets it)
            return self.call_function(e, value, f.attr, f)
        if kind == OBJECT:
            child = self.expr(f)
            return self.call_forward(e, f, child)
        raise self.error(f"'{f.attr}' of {self.object_name(t)} is not callable", f)

    def call_forward(self, e: A.Call, receiver: A.Expr, t: ObjectType):
        """Calling an object calls its `forward` (a Sequential: the chain of its children)."""
        obj = self.live(t)
        if is_chain(obj):
            return self.call_chain(e, t, obj)
        call = method_function(obj, "__call__")
        if call is not None and not getattr(call, "__pts_calls_forward__", False):
            return self.call_method_on(e, receiver, t, call, "__call__")
        method = method_function(obj, "forward")
        if method is None:
            raise self.error(f"{self.object_name(t)} is not callable: its class has no "
                             f"'forward' method", e.func)
        return self.call_method_on(e, receiver, t, method, "forward")

    def call_method_on(self, e: A.Call, receiver: A.Expr, t: ObjectType, pyfunc, name: str):
        from pts.frontend.source import parse_pyfunc
        from pts.errors import CompileError
        qual = f"{t.cls}.{name}"
        try:
            fdef = parse_pyfunc(pyfunc)
        except CompileError as err:
            raise CompileError(f"method '{qual}' is not in the pts language: {err.msg}",
                               err.span) from None
        if not fdef.params:
            raise self.error(f"method '{qual}' takes no 'self' parameter (static and class "
                             f"methods are not supported)", e)
        if not getattr(e, "receiver_bound", False):
            e.args = [receiver] + list(e.args)
            e.receiver_bound = True
        return self.call_function(e, pyfunc, qual, e.func)

    def call_chain(self, e: A.Call, t: ObjectType, obj):
        if getattr(e, "chain", None) is None:
            if e.keywords or len(e.args) != 1:
                raise self.error(f"calling {self.object_name(t)} takes exactly one "
                                 f"positional argument", e)
            node = e.args[0]
            _, names = self.object_children(t, e, "call")
            for name in names:
                child = self.child_of(t, name, step(obj, name))
                callee = A.Name(f"{t.dotted}.{name}", span=e.span)
                callee.obj = child
                node = A.Call(callee, [node], span=e.span)
            e.chain = node
        return self.expr(e.chain)

    # ---------------------------------------------------------------- static tests

    def static_truth(self, test: A.Expr) -> bool | None:
        """The value of an `if` test that reads object constants only, or only values the
        specialization fixes (`decidable`), else None."""
        if not _reads_object(test) and not self.decidable(test):
            return None
        return self._static_truth(test)

    def decidable(self, e: A.Expr) -> bool:
        """Is the test made of values the specialization fixes: literals, constant
        arguments (strings, literals the caller passed: `reduction == "mean"`), ranks and
        dtypes (`x.ndim == 4`, `x.dtype == np.float32`), tests against None (`weight is
        None`: types have no Optional, so a value typed None is always None and any other
        never is)?  Then only the branch it takes is checked, so the branches may differ
        in types (a loss returns a float or an array by its `reduction`)."""
        if isinstance(e, A.UnaryOp) and e.op == "not":
            return self.decidable(e.operand)
        if getattr(e, "decided", False) or _tuple_len(e, truth=True) is not None:
            return True          # `"name" in kwargs` (check_functions), `len(args)`, `if args:`
        if isinstance(e, A.BoolOp):
            return all(self.decidable(v) for v in e.values)
        if isinstance(e, A.Compare) and len(e.ops) == 1:
            left, right = e.left, e.comparators[0]
            if e.ops[0] in ("is", "is not"):
                # (an Optional is decided at run time; a narrowed one has its narrowed type)
                return NONE in (left.ty, right.ty) and not _optional(left.ty, right.ty)
            return e.ops[0] in _COMPARE and self._known(left) and self._known(right)
        return self._const_param(e)

    def _known(self, e: A.Expr) -> bool:
        from pts.frontend.check import _literal
        return isinstance(e, A.Const) or _literal(e) is not None or _is_rank(e) \
            or _tuple_len(e) is not None \
            or _is_dtype(e) or self._const_param(e)

    def _const_param(self, e: A.Expr) -> bool:
        return isinstance(e, A.Name) and e.id not in self.assigned \
            and getattr(e, "var", None) in self.spec.const_params

    def _static_truth(self, e: A.Expr) -> bool | None:
        if isinstance(e, A.UnaryOp) and e.op == "not":
            v = self._static_truth(e.operand)
            return None if v is None else not v
        if isinstance(e, A.BoolOp):
            vals = [self._static_truth(v) for v in e.values]
            stop = e.op == "or"          # `or` stops at the first true value
            for v in vals:
                if v is None:
                    return None
                if v == stop:
                    return stop
            return not stop
        if isinstance(e, A.Compare) and len(e.ops) == 1:
            op, left, right = e.ops[0], e.left, e.comparators[0]
            if op in ("is", "is not") and NONE in (left.ty, right.ty) \
                    and not _optional(left.ty, right.ty):
                same = left.ty == NONE and right.ty == NONE
                return same if op == "is" else not same
            if op in _COMPARE:
                a, b = self._static_value(left), self._static_value(right)
                if a is not _NO_VALUE and b is not _NO_VALUE:
                    try:
                        return bool(_COMPARE[op](a, b))
                    except TypeError:
                        return None
            return None
        n = _tuple_len(e, truth=True)
        if n is not None:
            return n > 0
        v = self._static_value(e)
        return None if v is _NO_VALUE else bool(v)

    def _static_value(self, e: A.Expr):
        from pts.frontend.check import _literal
        if isinstance(e, A.Const):
            return e.value
        v = _literal(e)
        if v is not None:
            return v
        if isinstance(e, (A.Name, A.Attribute)) and getattr(e, "const", None) is not None \
                and (getattr(e, "obj_const", False) or isinstance(e, A.Attribute)
                     or e.var not in self.vars):
            return e.const
        if getattr(e, "obj_const", False):       # an attribute that is None
            return e.const
        if self._const_param(e):
            return self.spec.const_params[e.var]
        if _is_rank(e):
            return e.value.ty.rank
        if _tuple_len(e) is not None:
            return _tuple_len(e)
        if _is_dtype(e):
            return e.ty
        return _NO_VALUE


def _tuple_len(e, truth: bool = False):
    """The length of a tuple its type fixes (a `*args`): `len(args)`, and with `truth`
    `args` as a truth value; else None."""
    if truth and isinstance(e, A.Name) and type(getattr(e, "ty", None)) is TupleType:
        return len(e.ty.elems)
    if isinstance(e, A.Call) and isinstance(e.func, A.Name) and e.func.id == "len" \
            and len(e.args) == 1 and type(getattr(e.args[0], "ty", None)) is TupleType \
            and getattr(getattr(e, "target", None), "kind", None) == "builtin":
        return len(e.args[0].ty.elems)
    return None


def _is_rank(e) -> bool:
    return isinstance(e, A.Attribute) and e.attr == "ndim" \
        and isinstance(getattr(e.value, "ty", None), TensorType)


def _is_dtype(e) -> bool:
    """`x.dtype`, `np.float32`: a value known from the types (a DTypeType)."""
    from pts.frontend.check_tensors import DTypeType
    return isinstance(getattr(e, "ty", None), DTypeType)


def _reads_object(e) -> bool:
    """Does the expression read an attribute of an object?"""
    if getattr(e, "obj_const", False) or getattr(e, "attr_path", None) is not None:
        return True
    if isinstance(e, A.Node):
        for v in vars(e).values():
            if isinstance(v, A.Node) and _reads_object(v):
                return True
            if isinstance(v, list) and any(isinstance(x, A.Node) and _reads_object(x) for x in v):
                return True
    return False


def _bind_name(checker, nodes, name: str, obj: ObjectType) -> None:
    """Mark every Name `name` in a loop body copy as the compile-time object `obj`."""
    for n in A.walk(nodes):
        if isinstance(n, A.Name) and n.id == name:
            n.obj = obj
        if isinstance(n, (A.Assign, A.AugAssign, A.AnnAssign, A.For)):
            targets = n.targets if isinstance(n, A.Assign) else [n.target]
            for t in targets:
                if _names_in(t) & {name}:
                    raise checker.error(f"cannot assign to '{name}', the variable of a loop "
                                        f"over objects", t)


def _names_in(t) -> set:
    if isinstance(t, A.Name):
        return {t.id}
    if isinstance(t, (A.TupleExpr, A.ListExpr)):
        return set().union(*(_names_in(x) for x in t.elts))
    return set()


def _optional(*types) -> bool:
    from pts.ir.types import OptionalType
    return any(isinstance(t, OptionalType) for t in types)
