"""Building the C runtime (runtime/c) for tests: libpts.a, libpts.so and pts-run, with the
system cc — or a cross compiler, or sanitizers — into a private directory per flavour, once
per test session.  Shared by test_archive.py and test_c_loader.py."""
from __future__ import annotations

import atexit
import os
import shutil
import subprocess
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
C_DIR = ROOT / "runtime" / "c"
_BUILT: dict[tuple, Path] = {}
_TMP = Path(tempfile.mkdtemp(prefix="pts-c-build-"))
_OWNER = os.getpid()
atexit.register(lambda: os.getpid() == _OWNER and shutil.rmtree(_TMP, ignore_errors=True))

SANITIZE = "-fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer -g"


def have(tool: str) -> bool:
    return shutil.which(tool) is not None


def build_runtime(cc: str = "cc", extra_cflags: str = "") -> Path:
    """The build directory holding libpts.a, libpts.so and pts-run (built once per flavour)."""
    key = (cc, extra_cflags)
    if key not in _BUILT:
        out = _TMP / f"build{len(_BUILT)}"
        r = subprocess.run(["make", "-s", "-f", str(C_DIR / "runtime.mk"), f"BUILD={out}",
                            f"CC={cc}", f"EXTRA_CFLAGS={extra_cflags}", "runtime"],
                           cwd=ROOT, capture_output=True, text=True, timeout=300)
        if r.returncode != 0:
            raise RuntimeError(f"building the C runtime with {cc} failed:\n{r.stdout}{r.stderr}")
        _BUILT[key] = out
    return _BUILT[key]


def compile_c(sources: list[Path], out: Path, build: Path, cc: str = "cc",
              extra_cflags: str = "", shared: bool = False) -> Path:
    """A C program using libpts through pts.h only (linked statically, or to libpts.so)."""
    lib = [f"-L{build}", "-lpts", f"-Wl,-rpath,{build}"] if shared else [str(build / "libpts.a")]
    cmd = [cc, "-std=c11", "-Wall", "-Wextra", "-Werror", "-O1", *extra_cflags.split(),
           f"-I{C_DIR}", *map(str, sources), "-o", str(out), *lib, "-lm"]
    r = subprocess.run(cmd, capture_output=True, text=True, timeout=300)
    if r.returncode != 0:
        raise RuntimeError(f"{' '.join(cmd)} failed:\n{r.stderr}")
    return out


def tmpdir() -> Path:
    return _TMP
