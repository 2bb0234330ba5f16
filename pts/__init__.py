"""pts: compile a typed subset of Python (and numpy) to native code.

Public surface: `script`, `save`, `load`, `CompileError`, `Tensor`.  See README.md for the
language.
"""
from pts.errors import CompileError

__version__ = "0.1.0"


def script(fn=None, *, backend: str | None = None):
    """Compile `fn` on its first call per argument-type signature (decorator or call).

    `fn` may also be a model object (`pts.script(MyModel())`): its `forward` and
    `@pts.export` methods are compiled (pts.api.ScriptModule).  backend: "native" (the
    default for functions) or "interp" (the IR interpreter; the default for models)."""
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


def manual_seed(seed: int) -> None:
    """Seed the generator that initializes pts.nn layers (as torch.manual_seed does)."""
    from pts.stdlib.modules import manual_seed as _seed
    _seed(seed)


def save(obj, path, example_inputs=None):
    """Write a `.pts` archive of a scripted function: every signature compiled so far plus
    those of `example_inputs` (a list of argument tuples).  See pts.runtime.archive."""
    from pts.runtime.archive import save as _save
    _save(obj, str(path), example_inputs)


def load(path):
    """A callable running the native code stored in a `.pts` archive (no compiler)."""
    from pts.runtime.archive import load as _load
    return _load(str(path))


def __getattr__(name):
    if name == "Tensor":
        import numpy
        return numpy.ndarray
    raise AttributeError(f"module 'pts' has no attribute {name!r}")


__all__ = ["script", "export", "manual_seed", "save", "load", "CompileError", "Tensor",
           "__version__"]
