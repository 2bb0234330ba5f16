"""`@pts.script`'s objects and their calling conventions: ScriptFunction (a function),
ScriptModule (a model) and its ScriptMethods.

A call binds its arguments as Python would (keywords, defaults), finds the compiled code of
their signature — compiling it on the first call (pts.compiled: the disk cache, else the
compile driver pts.compiler, then machine code) — and runs it.  Calls whose signature has been seen go
through the C dispatcher (pts._dispatch) with no Python frame: arguments of numbers, bools,
plain arrays, tuples of numbers and None; results of any kind; for a model's method,
after C has checked the model's guards (`c_guards`) and read its lifted arrays.  `ir()` / `llvm_ir()` show what the driver makes for the arguments' signature.
"""
from __future__ import annotations

import functools
import sys
import weakref

from pts.compiled import (Compiled, SharedChanged, c_folds, compile_method,
                          compile_signature, maybe_preload)
from pts.errors import CompileError
from pts.frontend import generator_frames as _generator_frames
from pts.frontend.objects import forward_function, guards_hold, method_function, resolve
from pts.ir.types import F64, I1, I64

BACKENDS = ("native", "interp")
_SCALARS = (int, float, bool)
_ARRAY: list = []                          # [numpy.ndarray] once numpy is imported


def _array_type():
    """numpy.ndarray, or None while numpy is not imported (pts does not import it)."""
    if not _ARRAY:
        np = sys.modules.get("numpy")
        if np is None:
            return None
        _ARRAY.append(np.ndarray)
    return _ARRAY[0]


# ir.types.type_of_value of exact int, float and bool values
_SCALAR_TYPES = {int: I64, float: F64, bool: I1}


from pts.runtime.native import DISPATCH as _DISPATCH
from pts.runtime import buffers as _buffers

# calls through C (runtime/_dispatch.c), else (not built, or built from older sources:
# runtime.native._load_dispatch) through ctypes: ScriptFunction.__call__ below
_CallBase = _DISPATCH.Dispatcher if _DISPATCH is not None else object


class ScriptFunction(_CallBase):
    """A Python function compiled by pts on its first call for each argument-type signature.

    With the C extension, a call is handled by `Dispatcher` (no Python frame) when all
    arguments are int/float/bool or plain ndarrays and their signature has been registered;
    anything else comes to `_slow_call`, which compiles, registers the signatures of scalars
    and arrays, and runs."""

    # how the frontend and the disk cache, which do not import this module (the frontend
    # sits below it), see a scripted function as the Python function it wraps
    # (frontend.objects.python_function)
    wraps_python_function = True

    def __init__(self, fn, backend: str = "native"):
        if isinstance(fn, ScriptFunction):
            fn = fn.py_func
        if backend not in BACKENDS:
            raise ValueError(f"unknown backend {backend!r}; choose one of {', '.join(BACKENDS)}")
        if not callable(fn) or not hasattr(fn, "__code__"):
            raise CompileError(f"pts.script needs a Python function, got {type(fn).__name__}")
        functools.update_wrapper(self, fn)
        self.py_func = fn
        self.backend = backend
        if backend == "native":
            maybe_preload(fn)
        self._cache: dict[tuple, Compiled] = {}
        self._fast: dict[tuple, Compiled] = {}    # by Python types, for scalar arguments
        self._const_indices: tuple = ()            # arguments specialized on their values
        self._c_tried: set = set()      # signatures with tuples or None offered to C

    def signature(self, args: tuple) -> tuple:
        if all(type(a) in _SCALAR_TYPES for a in args):      # without importing the frontend
            return tuple(_SCALAR_TYPES[type(a)] for a in args)
        return tuple(_argument_type(a) for a in args)

    def compiled(self, args: tuple) -> Compiled:
        try:
            sig = self.signature(args)
        except TypeError as e:
            raise argument_error(self.py_func, self.py_func.__name__, args, 0, e) from None
        key = (sig, tuple(args[i] for i in self._const_indices))
        c = self._cache.get(key)
        if c is None:
            try:
                # (code specialized on a function argument stays out of the disk cache)
                c = compile_signature(self.py_func, sig, self.backend, args,
                                      disk_cache=not any(map(_is_function_type, sig)))
            except CompileError as e:
                raise annotation_error(e, self.py_func, self.py_func.__name__, args, 0) from None
            if c.const_indices != self._const_indices:
                self._const_indices = c.const_indices
                key = (sig, tuple(args[i] for i in c.const_indices))
            self._cache[key] = c
        return c

    def _slow_call(self, *args, **kwargs):
        args, _ = _call_args(self.py_func, args, kwargs, 0, self._bind)
        trace = sys.modules.get("pts.trace_record")
        if trace is not None and trace.holds_traced(args, kwargs):   # called in a pts.trace
            return trace.call_script(trace._ACTIVE[-1], self, args)
        if _buffers.has_buffers(args):       # array.array: a numpy view of its memory
            args = _buffers.as_arrays(args)
        key = _value_key(args)
        c = self._fast.get(key)
        if c is None:
            c = self.compiled(args)
            code = self.py_func.__code__
            # (folded lists: C checks them before each call, c_folds)
            plain = not c.const_indices and not c.shared and \
                not (code.co_kwonlyargcount or code.co_flags & _VARIADIC)
            folds = (-1, None, None, c_folds(c)) if c.folded else ()
            if all(k in _SCALARS or type(k) is tuple for k in key) and plain:
                self._fast[key] = c
                if _CallBase is not object:         # (an Optional parameter: value_types)
                    _register(self, _kinds(key), c, folds, value_types=self.signature(args))
            elif plain and _CallBase is not object and _c_kinds(key) is not None:
                # tuples, None: the C dispatcher checks their items' types itself
                sig = self.signature(args)
                if (sig, id(c)) not in self._c_tried:
                    self._c_tried.add((sig, id(c)))
                    _register(self, _c_kinds(key), c, folds, value_types=sig)
        try:
            try:
                return c.run(args)
            except SharedChanged:       # a shared global changed type: compile again
                self._cache = {k: v for k, v in self._cache.items() if v is not c}
                self._fast = {k: v for k, v in self._fast.items() if v is not c}
                return self.compiled(args).run(args)
        except _RUN_ERRORS as e:
            if getattr(e, "pts_span", None) is not None:
                raise e.with_traceback(None) from None
            raise

    if _CallBase is object:
        __call__ = _slow_call

    def _bind(self, args: tuple, kwargs: dict) -> tuple:
        return bind_arguments(self.py_func, args, kwargs)

    def ir(self, *args, after: str | None = None) -> str:
        """The IR text of this function for the signature of `args`, after pass `after`
        ("lower" for the unoptimized IR, None for the final IR)."""
        from pts import compiler
        from pts.ir.printer import print_module
        args, _ = _call_args(self.py_func, args, {}, 0, self._bind)     # defaults, as a call
        return print_module(compiler.compile(self.py_func, self.signature(args), args,
                                             after=after).module)

    def llvm_ir(self, *args) -> str:
        from pts import compiler
        from pts.backend.jit import llvm_ir_text
        return llvm_ir_text(compiler.compile(self.py_func, self.signature(args), args).module)

    def __repr__(self) -> str:
        return f"<pts.script {self.py_func.__qualname__}>"

    def __get__(self, obj, objtype=None):
        if obj is None:
            return self
        return functools.partial(self, obj)


# ---------------------------------------------------------------- pts.script(model)

def is_model(obj) -> bool:
    """Does pts.script(obj) script an object (rather than a function)?"""
    import types
    if isinstance(obj, (types.FunctionType, ScriptFunction, types.BuiltinFunctionType, type)):
        return False
    if isinstance(obj, types.MethodType):
        return False
    return hasattr(obj, "__dict__") or hasattr(type(obj), "__slots__")


class ModelMethod:
    """`pts.script(ModelMethod(model, name))` is the ScriptMethod `name` of the scripted
    model, whether or not it is exported (the CLI's FILE.py:Class.method)."""

    def __init__(self, model, name: str):
        self.model = model
        self.name = name


class ScriptModule(_CallBase):
    """`pts.script(model)`: a model object whose `forward` and `@pts.export` methods are
    compiled on their first call per argument-type signature (frontend.objects describes
    how `self` is compiled).

    Calls look like calls of the model: `m(x)` runs `forward`, `m.method(...)` an exported
    method; any other attribute is the model's own (`m.state_dict()`), `m.module` is the
    model itself.  Tensor attributes (parameters, buffers) are read from the live model at
    each call, without copies: changing an array in place, or assigning a new array of the
    same dtype and rank, needs no recompilation.  Numbers, bools, strings, None and tuples
    are folded into the code; each call checks them (and the dtypes and ranks of the
    tensors, and the classes of the objects) against what the code was compiled for, and
    compiles again when they changed (`m.eval()` flips `training` everywhere).

    Backends: "native" (the default, as for functions: DESIGN.md's `@pts.script` runs
    native code) passes the tensor attributes as extra trailing arguments
    (ir.passes.lift_attributes) until the attribute table designed in
    frontend.objects exists; rebinding an attribute in scripted code (`self.w = v`) is then
    a CompileError that names backend="interp" (in-place updates work).  "interp" runs the
    methods on the IR interpreter.  (Models defaulted to the interpreter until native
    tensor code compiled fast enough: MyConv's forward ran ~2x slower there.)
    """

    # how the frontend (frontend.objects.unwrap) and pts.nn's Module, which do not import
    # this module, see a scripted module kept as a submodule: as the model it wraps
    wraps_python_module = True

    def __init__(self, obj, backend: str | None = None, methods: tuple = ()):
        if backend is None:
            backend = "native"
        if isinstance(obj, ScriptModule):       # pts.script(pts.script(m)): m's
            obj = obj.module
        if backend not in BACKENDS:
            raise ValueError(f"unknown backend {backend!r}; choose one of {', '.join(BACKENDS)}")
        cls = type(obj).__name__
        self.__dict__["module"] = obj
        self.__dict__["backend"] = backend
        names = []
        if method_function(obj, "forward") is not None:
            names.append("forward")
        for klass in type(obj).__mro__:
            for name, f in vars(klass).items():
                if getattr(f, "__pts_export__", False) and name not in names:
                    names.append(name)
        for name in methods:
            if method_function(obj, name) is None:
                raise CompileError(f"pts.script: '{cls}' object has no method '{name}'")
            if name not in names:
                names.append(name)
        if not names:
            raise CompileError(f"pts.script: '{cls}' object has no 'forward' method (and no "
                               f"method marked @pts.export) to compile")
        methods = {}
        for name in names:
            fn = forward_function(obj) if name == "forward" else method_function(obj, name)
            methods[name] = ScriptMethod(self, name, fn)
        self.__dict__["_methods"] = methods
        if "forward" in methods and _CallBase is not object:
            self._set_forward(methods["forward"])     # a call is forward's, from C

    def _slow_call(self, *args, **kwargs):
        forward = self._methods.get("forward")
        if forward is None:
            raise CompileError(f"'{type(self.module).__name__}' object has no 'forward' method")
        return forward(*args, **kwargs)

    if _CallBase is object:
        __call__ = _slow_call

    def __getattr__(self, name):
        methods = self.__dict__.get("_methods", {})
        if name in methods:
            return methods[name]
        return getattr(self.__dict__["module"], name)

    def __setattr__(self, name, value):
        setattr(self.module, name, value)

    def train(self, mode: bool = True) -> "ScriptModule":
        self.module.train(mode)
        return self

    def __deepcopy__(self, memo) -> "ScriptModule":
        """A copy of the model, scripted again (copy.deepcopy of a model holding a scripted
        submodule, as torch copies a ScriptModule): its compiled code is not copied."""
        import copy
        return ScriptModule(copy.deepcopy(self.module, memo), self.backend,
                            methods=tuple(self._methods))

    def eval(self) -> "ScriptModule":
        return self.train(False)

    @property
    def methods(self) -> list[str]:
        return list(self._methods)

    def ir(self, *args, method: str = "forward", after: str | None = None) -> str:
        """The IR text of `method` for the signature of `args`, after pass `after`."""
        if method not in self._methods:
            raise CompileError(f"'{type(self.module).__name__}.{method}' is not a scripted "
                               f"method (forward and @pts.export methods are)")
        return self._methods[method].ir(*args, after=after)

    def __repr__(self) -> str:
        return f"<pts.script {type(self.module).__name__} ({', '.join(self._methods)})>"


class ScriptMethod(_CallBase):
    """One method of a ScriptModule: Compiled code per argument-type signature, each with the
    guards of what it folded in from the model (see ScriptModule).

    With the C extension, a call whose signature has been registered is handled by the
    Dispatcher (no Python frame): it checks the guards on the model, reads the lifted
    arrays from it and calls the native code (`_register_model`); anything else comes to
    `_slow_call`."""

    def __init__(self, owner: ScriptModule, name: str, py_func):
        from pts.frontend.source import parse_pyfunc
        self.owner = owner
        self.name = name
        self.py_func = py_func
        self.__name__ = name
        self.__doc__ = py_func.__doc__
        self._cache: dict[tuple, Compiled] = {}
        # every specialization compiled per key, the constants folded in from the model
        # (its guards) told apart: train() / eval() back and forth picks one, not a compile
        self._variants: dict[tuple, list[Compiled]] = {}
        self._const_indices: tuple = ()
        # by exact argument types (and dtype and rank for arrays): (Compiled, its C caller)
        self._fast: dict[tuple, tuple] = {}
        self._c_tried: dict[tuple, Compiled] = {}  # (key, id) -> Compiled offered to C
        if _CallBase is not object:
            self._set_model(owner.module)
        try:                      # refuse what is outside the language now, not at the call
            parse_pyfunc(py_func)
        except CompileError as e:
            raise CompileError(f"method '{type(owner.module).__name__}.{name}' is not in the "
                               f"pts language: {e.msg}", e.span) from None

    def _bind(self, args: tuple, kwargs: dict) -> tuple:
        import inspect
        try:
            bound = inspect.signature(self.py_func).bind(None, *args, **kwargs)
        except TypeError as e:
            raise TypeError(f"{self.name}(): {e}") from None
        bound.apply_defaults()
        return tuple(bound.args[1:])

    def signature(self, args: tuple) -> tuple:
        from pts.ir.types import type_of_value
        try:
            return tuple(type_of_value(a) for a in args)
        except TypeError as e:
            raise argument_error(self.py_func, self.name, args, 1, e) from None

    def compiled(self, args: tuple) -> Compiled:
        root = self.owner.module
        sig = self.signature(args)
        full = (root,) + tuple(args)
        key = (sig, tuple(full[i] for i in self._const_indices if i))
        c = self._cache.get(key)
        if c is not None and not guards_hold(root, c.guards):
            c = next((v for v in self._variants.get(key, ()) if guards_hold(root, v.guards)),
                     None)
            if c is not None:
                self._cache[key] = c
        if c is None:
            try:
                c = compile_method(self.py_func, sig, args, root, self.owner.backend,
                                   self.name)
            except CompileError as e:
                raise annotation_error(e, self.py_func, self.name, args, 1) from None
            if c.const_indices != self._const_indices:
                self._const_indices = c.const_indices
                key = (sig, tuple(full[i] for i in c.const_indices if i))
            self._cache[key] = c
            variants = self._variants.setdefault(key, [])
            variants.append(c)
            del variants[:-8]            # (a bound: a constant that keeps changing)
        return c

    def _slow_call(self, *args, **kwargs):
        root = self.owner.module
        args, bound = _call_args(self.py_func, args, kwargs, 1, self._bind)
        key = _value_key(args)
        if not bound:
            fast = self._fast.get(key)
            if fast is not None and guards_hold(root, fast[0].guards):
                # what `compiled` would return: call it from C with the model's arrays
                try:
                    return fast[1](*args, *[resolve(root, p) for p in fast[0].lifted])
                except _RUN_ERRORS as e:
                    if getattr(e, "pts_span", None) is not None:
                        raise e.with_traceback(None) from None
                    raise
        c = self.compiled(args)
        full = (root,) + tuple(args)
        if c.lifted:              # native: tensor attributes as trailing arguments
            full += tuple(resolve(root, p) for p in c.lifted)
        if not bound and c.entry is not None and c.const_indices == (0,) and \
                not (c.shared or c.folded) and \
                _CallBase is not object and _c_kinds(key) is not None:
            self._register_model(c, key, args, full[1:])
        if not bound and c.entry is not None and c.const_indices == (0,) and \
                not (c.shared or c.folded) and \
                all(k in _SCALARS or type(k) is tuple for k in key):
            call = _EntryCall(c, full[1:])
            if call.registered:         # else (an ndarray subclass among the model's arrays,
                self._fast[key] = (c, call)     # > MAX_ARGS values) the next call tries again
        try:
            try:
                return c.run(full)
            except SharedChanged:       # a module-level list it folded changed: compile again
                self._cache = {k: v for k, v in self._cache.items() if v is not c}
                self._variants = {k: [x for x in v if x is not c]
                                  for k, v in self._variants.items()}
                c = self.compiled(args)         # (the list folded again: pts.compiler)
                full = (root,) + tuple(args) + tuple(resolve(root, p) for p in c.lifted)
                return c.run(full)
        except _RUN_ERRORS as e:
            if getattr(e, "pts_span", None) is not None:
                raise e.with_traceback(None) from None
            raise

    if _CallBase is object:
        __call__ = _slow_call

    def _register_model(self, c: Compiled, key: tuple, args: tuple, values: tuple) -> None:
        """Let the C dispatcher call c for arguments `args` of `key` (`values`: them,
        then the lifted ones), once per (signature, c)."""
        sig = self.signature(args) if any(k is tuple or k is _NONE_TYPE for k in key) else key
        if (sig, id(c)) in self._c_tried:
            return
        self._c_tried[(sig, id(c))] = c
        kinds = _c_kinds(_value_key(values))
        guards = c_guards(c, self.owner.module)
        if kinds is not None and guards is not None:
            lifted = tuple(_c_path(p) for p in c.lifted)
            _register(self, kinds, c, (len(args), guards, lifted),
                      value_types=tuple(sig) + (None,) * len(lifted) if sig is not key else None)

    def ir(self, *args, after: str | None = None, **kwargs) -> str:
        from pts import compiler
        from pts.ir.printer import print_module
        if kwargs or (self.py_func.__defaults__ and
                      len(args) + 1 < self.py_func.__code__.co_argcount):
            args = self._bind(args, kwargs)
        return print_module(compiler.compile(self.py_func, self.signature(args), args,
                                             self.owner.module, after=after).module)

    def __repr__(self) -> str:
        return f"<pts.script method {type(self.owner.module).__name__}.{self.name}>"


_RUN_ERRORS = (ArithmeticError, LookupError, ValueError, AssertionError, RuntimeError,
               TypeError)


_VARIADIC = 0x04 | 0x08           # inspect.CO_VARARGS | CO_VARKEYWORDS (without importing it)


def bind_arguments(py_func, args: tuple, kwargs: dict) -> tuple:
    """Keyword and default arguments -> the full positional tuple, as Python binds them
    (a ScriptFunction's call, pts.grad's)."""
    import inspect
    try:
        bound = inspect.signature(py_func).bind(*args, **kwargs)
    except TypeError as e:
        raise TypeError(f"{py_func.__name__}(): {e}") from None
    bound.apply_defaults()
    code = py_func.__code__
    if code.co_kwonlyargcount or code.co_flags & _VARIADIC:
        # one value per parameter, as the compiled code takes them: `*args` a tuple,
        # keyword-only values in order, `**kwargs` a dict (frontend.check_functions)
        return tuple(bound.arguments.values())
    return bound.args


PASSABLE = ("int, float, complex, bool, None, str, a list, a tuple, a dict, a set or a numpy "
            "array")


def _argument_type(value):
    """The pts type of an argument from Python: ir.types.type_of_value, and for a Python
    function (a def, a lambda, a pts.script function) the compile-time function type the
    callee is specialized on (frontend.check_functions)."""
    if callable(value) and hasattr(value, "__code__") or hasattr(value, "py_func"):
        from pts.frontend.check_functions import python_function_value
        try:
            t = python_function_value(value)
        except CompileError as e:
            raise TypeError(f"a function pts cannot compile: {e.msg}") from None
        if t is not None:
            return t
    from pts.ir.types import type_of_value
    return type_of_value(value)


def _is_function_type(t) -> bool:
    return type(t).__name__ == "FunctionType"


def argument_error(py_func, name: str, args: tuple, first: int, error: TypeError) -> TypeError:
    """A value pts cannot pass, as CPython words a bad argument: the parameter named
    (`f(): argument 'x' must be int, float, ..., not dict`), `first` bound parameters
    (self) skipped."""
    params = py_func.__code__.co_varnames[first:py_func.__code__.co_argcount]
    for i, a in enumerate(args):
        try:
            _argument_type(a)
        except TypeError as e:
            param = f"argument '{params[i]}'" if i < len(params) else f"argument {i + 1}"
            inner = str(e)
            if callable(a) and not hasattr(a, "shape") and inner.startswith("pts cannot pass"):
                return TypeError(f"{name}(): {param} must be a Python function pts can "
                                 f"compile (a def or a lambda), not {type(a).__name__}")
            if inner.startswith("pts cannot pass"):
                return TypeError(f"{name}(): {param} must be {PASSABLE}, not {type(a).__name__}")
            return TypeError(f"{name}(): {param}: {inner}")
    return TypeError(f"{name}(): {error}")


def annotation_error(e: CompileError, py_func, name: str, args: tuple, first: int) -> Exception:
    """The compile error of a call from Python: an argument the entry's annotation refuses
    is CPython's TypeError (`f(): argument 'n' must be int, not str`), not a CompileError
    at the parameter (a scripted caller gets that); anything else is raised as it is."""
    from pts.frontend.check import ArgumentTypeError
    if isinstance(e, ArgumentTypeError) and e.pyfunc is py_func:
        params = py_func.__code__.co_varnames[first:py_func.__code__.co_argcount]
        if e.param in params and params.index(e.param) < len(args):
            value = args[params.index(e.param)]
            return TypeError(f"{name}(): argument '{e.param}' must be {e.want}, not "
                             f"{type(value).__name__}").with_traceback(None)
    return e.with_traceback(None)


def _call_args(fn, args: tuple, kwargs: dict, first: int, bind) -> tuple[tuple, bool]:
    """(the positional arguments of a call of fn, after `first` bound parameters such as
    self; whether they took `bind`, i.e. inspect.signature): `args` as they are, `args` and
    fn's defaults, or bind(args, kwargs) for keywords and what Python would refuse."""
    code = fn.__code__
    if not kwargs and not (fn.__defaults__ and len(args) + first < code.co_argcount) \
            and not (code.co_kwonlyargcount or code.co_flags & _VARIADIC):
        return args, False
    filled = None if kwargs else _with_defaults(fn, args, first)
    return (bind(args, kwargs), True) if filled is None else (filled, False)


def _with_defaults(fn, args: tuple, first: int) -> tuple | None:
    """`args` (positional, after `first` bound parameters such as self) completed with fn's
    default values, as Python binds a call without keywords: what `_bind` returns, without
    inspect.signature (~50 us); None where that is not all of it (keyword-only or variadic
    parameters, too few arguments: `_bind` then raises Python's TypeError)."""
    code = fn.__code__
    if code.co_kwonlyargcount or code.co_flags & _VARIADIC:
        return None
    missing = code.co_argcount - first - len(args)
    defaults = fn.__defaults__ or ()
    if missing <= 0 or missing > len(defaults):
        return None
    return tuple(args) + defaults[len(defaults) - missing:]


def _value_key(args: tuple) -> tuple:
    """The exact types of `args`, with (ndarray, dtype, rank) for plain ndarrays: what the
    signature of arguments of these kinds depends on."""
    nd = _array_type()
    return tuple((nd, a.dtype, a.ndim) if type(a) is nd else type(a) for a in args)


_KINDS = {int: "i", float: "f", bool: "b"}
_NONE_TYPE = type(None)
_C_KINDS = {int: "i", float: "f", bool: "b", tuple: "o", _NONE_TYPE: "o"}


def _c_kinds(key: tuple) -> str | None:
    """`_kinds`, with 'o' for tuples and None (the C dispatcher checks their types with
    the entry's argument programs: NativeEntry.dispatch_info(value_types))."""
    kinds = ["a" if type(k) is tuple else _C_KINDS.get(k) for k in key]
    return None if None in kinds else "".join(kinds)


def _kinds(key: tuple) -> str | None:
    """The C dispatcher's argument kinds of a `_value_key` ('i' int, 'f' float, 'b' bool,
    'a' ndarray); None if it has other types."""
    kinds = ["a" if type(k) is tuple else _KINDS.get(k) for k in key]
    return None if None in kinds else "".join(kinds)


class _EntryCall(_CallBase):
    """Calls a Compiled's native entry with its parameters' values (a scripted method's
    arguments, then the model's arrays): through the C dispatcher for values of the kinds
    it was made with, through NativeEntry (`_slow_call`) for others; after a tier swap,
    the new code."""

    def __init__(self, c: Compiled, values: tuple):
        self.c = c
        self.registered = False         # does the C dispatcher call it?
        if _CallBase is object:
            return
        kinds = _kinds(_value_key(values))
        if kinds is not None:
            self.registered = _register(self, kinds, c)

    def _slow_call(self, *values):
        return self.c.entry(values)

    if _CallBase is object:
        __call__ = _slow_call


def _register(dispatcher, kinds: str, c: Compiled, model: tuple = (),
              value_types: tuple | None = None) -> bool:
    """Let `dispatcher` (a pts._dispatch.Dispatcher) call c's native entry from C for
    arguments of `kinds` (per argument: 'i' int, 'f' float, 'b' bool, 'a' ndarray), and
    call the new code when c swaps tiers.  `model`: a scripted method's (argument count,
    guards, lifted paths).  `value_types`: the arguments' types, for tuples and None.  False
    if the dispatcher cannot (see Dispatcher._add_entry)."""
    ref = weakref.ref(dispatcher)

    def swapped(entry):
        d = ref()
        info = entry.dispatch_info(value_types) if d is not None else None
        if info is not None:
            d._replace_entry(kinds, *info, entry, *model)
    with c.lock:
        info = c.entry.dispatch_info(value_types) if c.entry is not None else None
        if info is not None and dispatcher._add_entry(kinds, *info, c.entry, *model):
            c.on_swap.append(swapped)
            return True
    return False


# the C dispatcher's guard kinds (runtime/_dispatch.c guard_holds)
_G_TENSOR, _G_CONST, _G_CLASS, _G_ITEMS, _G_MODULES = 1, 2, 3, 4, 5


def _c_path(path) -> tuple:
    """An attribute path as the C dispatcher resolves it: (name, index or -1) per step."""
    def index(name):
        try:
            i = int(name)
        except (TypeError, ValueError):
            return -1
        return i if i >= 0 else -1
    return tuple((sys.intern(str(name)), index(name)) for name in path)


def c_guards(c: Compiled, root) -> tuple | None:
    """c's guards (frontend.objects guards_hold) as the C dispatcher checks them on the
    model: (path, kind, a, b) each; None if one has no C form.  Where a C check is stricter
    than guards_hold (an exact ndarray of native byte order, a container's exact class),
    a call it refuses takes the Python path, which decides.  Kept on c: the dispatcher
    tells entries apart by the identity of their guards."""
    cached = c.__dict__.get("_c_guards", False)
    if cached is not False:
        return cached
    from pts.frontend.objects import TENSOR, CONST, children, resolve
    out = []
    try:
        for path, (kind, expected) in c.guards:
            p = _c_path(path)
            if kind == TENSOR:
                from pts.runtime.tensors import NATIVE
                out.append((p, _G_TENSOR, expected.rank, NATIVE[expected.dtype]))
            elif kind == CONST:
                out.append((p, _G_CONST, expected, None))
            elif kind == "class":
                out.append((p, _G_CLASS, expected, None))
            elif kind == "children":
                value = resolve(root, path)
                if type(value) in (list, tuple):
                    if tuple(expected) != tuple(str(i) for i in range(len(expected))):
                        raise LookupError
                    out.append((p, _G_ITEMS, len(expected), None))
                else:
                    if tuple(children(value) or ()) != tuple(expected) or \
                            not isinstance(getattr(value, "_modules", None), dict):
                        raise LookupError
                    out.append((p, _G_MODULES, type(value),
                                tuple(sys.intern(str(k)) for k in expected)))
            else:
                raise LookupError
    except (LookupError, AttributeError, TypeError, ValueError):
        out = None
    result = None if out is None else tuple(out)
    c.__dict__["_c_guards"] = result
    return result


# Generator objects of scripted code that reach Python (a module-level generator pts took
# over, `Random = genRandom()`, or one a scripted function returns: frontend.
# generator_frames): Python's `next(g)` and `for x in g` run the frame's compiled
# `__next__`, natively, so Python and scripted code advance one generator.
_FRAME_NEXT: dict = {}          # frame class -> its scripted `__next__`


def _run_frame_next(frame):
    cls = type(frame)
    fn = _FRAME_NEXT.get(cls)
    if fn is None:
        fn = _FRAME_NEXT[cls] = ScriptFunction(cls.__dict__["__next__"], backend="native")
    return fn(frame)


_generator_frames.RUN_METHOD = _run_frame_next
