"""pts.trace: a Python function or object traced into compiled code, traced again where a
call breaks what a trace assumed (DESIGN.md §10).

    f = pts.trace(fn_or_object, example_inputs)     # records fn(*example_inputs) once
    f(x)                                            # runs the compiled trace
    f.ir(), f.explain()

The inputs are arrays (traced: their sizes stay symbolic, pts.trace_record) and Python
numbers, bools or None (constants of a trace: another value traces again).  Each trace is
kept with what it assumed (`key`: the arrays' dtypes and ranks, the constants' values;
`guards`: the decisions Python made on sizes).  A call runs the first trace whose key
matches and whose guards hold for the call's sizes; a guard on a size computed inside the
code is checked there, and its failure (a RuntimeError tagged GUARD_TAG) moves on to the
next trace.  When none holds, the function is traced again for this call: kept beside the
others, with the reason (`explain()`; `PTS_LOG=recompiles` prints it on stderr).

The result may be an array, a number, or tuples / lists / dicts of them (and, with
strict=False, any other value, returned as the trace saw it); the compiled code returns
its arrays and numbers, rebuilt into that structure.
"""
from __future__ import annotations

import inspect
import os
import re
import sys
from dataclasses import dataclass
from typing import Any

import numpy as np

from pts.errors import CompileError, TraceError
from pts.ir.core import BlockParam, Builder, Function, Module, const
from pts.ir.ops import result_type
from pts.ir.parser import parse_module
from pts.ir.types import I1, I64, TupleType, type_of_value
from pts.trace_record import (GUARD_TAG, Guard, SymInt, Traced, emit_expr, evaluate,
                              record, trace_error)

_CONSTANTS = (bool, int, float, type(None))


def trace(fn, example_inputs, *, check_inputs=None, strict: bool = True,
          backend: str = "native") -> "TracedFunction":
    """Trace `fn(*example_inputs)` (fn: a function, or an object with `__call__`)."""
    f = TracedFunction(fn, strict=strict, backend=backend)
    f.add_trace(tuple(example_inputs), reason=None)
    for inputs in check_inputs or ():
        f.check(tuple(inputs))
    return f


@dataclass
class _Trace:
    """One recorded and compiled case of the function."""
    key: tuple
    guards: list[Guard]
    captured: list                  # the arrays the code reads besides its inputs
    captured_shapes: list
    compiled: Any                   # pts.compiled.Compiled
    structure: Any                  # the result's shape: see _flatten
    ir_text: str                    # the IR as recorded (before the passes)
    names: list                     # the traced function's parameter names
    captured_slots: list = None     # where the code found each (pts.trace_state), or None
    written: frozenset = frozenset()  # positions of the captured arrays the code writes into

    def current_captured(self) -> list:
        """The captured arrays as they are now: a weight the code found at an attribute
        (a list's item, a dict's key) is the array there now, if it still is one of the
        same dtype (its shape: checked by the caller); else the array the trace saw."""
        return [_now(c, slot) for c, slot in
                zip(self.captured, self.captured_slots or [None] * len(self.captured))]

    def slot_of(self, c):
        for d, slot in zip(self.captured, self.captured_slots or [None] * len(self.captured)):
            if d is c:
                return slot
        return None

    def holds(self, shapes: list) -> Guard | None:
        """The first guard (with an expression) the call's sizes break, else None."""
        for g in self.guards:
            if g.expr is not None and evaluate(g.expr, shapes) is not g.seen:
                return g
        return None

    def call(self, arrays: list, captured: list):
        """The compiled trace on the input arrays and the arrays it reads besides them."""
        out = self.compiled.run(arrays + captured)
        leaves = iter([out] if _leaf_count(self.structure) == 1 else list(out))
        return _rebuild(self.structure, leaves)


def _written_captured(func, n_inputs: int) -> frozenset:
    """Positions, among the captured arrays (the entry's parameters after its n_inputs
    inputs), of those the recorded code writes into, directly or through a view: buffers
    such as running statistics, which training copies and restores instead of
    differentiating and updating (pts.train.compose)."""
    from pts.ir.passes.differentiate_aliases import VIEW_OPS, write_target
    origin = {p: k - n_inputs for k, p in enumerate(func.params) if k >= n_inputs}
    written = set()
    for b in func.blocks:
        for i in b.instrs:
            if i.op in VIEW_OPS and i.args and i.args[0] in origin:
                origin[i] = origin[i.args[0]]
            target = write_target(i)
            if target is not None and target in origin:
                written.add(origin[target])
    return frozenset(written)


def _now(c: np.ndarray, slot):
    """The array a trace read at `slot` (pts.trace_state) as it is now: the one there if
    it is still an array of c's dtype, else c."""
    from pts.trace_state import get_slot
    try:
        now = get_slot(slot) if slot is not None else c
    except (KeyError, IndexError, ValueError):
        now = c
    return now if isinstance(now, np.ndarray) and now.dtype == c.dtype else c


class _CapturedArrays:
    """The arrays a trace reads besides its inputs, for scripted callers (frontend
    shared_globals' "traced" locations): `current(k)` is array k as it is now."""

    def __init__(self, name: str, entries: list):
        self.name, self.label, self.entries = name, f"traced_{_ident(name)}", entries

    def current(self, k: int) -> np.ndarray:
        return _now(*self.entries[k])


class TracedFunction:
    """The result of pts.trace: call it, read its IR, save it, call it from scripted code."""

    traced_function = True        # (how the frontend, below this module, knows one)

    def __init__(self, fn, *, strict: bool, backend: str):
        self.fn, self.strict, self.backend = fn, strict, backend
        self.__name__ = getattr(fn, "__name__", type(fn).__name__)
        self.traces: list[_Trace] = []
        self.reasons: list[str] = []            # why each trace after the first was made

    # ---------------------------------------------------------------- calls

    def __call__(self, *args):
        from pts.trace_record import holds_traced
        if holds_traced(args, {}):
            return self.inline(args)
        arrays = [a for a in args if isinstance(a, np.ndarray)]
        return self.dispatch(args, lambda tr, now: tr.call(arrays, now))

    def dispatch(self, args: tuple, run):
        """run(trace, arrays) for the first trace that holds for `args` (`run` raising a
        guard's RuntimeError: the next one), tracing again when none does; `arrays` are
        the ones the trace reads besides its inputs, as the code holds them now (read once
        per call).  pts.trace_grad runs a trace's gradient or training step this way."""
        key = _key(args)
        shapes = [np.shape(a) for a in args]
        broken = []
        for tr in self.traces:
            if tr.key != key:
                continue
            g = tr.holds(shapes)
            captured = tr.current_captured()
            if g is None and any(c.shape != s for c, s in zip(captured, tr.captured_shapes)):
                broken.append("an array the code reads besides its inputs changed shape")
                continue
            if g is not None:
                broken.append(f"{_where(g)}: the trace assumed {g.text}")
                continue
            try:
                return run(tr, captured)
            except RuntimeError as e:
                k = _guard_index(e)
                if k is None:
                    raise
                g = tr.guards[k]
                broken.append(f"{_where(g)}: the trace assumed {g.text}")
        reason = "; ".join(broken) if broken else \
            f"no trace for these inputs' dtypes and ranks ({_key_text(key)})" \
            if self.traces else None          # (a loss's first trace: pts.trace_grad)
        tr = self.add_trace(args, reason)
        return run(tr, tr.current_captured())

    def inline(self, args: tuple):
        """Called on traced values (inside another trace, such as a training loss's):
        the Python code runs again and joins that trace."""
        from contextlib import nullcontext
        from pts.trace_record import _ACTIVE, _Patched, _module_globals
        # (the arrays it reaches are the outer trace's already: pts.trace_state)
        with _Patched(_ACTIVE[-1], _module_globals(self.fn), nullcontext()):
            return self.fn(*args)

    def named_parameters(self):
        """(name, array) of each float array the traced object holds, by attribute path
        ("layers.0.w"; a pts.nn.Module's own named_parameters()), but those its traces
        write into (buffers): what training a trace updates (pts.trace_grad)."""
        from pts.trace_grad import named_parameters
        return [(name, a) for name, a in named_parameters(self.fn)
                if id(a) not in self._buffers()]

    def _buffers(self) -> set:
        """ids of the arrays a trace writes into (running statistics): buffers, not
        parameters, as for a pts.nn.Module (they are updated by calls, not trained)."""
        return {id(now[k]) for tr in self.traces if tr.written
                for now in [tr.current_captured()] for k in tr.written}

    def parameters(self):
        return [p for _, p in self.named_parameters()]

    def input_names(self, n: int) -> list[str]:
        """The names of the traced function's first n parameters."""
        return _input_names(self.fn, n)

    def add_trace(self, args: tuple, reason: str | None) -> _Trace:
        """Trace fn(*args) and compile it: the new case, kept beside the others."""
        from pts import compiler
        from pts.compiled import Compiled
        from pts.ir.printer import print_module
        key = _key(args)
        names = _input_names(self.fn, len(args))
        array_names = [n for n, a in zip(names, args) if isinstance(a, np.ndarray)]
        if reason is not None:
            self.reasons.append(reason)
            if "recompiles" in os.environ.get("PTS_LOG", "").split(","):
                print(f"pts: trace {self.__name__} again: {reason}", file=sys.stderr)
        try:
            rec, out = record(self.fn, args, names, f"trace_{_ident(self.__name__)}")
            structure, leaves = _flatten(rec, out, self.strict)
        except TraceError as e:        # (at the user's line: not the tracer's frames)
            raise e.with_traceback(None) from None
        func = rec.func
        b = rec.b
        if len(leaves) == 1:
            func.ret_type = leaves[0][1]
            b.ret(leaves[0][0])
        else:
            func.ret_type = TupleType(tuple(t for _, t in leaves))
            b.ret(b.emit("tuple", [v for v, _ in leaves], func.ret_type))
        module = Module([func] + list(rec.module_functions.values()), entry=func.name)
        text = print_module(module)
        params = tuple(array_names) + tuple(p.name for p in func.params[len(array_names):])
        record_ = compiler.compile_traced(module, params)
        try:
            compiled = Compiled(record_, self.backend)
        except CompileError as e:
            raise e.with_traceback(None) from None
        tr = _Trace(key, rec.guards, rec.captured, [c.shape for c in rec.captured], compiled,
                    structure, text, names, rec.captured_slots,
                    _written_captured(func, len(array_names)))
        self.traces.append(tr)
        return tr

    def saved_module(self, key: tuple) -> tuple[Module, list, list[str]]:
        """The traces for one input signature as one IR module for an archive (pts.save):
        an entry that tests each trace's guards in order and calls the first that holds
        (from C no trace can be made: a call none holds for raises RuntimeError saying
        what each assumed).  Returns (module, the captured arrays the entry takes after
        the inputs, the entry's parameter names)."""
        traces = [tr for tr in self.traces if tr.key == key]
        rets = {(str(tr.compiled.record.entry.ret_type), repr(tr.structure)) for tr in traces}
        if len(rets) > 1:
            raise TraceError(f"pts.save: the traces of {self.__name__} for inputs "
                             f"{_key_text(key)} return different results "
                             f"({', '.join(sorted(r for r, _ in rets))}): an archive entry "
                             f"has one result type")
        for tr in traces[:-1]:
            inside = [g for g in tr.guards if g.expr is None]
            if inside:
                raise TraceError(f"pts.save: {self.__name__} has several traces for inputs "
                                 f"{_key_text(key)}, and one assumed a size computed inside "
                                 f"the code ({inside[0].text}, {_where(inside[0])}): an "
                                 f"archive cannot choose between them before the call")
        captured: list = []
        for tr in traces:
            for c in tr.captured:
                if not any(c is d for d in captured):
                    captured.append(c)
        names = [n for n, k in zip(traces[0].names, key) if k[0] == "array"]
        module = Module()
        recorded = parse_module(traces[0].ir_text)
        first = recorded[recorded.entry]
        entry = Function(f"trace_{_ident(self.__name__)}", first.param_types[:len(names)],
                         first.ret_type, names, file=first.file)
        for k, c in enumerate(captured):
            entry.entry.add_param(BlockParam(type_of_value(c), f"captured.{k}"))
        module.add(entry)
        module.entry = entry.name
        b = Builder(entry, entry.entry)
        array_pos = {i: n for n, i in enumerate(i for i, k in enumerate(key) if k[0] == "array")}

        def dim(i: int, axis: int):          # input i's size on `axis`
            p = entry.params[array_pos[i]]
            shape = b.emit("np.shape", [p], result_type("np.shape", [p.type]), {"static": "{}"})
            return b.emit("tuple.get", [shape, const(axis)], I64)
        fail_text = []
        for t, tr in enumerate(traces):
            m = parse_module(tr.ir_text).rename(f"t{t}.")
            for f in m:
                module.add(f)
            holds = None
            for g in tr.guards:
                if g.expr is not None:
                    v = emit_expr(b, g.expr, dim)
                    holds = v if holds is None else b.emit("and", [holds, v], v.type)
            for c, shape in zip(tr.captured, tr.captured_shapes):   # (their sizes: as seen)
                p = entry.params[len(names) + next(k for k, d in enumerate(captured) if d is c)]
                sizes = b.emit("np.shape", [p], result_type("np.shape", [p.type]),
                               {"static": "{}"})
                for axis, n in enumerate(shape):
                    v = b.emit("eq", [b.emit("tuple.get", [sizes, const(axis)], I64),
                                      const(int(n))], I1)
                    holds = v if holds is None else b.emit("and", [holds, v], v.type)
            args = list(entry.params[:len(names)]) + [
                entry.params[len(names) + next(k for k, d in enumerate(captured) if d is c)]
                for c in tr.captured]
            call_b = entry.new_block(f"trace{t}")
            next_b = entry.new_block(f"after{t}")
            if holds is None:
                b.br(call_b)
            else:
                b.cbr(holds, call_b, next_b)
            b.at(call_b)
            b.ret(b.emit("call", args, first.ret_type, {"callee": m.entry}))
            b.at(next_b)
            fail_text.append(f"trace {t} assumed " + (" and ".join(
                g.text for g in tr.guards if g.expr is not None) or "nothing"))
        b.raise_("RuntimeError", const(f"{self.__name__}: no trace holds for these sizes ("
                                       + "; ".join(fail_text) + ")"))
        return module, captured, names + [f"captured.{k}" for k in range(len(captured))]

    def ir_for(self, types: list) -> Module:
        """The IR scripted code calls for arrays of these types (frontend.check
        call_traced): the traces made for them, their guards tested in the code."""
        from pts.ir.types import DTYPE_NAMES, TensorType
        key = tuple(("array", np.dtype(DTYPE_NAMES[t.dtype]).str, t.rank) for t in types
                    if isinstance(t, TensorType))
        if not any(tr.key == key for tr in self.traces):
            raise TraceError(f"the traced '{self.__name__}' has no trace for inputs "
                             f"{_key_text(key)}: call it from Python once with such arrays "
                             f"(scripted code cannot trace it)")
        module, captured, _ = self.saved_module(key)
        if captured:                 # (hidden parameters of the caller: frontend.check)
            from pts.frontend.shared_globals import SharedLocation
            holders = self.__dict__.setdefault("_captured_holders", {})
            slots = [next((tr.slot_of(c) for tr in self.traces if tr.slot_of(c) is not None),
                          None) for c in captured]
            holder = holders.get(key)
            if holder is None or [e[0] for e in holder.entries] != captured:
                holder = holders[key] = _CapturedArrays(self.__name__,
                                                        list(zip(captured, slots)))
            module.captured_locations = [SharedLocation("traced", holder, k)
                                         for k in range(len(captured))]
        return module

    def check(self, inputs: tuple) -> None:
        """check_inputs: the traced code and the eager function agree on these inputs."""
        want = self.fn(*inputs)
        got = self(*inputs)
        problem = _differs(want, got)
        if problem is not None:
            raise TraceError(f"pts.trace: check_inputs {_key_text(_key(inputs))}: the traced "
                             f"code and the Python function differ ({problem}):\n  eager:  "
                             f"{_short(want)}\n  traced: {_short(got)}")

    # ---------------------------------------------------------------- inspection

    def ir(self, index: int = -1, *, recorded: bool = False) -> str:
        """The IR of a trace (the latest by default), optimized, or as recorded."""
        from pts.ir.printer import print_module
        tr = self.traces[index]
        return tr.ir_text if recorded else print_module(tr.compiled.record.module)

    def explain(self) -> str:
        """Each trace's assumptions, and why each trace after the first was made."""
        lines = [f"{self.__name__}: {len(self.traces)} trace(s)"]
        for i, tr in enumerate(self.traces):
            lines.append(f"trace {i}: inputs {_key_text(tr.key)}")
            for g in tr.guards:
                lines.append(f"  assumes {g.text}  ({_where(g)})")
            if i >= 1:
                lines.append(f"  traced again because: {self.reasons[i - 1]}")
        return "\n".join(lines)

    def __repr__(self) -> str:
        return f"<pts.trace of {self.__name__}: {len(self.traces)} trace(s)>"


# ---------------------------------------------------------------- inputs

def _key(args: tuple) -> tuple:
    key = []
    for a in args:
        if isinstance(a, np.ndarray):
            key.append(("array", a.dtype.str, a.ndim))
        elif isinstance(a, _CONSTANTS) or isinstance(a, np.generic):
            key.append(("const", type(a).__name__, a.item() if isinstance(a, np.generic) else a))
        else:
            raise TypeError(f"pts.trace takes arrays and numbers as inputs, not "
                            f"{type(a).__name__} (other Python values belong in the traced "
                            f"object or a closure)")
    return tuple(key)


def _key_text(key: tuple) -> str:
    return "(" + ", ".join(f"{np.dtype(k[1]).name}[{k[2]}-d]" if k[0] == "array"
                           else repr(k[2]) for k in key) + ")"


def _input_names(fn, n: int) -> list[str]:
    """Names of the traced function's parameters, for guards' text (x.shape[0])."""
    target = fn if inspect.isfunction(fn) or inspect.ismethod(fn) else \
        getattr(type(fn), "__call__", fn)
    try:
        params = [p for p in inspect.signature(target).parameters.values()
                  if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)]
    except (TypeError, ValueError):
        params = []
    if params and not (inspect.isfunction(fn) or inspect.ismethod(fn)) and \
            params[0].name == "self":
        params = params[1:]
    names = [p.name for p in params][:n]
    return names + [f"arg{i}" for i in range(len(names), n)]


def _ident(name: str) -> str:
    return re.sub(r"\W", "_", name)


def _where(g: Guard) -> str:
    return f"{os.path.basename(g.span.file)}:{g.span.line}"


def _guard_index(e: RuntimeError) -> int | None:
    m = re.search(re.escape(GUARD_TAG) + r"(\d+)", str(e))
    return int(m.group(1)) if m else None


# ---------------------------------------------------------------- results

def _flatten(rec, out, strict: bool):
    """(structure, leaves): the result with its arrays and sizes as IR leaves
    [(value, type)], in order; constants stay in the structure."""
    leaves: list = []

    def walk(x):
        if isinstance(x, np.ndarray):
            x = rec.capture(x)
        if isinstance(x, (Traced, SymInt)):
            v, t, _ = rec.operand(x)
            leaves.append((v, t))
            return ("leaf",)
        if isinstance(x, _CONSTANTS) or isinstance(x, (str, np.generic)):
            return ("const", x)
        if isinstance(x, tuple) and hasattr(x, "_fields") and not strict:
            return ("namedtuple", type(x), [walk(v) for v in x])
        if isinstance(x, (tuple, list)):
            return (type(x).__name__, [walk(v) for v in x])
        if isinstance(x, dict):
            return ("dict", list(x), [walk(v) for v in x.values()])
        if not strict:
            return ("const", x)
        raise trace_error(f"the traced function returned a {type(x).__name__}: a trace's "
                          f"result is arrays, numbers, and tuples, lists and dicts of them "
                          f"(strict=False returns other values as the trace saw them)")

    structure = walk(out)
    if not leaves:
        raise trace_error("the traced function's result does not depend on its inputs' "
                          "arrays: there is nothing to compile")
    return structure, leaves


def _leaf_count(structure) -> int:
    """How many of the result's values the compiled code returns (one: not in a tuple)."""
    kind = structure[0]
    if kind == "leaf":
        return 1
    if kind == "const":
        return 0
    return sum(map(_leaf_count, structure[-1]))


def _rebuild(structure, leaves):
    kind = structure[0]
    if kind == "leaf":
        return next(leaves)
    if kind == "const":
        return structure[1]
    if kind == "namedtuple":
        return structure[1](*[_rebuild(s, leaves) for s in structure[2]])
    if kind == "dict":
        return {k: _rebuild(s, leaves) for k, s in zip(structure[1], structure[2])}
    items = [_rebuild(s, leaves) for s in structure[1]]
    return tuple(items) if kind == "tuple" else items


def _differs(want, got) -> str | None:
    if isinstance(want, dict) and isinstance(got, dict):
        if list(want) != list(got):
            return "keys"
        return next((p for p in map(_differs, want.values(), got.values()) if p), None)
    if isinstance(want, (tuple, list)) and isinstance(got, (tuple, list)):
        if len(want) != len(got):
            return "lengths"
        return next((p for p in map(_differs, want, got) if p), None)
    a, b = np.asarray(want), np.asarray(got)
    if a.shape != b.shape:
        return f"shapes {a.shape} and {b.shape}"
    if a.dtype != b.dtype:
        return f"dtypes {a.dtype} and {b.dtype}"
    tol = 1e-5 if a.dtype in (np.float32, np.float16) else 1e-9
    if a.dtype.kind in "fc" and not np.allclose(a, b, rtol=tol, atol=tol, equal_nan=True):
        return "values"
    if a.dtype.kind not in "fc" and not np.array_equal(a, b):
        return "values"
    return None


def _short(x) -> str:
    text = np.array2string(x, threshold=8) if isinstance(x, np.ndarray) else repr(x)
    return text if len(text) < 300 else text[:300] + "..."
