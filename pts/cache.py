"""The disk cache of compiled code: a fresh process calling an unchanged function loads its
machine code from disk instead of running the frontend, the IR passes and LLVM.

Where.  `$PTS_CACHE_DIR`, else `$XDG_CACHE_HOME/pts`, else `~/.cache/pts`; compiled code goes
in its `code/` subdirectory (the parser keeps its tables next to it).  `PTS_CACHE=0` turns the
cache off; a directory that cannot be created or written means no cache, silently.

What an entry is.  One specialization (function + argument types) = two files named by its
*lookup key*: `KEY.img`, the code LLVM -O3 made for this CPU, linked into an image
(backend.link, the format of archives), and `KEY.json`, the manifest.  Loading an image is
runtime.image.Image's job (copy, fixups, W^X): no llvmlite, no LLVM, no symbol lookup.
Code an image cannot express (backend.link.LinkError) is saved as the ELF object instead,
`KEY.o`, which the MCJIT engine loads (backend.jit.load_object).  The lookup key is a hash
of what is known before compiling, cheaply (no parsing, no llvmlite): cache format, pts
version, a fingerprint of the compiler's own sources (size and mtime of every .py/.lark file
of the package, so editing the compiler invalidates everything), the host (`host_key`: the
machine, the CPU's model and feature flags, and the llvmlite library by path, size and
mtime — LLVM's choice of CPU and features follows from these), the entry function's file,
qualified name, first line and source hash, and the argument types.

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

Code and symbols.  `_LOADED` (content key = lookup key + dependency list -> loaded code)
maps the same content at most once per process.  Symbols of an object loaded by MCJIT must
be unique in the process: the prefix is derived from the content key, so equal content has
equal symbol names.  The manifest keeps what
the caller needs without the frontend: the entry's IR name, parameter and return types (IR
type text, read back with ir.types.parse_type) and the exported symbol names.

Robustness.  Files are written to a temporary name and `os.replace`d, code first.  The
manifest records the code's size and SHA-256, checked before the loader sees the bytes (which
checks every offset of an image again), so a truncated, corrupt or mismatched (racing
writers) file is a miss, as is a manifest that does not parse or lacks a field.

`PTS_LOG=timings` (log_timings) prints one line per compiled signature: imports (the native
runtime, and llvmlite when a compile needs it and nothing preloaded it), lookup, parse,
check, lower, passes, llvm-ir (our codegen), llvm (LLVM -O3 + machine code), load (code
generation of tier 0; mapping an image), store.  A signature compiled in tiers prints a
second line when its tier-2 code is ready ("optimized (tier 2, in the background)").
"""
from __future__ import annotations

import builtins
import json
import os
import sys
import threading
import time
import types

# where the cache is and what invalidates it, in the bottom layer (the backend and the
# frontend's tables use them too); re-exported: tests and tools import them from here
from pts.cache_dir import (STATS, base_dir, code_dir, compiler_fingerprint,  # noqa: F401
                           enabled, host_key, sha256_hex as _sha, write_atomic)
from pts.frontend.objects import python_function
from pts.ir.types import parse_type
from pts.version import __version__

FORMAT = 2
_LOADED: dict[str, tuple] = {}           # content key -> (loaded module, code), per process
_LOADING = threading.Lock()              # guards _LOADED: one content, one load


def source_record(fn) -> list:
    """[file, qualified name, first line, hash of the source text] of a Python function.
    The text is the function's lines (decorators included) up to the last line any of its
    instructions comes from (its code object's positions, nested code objects included):
    every edit that changes what the function compiles to changes the text or the first
    line.  Unlike inspect.getsourcelines this needs no tokenizer (tens of milliseconds in a
    fresh process); the lines come from linecache, the file the frontend reads too."""
    import linecache
    code = fn.__code__
    first = code.co_firstlineno
    last = first
    todo = [code]
    while todo:
        c = todo.pop()
        for pos in c.co_positions():
            if pos[1] is not None and pos[1] > last:
                last = pos[1]
        todo.extend(k for k in c.co_consts if isinstance(k, types.CodeType))
    linecache.checkcache(code.co_filename)       # an edited file is read again (as inspect does)
    lines = linecache.getlines(code.co_filename, fn.__globals__)
    if not lines or len(lines) < last:
        raise OSError(f"no source for {fn.__qualname__}")
    return [code.co_filename, fn.__qualname__, first, _sha("".join(lines[first - 1:last]))]


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
    fn = python_function(value)
    if fn is not None:
        if index is None:
            return ("fn", fn)
        if id(fn) not in index:
            index[id(fn)] = len(functions)
            functions.append(fn)
        return ["function", index[id(fn)]]
    if type(value) in (int, float, bool):     # what the checker folds, without the checker
        return ["const", type(value).__name__, repr(value)]
    from pts.frontend.check import constant_type
    if constant_type(value) is not None:
        return ["const", type(value).__name__, repr(value)]
    if isinstance(value, (types.BuiltinFunctionType, type)):
        return ["object", getattr(value, "__module__", None), getattr(value, "__qualname__", None)]
    return None


_UNSET = object()


def dependencies(global_reads: dict, entry, folded: tuple = ()) -> list | None:
    """The manifest's dependency list of a compile record's `global_reads` (the entry
    function `entry` and each function compiled with it -> the global names the checker
    looked up in it), or None if uncacheable.  `folded`: the record's folded lists, each
    described by the value the code folded in, not by the module's list now (tier-2 code
    is stored after the first calls, which may have changed it)."""
    pinned = {(id(loc.owner), loc.name): value for loc, value in folded}
    functions = [entry]
    index = {id(entry): 0}
    for fn in global_reads:
        if id(fn) not in index:
            index[id(fn)] = len(functions)
            functions.append(fn)
    deps = []
    i = 0
    while i < len(functions):            # _describe may append functions
        fn = functions[i]
        reads = global_reads.get(fn, set())
        if None in reads:
            return None
        names = {}
        for name in sorted(reads):
            d = _describe(fn.__globals__, name, functions, index)
            if (id(fn.__globals__), name) in pinned:
                d = ["const", "list", repr(pinned[(id(fn.__globals__), name)])]
            if d is None:
                return None
            names[name] = d
        deps.append({"source": source_record(fn), "module": fn.__module__, "names": names})
        i += 1
    return deps


def valid_dependencies(deps: list, entry, known: dict | None = None) -> bool:
    """Do the live functions reached from `entry` still match the recorded dependencies?
    Functions are found the way the checker found them: by name, from the entry on; one
    the compiler reached otherwise (a model's methods, through its objects) in `known`
    ({(module, qualname): function}, pts.model_cache), else by module and qualified name."""
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
        where = (deps[rest[0]]["module"], deps[rest[0]]["source"][1])
        fn = (known or {}).get(where) or _by_name(*where)
        if fn is None:
            return False
        live[rest[0]] = fn
        todo.append(rest[0])


_valid = valid_dependencies


def _by_name(module: str, qualname: str):
    obj = sys.modules.get(module)
    if obj is None and module.startswith("pts."):
        # pts's own modules that the compiler imports when it needs them (stdlib/nn_grad.py's
        # VJPs, which a gradient's code calls without naming them): a process loading the
        # code has not compiled anything yet
        import importlib
        try:
            obj = importlib.import_module(module)
        except ImportError:
            return None
    for part in qualname.split("."):
        obj = getattr(obj, part, None)
    return python_function(obj)


def user_exceptions(module) -> list:
    """[code, kind, module, qualname] of the user exception classes the code raises or
    catches (pts.errors): a process that loads the code maps their status codes back."""
    from pts.errors import USER_CLASSES, kind_code
    from pts.ir.exception_ops import module_kinds
    out = []
    for k in sorted(module_kinds(module)):
        if "." in k:
            cls = USER_CLASSES.get(k)
            out.append([kind_code(k), k, getattr(cls, "__module__", None),
                        getattr(cls, "__qualname__", None)])
    return out


def know_exceptions(records: list) -> None:
    """Register what user_exceptions recorded: the kinds' codes and, where the class is
    found by name, the class (else an escaping exception is its builtin base)."""
    from pts.errors import USER_CLASSES, kind_code, register_user_class
    for code, kind, module, qualname in records:
        kind_code(kind)
        obj = sys.modules.get(module) if module else None
        for part in (qualname or "").split("."):
            obj = getattr(obj, part, None)
        if isinstance(obj, type) and issubclass(obj, BaseException):
            last = USER_CLASSES.get(kind)
            register_user_class(kind, obj, getattr(sys.modules.get(module), "__file__", None))
            if last is not None:
                USER_CLASSES[kind] = last          # (the last compiled stays the default)


# ---------------------------------------------------------------- entries

class EntrySignature:
    """What runtime.native.NativeEntry reads of the entry's ir.core.Function."""

    def __init__(self, name: str, param_types: list, ret_type):
        self.name, self.param_types, self.ret_type = name, param_types, ret_type


class ImageModule:
    """Code of an image mapped by runtime.image.Image, as runtime.native.NativeEntry wants
    a compiled module: `entry_address(fname)`, `release_address()`."""

    tier = 2

    def __init__(self, image, symbols: dict[str, str], release: str):
        self.image = image
        self.symbols = symbols            # IR function -> boxed entry symbol
        self.release = release

    def entry_address(self, fname: str) -> int:
        return self.image.entries[self.symbols[fname]][0]

    def release_address(self) -> int:
        return self.image.entries[self.symbols[next(iter(self.symbols))]][1]


class DiskEntry:
    """The cache slot of one specialization: `load()` before compiling, `store()` after."""

    def __init__(self, directory: str, key: str, pyfunc, sig: tuple):
        self.dir = directory
        self.key = key
        self.pyfunc = pyfunc
        self.sig = sig
        self.manifest_path = os.path.join(directory, key + ".json")
        self.folded: tuple = ()         # (location, value) of the lists a hit folded in

    def valid(self, deps: list) -> bool:
        return _valid(deps, self.pyfunc)

    def extra_manifest(self, record) -> dict:
        """More manifest fields (pts.model_cache's)."""
        return {}

    def code_path(self, kind: str) -> str:
        return os.path.join(self.dir, self.key + (".img" if kind == "image" else ".o"))

    def load(self, timings: dict | None = None):
        """(loaded module, entry ir.Function) from disk, or None on any miss."""
        try:
            with open(self.manifest_path, "rb") as f:
                m = json.loads(f.read())
            if m.get("format") != FORMAT or m["key"] != self.key or not self.valid(m["deps"]):
                return None
            self.manifest = m
            self.folded = folded_locations(m.get("folded", []), self.pyfunc)
            know_exceptions(m.get("exceptions", []))
            entry = EntrySignature(m["entry"], [parse_type(t) for t in m["params"]],
                                   parse_type(m["ret"]))
            loaded = _LOADED.get(m["content"])
            if loaded is not None:
                return loaded[0], entry
            kind = m["code"]
            with open(self.code_path(kind), "rb") as f:
                code = f.read()
            if len(code) != m["code_size"] or _sha(code) != m["code_sha256"]:
                return None
            return _load(m["content"], kind, code, m["symbols"], m["release"], True,
                         timings), entry
        except Exception:          # unreadable, corrupt, stale: a miss, whatever it was
            return None

    def dependencies(self, record) -> list | None:
        """`record`'s dependency list, as the globals are now: take it when the code is
        compiled, not when tier-2 code is stored after the first calls (which may have
        rebound a folded number or string)."""
        return dependencies(record.global_reads, self.pyfunc, record.folded)

    def store(self, record, timings: dict | None = None, deps=_UNSET, compiled=None):
        """Compile the module of `record` (the compile driver's, for this entry's function
        and signature) to tier-2 code, save it, load it; returns the loaded module.
        Uncacheable modules are compiled without saving.  `deps`: the dependencies taken
        when the code was compiled (`dependencies`), else taken now.  `compiled`: what
        backend.jit.compile_module made of the module (its LLVM IR is used again:
        jit.image_of)."""
        from pts.backend import jit
        module = record.module
        if deps is _UNSET:
            deps = self.dependencies(record)
        if deps is None:
            return jit.compile_module(module, timings=timings, entries=[module.entry])
        content = _sha(json.dumps([self.key, deps], sort_keys=True))
        entry = module[module.entry]
        loaded = _LOADED.get(content)
        if loaded is not None:           # loaded in this process, but the files are bad
            native, (kind, code) = loaded
            symbols = native.symbols
            release = native.release
        else:
            native = None
            built = jit.image_of(compiled, module, timings) if compiled is not None else None
            kind, code, symbols, release = built or jit.compile_image(
                module, "pts_" + content[:16], timings=timings)
        manifest = {
            "format": FORMAT, "key": self.key, "content": content,
            "function": [self.pyfunc.__code__.co_filename, self.pyfunc.__qualname__],
            "signature": [str(t) for t in self.sig],
            "entry": entry.name, "params": [str(t) for t in entry.param_types],
            "ret": str(entry.ret_type), "symbols": symbols, "release": release,
            "code": kind, "code_size": len(code), "code_sha256": _sha(code),
            "target": jit.target_description(), "deps": deps,
            "exceptions": user_exceptions(module),
            "folded": [[loc.owner.get("__name__"), loc.name] for loc, _ in record.folded],
            **self.extra_manifest(record),
        }
        t0 = time.perf_counter()
        write_atomic(self.code_path(kind), code)
        write_atomic(self.manifest_path, json.dumps(manifest, indent=1).encode("utf-8"))
        try:
            write_atomic(_function_marker(self.dir, self.pyfunc), b"")
        except Exception:
            pass
        if timings is not None:
            timings["store"] = (time.perf_counter() - t0) * 1e3
        return native or _load(content, kind, code, symbols, release, False, timings)


def folded_locations(recorded: list, pyfunc) -> tuple:
    """The module-level lists an entry's code folded in ([module, name] each in the
    manifest) as the Compiled's `folded`: (location, value) with the live value, which the
    dependencies just compared with the folded one (by repr: `_describe`); the boundary
    checks it before each call from now on (pts.compiled.with_shared)."""
    if not recorded:
        return ()
    from pts.frontend.shared_globals import SharedLocation
    out = []
    for module, name in recorded:
        g = pyfunc.__globals__ if pyfunc.__globals__.get("__name__") == module else \
            vars(sys.modules[module])
        if type(g[name]) is not list:
            raise LookupError(name)
        out.append((SharedLocation("global", g, name), list(g[name])))
    return tuple(out)


def _load(content: str, kind: str, code: bytes, symbols: dict, release: str, from_cache: bool,
          timings: dict | None):
    """Map an image (or add an object to the MCJIT engine) unless this content is already
    loaded (two threads may have compiled it at once: MCJIT must not see the same symbols
    twice)."""
    with _LOADING:
        loaded = _LOADED.get(content)
        if loaded is None:
            if kind == "image":
                t0 = time.perf_counter()
                from pts.backend import kernel_library
                from pts.runtime.image import Image, host_machine
                native = ImageModule(Image(code, host_machine(), library=kernel_library.address),
                                     symbols, release)
                for name in symbols.values():
                    if name not in native.image.entries:
                        raise ValueError(f"pts: symbol {name} missing from the image")
                if from_cache:
                    _count("cache_loads")
                if timings is not None:
                    timings["load"] = timings.get("load", 0.0) + (time.perf_counter() - t0) * 1e3
            else:
                from pts.backend import jit
                native = jit.load_object(code, symbols, release, from_cache=from_cache,
                                         timings=timings)
            loaded = _LOADED[content] = native, (kind, code)
        return loaded[0]


def _count(stat: str) -> None:
    STATS[stat] += 1


def _function_marker(d: str, pyfunc) -> str:
    """The file that says: this cache has code for `pyfunc` as its source is now (for some
    signature).  Written with each entry; read by has_code_for."""
    key = _sha(json.dumps([FORMAT, __version__, compiler_fingerprint(), host_key(),
                           source_record(pyfunc)]))[:40]
    return os.path.join(d, f"fn-{key}")


def has_code_for(pyfunc) -> bool:
    """Does the cache hold code compiled from `pyfunc`'s current source?  (pts.compiled's preload
    heuristic: cheap, no parsing, no llvmlite.)"""
    d = code_dir(create=False)
    if d is None:
        return False
    try:
        return os.path.exists(_function_marker(d, pyfunc))
    except Exception:
        return False


def entry_for(pyfunc, sig: tuple, grad_wrt: tuple | None = None) -> DiskEntry | None:
    """The cache slot of `pyfunc` specialized to `sig`, or None (cache off, no source).
    `grad_wrt`: the slot of its gradient entry (pts.grad) with respect to those parameters,
    apart from the function's own."""
    d = code_dir()
    if d is None:
        return None
    try:
        parts = [FORMAT, __version__, compiler_fingerprint(), host_key(),
                 source_record(pyfunc), [str(t) for t in sig]]
        if grad_wrt is not None:
            parts.append(["grad", list(grad_wrt)])
        key = _sha(json.dumps(parts))[:40]
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


def signature_name(pyfunc, sig: tuple) -> str:
    return f"{pyfunc.__qualname__}({', '.join(str(t) for t in sig)})"


_ORDER = ["imports", "lookup", "parse", "check", "lower", "passes", "llvm-ir", "llvm", "load",
          "store"]


def log_line(name: str, head: str, ms: dict) -> None:
    parts = [f"{k} {ms[k]:.2f} ms" for k in _ORDER if k in ms]
    print(f"pts: timings {name}: {head}: " + ", ".join(parts), file=sys.stderr)


def log_timings(pyfunc, sig: tuple, ms: dict, hit: bool, tier: int | None = None) -> None:
    """One line on stderr for `PTS_LOG=timings`; a compile in tiers prints a second line
    when its tier-2 code is ready (pts.compiled.Compiled)."""
    head = "cache hit" if hit else "compiled" if tier is None else f"compiled (tier {tier})"
    log_line(signature_name(pyfunc, sig), head, ms)
