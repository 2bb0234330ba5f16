"""Builds the C extensions: pts._dispatch (runtime/_dispatch.c), calls of compiled
functions from Python without ctypes, and pts._threads (runtime/_threads.c with
runtime/c/threads.c and runtime/c/blocks.c), the thread pool parallel kernels run on and
the cache of large freed blocks tensor memory comes from.  Everything else about the
project is in pyproject.toml.  Both are optional: without _dispatch pts calls compiled code
through ctypes (runtime/native.py); without _threads parallel loops run serially
(runtime/threads.py)."""
from setuptools import Extension, setup

setup(ext_modules=[Extension("pts._dispatch", ["runtime/_dispatch.c"], optional=True,
                             extra_compile_args=["-O2"]),
                   Extension("pts._threads", ["runtime/_threads.c", "runtime/c/threads.c",
                                              "runtime/c/blocks.c"],
                             optional=True, extra_compile_args=["-O2", "-pthread"],
                             extra_link_args=["-pthread"])])
