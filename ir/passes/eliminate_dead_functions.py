"""eliminate_dead_functions: drop the functions the entry can no longer reach.

Requires: a module whose `entry` is set (without one, every function counts as used and
nothing changes).  Invalidates: the module's function table.

Inlining copies small callees into their callers but leaves the callees in the module (a
callee may still be called elsewhere).  Once the pipeline is done, a function that no
`call` or `kernel` reachable from the entry names is dead weight for code generation: a
scripted model inlines its whole Sequential, and LLVM would otherwise compile every layer
twice.  The walk follows the call graph (ir.analysis.call_graph) from the entry.
"""
from __future__ import annotations

from pts.ir.analysis import call_graph
from pts.ir.core import Module


def run(module: Module) -> bool:
    if module.entry is None or module.entry not in module.functions:
        return False
    graph = call_graph(module)
    live = {module.entry}
    work = [module.entry]
    while work:
        for callee in graph.get(work.pop(), ()):
            if callee not in live:
                live.add(callee)
                work.append(callee)
    dead = [name for name in module.functions if name not in live]
    for name in dead:
        del module.functions[name]
    return bool(dead)
