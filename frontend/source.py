"""Python functions -> their syntax trees, as the checker reads them.

`parse_pyfunc(pyfunc)` is the tree of a function: pts's own library functions come from the
trees `make` parsed (frontend.stdlib_trees), others from the parser (frontend.parse) on
first use; either way once per code object.  The tree is shared: `fresh_fdef` gives the
private copy a specialization annotates (`clone_tree`).
"""
from __future__ import annotations

from typing import Any

from pts.errors import Span
from pts.frontend import ast as A

# Parsed functions by code object *identity*: code objects compare equal across files when
# their bodies match, so they cannot be dictionary keys themselves.
_PARSED: dict[int, tuple[Any, A.FunctionDef]] = {}


def parse_pyfunc(pyfunc) -> A.FunctionDef:
    code = pyfunc.__code__
    hit = _PARSED.get(id(code))
    if hit is not None and hit[0] is code:
        return hit[1]
    from pts.frontend import stdlib_trees
    fdef = stdlib_trees.lookup(pyfunc)         # pts's library functions: parsed by `make`
    if fdef is None:
        from pts.frontend.parse import function_source, parse_function
        text, filename, offset, col = function_source(pyfunc)
        fdef = parse_function(text, filename, line_offset=offset, col_offset=col)
    _PARSED[id(code)] = (code, fdef)
    return fdef


def fresh_fdef(pyfunc) -> A.FunctionDef:
    """A private copy of the parsed tree: the checker annotates nodes in place."""
    return clone_tree(parse_pyfunc(pyfunc))


def clone_tree(x):
    """A copy of a syntax tree: new nodes and lists, the leaves shared (strings, numbers,
    frozen spans; a Const's value is an immutable Python constant).  copy.deepcopy did the
    same at ten times the cost, and every specialization of every function makes one;
    leaves are told apart by their exact type before any call (most values are leaves)."""
    t = type(x)
    if t is list:
        return [v if type(v) in _LEAVES else clone_tree(v) for v in x]
    if t is tuple:
        return tuple(v if type(v) in _LEAVES else clone_tree(v) for v in x)
    if t is dict:
        return {k: v if type(v) in _LEAVES else clone_tree(v) for k, v in x.items()}
    if isinstance(x, A.Node):
        new = object.__new__(t)
        new.__dict__.update({k: v if type(v) in _LEAVES else clone_tree(v)
                             for k, v in x.__dict__.items()})
        return new
    return x


_LEAVES = frozenset({str, int, float, bool, type(None), Span})
