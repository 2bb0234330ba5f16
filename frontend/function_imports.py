"""`import` and `from ... import` inside a function (frontend.ast.Import).

CPython binds the imported names as locals when the statement runs; a module is one object
wherever it is imported (sys.modules), so pts binds them when compiling: `imported_names`
imports each module (as the statement would, once) and gives the names' values, which the
function's globals view (frontend.program.GlobalReads) answers before the module's
globals.  The statement itself compiles to nothing.  Refused (CompileError at the
statement): a module that cannot be imported, a name the function also assigns or takes
as a parameter, a relative import or `import *` (frontend.parse).  A nested function does
not see its enclosing function's imports (it reads the module's globals).
"""
from __future__ import annotations

import importlib

from pts.errors import CompileError
from pts.frontend import ast as A


def imported_names(fdef: A.FunctionDef, assigned: set[str]) -> dict:
    """{name: module or attribute} of the imports in fdef's body (its own statements)."""
    out: dict = {}
    for s in A.walk(fdef.body):
        if not isinstance(s, A.Import):
            continue
        for name, module, attr in s.names:
            if name in assigned or any(p.name == name for p in fdef.params):
                raise CompileError(f"'{name}' is imported here and also assigned in "
                                   f"{fdef.name}(): pts binds an imported name when compiling; "
                                   f"use another name for one of them", s.span)
            try:
                mod = importlib.import_module(module)
            except ImportError as e:
                raise CompileError(f"No module named '{getattr(e, 'name', None) or module}'",
                                   s.span) from None
            if attr is None:          # `import a.b` binds a; `import a.b as c`, c to a.b
                value = importlib.import_module(name) if name == module.split(".")[0] \
                    else mod
            elif hasattr(mod, attr):
                value = getattr(mod, attr)
            else:
                try:                                          # `from pkg import submodule`
                    value = importlib.import_module(f"{module}.{attr}")
                except ImportError:
                    raise CompileError(f"cannot import name '{attr}' from '{module}'",
                                       s.span) from None
            out[name] = value
    return out
