"""Where pts keeps files, and what invalidates them: the bottom layer's share of the disk
cache (pts.cache), which the backend (the kernel library, the vector math) and the
frontend (the parser's and the library's tables) use too.

`base_dir()` is `$PTS_CACHE_DIR`, else `$XDG_CACHE_HOME/pts`, else `~/.cache/pts`;
`code_dir()` its `code/` subdirectory, or None when `PTS_CACHE=0` or it cannot be written.
`compiler_fingerprint()` changes with any edit of the compiler's sources (size and mtime of
every .py/.lark file of the package; `sources_fingerprint()` hashes their contents instead,
remembered per file stats in stdlib/sources.memo), `host_key()` with the machine, CPU and
llvmlite.
`STATS` counts what ran (also backend.jit.STATS and pts.cache.STATS, the same dict): modules
through LLVM -O3 (`llvm_compiles`), tier-0 compiles (`fast_compiles`), and code loaded from
the disk cache (`cache_loads`); here so that reading it imports no llvmlite.
`MODEL_STATS` counts a model's methods merged into one by ir.passes.share_methods
(`shared_methods`: the copies removed) and models loaded from the disk cache
(`model_cache_hits`, pts.model_cache).
"""
from __future__ import annotations

import hashlib
import importlib.util
import os
import sys
import threading

from pts.version import __version__

STATS = {"llvm_compiles": 0, "cache_loads": 0, "fast_compiles": 0}
MODEL_STATS = {"shared_methods": 0, "model_cache_hits": 0}
_FINGERPRINT: list[str] = []
_PACKAGES = ("pts", "pts.nn", "pts.optim", "pts.frontend", "pts.ir", "pts.ir.passes",
             "pts.backend", "pts.runtime", "pts.stdlib", "pts.grammar")


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
        _FINGERPRINT.append(_stat_fingerprint(_PACKAGES))
    # PTS_FUSION=0 compiles other code from the same source (ir.pipeline.fusion_enabled)
    return _FINGERPRINT[0] + ("" if os.environ.get("PTS_FUSION", "1") != "0" else "-nofusion")


def _stat_fingerprint(packages: tuple[str, ...]) -> str:
    parts = [__version__]
    for pkg, e in _source_files(packages):
        try:
            st = e.stat()
            parts.append(f"{pkg}/{e.name}:{st.st_size}:{st.st_mtime_ns}")
        except (OSError, AttributeError):        # (None: an unreadable directory)
            parts.append(f"{pkg}:?")
    return sha256_hex("\n".join(parts))


def sources_fingerprint() -> str:
    """pts version + the *contents* of the compiler's source files, each named by package
    and file name: the same for every copy of the same sources, wherever they are and
    whatever their mtimes.  The library's precompiled files (stdlib/trees.pickle, vmath.ir,
    kernels.img) carry it: a wheel's copies are written by the build step in build/lib and
    installed elsewhere with new mtimes, which `compiler_fingerprint` would call stale.
    Reading ~1.2 MB costs a few ms, which fell into the first compile that needed the
    library (MyConv's, in bench/tensors.py); so the library's directory keeps a memo,
    stdlib/sources.memo: the hash and the compiler_fingerprint (size and mtime of every file,
    stat only, which the disk cache has computed already) it was computed with; a process
    reads the files only when one of them changed since (an edit, or a fresh install: then
    it writes the memo anew, where it may).  The memo lives in the copy it describes."""
    if not _SOURCES:
        packages = _PACKAGES
        stat_key = compiler_fingerprint().split("-")[0]
        memo = _memo_path()
        try:
            with open(memo) as f:
                key, known = f.read().split()
            if key == stat_key and len(known) == 64:
                _SOURCES.append(known)
                return known
        except (OSError, ValueError, TypeError):
            pass
        digest = hashlib.sha256(__version__.encode())
        for pkg, e in _source_files(packages):
            try:
                with open(e.path, "rb") as f:
                    data = f.read()
                digest.update(f"\0{pkg}/{e.name}:{len(data)}\0".encode())
                digest.update(data)
            except (OSError, AttributeError):        # (None: an unreadable directory)
                digest.update(f"\0{pkg}:?".encode())
        _SOURCES.append(digest.hexdigest())
        if memo is not None:
            _write_atomically(memo, f"{stat_key} {_SOURCES[0]}\n")
    return _SOURCES[0]


def _memo_path() -> str | None:
    try:
        spec = importlib.util.find_spec("pts.stdlib")
        return os.path.join(list(spec.submodule_search_locations)[0], "sources.memo")
    except (ImportError, AttributeError, ValueError, IndexError, TypeError):
        return None


def _write_atomically(path: str, text: str) -> None:
    """Write a small file so that no reader sees half of it; quietly not when it cannot."""
    try:
        os.makedirs(os.path.dirname(path), exist_ok=True)
    except OSError:
        return
    write_atomic(path, text.encode("utf-8"))


_SOURCES: list[str] = []


def _source_files(packages: tuple[str, ...]) -> list[tuple[str, os.DirEntry | None]]:
    """(package, entry) of each .py and .lark file of the packages, by name within each
    directory; (package, None) for a directory that cannot be read."""
    found = []
    for pkg in packages:
        try:
            spec = importlib.util.find_spec(pkg)
            locations = list(spec.submodule_search_locations or [])
        except (ImportError, AttributeError, ValueError):
            continue
        for d in locations:
            try:
                found += [(pkg, e) for e in sorted(os.scandir(d), key=lambda e: e.name)
                          if e.name.endswith((".py", ".lark"))]
            except OSError:
                found.append((pkg, None))
    return found


def host_key() -> dict:
    """What compiled code depends on besides its source, known without importing llvmlite:
    the machine, the CPU (model and feature flags as the kernel reports them) and the
    llvmlite library (its LLVM decides the CPU name and features code is compiled for)."""
    if not _HOST:
        cpu = ""
        try:
            with open("/proc/cpuinfo", "rb") as f:
                for line in f.read().decode("utf-8", "replace").splitlines():
                    if line.startswith(("model name", "flags", "Features", "CPU part",
                                        "CPU implementer")):
                        cpu += line + "\n"
                    elif not line.strip() and cpu:
                        break                         # the first processor is enough
        except OSError:
            pass
        lib = None
        try:
            spec = importlib.util.find_spec("llvmlite")
            for d in spec.submodule_search_locations or []:
                for name in sorted(os.listdir(os.path.join(d, "binding"))):
                    if name.startswith("libllvmlite"):
                        st = os.stat(os.path.join(d, "binding", name))
                        lib = [os.path.join(d, "binding", name), st.st_size, st.st_mtime_ns]
        except (ImportError, AttributeError, ValueError, OSError):
            pass
        _HOST.append({"machine": os.uname().machine, "system": sys.platform,
                      "cpu": sha256_hex(cpu), "llvmlite": lib})
    return _HOST[0]


_HOST: list = []


def sha256_hex(text: str | bytes) -> str:
    return hashlib.sha256(text.encode("utf-8") if isinstance(text, str) else text).hexdigest()


def write_atomic(path: str, data: bytes) -> None:
    """Write a cache file whole or not at all (a temporary file, then a rename: another
    process reads the old file or the new one); an OSError (a full or read-only disk) leaves
    the cache without the file, which only costs a compile later."""
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
