"""A first use without surprises: after an install (`make`, `pip install .`, `pip install -e .`)
the first tensor call compiles only the user's function, because the library's precompiled
files (stdlib/trees.pickle, vmath.ir, kernels.img: backend.precompiled.main, run by
setup.py's build step and by `make`) are there and match the installed compiler; and when
the kernel library does have to be compiled (~40 s), one line on stderr says so.

No timings are asserted: a test checks that nothing is built, not how long it takes."""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
import textwrap
import tomllib

import pytest

from pts.backend import archive_library, kernel_library, precompiled, stdlib_math
from pts.frontend import stdlib_trees

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PRECOMPILED = ("trees.pickle", "vmath.ir", "kernels.img")
BUILD_LINE = "pts: compiling the kernel library"

# Run in the installed (or copied) package: a first tensor call, and what the library's
# files say about themselves.  Any build of the kernel library or of a vmath function fails.
FIRST_CALL = textwrap.dedent("""
    import os, sys
    import numpy as np
    import pts
    from pts.backend import kernel_library, stdlib_math
    from pts.frontend import stdlib_trees
    from pts.ir.types import F64
    from pts.stdlib import nn

    def refuse(*args):
        raise AssertionError("built on first use")
    kernel_library.build_image = refuse
    stdlib_math.build_ir = refuse

    @pts.script
    def f(x):
        return np.exp(x) * 2.0 + 1.0

    x = np.linspace(0.0, 1.0, 10)
    assert np.allclose(f(x), np.exp(x) * 2.0 + 1.0, rtol=1e-12, atol=0)
    here = os.path.dirname(nn.__file__)
    print("package", os.path.dirname(pts.__file__))
    print("current", stdlib_trees.is_current(), stdlib_math.is_current(),
          kernel_library._read_precompiled() is not None)
    # spans name this copy's files, wherever the files were written
    print("tree file", stdlib_trees.lookup(nn.conv2d).span.file == nn.__file__)
    print("vmath file", stdlib_math.optimized_ir("exp", F64)[
        stdlib_math.optimized_ir("exp", F64).entry].file == os.path.join(here, "vmath.py"))
""")


def run_first_call(python: str, cwd: str, cache_dir: str, env: dict | None = None):
    script = os.path.join(cwd, "first_call.py")      # (pts reads f's source from it)
    with open(script, "w") as f:
        f.write(FIRST_CALL)
    out = subprocess.run([python, script], cwd=cwd, capture_output=True, text=True,
                         env=dict(os.environ, **(env or {}), PTS_CACHE_DIR=cache_dir),
                         timeout=600)
    assert out.returncode == 0, out.stderr
    assert BUILD_LINE not in out.stderr
    return out.stdout.splitlines()


def installed_layout() -> dict[str, str]:
    """{package: source directory} as pyproject.toml maps them (what a wheel holds)."""
    with open(os.path.join(ROOT, "pyproject.toml"), "rb") as f:
        dirs = tomllib.load(f)["tool"]["setuptools"]["package-dir"]
    return dict(dirs, **{"pts.nn": "pts/nn"})


def test_a_moved_copy_of_the_package_uses_its_precompiled_files(tmp_path):
    """What `pip install .` does to the build step's files: the sources copied elsewhere,
    with new mtimes.  The copy's fingerprint still matches the files, so its first tensor
    call builds nothing, and the trees' and vmath's spans name the copy's files."""
    here = os.path.dirname(stdlib_math.precompiled_path())
    assert stdlib_trees.is_current() and stdlib_math.is_current() and \
        kernel_library._read_precompiled() is not None, \
        "the precompiled files are missing or stale: `make` writes them"
    site = tmp_path / "site-packages"
    for pkg, src in installed_layout().items():
        dest = site.joinpath(*pkg.split("."))
        dest.mkdir(parents=True, exist_ok=True)
        for name in os.listdir(os.path.join(ROOT, src)):
            if name.endswith((".py", ".lark")):
                shutil.copy(os.path.join(ROOT, src, name), dest / name)   # new mtime
    for name in PRECOMPILED:
        shutil.copy(os.path.join(here, name), site / "pts" / "stdlib" / name)
    lines = run_first_call(sys.executable, str(tmp_path), str(tmp_path / "cache"),
                           {"PYTHONPATH": str(site)})
    assert lines == [f"package {site / 'pts'}", "current True True True", "tree file True",
                     "vmath file True"]


def test_compiling_the_library_says_so_on_stderr(monkeypatch, tmp_path, capfd):
    """No current stdlib/kernels.img and none in the disk cache: one line on stderr before
    the build, naming what is built, that it happens once and where it is kept."""
    monkeypatch.setattr(kernel_library, "precompiled_path", lambda: str(tmp_path / "none.img"))
    monkeypatch.setattr(kernel_library, "_loaded", {})
    monkeypatch.setenv("PTS_CACHE_DIR", str(tmp_path / "cache"))

    class Stop(Exception):
        pass

    def stop():
        raise Stop                          # where the ~40 s build would start
    monkeypatch.setattr(kernel_library, "build_image", stop)
    capfd.readouterr()
    with pytest.raises(Stop):
        kernel_library.addresses()
    err = capfd.readouterr().err.splitlines()
    assert len(err) == 1 and err[0].startswith(BUILD_LINE)
    assert "once" in err[0] and str(tmp_path / "cache" / "code" / "kernels.img") in err[0]

    monkeypatch.setenv("PTS_CACHE", "0")
    with pytest.raises(Stop):
        kernel_library.addresses()
    err = capfd.readouterr().err.splitlines()
    assert len(err) == 1 and err[0].startswith(BUILD_LINE)
    assert "every process" in err[0]


def test_set_up_step_keeps_current_files(monkeypatch, tmp_path, capsys):
    """backend.precompiled.main (make's and setup.py's step) writes a missing or stale
    file and only touches a current one."""
    paths = {name: tmp_path / name for name in PRECOMPILED}
    here = os.path.dirname(stdlib_math.precompiled_path())
    libs = [os.path.basename(archive_library.path(t)) for t in archive_library.targets()]
    paths.update({name: tmp_path / name for name in libs})
    for name in ["vmath.ir", "kernels.img"] + libs:
        shutil.copy(os.path.join(here, name), paths[name])
        os.utime(paths[name], (0, 0))
    monkeypatch.setattr(stdlib_trees, "path", lambda: str(paths["trees.pickle"]))
    monkeypatch.setattr(stdlib_trees, "_table", [])
    monkeypatch.setattr(stdlib_math, "precompiled_path", lambda: str(paths["vmath.ir"]))
    monkeypatch.setattr(kernel_library, "precompiled_path", lambda: str(paths["kernels.img"]))
    monkeypatch.setattr(stdlib_math, "write_precompiled", lambda: pytest.fail("rebuilt"))
    monkeypatch.setattr(kernel_library, "write_precompiled", lambda: pytest.fail("rebuilt"))
    monkeypatch.setattr(archive_library, "write_precompiled", lambda t: pytest.fail("rebuilt"))
    precompiled.main()
    assert stdlib_trees.is_current()                     # the missing one: written
    assert all(paths[name].stat().st_mtime > 0 for name in ["vmath.ir", "kernels.img"] + libs)
    assert "up to date" in capsys.readouterr().out


@pytest.mark.slow
def test_pip_install_from_a_clone(tmp_path):
    """The user's way in: a clone of this repository's HEAD, a new venv, `pip install .`;
    the installed package holds the precompiled files and its first call builds nothing."""
    clone, venv = tmp_path / "clone", tmp_path / "venv"
    subprocess.run(["git", "clone", "-q", ROOT, str(clone)], check=True)
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
    python = str(venv / "bin" / "python")
    subprocess.run([python, "-m", "pip", "install", "-q", str(clone)], check=True,
                   timeout=1800)
    lines = run_first_call(python, str(tmp_path), str(tmp_path / "cache"))
    site = lines[0].removeprefix("package ")
    assert site.startswith(str(venv))
    assert all(os.path.exists(os.path.join(site, "stdlib", name)) for name in PRECOMPILED)
    assert lines[1:] == ["current True True True", "tree file True", "vmath file True"]


def test_sources_fingerprint_is_remembered_until_a_file_changes(monkeypatch, tmp_path):
    """The contents hash is remembered per (path, size, mtime) of every source file
    (pts.cache_dir.sources_fingerprint): a memo that matches is believed without reading the
    files; one left by other files (an edit, another copy) is recomputed and rewritten."""
    from pts import cache_dir
    memo = tmp_path / "sources.memo"
    monkeypatch.setattr(cache_dir, "_memo_path", lambda: str(memo))
    monkeypatch.setattr(cache_dir, "_SOURCES", [])
    real = cache_dir.sources_fingerprint()
    key, written = memo.read_text().split()
    assert written == real and len(real) == 64
    # a memo that matches the files' stats is what the process goes by
    memo.write_text(f"{key} {'a' * 64}\n")
    monkeypatch.setattr(cache_dir, "_SOURCES", [])
    assert cache_dir.sources_fingerprint() == "a" * 64
    # one written for other stats (a file edited since) is not
    memo.write_text(f"{'0' * 64} {'a' * 64}\n")
    monkeypatch.setattr(cache_dir, "_SOURCES", [])
    assert cache_dir.sources_fingerprint() == real
    assert memo.read_text().split() == [key, real]
