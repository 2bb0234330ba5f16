"""share_methods: identical layers of a model share one function.

The frontend specializes a model's methods per object (frontend.objects: the receiver's
path is a constant of the specialization, its tensor attributes are `attr.get {path}` with
paths from the root), so nanoGPT's six identical Blocks lower to six copies of
`Block.forward`, each inlined into the entry and each compiled by LLVM again (issue 32: 4.7 s
of a 6-layer GPT's 5 s first call was LLVM working through six copies).  This pass, run on
the lowered module before the optimization rounds, merges the copies:

  Two methods are *the same* when their IR is identical once every `attr.get` path is
  read relative to the method's object (`h.0.ln_1.weight` in `h.0.forward` is `ln_1.weight`,
  as `h.1.ln_1.weight` is in `h.1.forward`) and every call of a method is read as (the
  callee's own class of sameness, the callee's object relative to the caller's).  Folded
  attributes (constants, dtypes and ranks, the classes and children of objects) are in the
  IR, so objects whose folded attributes differ keep their own code.
  A class of two or more is merged: its first member, the representative, takes one
  trailing parameter per relative path it reads (sorted), which replace its `attr.get`s,
  and every call of any member becomes a call of the representative that passes
  `attr.get {member's path + relative path}` for them, read at the call site.  The other
  members are deleted.  Classes are merged callees first, so a caller's copies read their
  callees' attributes at the call sites, relative to themselves, and merge in turn.

After it the rounds see one `Block.forward` called six times with different tensors (the
inliner leaves a function called six times alone when it is big), and LLVM compiles it once.

What stays apart: the entry (its object is the root), functions that are not a model's
methods, methods that rebind an attribute (`attr.set`: the interpreter writes it by its
path from the root), that read an attribute outside their object, or whose name is used
other than as a callee (a function value).

Requires: the lowered module of a model's method, and `bases`: IR function name -> the
attribute path of its receiver (frontend.program's specs).  Invalidates: the parameter lists
of merged functions and their call sites.  Counts the functions it removes in
pts.cache_dir.MODEL_STATS["shared_methods"].
"""
from __future__ import annotations

from pts.cache_dir import MODEL_STATS
from pts.ir.core import BlockParam, Const, Instr, Module
from pts.ir.passes.inline import INLINE_THRESHOLD


def run(module: Module, bases: dict[str, tuple[str, ...]]) -> int:
    """Merge the identical methods of `module`; returns the number of functions removed."""
    bases = {n: ".".join(p) for n, p in bases.items() if p and n in module.functions
             and n != module.entry}
    if len(bases) < 2:
        return 0
    named = _named_elsewhere(module)
    order = _post_order(module)
    ids: dict[str, object] = {}              # function -> its class of sameness
    groups: dict[object, list[str]] = {}
    for name in order:
        if name not in bases or name in named:
            continue
        sig = _signature(module[name], bases[name], bases, ids)
        if sig is None:
            continue
        members = groups.setdefault(sig, [])
        members.append(name)
        ids[name] = id(members)          # (a small stand-in for sig in its callers' sigs)
    removed = 0
    for members in groups.values():          # (in order of first member: callees first)
        if len(members) > 1:
            _merge(module, members, bases)
            removed += len(members) - 1
            # the inliner goes from callers to callees: it would put the copies back while
            # the representative is still a few calls, before its callees are inlined into it
            rep = module[members[0]]
            rep.noinline = _reach_size(module, rep.name) > NOINLINE_SIZE
    MODEL_STATS["shared_methods"] += removed
    return removed


# a merged function whose body and callees (as lowered: a tensor op is one instruction)
# are bigger than the inliner's threshold stays a call where it is called more than once
# (inline.py); smaller ones (a Linear's forward) are inlined as before
NOINLINE_SIZE = INLINE_THRESHOLD


def _reach_size(module: Module, name: str) -> int:
    """Instructions of `name` and of every function it reaches, as lowered."""
    seen, todo, n = {name}, [name], 0
    while todo:
        f = module[todo.pop()]
        for i in f.instructions():
            n += 1
            c = i.attrs.get("callee") if i.op == "call" else None
            if c is not None and c not in seen and c in module.functions:
                seen.add(c)
                todo.append(c)
    return n


def _named_elsewhere(module: Module) -> set[str]:
    """Functions whose name the module uses other than as a call's callee."""
    out = set()
    for f in module:
        for i in f.instructions():
            for k, v in i.attrs.items():
                if isinstance(v, str) and v in module.functions and \
                        not (i.op == "call" and k == "callee"):
                    out.add(v)
    return out


def _post_order(module: Module) -> list[str]:
    """Functions reachable from the entry, callees before callers."""
    seen: set[str] = set()
    out: list[str] = []

    def visit(name: str) -> None:
        stack = [(name, iter(_callees(module[name])))]
        seen.add(name)
        while stack:
            fname, it = stack[-1]
            for c in it:
                if c not in seen and c in module.functions:
                    seen.add(c)
                    stack.append((c, iter(_callees(module[c]))))
                    break
            else:
                stack.pop()
                out.append(fname)
    visit(module.entry)
    return out


def _callees(f) -> list[str]:
    return [i.attrs["callee"] for i in f.instructions() if i.op == "call"]


def _relative(path: str, base: str) -> str | None:
    """`path` read from the object at `base` ("" for the object itself), else None."""
    if path == base:
        return ""
    return path[len(base) + 1:] if path.startswith(base + ".") else None


def _signature(f, base: str, bases: dict, ids: dict):
    """What f computes, relative to its object at `base`; None if it cannot be shared."""
    number: dict = {}
    for b, block in enumerate(f.blocks):
        for k, p in enumerate(block.params):
            number[p] = ("p", b, k)
        for k, i in enumerate(block.instrs):
            number[i] = ("i", b, k)
    blocks = {block: b for b, block in enumerate(f.blocks)}

    def ref(v):
        if isinstance(v, Const):
            return ("c", str(v.type), v.key())
        return number.get(v, ("?", id(v)))

    out = [f.file, tuple(str(t) for t in f.param_types), str(f.ret_type)]
    for block in f.blocks:
        out.append(("block", tuple(str(p.type) for p in block.params)))
        for i in block.instrs:
            attrs = dict(i.attrs)
            if i.op == "attr.set":
                return None
            if i.op == "attr.get":
                rel = _relative(attrs.pop("path"), base)
                if rel is None:
                    return None
                attrs["path"] = rel
            elif i.op == "call":
                callee = attrs.pop("callee")
                if callee in ids:
                    rel = _relative(bases[callee], base)
                    if rel is None:
                        return None
                    attrs["callee"] = (ids[callee], rel)
                else:
                    attrs["callee"] = callee
            out.append((i.op, str(i.type), tuple(sorted((k, repr(v)) for k, v in attrs.items())),
                        tuple(ref(a) for a in i.args),
                        tuple((blocks[t.block], tuple(ref(a) for a in t.args))
                              for t in i.targets),
                        i.span.line, i.span.col))
    return tuple(out)


def _merge(module: Module, members: list[str], bases: dict) -> None:
    rep = module[members[0]]
    base = bases[members[0]]
    gets = [i for i in rep.instructions() if i.op == "attr.get"]
    types = {}
    for i in gets:
        types.setdefault(_relative(i.attrs["path"], base), i.type)
    paths = sorted(types)
    params = {p: rep.entry.add_param(BlockParam(types[p], "self." + p if p else "self"))
              for p in paths}
    mapping = {}
    for block in rep.blocks:
        kept = []
        for i in block.instrs:
            if i.op == "attr.get":
                mapping[i] = params[_relative(i.attrs["path"], base)]
            else:
                kept.append(i)
        block.instrs = kept
    rep.replace_uses(mapping)
    member_base = {m: bases[m] for m in members}
    for f in module:
        if f.name in member_base and f.name != rep.name:
            continue
        for block in f.blocks:
            out = []
            for i in block.instrs:
                callee = i.attrs.get("callee") if i.op == "call" else None
                if callee in member_base:
                    mb = member_base[callee]
                    extra = []
                    for p in paths:
                        g = Instr("attr.get", [], types[p],
                                  {"path": f"{mb}.{p}" if p else mb}, span=i.span)
                        g.block = block
                        out.append(g)
                        extra.append(g)
                    i.args = list(i.args) + extra
                    i.attrs["callee"] = rep.name
                out.append(i)
            block.instrs = out
    for m in members[1:]:
        del module.functions[m]
