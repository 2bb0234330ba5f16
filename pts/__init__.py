"""pts: compile a typed subset of Python (and numpy) to native code.

Public surface: `script`, `save`, `load`, `CompileError`, `Tensor`.  See README.md for the
language.
"""
from pts.errors import CompileError, TraceError
from pts.version import __version__


def trace(fn, example_inputs, *, check_inputs=None, strict: bool = True,
          backend: str = "native"):
    """Record what `fn(*example_inputs)` does to its arrays (fn: a function or an object
    with `__call__`, any Python around the numpy code) and compile it; sizes stay
    symbolic, and a call that breaks what the trace assumed of them is traced again
    (pts.traced).  `check_inputs`: more input tuples, each run traced and eagerly and
    compared.  backend: "native" (the default) or "interp"."""
    from pts.traced import trace as _trace
    return _trace(fn, example_inputs, check_inputs=check_inputs, strict=strict,
                  backend=backend)


def script(fn=None, *, backend: str | None = None):
    """Compile `fn` on its first call per argument-type signature (decorator or call).

    `fn` may also be a model object (`pts.script(MyModel())`): its `forward` and
    `@pts.export` methods are compiled (pts.api.ScriptModule).  backend: "native" (the
    default) or "interp" (the IR interpreter)."""
    from pts.api import ModelMethod, ScriptFunction, ScriptModule, is_model
    if fn is None:
        return lambda f: script(f, backend=backend)
    if isinstance(fn, ModelMethod):
        return getattr(ScriptModule(fn.model, backend, methods=(fn.name,)), fn.name)
    if is_model(fn):
        return ScriptModule(fn, backend=backend)
    return ScriptFunction(fn, backend=backend or "native")


def export(fn):
    """Mark a method of a model class as compiled by `pts.script(model)` besides forward."""
    fn.__pts_export__ = True
    return fn


def is_scripting() -> bool:
    """False when Python runs the code, True in compiled code (torch.jit.is_scripting): an
    `if pts.is_scripting():` is decided when compiled, and its other branch is not checked."""
    return False


def _is_scripting_compiled() -> bool:
    return True


# what compiled code calls for is_scripting (frontend.objects.python_function), and the mark
# that makes a test of it decided when compiled (frontend.check_objects)
is_scripting.__pts_compiled__ = _is_scripting_compiled
_is_scripting_compiled.__pts_is_scripting__ = True


def ignore(fn):
    """Mark a method that stays Python (torch.jit.ignore): eager calls run it; pts.script
    compiles the other methods, and compiled code that calls it is refused with a message
    naming it (pts has no call back into Python from native code)."""
    fn.__pts_ignore__ = True
    return fn


def unused(fn):
    """Mark a method compiled code never runs (torch.jit.unused): eager calls run it; in
    compiled code a call raises RuntimeError, and its body is not compiled."""
    fn.__pts_unused__ = True
    return fn


class no_grad:
    """`with pts.no_grad():` (torch.no_grad): a context that changes nothing eagerly or in
    compiled code (pts computes gradients only where pts.grad / pts.train_step ask); also a
    decorator."""

    def __enter__(self):
        return None

    def __exit__(self, *exc) -> bool:
        return False

    def __call__(self, fn):
        return fn


def manual_seed(seed: int) -> None:
    """Seed the generator that initializes pts.nn layers and the dropout generators (as
    torch.manual_seed does; stdlib/random.py)."""
    from pts.stdlib.modules import manual_seed as _seed
    _seed(seed)


def save(obj, path, example_inputs=None):
    """Write a `.pts` archive of a scripted function or model (pts.script(model): its
    weights are stored too): every signature compiled so far plus those of
    `example_inputs` (a list of argument tuples; for a model, forward's, or a dict
    method -> list; for a pts.train_step, one batch [x, y]: the step and its state).
    See pts.runtime.archive."""
    from pts.runtime.archive import save as _save
    _save(obj, str(path), example_inputs)


def load(path):
    """A callable (a model-like object with its methods, for a model's archive; a training
    step that goes on training, for a train step's) running the native code stored in a
    `.pts` archive (no compiler)."""
    from pts.runtime.archive import load as _load
    return _load(str(path))


def grad(f, argnums=0, *, backend=None):
    """df/d(argument argnums) of a float-valued function in the pts subset, compiled per
    argument-type signature (pts.autodiff)."""
    from pts.autodiff import grad as _grad
    return _grad(f, argnums, backend=backend)


def value_and_grad(f, argnums=0, *, backend=None):
    """(f(*args), its gradient with respect to argnums) in one compiled call."""
    from pts.autodiff import value_and_grad as _vg
    return _vg(f, argnums, backend=backend)


def gradcheck(f, inputs, eps=1e-6, atol=1e-5, rtol=1e-3, argnums=None, *, backend=None):
    """pts.grad(f) against central differences in float64 (PyTorch's defaults): True, or
    a GradcheckError naming the argument, the element and both values."""
    from pts.autodiff import gradcheck as _check
    return _check(f, inputs, eps, atol, rtol, argnums, backend=backend)


def train_step(model, loss_fn, optimizer, *, backend=None):
    """step(*batch) -> loss: forward, backward and `optimizer`'s update of every parameter
    of `model` in one compiled call; a step that raises changes nothing (pts.train)."""
    from pts.train import train_step as _ts
    return _ts(model, loss_fn, optimizer, backend=backend)


_TORCHLIKE = frozenset(("tanh sigmoid relu exp log sqrt abs clamp where masked_fill matmul "
                        "softmax log_softmax sum mean max min argmax argmin zeros ones full "
                        "zeros_like ones_like arange tril triu reshape transpose permute "
                        "unsqueeze squeeze flatten cat stack split chunk einsum").split())


def __getattr__(name):
    if name in _TORCHLIKE:              # torch's functions over numpy (stdlib/torchlike.py),
        from pts.stdlib import torchlike      # imported on first use: they import numpy
        return getattr(torchlike, name)
    if name == "GradcheckError":
        from pts.autodiff import GradcheckError
        return GradcheckError
    if name == "Tensor":
        import numpy
        return numpy.ndarray
    if name == "optim":                 # imported on first use: it imports numpy
        return __import__("importlib").import_module("pts.optim")
    raise AttributeError(f"module 'pts' has no attribute {name!r}")


def wait_optimized(timeout=None) -> bool:
    """Wait until the functions compiled so far run their optimized code (the first call
    runs quickly compiled code while LLVM -O3 works in the background; see backend.jit)."""
    from pts.compiled import wait_optimized as _wait
    return _wait(timeout)


def set_num_threads(n: int) -> int:
    """Run parallel kernels on n threads (n <= 0: the number of CPUs this process may use,
    the default unless $PTS_NUM_THREADS is set); returns the previous number.  Results do
    not depend on it."""
    from pts.runtime.threads import set_num_threads as _set
    return _set(n)


def get_num_threads() -> int:
    """The number of threads parallel kernels run on (see set_num_threads)."""
    from pts.runtime.threads import get_num_threads as _get
    return _get()


__all__ = ["script", "export", "is_scripting", "ignore", "unused", "no_grad", "manual_seed", "save", "load", "CompileError", "Tensor",
           "grad", "value_and_grad", "gradcheck", "GradcheckError", "train_step",
           "trace", "TraceError",
           "wait_optimized", "set_num_threads", "get_num_threads", "__version__"]


# The compiler (llvmlite, the frontend) is imported here, so that a first call compiles at
# once (import pts stays within ~200 ms).  PTS_PRELOAD=1 defers it to the first
# `@pts.script` whose code the disk cache does not have (pts.compiled.maybe_preload), and
# PTS_PRELOAD=0 to the first compile: for programs that only load archives or cached code.
if __import__("os").environ.get("PTS_PRELOAD", "import").strip().lower() == "import":
    from pts.compiled import preload as _preload
    _preload()
