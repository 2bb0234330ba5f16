"""The syntax trees of pts's own library functions (stdlib/nn.py, nn_grad.py, modules.py,
random.py, optim.py, vmath.py), parsed when the set-up runs instead of on their first compile in each process.

Parsing is the frontend's slowest step per line (our LALR parser runs in Python): a first
MyConv compile parsed 17 library functions, ~40 ms of its ~380, before it parsed a line
of the user's code.  The set-up (`make`, or the build step of `pip install`: setup.py,
backend.precompiled.main) runs `stdlib_trees.write()`, which parses every function and
method those modules define and writes the trees to stdlib/trees.pickle with the compiler's
fingerprint (pts.cache_dir.sources_fingerprint: the contents of every source file, so any edit
of a compiler or library source makes the file stale).  `lookup(pyfunc)` gives a function's
tree from that file, unpickled on first use; None for any other function, or when the file
is missing, unreadable or stale — then source.parse_pyfunc parses the source as before.

The file does not depend on where the library is: a wheel's copy is written in build/lib
and read in site-packages.  Trees are keyed by file name within stdlib/, and the spans'
file names of library files are stored as that name (`_LibraryFile`, once per tree) and
read back as the library's path in this process.

A tree read here is the tree parse_function returns for the same source: the same nodes and
spans.  The parser also remembers the source lines that CompileErrors quote; without it,
errors.py reads them from the file on demand (the same lines: the file is unchanged).
"""
from __future__ import annotations

import copyreg
import io
import os
import pickle
import threading

from pts.errors import Span

_lock = threading.Lock()
_table: list[dict] = []         # [{(file, first line, name): pickled tree}] once read


def path() -> str:
    from pts.stdlib import vmath
    return os.path.join(os.path.dirname(vmath.__file__), "trees.pickle")


def _fingerprint() -> str:
    from pts.cache_dir import sources_fingerprint
    return sources_fingerprint()


def _library_dir() -> str:
    from pts.stdlib import vmath
    return os.path.dirname(vmath.__file__)


def _key(pyfunc) -> tuple | None:
    """(file name within stdlib/, first line, name), or None outside the library."""
    code = pyfunc.__code__
    directory, name = os.path.split(code.co_filename)
    if directory != _library_dir():
        return None
    return (name, code.co_firstlineno, code.co_name)


class _Pickler(pickle.Pickler):
    """Writes a span whose file is in the library with a `_LibraryFile` for that file: one
    object per file, so pickle's memo stores it once per tree."""
    def __init__(self, f, directory: str):
        super().__init__(f, protocol=pickle.HIGHEST_PROTOCOL)
        self.directory = directory
        self.files: dict[str, _LibraryFile] = {}

    def reducer_override(self, obj):
        if type(obj) is not Span or os.path.dirname(obj.file) != self.directory:
            return NotImplemented
        name = os.path.basename(obj.file)
        marker = self.files.get(name)
        if marker is None:
            marker = self.files[name] = _LibraryFile(name)
        # what pickle writes for any span (its class, then its fields), the file replaced
        return copyreg.__newobj__, (Span,), dict(vars(obj), file=marker)


class _LibraryFile:
    """A library file's name within stdlib/, standing for its path in a stored tree.  It is
    read back as that file's path in this process's library (`library_path`): one call per
    tree, and every span of the tree (~70 per function) shares the string, which the
    unpickler's own memo hands out at C speed (a persistent id per span cost a Python call
    each: twice the unpickling time)."""
    __slots__ = ("name",)

    def __init__(self, name: str):
        self.name = name

    def __reduce__(self):
        return library_path, (self.name,)


_paths: dict[str, str] = {}


def library_path(name: str) -> str:
    """The path of the library's file `name` (within stdlib/) in this process."""
    path = _paths.get(name)
    if path is None:
        path = _paths[name] = os.path.join(_library_dir(), name)
    return path


def lookup(pyfunc):
    """The precompiled tree of `pyfunc` (a fresh copy of the stored one), or None."""
    key = _key(pyfunc)
    if key is None:
        return None
    with _lock:
        if not _table:
            _table.append(_read())
        blob = _table[0].get(key)
    return pickle.loads(blob) if blob is not None else None


def is_current(file: str | None = None) -> bool:
    """Whether the file (by default the library's) holds the trees of these sources."""
    return bool(_read(file))


def _read(file: str | None = None) -> dict:
    try:
        with open(file or path(), "rb") as f:
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
    from pts.stdlib import modules, nn, nn_grad, optim, random, vmath
    out = []
    for mod in (nn, nn_grad, modules, random, optim, vmath):
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
            text, filename, offset, col = function_source(fn)
            tree = parse_function(text, filename, line_offset=offset, col_offset=col)
        except CompileError:
            continue
        blob = io.BytesIO()
        _Pickler(blob, _library_dir()).dump(tree)
        trees[_key(fn)] = blob.getvalue()
    out_path = out_path or path()
    tmp = f"{out_path}.{os.getpid()}.tmp"
    try:
        with open(tmp, "wb") as f:
            pickle.dump({"fingerprint": _fingerprint(), "trees": trees}, f,
                        protocol=pickle.HIGHEST_PROTOCOL)
        os.replace(tmp, out_path)
        if out_path == path():
            with _lock:
                _table.clear()          # read the new file, not what was there before
    finally:
        if os.path.exists(tmp):
            os.unlink(tmp)
    return out_path
