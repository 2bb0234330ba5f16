"""Gradients of scripted functions: `pts.grad`, `pts.value_and_grad`, `pts.gradcheck`.

`grad(f, argnums)(*args)` is df/d(args[argnums]) for a function `f` in the pts subset (a
plain function or a `pts.script` one) whose result is a float: a float for a float
argument, an array of the argument's shape and dtype for an array argument, a tuple of them
for a tuple `argnums`.  `value_and_grad` also gives f's value.  Each argument-type signature
is compiled once through the compile driver (kind "grad": pts.compiler, the pass
ir.passes.differentiate) and cached in memory and on disk, like a ScriptFunction's
(pts.compiled.compile_signature does both).  backend="native" (the default) or "interp"
(the IR interpreter), as for pts.script.

Models: when the first argument is a model (a pts.nn.Module, or any object pts.script
compiles as one), f is compiled with it as a compile-time object like a scripted method's
`self`; its parameters are lifted to arguments, and its gradient (argnums 0) is a dict
{name: array} keyed as `named_parameters()` (zeros for parameters f does not read).  A
change of the model that its code folded in (train()/eval(), the layers' classes, array
dtypes and ranks) compiles again.

Traces: `f` may be a pts.trace (gradients with respect to its input arrays), and the first
argument may be a traced model (`pts.trace(model, ...)`): the gradient of argument 0 is
then {name: array} keyed as the trace's `named_parameters()`.  Both go through
pts.trace_grad (the trace's IR differentiated by the same pass and driver).

`custom_vjp(f, vjp)` makes calls of f differentiate through a hand-written VJP (the
library's come from stdlib/nn_grad.py's VJPS).

`gradcheck(f, inputs)` compares pts.grad with central differences of f run eagerly (plain
Python and numpy, in float64), with PyTorch's defaults and test (|a - n| <= atol +
rtol * |n|), and returns True or raises GradcheckError naming the argument, the element,
and both values.
"""
from __future__ import annotations

import functools

from pts.errors import CompileError


class GradcheckError(AssertionError):
    """pts.gradcheck found an analytical gradient that differs from central differences."""


def _python_function(f):
    fn = getattr(f, "py_func", f)
    if not callable(fn) or not hasattr(fn, "__code__"):
        raise CompileError(f"pts.grad needs a Python function, got {type(f).__name__}")
    return fn


def _argnums(argnums, n: int) -> tuple[int, ...]:
    nums = (argnums,) if isinstance(argnums, int) else tuple(argnums)
    out = []
    for k in nums:
        if isinstance(k, bool) or not isinstance(k, int):
            raise TypeError(f"argnums must be an int or a tuple of ints, got {k!r}")
        if not -n <= k < n:
            raise ValueError(f"argnums {k} is out of range for a function of {n} "
                             f"argument(s)")
        out.append(k % n)
    return tuple(out)


class GradFunction:
    """`pts.grad(f, argnums)` (`with_value`: pts.value_and_grad): compiled per signature."""

    def __init__(self, f, argnums=0, with_value: bool = False, backend: str | None = None):
        from pts.api import BACKENDS
        # a pts.trace of a function or object: its traces are differentiated (pts.trace_grad)
        self.traced = f if getattr(f, "traced_function", False) else None
        self.py_func = f if self.traced is not None else _python_function(f)
        self.backend_given = backend is not None     # (else a traced model's own: trace_grad)
        if backend is None:
            backend = getattr(f, "backend", "native")
        if backend not in BACKENDS:
            raise ValueError(f"unknown backend {backend!r}; choose one of {', '.join(BACKENDS)}")
        if self.traced is None:
            functools.update_wrapper(self, self.py_func)
        else:
            self.__name__ = self.__qualname__ = f.__name__
        self.argnums = argnums
        self.with_value = with_value
        self.backend = backend
        self._cache: dict = {}

    def compiled(self, args: tuple):
        from pts.compiled import compile_signature
        from pts.ir.types import type_of_value
        wrt = _argnums(self.argnums, len(args))
        try:
            sig = tuple(type_of_value(a) for a in args)
        except TypeError as e:
            raise TypeError(f"{self.py_func.__name__}(): {e}") from None
        key = (sig, wrt)
        c = self._cache.get(key)
        if c is None:
            from pts.compiler import CUSTOM_VJPS
            # (the disk cache's key does not know the VJPs registered in this process)
            c = compile_signature(self.py_func, sig, self.backend, args, grad_wrt=wrt,
                                  disk_cache=not CUSTOM_VJPS)
            if c.const_indices:
                # (string arguments are constants of the code: one compile per value)
                key = (sig, wrt, tuple(args[i] for i in c.const_indices))
            self._cache[key] = c
        return c, wrt

    def compiled_model(self, args: tuple):
        """A loss function of a model (args[0]): compiled with the model as a compile-time
        object (like a scripted method's self), its parameters lifted to arguments."""
        from pts.compiled import Compiled, collector_paused
        from pts.frontend.objects import guards_hold
        from pts.ir.types import type_of_value
        root = args[0]
        wrt = _argnums(self.argnums, len(args))
        try:
            sig = tuple(type_of_value(a) for a in args[1:])
        except TypeError as e:
            raise TypeError(f"{self.py_func.__name__}(): {e}") from None
        key = (type(root), sig, wrt)
        c = self._cache.get(key)
        if c is None or not guards_hold(root, c.guards):
            from pts import compiler

            @collector_paused
            def build():
                record = compiler.compile(self.py_func, sig, args[1:], root,
                                          grad_wrt=tuple(k for k in wrt if k != 0))
                try:
                    return Compiled(record, self.backend, root=root)
                except CompileError as e:
                    raise e.with_traceback(None) from None
            c = self._cache[key] = build()
        return c, wrt

    def __call__(self, *args, **kwargs):
        from pts.api import _RUN_ERRORS, _call_args, bind_arguments, is_model
        from pts.compiled import SharedChanged
        from pts.frontend.objects import resolve
        if self.traced is not None:
            if kwargs:
                raise TypeError(f"the gradient of a trace takes its inputs by position")
            from pts.trace_grad import call_grad
            return call_grad(self, args, _argnums(self.argnums, len(args)))
        args, _ = _call_args(self.py_func, args, kwargs, 0,
                             functools.partial(bind_arguments, self.py_func))
        if args and getattr(args[0], "traced_function", False):
            from pts.trace_grad import call_model_grad    # a traced model's loss
            return call_model_grad(self, tuple(args), _argnums(self.argnums, len(args)))
        model = bool(args) and is_model(args[0]) and not _is_array(args[0])
        if model:
            c, wrt = self.compiled_model(args)
            full = tuple(args) + tuple(resolve(args[0], p) for p in c.lifted)
        else:
            c, wrt = self.compiled(args)
            full = args
        try:
            try:
                out = c.run(full)
            except SharedChanged:   # a module-level list it folded changed: fold it again
                self._cache = {k: v for k, v in self._cache.items() if v is not c}
                if model:
                    c, wrt = self.compiled_model(args)
                    full = tuple(args) + tuple(resolve(args[0], p) for p in c.lifted)
                else:
                    c, wrt = self.compiled(args)
                out = c.run(full)
        except _RUN_ERRORS as e:
            if getattr(e, "pts_span", None) is not None:
                raise e.with_traceback(None) from None
            raise
        value, adjoints = out[0], list(out[1:])
        if model:
            by_arg = dict(zip([k for k in wrt if k != 0], adjoints))
            params = dict(zip(c.record.grad_params, adjoints[len(by_arg):]))
            if 0 in wrt:
                import numpy as np
                by_arg[0] = {name: params[name] if name in params else np.zeros_like(p)
                             for name, p in args[0].named_parameters()}
            adjoints = [by_arg[k] for k in wrt]
        grads = adjoints[0] if isinstance(self.argnums, int) else tuple(adjoints)
        return (value, grads) if self.with_value else grads

    def ir(self, *args, after: str | None = None) -> str:
        """The IR of the gradient entry for the signature of `args`, after pass `after`
        ("differentiate": as the pass made it; None: the final IR)."""
        from pts import compiler
        from pts.ir.printer import print_module
        from pts.ir.types import type_of_value
        wrt = _argnums(self.argnums, len(args))
        sig = tuple(type_of_value(a) for a in args)
        return print_module(compiler.compile(self.py_func, sig, args, after=after,
                                             grad_wrt=wrt).module)

    def __repr__(self) -> str:
        kind = "value_and_grad" if self.with_value else "grad"
        return f"<pts.{kind} of {self.py_func.__qualname__}, argnums={self.argnums!r}>"


def grad(f, argnums=0, *, backend: str | None = None) -> GradFunction:
    """df/d(argument argnums) of `f` (a float-valued function in the pts subset)."""
    return GradFunction(f, argnums, False, backend)


def value_and_grad(f, argnums=0, *, backend: str | None = None) -> GradFunction:
    """(f(*args), grad(f, argnums)(*args)) in one compiled call."""
    return GradFunction(f, argnums, True, backend)


def custom_vjp(f, vjp) -> None:
    """Differentiate calls of `f` with the hand-written `vjp` instead of f's body.  `vjp`
    (in the pts subset) takes f's parameters followed by the adjoint `g` of f's result and
    returns a tuple of the adjoints of f's float and float-array parameters, in order (int
    and other parameters get none).  stdlib/nn_grad.py's `VJPS` registers the library's."""
    from pts import compiler
    from pts.frontend.objects import python_function
    fn, v = python_function(f), python_function(vjp)
    if fn is None or v is None:
        raise CompileError("pts.custom_vjp needs two Python functions")
    compiler.CUSTOM_VJPS[fn] = v


def _is_array(x) -> bool:
    import sys
    np = sys.modules.get("numpy")
    return np is not None and isinstance(x, (np.ndarray, np.generic))


def _is_float_input(x) -> bool:
    import numpy as np
    if isinstance(x, np.ndarray):
        return x.dtype.kind == "f"
    return isinstance(x, float) or isinstance(x, (np.floating,))


def gradcheck(f, inputs, eps: float = 1e-6, atol: float = 1e-5, rtol: float = 1e-3,
              argnums=None, *, backend: str | None = None) -> bool:
    """Check pts.grad(f) against central differences of f (run eagerly) at `inputs`, in
    float64.  argnums: which inputs (default: every float and float-array input)."""
    import numpy as np
    traced = getattr(f, "traced_function", False)
    fn = f.fn if traced else _python_function(f)       # (a trace: central differences of
    if not isinstance(inputs, (tuple, list)):           # the Python it recorded)
        inputs = (inputs,)
    inputs = tuple(np.array(x, dtype=np.float64) if isinstance(x, np.ndarray) and x.dtype.kind == "f"
                   else float(x) if isinstance(x, (float, np.floating)) else x for x in inputs)
    if argnums is None:
        nums = tuple(k for k, x in enumerate(inputs) if _is_float_input(x))
        if not nums:
            raise ValueError("gradcheck: no float input to check")
    else:
        nums = _argnums(argnums, len(inputs))
    analytical = GradFunction(f, nums, False, backend)(*inputs)
    if traced:
        names = f.input_names(len(inputs))
    else:
        names = _param_names(fn, len(inputs))
    for k, a in zip(nums, analytical):
        x = inputs[k]
        if isinstance(x, np.ndarray):
            if not isinstance(a, np.ndarray) or a.shape != x.shape:
                raise GradcheckError(f"gradcheck: the gradient of argument '{names[k]}' has "
                                     f"shape {getattr(a, 'shape', ())}, the argument {x.shape}")
            flat = x.reshape(-1)
            for j in range(flat.size):
                n = _central(fn, inputs, k, j, eps)
                _compare(names[k], np.unravel_index(j, x.shape) if x.ndim else (), n,
                         float(a.reshape(-1)[j]), atol, rtol)
        else:
            n = _central(fn, inputs, k, None, eps)
            _compare(names[k], None, n, float(a), atol, rtol)
    return True


def _central(fn, inputs: tuple, k: int, j, eps: float) -> float:
    """(f(x + eps) - f(x - eps)) / (2 eps) in input k (element j of an array)."""
    import numpy as np

    def at(delta: float) -> float:
        args = list(inputs)
        if j is None:
            args[k] = inputs[k] + delta
        else:
            x = inputs[k].copy()
            x.reshape(-1)[j] += delta
            args[k] = x
        with np.errstate(all="ignore"):
            return float(fn(*args))
    return (at(eps) - at(-eps)) / (2 * eps)


def _compare(name: str, index, numerical: float, analytical: float, atol: float,
             rtol: float) -> None:
    import math
    ok = abs(analytical - numerical) <= atol + rtol * abs(numerical) or \
        (math.isnan(analytical) and math.isnan(numerical))
    if not ok:
        where = f"'{name}'" + (f" at index {tuple(int(i) for i in index)}" if index is not None
                               else "")
        raise GradcheckError(f"gradcheck: the gradient of {where}: numerical {numerical!r}, "
                             f"analytical {analytical!r}")


def _param_names(fn, n: int) -> list[str]:
    code = fn.__code__
    names = list(code.co_varnames[:code.co_argcount])
    return names + [f"#{k}" for k in range(len(names), n)]
