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
                                  constant_value_type, describe_value, is_chain, is_mapping,
                                  kind_of,
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
        if isinstance(value, list) and value and constant_value_type(tuple(value)) is not None:
            # a list of numbers is folded as a tuple (read only: `self.sizes[i]`, loops,
            # len); the guard keeps a copy, so a change in place compiles again
            e.const = tuple(value)
            e.obj_const = True
            self.program.object_reads[path] = ("const", list(value))
            return constant_value_type(e.const)
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
                             f"(Sequential, ModuleList, ModuleDict, lists and tuples of "
                             f"objects) can", node)
        if t.items is not None:            # a slice of the container
            names = list(t.items)
        return obj, names

    def object_item(self, e: A.Subscript, t: ObjectType):
        from pts.frontend.check import _const_int
        obj, names = self.object_children(t, e, "index")
        if isinstance(e.index, A.Slice):
            return self.object_slice(e.index, t, names)
        key = getattr(e.index, "unrolled_const", None)
        i = _const_int(e.index, self) if key is None else key
        if i is None and isinstance(e.index, A.Const) and isinstance(e.index.value, str):
            i = e.index.value
        self.expr(e.index)
        if i is None and getattr(e.index, "obj_const", False):
            i = e.index.const                      # self.layers[self.k]
        if isinstance(i, str) and is_mapping(obj):
            if i not in names:
                raise self.error(f"{self.object_name(t)} has no key {i!r}", e.index)
            return self.child_of(t, i, step(obj, i))
        if not isinstance(i, int) or isinstance(i, bool) or is_mapping(obj):
            raise self.error(f"the {'key' if is_mapping(obj) else 'index'} of a container "
                             f"of objects must be a constant {'str' if is_mapping(obj) else 'int'} "
                             f"(a literal, or the variable of a loop over objects or over "
                             f"range(len(...)), which pts unrolls)", e.index)
        n = len(names)
        if not -n <= i < n:
            raise self.error(f"index {i} out of range for {self.object_name(t)} of length {n}",
                             e.index)
        name = names[i % n]
        return self.child_of(t, name, step(obj, name))

    def object_slice(self, sl: A.Slice, t: ObjectType, names: list) -> ObjectType:
        """`self.layers[1:]`, `self.layers[::-1]`: the container keeping those children."""
        from pts.frontend.check import _const_int
        bounds = []
        for part in (sl.lower, sl.upper, sl.step):
            if part is None:
                bounds.append(None)
                continue
            v = _const_int(part, self)
            if v is None:
                raise self.error("the bounds of a slice of a container of objects must be "
                                 "constant ints", part)
            self.expr(part)
            bounds.append(v)
        if bounds[2] == 0:
            raise self.error("slice step cannot be zero", sl)
        return ObjectType(t.path, t.cls, tuple(names[slice(*bounds)]))

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
            if is_mapping(obj):                 # a ModuleDict: its keys
                self.unroll(s, [[(s.target, name)] for name in names])
            else:
                self.unroll(s, [[(s.target, self.child_of(t, name, step(obj, name)))]
                                for name in names])
        self.run_unrolled(s)

    def unroll(self, s: A.For, bindings: list) -> None:
        """s.unrolled: one copy of the body per iteration, each binding its target Names to
        an object (ObjectType) or to a constant (an index, a key: assigned at the top of the
        copy, and marked `unrolled_const` for `self.layers[i]`)."""
        s.unrolled = []
        for binds in bindings:
            body = copy.deepcopy(s.body)
            head = []
            for target, value in binds:
                _bind(self, body, target.id, value)
                if not isinstance(value, ObjectType):
                    name = A.Name(target.id, span=target.span)
                    if hasattr(target, "web_key"):      # (frontend.variable_webs)
                        name.web_key = target.web_key
                    head.append(A.Assign([name], A.Const(value, span=target.span),
                                         span=target.span))
            s.unrolled.append(head + body)

    def for_object_pattern(self, s: A.For) -> bool:
        """`for i, layer in enumerate(self.layers)`, `for a, b in zip(self.x, self.y)`,
        `for k, m in self.d.items()` (`.keys()`, `.values()`), `for i in
        range(len(self.layers))`: unrolled like a loop over the objects (True), else False."""
        it = s.iter
        if getattr(s, "unrolled", None) is not None:
            self.run_unrolled(s)
            return True
        if not isinstance(it, A.Call) or it.keywords and not (
                isinstance(it.func, A.Name) and it.func.id == "enumerate"):
            return False
        f = it.func
        if isinstance(f, A.Attribute) and f.attr in ("items", "keys", "values") \
                and not it.args and self._is_object_expr(f.value):
            t = self.expr(f.value)
            obj, names = self.object_children(t, it, "iterate over")
            if not is_mapping(obj):
                raise self.error(f"{self.object_name(t)} has no method '{f.attr}' pts can "
                                 f"compile (ModuleDict's items(), keys() and values() can be "
                                 f"looped over)", f)
            kids = [self.child_of(t, n, step(obj, n)) for n in names]
            if f.attr == "items":
                targets = self._targets(s, 2)
                self.unroll(s, [[(targets[0], n), (targets[1], k)]
                                for n, k in zip(names, kids)])
            else:
                targets = self._targets(s, 1)
                self.unroll(s, [[(targets[0], n if f.attr == "keys" else k)]
                                for n, k in zip(names, kids)])
            self.run_unrolled(s)
            return True
        if not isinstance(f, A.Name) or self.var_key(f.id) in self.vars:
            return False
        if f.id == "enumerate" and it.args and self._is_object_expr(it.args[0]):
            t = self.expr(it.args[0])
            obj, names = self.object_children(t, it, "iterate over")
            start = 0
            extra = list(it.args[1:]) + [k.value for k in it.keywords if k.arg == "start"]
            if extra:
                from pts.frontend.check import _const_int
                start = _const_int(extra[0], self)
                if start is None or len(extra) > 1:
                    raise self.error("enumerate over objects takes a constant start", it)
            targets = self._targets(s, 2)
            self.unroll(s, [[(targets[0], start + j),
                             (targets[1], n if is_mapping(obj) else
                              self.child_of(t, n, step(obj, n)))]
                            for j, n in enumerate(names)])
            self.run_unrolled(s)
            return True
        if f.id == "zip" and it.args and any(self._is_object_expr(a) for a in it.args):
            if not all(self._is_object_expr(a) for a in it.args):
                raise self.error("zip over objects takes containers of objects only (pts "
                                 "unrolls the loop)", it)
            columns = []
            for a in it.args:
                t = self.expr(a)
                obj, names = self.object_children(t, a, "iterate over")
                columns.append([n if is_mapping(obj) else self.child_of(t, n, step(obj, n))
                                for n in names])
            targets = self._targets(s, len(columns))
            self.unroll(s, [list(zip(targets, row)) for row in zip(*columns)])
            self.run_unrolled(s)
            return True
        if f.id == "range" and len(it.args) == 1 and isinstance(it.args[0], A.Call) \
                and isinstance(it.args[0].func, A.Name) and it.args[0].func.id == "len" \
                and len(it.args[0].args) == 1 and self._is_object_expr(it.args[0].args[0]):
            t = self.expr(it.args[0].args[0])
            _, names = self.object_children(t, it, "take len() of")
            targets = self._targets(s, 1)
            self.unroll(s, [[(targets[0], j)] for j in range(len(names))])
            self.run_unrolled(s)
            return True
        return False

    def _is_object_expr(self, e: A.Expr) -> bool:
        """Is e an object (typed without side effects: a name, an attribute, an item)?"""
        if isinstance(e, A.Name):
            return getattr(e, "obj", None) is not None or \
                isinstance(self.vars.get(self.var_key(e.id)), ObjectType)
        if isinstance(e, (A.Attribute, A.Subscript)) and self._is_object_expr(e.value):
            return isinstance(self.expr(e), ObjectType)
        return False

    def _targets(self, s: A.For, n: int) -> list:
        t = s.target
        names = [t] if n == 1 and isinstance(t, A.Name) else \
            list(t.elts) if isinstance(t, (A.TupleExpr, A.ListExpr)) else None
        if names is None or len(names) != n or not all(isinstance(x, A.Name) for x in names):
            raise self.error(f"the target of this loop over objects must be "
                             f"{'a name' if n == 1 else f'{n} names'}", t)
        return names

    def run_unrolled(self, s: A.For) -> None:
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
        if getattr(pyfunc, "__pts_ignore__", False):
            raise self.error(f"method '{qual}' is marked @pts.ignore: it stays Python, and "
                             f"compiled code cannot call back into Python (call it from "
                             f"Python, or mark it @pts.unused if compiled code never runs it)",
                             e)
        if getattr(pyfunc, "__pts_unused__", False):
            return self.call_unused(e, qual)
        if not getattr(e, "receiver_bound", False):
            e.args = [receiver] + list(e.args)
            e.receiver_bound = True
        return self.call_function(e, pyfunc, qual, e.func)

    def call_unused(self, e: A.Call, qual: str):
        """A call of a @pts.unused method: its body is not compiled; the call raises
        RuntimeError (as torch.jit.unused's does) through a library stand-in."""
        if not getattr(e, "unused_bound", False):
            e.args = [A.Const(qual, span=e.span)]
            e.keywords = []
            e.unused_bound = True
        from pts.stdlib.pyunused import unused_method_called
        return self.call_function(e, unused_method_called, "unused_method_called", e.func)

    def call_chain(self, e: A.Call, t: ObjectType, obj):
        if getattr(e, "chain", None) is None:
            if e.keywords or len(e.args) != 1:
                raise self.error(f"calling {self.object_name(t)} takes exactly one "
                                 f"positional argument", e)
            node = e.args[0]
            _, names = self.object_children(t, e, "call")
            live = [step(obj, name) for name in names]

            def link(i: int) -> A.Name:
                callee = A.Name(f"{t.dotted}.{names[i]}", span=e.span)
                callee.obj = self.child_of(t, names[i], live[i])
                return callee
            i = 0
            while i < len(names):
                method, n = fused_link(live, i)
                if method is None:
                    node = A.Call(link(i), [node], span=e.span)
                else:          # child i's method, given the input and the n children after it
                    node = A.Call(A.Attribute(link(i), method, span=e.span),
                                  [node] + [link(j) for j in range(i + 1, i + 1 + n)],
                                  span=e.span)
                i += 1 + n
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
        if _is_scripting(e):
            return True          # pts.is_scripting(): True when compiled
        if getattr(e, "decided", False) or _tuple_len(e, truth=True) is not None:
            return True          # `"name" in kwargs` (check_functions), `len(args)`, `if args:`
        if isinstance(e, A.BoolOp):
            return all(self.decidable(v) for v in e.values)
        if self._none_param(e):
            return True          # `if filename:` given None: always false
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

    def _none_param(self, e: A.Expr) -> bool:
        # (a parameter the body never assigns, given None by this specialization)
        return isinstance(e, A.Name) and e.id not in self.assigned and e.ty == NONE

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
        if self._none_param(e):
            return False
        v = self._static_value(e)
        return None if v is _NO_VALUE else bool(v)

    def _static_value(self, e: A.Expr):
        from pts.frontend.check import _literal
        if _is_scripting(e):
            return True
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


def _is_scripting(e) -> bool:
    """Is e a call of pts.is_scripting() (its compiled stand-in, pts._is_scripting_compiled)?"""
    target = getattr(e, "target", None) if isinstance(e, A.Call) else None
    spec = getattr(target, "spec", None)
    return getattr(getattr(spec, "pyfunc", None), "__pts_is_scripting__", False)


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


def _bind(checker, nodes, name: str, value) -> None:
    """Mark every Name `name` in a loop body copy as what the unrolled copy fixes: the
    compile-time object (`.obj`) or a constant index or key (`.unrolled_const`:
    `self.layers[i]`).  The body may not assign the name."""
    attr = "obj" if isinstance(value, ObjectType) else "unrolled_const"
    for n in A.walk(nodes):
        if isinstance(n, A.Name) and n.id == name:
            setattr(n, attr, value)
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


def fused_link(children: list, i: int) -> tuple[str | None, int]:
    """(method, n): child i of a chain and the n after it are one call of child i's method,
    where its class says so: `__pts_chain_fuse__`, a tuple of (the classes of the children
    that follow, exactly, the method's name); longest first (stdlib/modules.py's Conv2d:
    Conv2d, BatchNorm2d, ReLU in eval mode are one convolution).  Else (None, 0)."""
    for classes, method in getattr(type(children[i]), "__pts_chain_fuse__", ()):
        after = children[i + 1:i + 1 + len(classes)]
        if len(after) == len(classes) and all(type(c) is k for c, k in zip(after, classes)):
            return method, len(classes)
    return None, 0
