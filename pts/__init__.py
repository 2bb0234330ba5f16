"""pts: compile a typed subset of Python (and numpy) to native code.

Public surface: `script`, `CompileError`, `Tensor`.  See README.md for the language.
"""
from pts.errors import CompileError

__version__ = "0.1.0"


def script(fn=None, *, backend: str = "native"):
    """Compile `fn` on its first call per argument-type signature (decorator or call)."""
    from pts.api import ScriptFunction
    if fn is None:
        return lambda f: ScriptFunction(f, backend=backend)
    return ScriptFunction(fn, backend=backend)


def __getattr__(name):
    if name == "Tensor":
        import numpy
        return numpy.ndarray
    raise AttributeError(f"module 'pts' has no attribute {name!r}")


__all__ = ["script", "CompileError", "Tensor", "__version__"]
