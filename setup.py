"""Builds the one C extension, pts._dispatch (runtime/_dispatch.c): calls of compiled
functions from Python without ctypes.  Everything else about the project is in
pyproject.toml.  The extension is optional: if it does not build, pts calls compiled code
through ctypes (runtime/native.py) instead."""
from setuptools import Extension, setup

setup(ext_modules=[Extension("pts._dispatch", ["runtime/_dispatch.c"], optional=True,
                             extra_compile_args=["-O2"])])
