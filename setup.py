"""The build steps pyproject.toml cannot declare; everything else about the project is there.

C extensions.  pts._dispatch (runtime/_dispatch.c): calls of compiled functions from Python
without ctypes.  pts._threads (runtime/_threads.c with runtime/c/threads.c and
runtime/c/blocks.c): the thread pool parallel kernels run on and the cache of large freed
blocks tensor memory comes from.  Both are optional: without _dispatch pts calls compiled
code through ctypes (runtime/native.py); without _threads parallel loops run serially
(runtime/threads.py).

The library's precompiled files.  `build_py` also writes stdlib/trees.pickle,
stdlib/vmath.ir, stdlib/kernels.img and stdlib/archive-*.lib (backend.precompiled.main: the step `make` runs),
so that the first tensor call after `pip install .` or `pip install -e .` does not compile
the kernel library (~40 s).  It runs the step on the sources being installed, in a
subprocess: for a wheel (`pip install .`) on the copies in build/lib, whose outputs then
ship in the wheel; for an editable install on the source tree, where `make` writes them
too.  The files carry a fingerprint of the sources' contents (pts.cache_dir.sources_fingerprint),
which the installed copies compute again.  pip installs llvmlite, numpy and lark in the
build environment for it (pyproject.toml's build-system requires).
"""
import json
import os
import subprocess
import sys

from setuptools import Extension, setup
from setuptools.command.build_py import build_py

# Imports pts from the directories in argv[1] ({package: directory}: the build's layout,
# which pyproject.toml's package-dir maps), then runs the step.  PTS_CACHE=0: the build
# neither reads nor writes the user's disk cache.
_PRECOMPILE = """
import importlib.abc, importlib.util, json, os, sys
dirs = json.loads(sys.argv[1])

class Packages(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path=None, target=None):
        d = dirs.get(name)
        if d is None:
            return None
        return importlib.util.spec_from_file_location(
            name, os.path.join(d, "__init__.py"), submodule_search_locations=[d])

sys.meta_path.insert(0, Packages())
from pts.backend import precompiled
precompiled.main()
"""


class BuildPyWithLibrary(build_py):
    """build_py, then the library's precompiled files (see the module docstring)."""

    def run(self):
        super().run()
        if self.editable_mode:
            dirs = {pkg: os.path.abspath(d or ".") for pkg, d in self.package_dir.items()}
        else:
            dirs = {pkg: os.path.abspath(os.path.join(self.build_lib, *pkg.split(".")))
                    for pkg in self.packages}
        print("pts: writing the library's precompiled files (about a minute)", flush=True)
        subprocess.run([sys.executable, "-c", _PRECOMPILE, json.dumps(dirs)], check=True,
                       env=dict(os.environ, PTS_CACHE="0"))
        if self.editable_mode:
            # pip byte-compiles what it installs, but an editable install's modules are the
            # sources themselves: without this, a process where PYTHONDONTWRITEBYTECODE is
            # set compiles every module again at import (~0.3 s of a first use)
            subprocess.run([sys.executable, "-m", "compileall", "-q", *sorted(set(dirs.values()))],
                           check=True, stdout=subprocess.DEVNULL)


setup(cmdclass={"build_py": BuildPyWithLibrary},
      ext_modules=[Extension("pts._dispatch", ["runtime/_dispatch.c"], optional=True,
                             extra_compile_args=["-O2"]),
                   Extension("pts._threads", ["runtime/_threads.c", "runtime/c/threads.c",
                                              "runtime/c/blocks.c", "runtime/c/strings.c",
                                              "runtime/c/str_methods.c", "runtime/c/format.c"],
                             optional=True, extra_compile_args=["-O2", "-pthread"],
                             extra_link_args=["-pthread"]),
                   # pts._dicts (runtime/_dicts.c with runtime/c/dicts.c): dicts and sets
                   Extension("pts._dicts", ["runtime/_dicts.c", "runtime/c/dicts.c"],
                             optional=True, extra_compile_args=["-O2"])])
