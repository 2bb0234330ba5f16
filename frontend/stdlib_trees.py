"""The syntax trees of pts's own library functions (stdlib/nn.py, modules.py, vmath.py),
parsed when the set-up runs instead of on their first compile in each process.

Parsing is the frontend's slowest step per line (our LALR parser runs in Python): a first
MyConv compile parsed 17 library functions, ~40 ms of its ~380, before it parsed a line
of the user's code.  `make` runs `stdlib_trees.write()`, which parses every
function and method those modules define and writes the trees to stdlib/trees.pickle with
the compiler's fingerprint (pts.cache: the version and every source file's size and mtime,
so any edit of a compiler or library source makes the file stale).  `lookup(pyfunc)` gives
a function's tree from that file, unpickled on first use; None for any other function, or
when the file is missing, unreadable, stale or was written for another checkout (the trees'
spans name the files they came from) — then source.parse_pyfunc parses the source as
before.

A tree read here is the tree parse_function returns for the same source: the same nodes and
spans.  The parser also remembers the source lines that CompileErrors quote; without it,
errors.py reads them from the file on demand (the same lines: the file is unchanged).
"""
from __future__ import annotations

import os
import pickle
import threading

_lock = threading.Lock()
_table: list[dict] = []         # [{(file, first line, name): pickled tree}] once read


def path() -> str:
    from pts.stdlib import vmath
    return os.path.join(os.path.dirname(vmath.__file__), "trees.pickle")


def _fingerprint() -> str:
    from pts.cache_dir import compiler_fingerprint
    return compiler_fingerprint().removesuffix("-nofusion")   # the trees do not depend on it


def _key(pyfunc) -> tuple:
    code = pyfunc.__code__
    return (code.co_filename, code.co_firstlineno, code.co_name)


def lookup(pyfunc):
    """The precompiled tree of `pyfunc` (a fresh copy of the stored one), or None."""
    with _lock:
        if not _table:
            _table.append(_read())
        blob = _table[0].get(_key(pyfunc))
    return pickle.loads(blob) if blob is not None else None


def _read() -> dict:
    try:
        with open(path(), "rb") as f:
            data = pickle.load(f)
        if isinstance(data, dict) and data.get("fingerprint") == _fingerprint() \
                and isinstance(data.get("trees"), dict):
            return data["trees"]
    except (OSError, pickle.UnpicklingError, EOFError, AttributeError, ImportError,
            IndexError, TypeError, ValueError):
        pass
    return {}


def library_functions() -> list:
    """Every function, and every method of a class, that the library modules define."""
    from pts.stdlib import modules, nn, vmath
    out = []
    for mod in (nn, modules, vmath):
        for value in vars(mod).values():
            if getattr(value, "__module__", None) != mod.__name__:
                continue
            if isinstance(value, type):
                out.extend(v for v in vars(value).values()
                           if hasattr(v, "__code__") and v.__module__ == mod.__name__)
            elif hasattr(value, "__code__"):
                out.append(value)
    return out


def write(out_path: str | None = None) -> str:
    """Parse every library function (those outside the language are left out: they are never
    compiled) and write the trees (see above)."""
    from pts.errors import CompileError
    from pts.frontend.parse import function_source, parse_function
    trees = {}
    for fn in library_functions():
        try:
            text, filename, offset = function_source(fn)
            tree = parse_function(text, filename, line_offset=offset)
        except CompileError:
            continue
        trees[_key(fn)] = pickle.dumps(tree, protocol=pickle.HIGHEST_PROTOCOL)
    out_path = out_path or path()
    tmp = f"{out_path}.{os.getpid()}.tmp"
    try:
        with open(tmp, "wb") as f:
            pickle.dump({"fingerprint": _fingerprint(), "trees": trees}, f,
                        protocol=pickle.HIGHEST_PROTOCOL)
        os.replace(tmp, out_path)
    finally:
        if os.path.exists(tmp):
            os.unlink(tmp)
    return out_path
