"""Gradients of traced code, and training a traced model (issue 29 point 4; DESIGN.md §9, §10).

A trace (pts.trace) is IR recorded from Python; its gradient is that IR through the same
differentiation and compile driver as a scripted function's (compiler.compile_traced with
`grad_wrt`: ir.passes.differentiate, then the passes and the backend).  Each trace of a
TracedFunction gets its own gradient entry, made on first use; which trace a call runs is
decided as for a plain call (TracedFunction.dispatch: guards, tracing again).

- `pts.grad(tr, argnums)(*args)`, `pts.value_and_grad(tr, ...)`, `pts.gradcheck(tr, inputs)`
  for `tr = pts.trace(f, ...)` whose result is a float (a float scalar: `np.sum(x)`, ...):
  gradients with respect to input arrays.  A Python number given to a trace is a constant of
  the trace, with no gradient (pass a 0-d array instead).
- Models.  `tm = pts.trace(model, (x,))`: `tm.named_parameters()` are the float arrays the
  traced object holds, by attribute path (`named_parameters` below); the model's code reads
  them live.  `pts.value_and_grad(loss_fn)(tm, x, y)` traces `loss_fn(tm, x, y)` with `tm`'s
  Python code running inside that trace (TracedFunction.inline), and differentiates it with
  respect to the parameters the trace captured: the gradient of argument 0 is {name: array}
  keyed as named_parameters() (zeros for parameters the loss does not read), as for a
  pts.nn model.  `pts.train_step(tm, loss_fn, opt)` (pts.train.TracedTrainStep) composes that
  gradient with the optimizer's update of each parameter (pts.train.compose) into one
  compiled call that updates the live arrays in place; a step that raises leaves them and
  the optimizer's state as they were.
"""
from __future__ import annotations

import functools
import inspect
import operator
import types

import numpy as np

from pts.errors import CompileError


# ---------------------------------------------------------------- a traced object's parameters

def named_parameters(obj) -> list[tuple[str, np.ndarray]]:
    """(dotted path, array) of each float array `obj` holds: for a pts.nn.Module its
    parameters, named and ordered as its named_parameters(); otherwise the float ndarrays
    reached through attributes, dict values, list and tuple items ("layers.0.w"; for a
    function, its closure variables and the module-level arrays its own code names, by
    name), each array once (under its first path), in that order."""
    seen: set = set()
    out = []
    for name, a, _ in _locations(obj):
        if id(a) not in seen:
            seen.add(id(a))
            out.append((name, a))
    return out


def _locations(obj) -> list:
    """(path, array, set) of every float array `obj` holds (see named_parameters), each
    place it is held: `set(v)` puts v there (None where it cannot: a tuple item)."""
    out: list = []
    seen: set = set()

    from pts.trace_record import Traced

    def walk(x, path: str, put) -> None:
        if isinstance(x, Traced):       # (a weight already standing in: pts.trace_state)
            return
        if isinstance(x, np.ndarray):
            if x.dtype.kind == "f":
                out.append((path, x, put))
            return
        if id(x) in seen or isinstance(x, (str, bytes, int, float, complex, type(None),
                                           type, types.ModuleType, np.generic)):
            return
        seen.add(id(x))
        prefix = path + "." if path else ""
        if isinstance(getattr(x, "_parameters", None), dict) and \
                isinstance(getattr(x, "_modules", None), dict):      # a pts.nn.Module
            for k, v in x._parameters.items():
                walk(v, prefix + k, _module_param(x, k))
            for k, v in x._modules.items():
                walk(v, prefix + k, None)
            return
        own = getattr(x, "named_parameters", None)
        if callable(own) and not getattr(x, "traced_function", False):
            for name, p in own():
                walk(p, prefix + name, None)
            return
        if isinstance(x, dict):
            for k, v in x.items():
                walk(v, prefix + str(k), functools.partial(operator.setitem, x, k))
        elif isinstance(x, (list, tuple)):
            for k, v in enumerate(x):
                walk(v, prefix + str(k), functools.partial(operator.setitem, x, k)
                     if isinstance(x, list) else None)
        elif isinstance(x, types.MethodType):
            walk(x.__self__, path, None)
        elif isinstance(x, types.FunctionType):
            for name, cell in zip(x.__code__.co_freevars, x.__closure__ or ()):
                try:
                    v = cell.cell_contents
                except ValueError:          # (an empty cell)
                    continue
                walk(v, prefix + name, functools.partial(setattr, cell, "cell_contents"))
            g = x.__globals__               # module-level arrays its own code names
            for name in x.__code__.co_names:
                if isinstance(g.get(name), np.ndarray):
                    walk(g[name], prefix + name, functools.partial(operator.setitem, g, name))
        elif getattr(x, "traced_function", False):
            walk(x.fn, path, None)
        elif hasattr(x, "__dict__"):
            for k, v in vars(x).items():
                if not (k.startswith("__") and k.endswith("__")):
                    walk(v, prefix + k, functools.partial(object.__setattr__, x, k))
    walk(obj, "", None)
    return out


def _module_param(m, name: str):
    def put(v):
        m._parameters[name] = v
        object.__setattr__(m, name, v)
    return put


class _ParametersTraced:
    """While a loss of a traced model is recorded, its parameters are proxies (captured
    arrays: pts.trace_record.Recorder.capture), so that the model's code on them —
    `self.w.T`, `self.w * 2` — is recorded, not run once on the arrays (which would make
    a fresh constant array without a gradient).  The model's arrays are put back after."""

    def __init__(self, model):
        self.model = model
        self.saved: list = []

    def __enter__(self):
        from pts.trace_record import _ACTIVE
        rec = _ACTIVE[-1]
        try:
            for _, a, put in _locations(self.model):
                if put is not None:
                    put(rec.capture(a))
                    self.saved.append((put, a))
        except BaseException:
            self.__exit__()
            raise
        return self

    def __exit__(self, *exc):
        for put, a in reversed(self.saved):
            put(a)
        self.saved.clear()
        return False


# ---------------------------------------------------------------- gradient entries

def entries(tf) -> dict:
    """What a TracedFunction's gradients keep (grad_entry's and loss_trace's cache): on the
    TracedFunction, so that every pts.grad / gradcheck / train_step of it shares them."""
    return tf.__dict__.setdefault("_grad_entries", {})


def grad_entry(cache: dict, tr, wrt: tuple[int, ...], backend: str, compose=None,
               extra: tuple = ()):
    """The compiled gradient of trace `tr` (a traced._Trace) with respect to its entry's
    parameters `wrt` (input arrays, then captured arrays): returns (result, adjoint of
    each); with `compose` (pts.train.compose's), a training step.  Made once per trace,
    `wrt`, backend and `extra` (kept in `cache`)."""
    from pts import compiler
    from pts.compiled import Compiled
    from pts.ir.parser import parse_module
    key = (id(tr), wrt, backend, extra)
    hit = cache.get(key)
    if hit is not None and hit[0] is tr:
        return hit[1]
    module = parse_module(tr.ir_text)
    names = tuple(tr.compiled.record.param_names)
    record = compiler.compile_traced(module, names, grad_wrt=wrt, compose=compose)
    try:
        c = Compiled(record, backend)
    except CompileError as e:
        raise e.with_traceback(None) from None
    cache[key] = (tr, c)
    return c


def run_entry(c, args: list):
    """c.run(args): an error at the user's line without the runtime's traceback (a
    guard's failure as it is: TracedFunction.dispatch tries the next trace)."""
    from pts.api import _RUN_ERRORS
    try:
        return c.run(args)
    except _RUN_ERRORS as e:
        if getattr(e, "pts_span", None) is not None and not _is_guard(e):
            raise e.with_traceback(None) from None
        raise


def _is_guard(e: BaseException) -> bool:
    from pts.trace_record import GUARD_TAG
    return isinstance(e, RuntimeError) and GUARD_TAG in str(e)


def _input_positions(tf, args: tuple, wrt: tuple[int, ...]) -> tuple[int, ...]:
    """Entry positions of the Python arguments `wrt` of a trace (its input arrays)."""
    names = tf.input_names(len(args))
    out = []
    for k in wrt:
        if not isinstance(args[k], np.ndarray):
            raise CompileError(f"cannot differentiate the trace of '{tf.__name__}' with "
                               f"respect to '{names[k]}': a {type(args[k]).__name__} given "
                               f"to a trace is a constant of the trace (pass an array, "
                               f"np.asarray(x) for a number)")
        out.append(sum(1 for a in args[:k] if isinstance(a, np.ndarray)))
    return tuple(out)


def call_grad(g, args: tuple, wrt: tuple[int, ...]):
    """pts.grad / value_and_grad (GradFunction `g`) of a TracedFunction g.traced, with
    respect to the arguments `wrt`."""
    tf = g.traced
    positions = _input_positions(tf, args, wrt)
    arrays = [a for a in args if isinstance(a, np.ndarray)]

    def run(tr, now):
        c = grad_entry(entries(tf), tr, positions, g.backend)
        return run_entry(c, arrays + now)
    out = tf.dispatch(tuple(args), run)
    value, adjoints = out[0], list(out[1:])
    grads = adjoints[0] if isinstance(g.argnums, int) else tuple(adjoints)
    return (value, grads) if g.with_value else grads


# ---------------------------------------------------------------- a traced model's loss

def bound_loss(loss_fn, model):
    """`loss_fn(model, *batch)` as a function of the batch, to trace: it has loss_fn's
    globals (a trace gives the traced code's module its symbolic `len`) and loss_fn's
    parameter names after the first (a guard's text names them)."""
    proxies = _ParametersTraced       # (a closure variable: `loss` runs in loss_fn's globals)

    def loss(*batch):
        with proxies(model):
            return loss_fn(model, *batch)
    fn = types.FunctionType(loss.__code__, loss_fn.__globals__, loss_fn.__name__, None,
                            loss.__closure__)
    fn.__qualname__ = loss_fn.__qualname__
    try:
        sig = inspect.signature(loss_fn)
        fn.__signature__ = sig.replace(parameters=list(sig.parameters.values())[1:])
    except (TypeError, ValueError):
        pass
    return fn


def loss_trace(loss_fn, model):
    """The TracedFunction of loss_fn(model, *batch) for a traced model (a TracedFunction),
    made once per loss function (kept with the model's gradient entries)."""
    cache = entries(model)
    hit = cache.get(("loss", loss_fn))
    if hit is not None:
        return hit
    # (only its gradient entries run, each compiled for `backend` by grad_entry: its own
    # compile of each trace's forward, which nothing calls, stays the interpreter's, cheap)
    lt = type(model)(bound_loss(loss_fn, model), strict=True, backend="interp")
    cache[("loss", loss_fn)] = lt
    return lt


def call_model_grad(g, args: tuple, wrt: tuple[int, ...]):
    """pts.grad / value_and_grad of `g.py_func(tm, *batch)` for a traced model tm, with
    respect to the arguments `wrt`: argument 0's gradient is {parameter name: array}
    (tm.named_parameters())."""
    tm, batch = args[0], tuple(args[1:])
    lt = loss_trace(g.py_func, tm)
    backend = g.backend if g.backend_given else tm.backend
    params = tm.named_parameters()
    name_of = {id(p): name for name, p in params}
    inputs = _input_positions(lt, batch, tuple(k - 1 for k in wrt if k != 0))
    arrays = [a for a in batch if isinstance(a, np.ndarray)]

    def run(tr, now):
        captured = [j for j, c in enumerate(now) if id(c) in name_of] if 0 in wrt else []
        c = grad_entry(entries(lt), tr, inputs + tuple(len(arrays) + j for j in captured),
                       backend)
        out = run_entry(c, arrays + now)
        return out, [name_of[id(now[j])] for j in captured]
    out, names = lt.dispatch(batch, run)
    value, adjoints = out[0], list(out[1:])
    by_arg = dict(zip([k for k in wrt if k != 0], adjoints))
    if 0 in wrt:
        got = dict(zip(names, adjoints[len(inputs):]))
        by_arg[0] = {name: got[name] if name in got else np.zeros_like(p)
                     for name, p in params}
    adjoints = [by_arg[k] for k in wrt]
    grads = adjoints[0] if isinstance(g.argnums, int) else tuple(adjoints)
    return (value, grads) if g.with_value else grads
