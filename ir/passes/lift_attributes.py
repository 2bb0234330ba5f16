"""lift_attributes: a model's tensor attributes become trailing parameters of its functions.

The native stand-in for the attribute table that frontend.objects describes: native code
cannot read a live Python attribute, so every function that reads attributes (itself or
through its callees) gets one parameter per attribute path the module reads, calls pass
them on, and each `attr.get {path}` becomes that parameter.  `run` returns the paths in
parameter order; the caller appends the live array of each (frontend.objects.resolve) to
the arguments of every call.  Arrays are borrowed, so in-place updates
(`self.running_mean[:] = ...`, `self.steps += 1`) reach the model; rebinding an attribute
(`attr.set`) is a CompileError naming backend="interp".

Requires: a module whose entry is a model's method (attribute paths are relative to its
root), after the late passes — nothing may run after it that expects `attr.get`.
Invalidates: the parameter lists of the functions that read attributes and of their
callers (the entry's signature grows), and the call sites of those functions.
ir.pipeline runs it last when asked for a model's native code (`optimize(..., lifted=[])`).
"""
from __future__ import annotations

from pts.errors import CompileError
from pts.ir.core import BlockParam, Module


def run(module: Module) -> tuple[tuple[str, ...], ...]:
    """Lift the attribute reads of `module`; returns the lifted paths (each a tuple of
    attribute names), in parameter order — () when the module reads no attribute."""
    gets: dict = {}
    for f in module:
        for i in f.instructions():
            if i.op == "attr.set":
                raise CompileError(f"native code cannot rebind the attribute "
                                   f"'{i.attrs['path']}' yet (update it in place, e.g. "
                                   f"self.{i.attrs['path'].split('.')[-1]}[...] = v, or use "
                                   f"backend='interp')", i.span)
            if i.op == "attr.get":
                gets.setdefault(i.attrs["path"], i.type)
    if not gets:
        return ()
    paths = sorted(gets)
    needs = {f.name for f in module if any(i.op == "attr.get" for i in f.instructions())}
    changed = True
    while changed:                  # callers of functions that need attributes need them too
        changed = False
        for f in module:
            if f.name not in needs and any(i.op == "call" and i.attrs.get("callee") in needs
                                           for i in f.instructions()):
                needs.add(f.name)
                changed = True
    for f in module:
        if f.name not in needs:
            continue
        params = [f.entry.add_param(BlockParam(gets[p], "self." + p)) for p in paths]
        by_path = dict(zip(paths, params))
        mapping = {}
        for b in f.blocks:
            kept = []
            for i in b.instrs:
                if i.op == "attr.get":
                    mapping[i] = by_path[i.attrs["path"]]
                    continue
                if i.op == "call" and i.attrs.get("callee") in needs:
                    i.args = list(i.args) + params
                kept.append(i)
            b.instrs = kept
        f.replace_uses(mapping)
    return tuple(tuple(p.split(".")) for p in paths)
