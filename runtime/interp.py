"""The IR interpreter: runs any IR function in pure Python; the reference semantics.

Contract: `run_function(module, name, args)` returns what the function returns, as Python
values (i64 -> int, f64 -> float, i1 -> bool, none -> None, tuple -> tuple, list -> list),
or raises the Python exception a `check`/`raise` names, with the scripted file and line.
Values inside are plain Python objects; every op computes through `ir.ops.OPS[op].evaluate`,
the same functions the constant folder uses, so folding can never disagree with running.

`tensor.free %t, %keep...` (ir.passes.release_tensors) frees t's allocation (the numpy
array at the root of its `.base` chain) unless it is one of the keeps'.  Natively that
memory is gone; here the allocation is poisoned instead: made read-only and remembered, and
from then until the outermost call returns, reading any value whose allocation it is (t
itself, a view made before the free, a copy of the reference in a list or a tuple) raises
`UseAfterFree`, as does returning one or freeing it again.  A pass that frees too early
cannot go unnoticed under the interpreter.
"""
from __future__ import annotations

import functools
import sys
import threading

import numpy as np

from pts.errors import (EXCEPTION_KINDS, Span, is_library_file, kind_code, kind_of_code,
                        runtime_error)
from pts.ir.exception_ops import class_name, is_instance, module_kinds
from pts.ir.dict_ops import RAISING as DICT_RAISING, run_op as run_dict_op
from pts.frontend.objects import resolve
from pts.ir.core import BlockParam, Const, Function, Instr, Module
from pts.ir.ops import OPS
from pts.ir.object_ops import run_object_op
from pts.ir.types import (DTYPE_NAMES, DTYPE_OF_SCALAR, F64, I1, I64, ListType,
                          TensorType, TupleType)

sys.setrecursionlimit(max(sys.getrecursionlimit(), 20000))


class UseAfterFree(Exception):
    """A tensor read, returned or freed after the `tensor.free` of its allocation: a bug of
    the pass that placed the free, never the user's error (so no scripted exception kind)."""


@functools.lru_cache(maxsize=None)
def holds_tensors(t) -> bool:
    """Whether a value of IR type t is or may contain a tensor (only those are checked
    against freed memory: a list of ints is not walked at every read)."""
    if isinstance(t, TensorType):
        return True
    if isinstance(t, TupleType):
        return any(holds_tensors(e) for e in t.elems)
    return isinstance(t, ListType) and holds_tensors(t.elem)


def allocation(a: np.ndarray) -> np.ndarray:
    """The array owning a's memory: the end of its chain of `.base` arrays."""
    while isinstance(a.base, np.ndarray):
        a = a.base
    return a


def _zero(t):
    return {I1: False, I64: 0, F64: 0.0}.get(t, 0)


class Interpreter:
    """`root` is the scripted object (pts.script(model)) whose attributes `attr.get` and
    `attr.set` read and rebind, live: arrays changed between calls are seen."""

    def __init__(self, module: Module, root=None):
        self.module = module
        self.kinds_known = False        # module_kinds has registered the user kinds' codes
        self.root = root
        self.evals = {name: info.evaluate for name, info in OPS.items()}
        self._paths: dict[str, tuple] = {}
        # per thread (an Interpreter serves every call of a compiled signature): the depth
        # of nested calls, and the allocations freed since the outermost call began, by id
        # (the arrays are kept, so an id is not reused while it is remembered)
        self._calls = threading.local()

    def attr_path(self, ins: Instr) -> tuple:
        text = ins.attrs["path"]
        path = self._paths.get(text)
        if path is None:
            path = self._paths[text] = tuple(text.split("."))
        if self.root is None:
            raise RuntimeError(f"{ins.op} {{path = {text!r}}} needs the scripted object")
        return path

    def call(self, name: str, args: list):
        f = self.module[name]
        calls = self._calls
        if getattr(calls, "depth", 0):
            return self.run(f, args)
        calls.depth, calls.freed = 1, {}
        try:
            result = self.run(f, args)
            if calls.freed:
                self.check_not_freed(result, f"the result of @{name}")
            return result
        finally:
            calls.depth, calls.freed = 0, {}

    def free(self, t, keeps: list, f: Function) -> None:
        """tensor.free: poison t's allocation unless it is one of the keeps'."""
        if not isinstance(t, np.ndarray):
            return
        owner = allocation(t)
        if any(isinstance(k, np.ndarray) and allocation(k) is owner for k in keeps):
            return
        if id(owner) in self._calls.freed:
            raise UseAfterFree(f"@{f.name}: tensor.free of an allocation freed before")
        owner.flags.writeable = False           # writes through any view now fail too
        self._calls.freed[id(owner)] = owner

    def check_not_freed(self, x, what) -> None:
        """Raise UseAfterFree if x (or a tensor in x, a tuple or list) is in freed memory."""
        if isinstance(x, np.ndarray):
            if id(allocation(x)) in self._calls.freed:
                raise UseAfterFree(f"{what}: a tensor read after the tensor.free of its "
                                   "allocation")
        elif isinstance(x, (tuple, list)):
            for y in x:
                self.check_not_freed(y, what)

    def know_kinds(self) -> None:
        """Register the codes of the module's user exception kinds (IR read from disk names
        kinds this process may not have compiled)."""
        if not self.kinds_known:
            module_kinds(self.module)
            self.kinds_known = True

    def run(self, f: Function, args: list):
        env: dict = {}
        for p, a in zip(f.params, args):
            env[p] = a
        block = f.entry
        evals = self.evals
        freed = self._calls.freed       # (the same dict for the whole outermost call)

        def raw(v):
            return v.value if isinstance(v, Const) else env[v]

        def val(v):
            if isinstance(v, Const):
                return v.value
            x = env[v]
            if freed and holds_tensors(v.type):
                self.check_not_freed(x, f"@{f.name}: %{v.name}" if v.name else f"@{f.name}: {v!r}")
            return x

        caught = None                   # the exception a `try` handler edge brought
        while True:
          try:
            for ins in block.instrs:
                op = ins.op
                if op == "br" or op == "try":
                    t = ins.targets[0]
                    vals = [val(a) for a in t.args]
                    for p, x in zip(t.block.params, vals):
                        env[p] = x
                    block = t.block
                    break
                if op == "cbr":
                    t = ins.targets[0] if val(ins.args[0]) else ins.targets[1]
                    vals = [val(a) for a in t.args]
                    for p, x in zip(t.block.params, vals):
                        env[p] = x
                    block = t.block
                    break
                if op == "ret":
                    return val(ins.args[0]) if ins.args else None
                if op == "raise":
                    if "kind" not in ins.attrs:             # raise %e: the caught one again
                        self.know_kinds()
                        raise reraise(val(ins.args[0]))
                    raise runtime_error(ins.attrs["kind"], val(ins.args[0]), ins.span, f.name)
                if op == "exc.raise":
                    self.know_kinds()
                    raise reraise(val(ins.args[0]))
                if op == "exc.caught":
                    env[ins] = caught
                    continue
                if op == "exc.isa":
                    self.know_kinds()
                    env[ins] = is_instance(val(ins.args[0]), ins.attrs["kind"])
                    continue
                if op == "exc.name":
                    self.know_kinds()
                    env[ins] = class_name(val(ins.args[0]))
                    continue
                if op == "check":
                    if val(ins.args[0]):
                        raise runtime_error(ins.attrs["kind"], val(ins.args[1]), ins.span, f.name)
                    continue
                if op == "tensor.free":
                    # (compares allocations, reads no data: a keep may be a freed view)
                    self.free(raw(ins.args[0]), [raw(k) for k in ins.args[1:]], f)
                    continue
                if op == "call" or op == "kernel":
                    try:
                        result = self.call(ins.attrs["callee"], [val(a) for a in ins.args])
                    except Exception as e:
                        moved = at_user_call(e, ins, f)
                        if moved is e:
                            raise
                        raise moved from None
                elif op.startswith("np."):
                    result = tensor_op(ins, [val(a) for a in ins.args], f)
                elif op.startswith("str."):
                    result = string_op(ins, [val(a) for a in ins.args], f)
                elif op in DICT_RAISING:          # KeyError with the scripted line
                    result = run_dict_op(evals[op], ins, [val(a) for a in ins.args], f)
                elif op == "print" and ins.attrs:     # print(..., sep=, end=, file=)
                    result = print(*[val(a) for a in ins.args], sep=ins.attrs.get("sep", " "),
                                   end=ins.attrs.get("end", "\n"),
                                   file=sys.stderr if ins.attrs.get("file") == "stderr" else None)
                elif op == "cast":
                    result = cast_scalar(val(ins.args[0]), ins.type)
                elif op == "view":
                    result = view_scalar(val(ins.args[0]), ins.args[0].type, ins.type)
                elif op.startswith("obj."):           # (ir.object_ops)
                    result = run_object_op(ins, [val(a) for a in ins.args], self)
                elif op == "list.new":
                    result = [_zero(ins.type.elem)] * val(ins.args[0])
                elif op == "attr.get":
                    result = resolve(self.root, self.attr_path(ins))
                elif op == "attr.set":
                    path = self.attr_path(ins)
                    setattr(resolve(self.root, path[:-1]), path[-1], val(ins.args[0]))
                    continue
                else:
                    result = evals[op](*[val(a) for a in ins.args])
                if ins.type is not None:
                    if ins.type == F64 and not isinstance(result, float) and not op.startswith("np."):
                        result = float(result)
                    elif ins.type == I1 and not isinstance(result, bool):
                        result = bool(result)
                    env[ins] = result
            else:
                raise RuntimeError(f"block ^{block.name} of @{f.name} has no terminator")
          except Exception as e:
            # an instruction of a block ending in `try` raised: on to the handler edge
            term = block.instrs[-1]
            if term.op != "try" or not hasattr(e, "pts_kind"):
                raise
            span = e.pts_span
            caught = (kind_code(e.pts_kind), e.pts_message, span.line, span.col, span.file,
                      e.pts_func or "")
            t = term.targets[1]
            vals = [val(a) for a in t.args]
            for p, x in zip(t.block.params, vals):
                env[p] = x
            block = t.block


def at_user_call(e: Exception, call: Instr, f: Function) -> Exception:
    """`e`, raised by the callee of `call` (in f): an error raised in pts's library
    (stdlib/) is reported at the user's call instead, as CPython reports an error of a
    builtin at its caller's line (ir.passes.inline does the same for inlined copies)."""
    span = getattr(e, "pts_span", None)
    if span is None or not is_library_file(span.file) or is_library_file(f.file):
        return e
    return runtime_error(e.pts_kind, e.pts_message, call.span, f.name)


def reraise(exc: tuple) -> BaseException:
    """The exception an exc.caught value describes, raised where it first was."""
    code, msg, line, col, file, func = exc
    return runtime_error(kind_of_code(code), msg, Span(file, line, col), func or None)


def cast_scalar(x, t):
    """C-style conversion of a scalar to the numeric type t (numpy types give numpy scalars)."""
    if t == F64:
        return float(x)
    if t == I64:
        return int(np.asarray(x).astype(np.int64)[()]) if isinstance(x, float) else int(x)
    if t == I1:
        return bool(x)
    return np.asarray(x).astype(DTYPE_NAMES[DTYPE_OF_SCALAR[t]])[()]


def view_scalar(x, src, t):
    """The bits of scalar x (of type src) read as the numeric type t of the same size."""
    x = np.asarray(x).astype(DTYPE_NAMES[DTYPE_OF_SCALAR[src]])
    return python_scalar(x.view(DTYPE_NAMES[DTYPE_OF_SCALAR[t]])[()], t)


def python_scalar(x, t):
    """A scalar numpy returned, in pts's representation of type t: Python int/float/bool
    for i64/f64/i1, numpy scalars (np.float32, np.float64, ...) for the numpy types."""
    if t == F64:
        return float(x)
    if t == I64:
        return int(x)
    if t == I1:
        return bool(x)
    if t in DTYPE_OF_SCALAR and not isinstance(x, np.generic):
        return np.asarray(x).astype(DTYPE_NAMES[DTYPE_OF_SCALAR[t]])[()]
    return x


def tensor_op(ins: Instr, operands: list, f: Function):
    """Run one np.* instruction by the op table (numpy); numpy's errors carry the scripted
    line."""
    try:
        result = OPS[ins.op].evaluate(*operands, static=ins.static(),
                                      pattern=ins.attrs.get("pattern"))
    except (ValueError, IndexError, TypeError, ArithmeticError) as e:
        kind = next((c.__name__ for c in type(e).__mro__ if c.__name__ in EXCEPTION_KINDS),
                    "RuntimeError")
        raise runtime_error(kind, str(e).splitlines()[0] if str(e) else "", ins.span,
                            f.name) from None
    if ins.type is not None and not isinstance(ins.type, TensorType) and \
            not isinstance(ins.type, TupleType):
        return python_scalar(result, ins.type)
    return result


def string_op(ins: Instr, operands: list, f: Function):
    """Run one str.* instruction by the op table; the exception CPython raises (int("x"),
    s[9]) carries the scripted line."""
    try:
        return OPS[ins.op].evaluate(*operands)
    except (ValueError, IndexError, TypeError, ArithmeticError) as e:
        kind = next((c.__name__ for c in type(e).__mro__ if c.__name__ in EXCEPTION_KINDS),
                    "RuntimeError")
        raise runtime_error(kind, str(e), ins.span, f.name) from None


def run_function(module: Module, name: str, args: list):
    return Interpreter(module).call(name, list(args))


__all__ = ["run_function", "Interpreter", "UseAfterFree", "BlockParam", "Instr", "ListType"]
