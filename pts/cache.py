"""The disk cache of compiled code: a fresh process calling an unchanged function loads its
machine code from disk instead of running the frontend, the IR passes and LLVM.

Where.  `$PTS_CACHE_DIR`, else `$XDG_CACHE_HOME/pts`, else `~/.cache/pts`; compiled code goes
in its `code/` subdirectory (the parser keeps its tables next to it).  `PTS_CACHE=0` turns the
cache off; a directory that cannot be created or written means no cache, silently.

What an entry is.  One specialization (function + argument types) = two files named by its
*lookup key*: `KEY.o`, the ELF object LLVM emitted (optimized for this CPU), and `KEY.json`,
the manifest.  The lookup key is a hash of what is known before compiling, cheaply (no
parsing): cache format, pts version, a fingerprint of the compiler's own sources (size and
mtime of every .py/.lark file of the package, so editing the compiler invalidates
everything), llvmlite/LLVM versions, target triple, host CPU name and features, the entry
function's file, qualified name, first line and source hash, and the argument types.

What makes an entry stale is mostly *not* in the key: the functions the entry calls, maybe in
other files, and the module-level constants the checker folded into the code (the staleness
bug Numba users hit, numba#1833 and #9483).  So the manifest lists the dependencies: for every
Python function compiled into the module, its file, qualname, first line and source hash,
and for every global name the checker looked up in it (frontend.program.GlobalReads records
them) what the name meant: a constant (by repr), another dependency (by index), a module (by
name), a builtin, or nothing.  Validation walks the *live* functions from the entry: each
name is looked up again in the live function's `__globals__`, constants compared, callees
followed and their source hashed again (inspect reads the same text the frontend would
parse).  Any difference, or any error, is a miss: the function is compiled again and the entry
overwritten.  A global of a kind we cannot describe (an arbitrary object) makes the
specialization uncacheable rather than risk stale code.  Resolving names in the live program,
rather than re-reading recorded files, also catches a name rebound to another function
(`step = triple`) and follows what the frontend would compile now.

Object code and symbols.  Symbols of a loaded object must be unique in the process (one MCJIT
engine): the prefix is derived from the *content key* (lookup key + dependency list), so
equal content has equal symbol names, and `_LOADED` (content key -> NativeModule) makes sure
the same content is added to the engine at most once per process.  The manifest keeps what
the caller needs without the frontend: the entry's IR name, parameter and return types (IR
type text, read back with ir.types.parse_type) and the exported symbol names.

Robustness.  Files are written to a temporary name and `os.replace`d, object first.  The
manifest records the object's size and SHA-256, checked before LLVM sees the bytes, so a
truncated, corrupt or mismatched (racing writers) object is a miss, as is a manifest that
does not parse or lacks a field.

`PTS_LOG=timings` (log_timings) prints one line per compiled signature: imports (llvmlite
and the native runtime, on the first compile of the process), lookup, parse,
check, lower, passes, llvm-ir (our codegen), llvm (LLVM -O3 + machine code), load, store.
"""
from __future__ import annotations

import builtins
import hashlib
import importlib.util
import inspect
import json
import os
import sys
import threading
import time
import types

FORMAT = 1
_LOADED: dict[str, tuple] = {}           # content key -> (NativeModule, object code), per process
_LOADING = threading.Lock()              # guards _LOADED: one content, one load
_FINGERPRINT: list[str] = []
_PACKAGES = ("pts", "pts.frontend", "pts.ir", "pts.ir.passes", "pts.backend", "pts.runtime",
             "pts.stdlib", "pts.grammar")


# ---------------------------------------------------------------- where

def base_dir() -> str:
    """The cache directory, whether or not it exists."""
    return os.environ.get("PTS_CACHE_DIR") or os.path.join(
        os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache"),
        "pts")


def enabled() -> bool:
    return os.environ.get("PTS_CACHE", "1").strip().lower() not in ("0", "off", "no", "false")


def code_dir(create: bool = True) -> str | None:
    """The directory of compiled code, or None when the cache is off or not writable."""
    if not enabled():
        return None
    d = os.path.join(base_dir(), "code")
    try:
        if create:
            os.makedirs(d, exist_ok=True)
        return d if os.access(d, os.W_OK) else None
    except OSError:
        return None


# ---------------------------------------------------------------- keys

def compiler_fingerprint() -> str:
    """pts version + size and mtime of the compiler's source files (cheap: stat only)."""
    if not _FINGERPRINT:
        import pts
        parts = [pts.__version__]
        for pkg in _PACKAGES:
            try:
                spec = importlib.util.find_spec(pkg)
                locations = list(spec.submodule_search_locations or [])
            except (ImportError, AttributeError, ValueError):
                continue
            for d in locations:
                try:
                    for e in sorted(os.scandir(d), key=lambda e: e.name):
                        if e.name.endswith((".py", ".lark")):
                            st = e.stat()
                            parts.append(f"{pkg}/{e.name}:{st.st_size}:{st.st_mtime_ns}")
                except OSError:
                    parts.append(f"{pkg}:?")
        _FINGERPRINT.append(_sha("\n".join(parts)))
    return _FINGERPRINT[0]


def _sha(text: str | bytes) -> str:
    return hashlib.sha256(text.encode("utf-8") if isinstance(text, str) else text).hexdigest()


def source_record(fn) -> list:
    """[file, qualname, first line, hash of the source text] of a Python function: the text
    the frontend parses (inspect.getsourcelines, as frontend.program.function_source)."""
    lines, first = inspect.getsourcelines(fn)
    return [fn.__code__.co_filename, fn.__qualname__, first, _sha("".join(lines))]


def _scriptable(value):
    from pts.api import ScriptFunction
    if isinstance(value, ScriptFunction):
        return value.py_func
    if isinstance(value, types.FunctionType):
        return value
    return None


def _describe(globals_: dict, name: str, functions: list, index: dict | None):
    """What global `name` means to the checker, as JSON data; None if we cannot say.
    A function is described by its index in `functions` (appended when `index` is given,
    looked up otherwise; a function not there yet is returned as ("fn", function))."""
    if name in globals_:
        value = globals_[name]
    elif hasattr(builtins, name):
        return ["builtin"]
    else:
        return ["missing"]
    if isinstance(value, types.ModuleType):
        return ["module", value.__name__]
    fn = _scriptable(value)
    if fn is not None:
        if index is None:
            return ("fn", fn)
        if id(fn) not in index:
            index[id(fn)] = len(functions)
            functions.append(fn)
        return ["function", index[id(fn)]]
    from pts.frontend.check import constant_type
    if constant_type(value) is not None:
        return ["const", type(value).__name__, repr(value)]
    if isinstance(value, (types.BuiltinFunctionType, type)):
        return ["object", getattr(value, "__module__", None), getattr(value, "__qualname__", None)]
    return None


def dependencies(program, entry) -> list | None:
    """The manifest's dependency list for a built module's Program, or None if uncacheable."""
    functions = [entry]
    index = {id(entry): 0}
    for fn in program.global_reads:
        if id(fn) not in index:
            index[id(fn)] = len(functions)
            functions.append(fn)
    deps = []
    i = 0
    while i < len(functions):            # _describe may append functions
        fn = functions[i]
        reads = program.global_reads.get(fn, set())
        if None in reads:
            return None
        names = {}
        for name in sorted(reads):
            d = _describe(fn.__globals__, name, functions, index)
            if d is None:
                return None
            names[name] = d
        deps.append({"source": source_record(fn), "module": fn.__module__, "names": names})
        i += 1
    return deps


def _valid(deps: list, entry) -> bool:
    """Do the live functions reached from `entry` still match the recorded dependencies?
    Functions are found the way the checker found them: by name, from the entry on; one
    the compiler reached otherwise (none yet) is found by module and qualified name."""
    live = {0: entry}
    todo = [0]
    while True:
        while todo:
            i = todo.pop()
            fn, dep = live[i], deps[i]
            if source_record(fn) != dep["source"]:
                return False
            for name, recorded in dep["names"].items():
                d = _describe(fn.__globals__, name, [], None)
                if isinstance(d, tuple):
                    if recorded[0] != "function":
                        return False
                    j = recorded[1]
                    if j in live:
                        if live[j] is not d[1]:
                            return False
                    else:
                        live[j] = d[1]
                        todo.append(j)
                elif d != recorded:
                    return False
        rest = [i for i in range(len(deps)) if i not in live]
        if not rest:
            return True
        fn = _by_name(deps[rest[0]]["module"], deps[rest[0]]["source"][1])
        if fn is None:
            return False
        live[rest[0]] = fn
        todo.append(rest[0])


def _by_name(module: str, qualname: str):
    obj = sys.modules.get(module)
    for part in qualname.split("."):
        obj = getattr(obj, part, None)
    return _scriptable(obj)


# ---------------------------------------------------------------- entries

class DiskEntry:
    """The cache slot of one specialization: `load()` before compiling, `store()` after."""

    def __init__(self, directory: str, key: str, pyfunc, sig: tuple):
        self.dir = directory
        self.key = key
        self.pyfunc = pyfunc
        self.sig = sig
        self.manifest_path = os.path.join(directory, key + ".json")
        self.object_path = os.path.join(directory, key + ".o")

    def load(self, timings: dict | None = None):
        """(NativeModule, entry ir.Function) from disk, or None on any miss."""
        try:
            with open(self.manifest_path, "rb") as f:
                m = json.loads(f.read())
            if m.get("format") != FORMAT or m["key"] != self.key or not _valid(m["deps"], self.pyfunc):
                return None
            from pts.ir.core import Function
            from pts.ir.types import parse_type
            entry = Function(m["entry"], [parse_type(t) for t in m["params"]], parse_type(m["ret"]))
            loaded = _LOADED.get(m["content"])
            if loaded is not None:
                return loaded[0], entry
            with open(self.object_path, "rb") as f:
                obj = f.read()
            if len(obj) != m["object_size"] or _sha(obj) != m["object_sha256"]:
                return None
            return _load(m["content"], obj, m["symbols"], m["release"], True, timings), entry
        except Exception:          # unreadable, corrupt, stale: a miss, whatever it was
            return None

    def store(self, module, timings: dict | None = None):
        """Compile `module` (built from this entry's function) to object code, save it, load
        it; returns the NativeModule.  Uncacheable modules are compiled without saving."""
        from pts.backend import jit
        deps = dependencies(module.program, self.pyfunc)
        if deps is None:
            return jit.compile_module(module, timings=timings)
        content = _sha(json.dumps([self.key, deps], sort_keys=True))
        entry = module[module.entry]
        loaded = _LOADED.get(content)
        if loaded is not None:           # loaded in this process, but the files are bad
            native, obj = loaded
            symbols = native.symbols
            release = native.release
        else:
            native = None
            obj, symbols, release = jit.compile_object(module, "pts_" + content[:16],
                                                       timings=timings)
        manifest = {
            "format": FORMAT, "key": self.key, "content": content,
            "function": [self.pyfunc.__code__.co_filename, self.pyfunc.__qualname__],
            "signature": [str(t) for t in self.sig],
            "entry": entry.name, "params": [str(t) for t in entry.param_types],
            "ret": str(entry.ret_type), "symbols": symbols, "release": release,
            "object_size": len(obj), "object_sha256": _sha(obj),
            "target": jit.target_description(), "deps": deps,
        }
        t0 = time.perf_counter()
        _write(self.object_path, obj)
        _write(self.manifest_path, json.dumps(manifest, indent=1).encode("utf-8"))
        if timings is not None:
            timings["store"] = (time.perf_counter() - t0) * 1e3
        return native or _load(content, obj, symbols, release, False, timings)


def _load(content: str, obj: bytes, symbols: dict, release: str, from_cache: bool,
          timings: dict | None):
    """Load object code into the engine unless this content is already there (two threads
    may have compiled it at once: the same symbols must not be added twice)."""
    from pts.backend import jit
    with _LOADING:
        loaded = _LOADED.get(content)
        if loaded is None:
            native = jit.load_object(obj, symbols, release, from_cache=from_cache,
                                     timings=timings)
            loaded = _LOADED[content] = native, obj
        return loaded[0]


def _write(path: str, data: bytes) -> None:
    tmp = f"{path}.{os.getpid()}.{threading.get_ident()}.tmp"
    try:
        with open(tmp, "wb") as f:
            f.write(data)
        os.replace(tmp, path)
    except OSError:
        try:
            os.unlink(tmp)
        except OSError:
            pass


def entry_for(pyfunc, sig: tuple) -> DiskEntry | None:
    """The cache slot of `pyfunc` specialized to `sig`, or None (cache off, no source)."""
    d = code_dir()
    if d is None:
        return None
    try:
        from pts import __version__
        from pts.backend.jit import target_description
        key = _sha(json.dumps([FORMAT, __version__, compiler_fingerprint(), target_description(),
                               source_record(pyfunc), [str(t) for t in sig]]))[:40]
    except Exception:
        return None
    return DiskEntry(d, key, pyfunc, sig)


# ---------------------------------------------------------------- `pts cache`

def _entries(d: str) -> list[str]:
    try:
        return sorted(os.path.join(d, n) for n in os.listdir(d))
    except OSError:
        return []


def info() -> dict:
    """Directory, number of entries and total size of the compiled code on disk."""
    d = os.path.join(base_dir(), "code")
    files = _entries(d)
    size = 0
    for p in files:
        try:
            size += os.path.getsize(p)
        except OSError:
            pass
    return {"dir": base_dir(), "enabled": enabled(),
            "entries": sum(p.endswith(".json") for p in files), "bytes": size}


def clear() -> int:
    """Remove all compiled code (and cached parse tables); returns the number of files."""
    n = 0
    base = base_dir()
    targets = _entries(os.path.join(base, "code"))
    targets += [p for p in _entries(base) if os.path.basename(p).startswith("grammar-")
                and ".tables" in p]
    for p in targets:
        try:
            os.unlink(p)
            n += 1
        except OSError:
            pass
    return n


def timings_enabled() -> bool:
    return "timings" in os.environ.get("PTS_LOG", "").split(",")


def log_timings(pyfunc, sig: tuple, ms: dict, hit: bool) -> None:
    """One line on stderr for `PTS_LOG=timings`."""
    name = f"{pyfunc.__qualname__}({', '.join(str(t) for t in sig)})"
    order = ["imports", "lookup", "parse", "check", "lower", "passes", "llvm-ir", "llvm", "load", "store"]
    parts = [f"{k} {ms[k]:.2f} ms" for k in order if k in ms]
    head = "cache hit" if hit else "compiled"
    print(f"pts: timings {name}: {head}: " + ", ".join(parts), file=sys.stderr)
