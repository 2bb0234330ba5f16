"""inline: replace calls of small, non-recursive functions by a copy of their body.

Requires: verified IR (a module: callees are looked up by name).  Invalidates: the
caller's blocks, CFG and dominators.  Keeps: every function of the module (callees stay,
they may be entry points or called elsewhere); the spans of the copied instructions, which
carry the callee's file, so a `check` or `raise` copied from a callee still points at the
callee's source line — except for a callee of pts's library (stdlib/) copied into user
code: its instructions take the call's span, so an error it raises names the user's line,
as CPython names the caller's line for an error of a builtin.  Its tensor ops (np.*) keep
the library's spans: fused into kernels, they are matched against the precompiled kernel
library's by their code and spans (backend.kernel_library.kernel_key).

For `%r = call @g(args)` in block ^b, when @g is not on a cycle of the call graph, has at
most INLINE_THRESHOLD instructions (ONCE_THRESHOLD when this is the only call of @g in the
module: the copy then costs no more than the call's callee, and the caller learns its
arguments), and the caller stays within MAX_CALLER_SIZE with the copy added:

    ^b:  before; %r = call @g(a); after        ^b:      before; br ^g.entry
                                      ->       ^g.entry: body of @g[params := a]
                                               ^g.x:     ... ret v  ->  br ^b.cont(v)
                                               ^b.cont(%r): after

The copy gets fresh blocks and values (with the callee's names as hints); the call's
span goes on the `br` that enters the copy.
"""
from __future__ import annotations

from pts.errors import is_library_file
from pts.ir.analysis import recursive_functions
from pts.ir.core import Block, BlockParam, Const, Function, Instr, Module, Target, Value
from pts.ir.types import NONE

INLINE_THRESHOLD = 40      # callee size (instructions, terminators included)
ONCE_THRESHOLD = 120       # callee size when the call is the callee's only call site
MAX_CALLER_SIZE = 2000     # never grow a caller past this size


def run(module: Module, keep: frozenset = frozenset()) -> bool:
    """`keep`: callees whose calls stay calls (those with a hand-written VJP, in a grad
    compile before differentiation)."""
    recursive = recursive_functions(module) | set(keep)
    calls = call_counts(module)
    changed = False
    for f in module:
        # each inlined call's result -> its continuation's parameter; operands are rewritten
        # once, after the last call of f is inlined (a sweep of f per call grew as f^2)
        results: dict[Value, Value] = {}
        while True:
            call = _next_inlinable(f, module, recursive, calls)
            if call is None:
                break
            g = module[call.attrs["callee"]]
            result = inline_call(f, call, g)
            if result is not None:
                results[call] = result
            # the call is gone; the calls in @g's body now also happen in f
            calls[g.name] -= 1
            for name, n in call_counts([g]).items():
                calls[name] = calls.get(name, 0) + n
            changed = True
        f.replace_uses(results)
    return changed


def size(f: Function) -> int:
    return sum(len(b.instrs) for b in f.blocks)


def call_counts(functions) -> dict[str, int]:
    """How many call instructions in `functions` (a module or a list) name each callee."""
    counts: dict[str, int] = {}
    for f in functions:
        for i in f.instructions():
            if i.op == "call":
                name = i.attrs.get("callee")
                counts[name] = counts.get(name, 0) + 1
    return counts


def _next_inlinable(f: Function, module: Module, recursive: set[str],
                    calls: dict[str, int]) -> Instr | None:
    room = MAX_CALLER_SIZE - size(f)
    for i in f.instructions():
        if i.op != "call" or i.block.terminator.op == "try":
            continue        # (a call under a try handler stays a call: the handler catches it)
        g = module.functions.get(i.attrs.get("callee"))
        if g is None or g is f or g.name in recursive or len(i.args) != len(g.params):
            continue
        if getattr(g, "noinline", False) and calls.get(g.name, 0) > 1:
            continue        # (a big layer its copies share: ir.passes.share_methods)
        n = size(g)
        limit = ONCE_THRESHOLD if calls.get(g.name, 0) == 1 else INLINE_THRESHOLD
        if n <= limit and n <= room:
            return i
    return None


def inline_call(f: Function, call: Instr, g: Function) -> BlockParam | None:
    """Inline `call` (of @g, in f).  Returns the block parameter that now holds the call's
    result (None for a call without one); the caller replaces the call's uses with it
    (until then, operands copied or left in f still read the call)."""
    b = call.block
    at = b.instrs.index(call)
    # the continuation: ^b.cont(%r) takes the rest of ^b
    cont = f.new_block(f"{b.name}.cont")
    f.blocks.remove(cont)
    result = None
    if call.has_result:
        result = cont.add_param(BlockParam(call.type, call.name))
    for i in b.instrs[at + 1:]:
        cont.append(i)
    del b.instrs[at:]

    # the copy of @g's blocks: the entry's parameters become the call's arguments
    values: dict[Value, Value] = dict(zip(g.params, call.args))
    blocks: dict[Block, Block] = {}
    taken = {blk.name for blk in f.blocks} | {cont.name}
    for gb in g.blocks:
        nb = Block(_fresh_block_name(taken, f"{g.name}.{gb.name}"))
        taken.add(nb.name)
        blocks[gb] = nb
        if gb is not g.entry:
            for p in gb.params:
                values[p] = nb.add_param(BlockParam(p.type, p.name))
    clones: list[Instr] = []
    respan = is_library_file(g.file) and not is_library_file(f.file)
    for gb in g.blocks:
        nb = blocks[gb]
        for i in gb.instrs:
            span = call.span if respan and i.span and is_library_file(i.span.file) \
                and not i.op.startswith("np.") else i.span
            if i.op == "ret":
                args = []
                if result is not None:
                    args = [i.args[0] if i.args else Const(NONE, None)]
                c = Instr("br", [], targets=[Target(cont, args)], span=span)
            else:
                c = Instr(i.op, i.args, i.type, i.attrs,
                          [Target(blocks[t.block], t.args) for t in i.targets],
                          span=span, name=i.name)
            values[i] = c
            clones.append(c)
            nb.append(c)
    for c in clones:         # second sweep: operands defined later in the callee's text
        c.args = [values.get(a, a) for a in c.args]
        for t in c.targets:
            t.args = [values.get(a, a) for a in t.args]

    b.append(Instr("br", [], targets=[Target(blocks[g.entry])], span=call.span))
    pos = f.blocks.index(b) + 1
    f.blocks[pos:pos] = [blocks[gb] for gb in g.blocks] + [cont]
    return result


def _fresh_block_name(taken: set[str], name: str) -> str:
    base, n = name, 1
    while name in taken:
        name = f"{base}{n}"
        n += 1
    return name
