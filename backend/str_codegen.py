"""Native code for the str.* ops (ir.string_ops) and string constants.

Representation: a str value is a pointer to its UTF-8 bytes, NUL-terminated, with its
length in code points and in bytes as two i64 in the 16 bytes before them (`{i64 ncp, i64
nbytes, bytes}`; ncp == nbytes: ASCII).  So a str is also a C string (print's `write_str`,
an error's message in the context), its len() is a load, and indexing an ASCII string is
O(1).  Constants are private globals; strings made at run time live in the per-call arena
(chained into `ctx.lists` like a list whose data is the block; runtime.strings and
runtime/c/strings.c make them too).

Every other str.* op is one call of the import `str_op(ctx, desc, argv, out) -> i32
status`: `desc` is a C string "op|operand types|result type" (IR type text, so it means the
same in a JIT, a disk-cached image or an archive) after a zeroed, writable 8-byte word in
which the runtime keeps the op it decoded from the text on the site's first call
(runtime/c/str_internal.h); `argv` the operands as i64 slots (tuples flattened; floats as
their bits; pointers as addresses), `out` the result's slots — both stack slots of the
function's entry block.  A non-zero status is the exception's kind code: the callee has set
ctx.msg, this code fills in the op's span and returns the status, as a failed `check` does.
The runtime's `str_op` is C (runtime/c/strings.c, in process through pts._threads), with
CPython's results; what C does not run falls back to the op's `evaluate` in a Python process
(runtime/strings.py).

`s + t` whose left operand is dead after it and held by no other value (`_owned`) becomes
the runtime's `str.append`, which grows s in place: `s += c` in a loop is linear.

Fast paths in code (no call): len, ==, !=, `in`, + (and `str.concatn`: an f-string's
pieces or a chain a + b + c in one allocation) and indexing an ASCII string (one-
character results are constants of a 128-entry table); indexing a non-ASCII string or out
of range goes through str_call, which gives CPython's result or IndexError.
"""
from __future__ import annotations

from llvmlite import ir

from pts.backend.llvm_types import (CTX_T, I32T, I64T, I8T, PTR, alloca, fast_or_slow, leaves,
                                    llvm_type)
from pts.ir.core import BlockParam, Const
from pts.ir.types import F64, I1, NONE, STR, TupleType, Type


def str_const(mc, s: str) -> ir.Value:
    """A pointer to the bytes of constant s (length-prefixed, NUL-terminated)."""
    cache = mc.__dict__.setdefault("str_values", {})
    g = cache.get(s)
    if g is None:
        data = s.encode("utf-8", "surrogatepass")
        arr = ir.ArrayType(I8T, len(data) + 1)
        ty = ir.LiteralStructType([I64T, I64T, arr])
        g = ir.GlobalVariable(mc.m, ty, name=f"strv.{len(cache)}")
        g.global_constant = True
        g.linkage = "private"
        g.initializer = ir.Constant(ty, [ir.Constant(I64T, len(s)), ir.Constant(I64T, len(data)),
                                         ir.Constant(arr, bytearray(data + b"\0"))])
        g.align = 8
        ref = g.gep([ir.Constant(I32T, 0), ir.Constant(I32T, 2)])
        g.type = PTR          # opaque pointers, as backend.codegen's strings
        ref.type = PTR
        g = cache[s] = ref
    return g


def _to_slot(b: ir.IRBuilder, v: ir.Value, t: Type) -> ir.Value:
    if t == F64:
        return b.bitcast(v, I64T)
    if t == I1 or t == NONE:
        return b.zext(v, I64T)
    if isinstance(v.type, ir.IntType):
        return v if v.type.width == 64 else b.sext(v, I64T)
    return b.ptrtoint(v, I64T)


def _from_slot(b: ir.IRBuilder, x: ir.Value, t: Type) -> ir.Value:
    if t == F64:
        return b.bitcast(x, llvm_type(t))
    if t == I1:
        return b.trunc(x, ir.IntType(1))
    if t == NONE:
        return ir.Constant(I8T, 0)
    lt = llvm_type(t)
    if isinstance(lt, ir.IntType):
        return x if lt.width == 64 else b.trunc(x, lt)
    return b.inttoptr(x, PTR)


def _site(mc, desc: str) -> ir.Value:
    """desc's text after a zeroed, writable word: the runtime decodes the text on the site's
    first call and keeps the result there (runtime/c/str_internal.h)."""
    cache = mc.__dict__.setdefault("str_sites", {})
    ref = cache.get(desc)
    if ref is None:
        data = bytearray(desc.encode("utf-8")) + b"\0"
        ty = ir.LiteralStructType([I64T, ir.ArrayType(I8T, len(data))])
        g = ir.GlobalVariable(mc.m, ty, name=f"strsite.{len(cache)}")
        g.linkage = "private"
        g.align = 8
        g.initializer = ir.Constant(ty, [ir.Constant(I64T, 0), ir.Constant(ty.elements[1], data)])
        ref = g.gep([ir.Constant(I32T, 0), ir.Constant(I32T, 1)])
        g.type = PTR
        ref.type = PTR
        cache[desc] = ref
    return ref


def emit(fc, ins, vals: list) -> ir.Value | None:
    """Native code for instruction ins with operand values vals."""
    if ins.op in _FSTRING_OPS:                      # (an f-string's fields in one call)
        from pts.backend import fstring_codegen
        if ins.op in ("str.format", "str.from"):
            if fstring_codegen.fused(fc, ins, _owned):
                return fstring_codegen.placeholder()
        else:
            got = fstring_codegen.plan(fc, ins, vals, _owned)
            if got is not None:
                fmt, template, args = got
                return call(fc, fmt, [str_const(fc.mc, template)] + args)
    fast = FAST.get(ins.op)
    if fast is not None:
        return fast(fc, ins, vals)
    return call(fc, ins, vals)


_FSTRING_OPS = ("str.format", "str.from", "str.concat", "str.concatn")


def call(fc, ins, vals: list) -> ir.Value | None:
    """The call of str_call for instruction ins with operand values vals."""
    b = fc.b
    types = [a.type for a in ins.args]
    slots = []
    for v, t in zip(vals, types):
        if isinstance(t, TupleType):
            for k, leaf in enumerate(leaves(t)):
                slots.append((_leaf(b, v, t, k), leaf))
        else:
            slots.append((v, t))
    argv = alloca(fc.ab, ir.ArrayType(I64T, max(len(slots), 1)))   # (entry block: loops reuse it)
    for k, (v, t) in enumerate(slots):
        b.store(_to_slot(b, v, t), b.gep(argv, [ir.Constant(I64T, k)], source_etype=I64T))
    rleaves = leaves(ins.type) if ins.type is not None else []
    out = alloca(fc.ab, ir.ArrayType(I64T, max(len(rleaves), 1)))
    desc = ins.op + "|" + ";".join(str(t) for t in types) + "|" + str(ins.type)
    status = fc.call_import("str_op", [_site(fc.mc, desc), argv, out])
    fail = fc.fn.append_basic_block("str.fail")
    cont = fc.fn.append_basic_block("str.ok")
    b.cbranch(b.icmp_signed("!=", status, ir.Constant(I32T, 0)), fail, cont)
    b.block.terminator.set_weights([1, 1000])
    fb = ir.IRBuilder(fail)
    # the message is the callee's (ctx.msg); the kind is the status; the place is ours
    fields = {0: fb.sext(status, I64T), 1: ir.Constant(I64T, ins.span.line),
              2: ir.Constant(I64T, ins.span.col), 3: fc.mc.where_str(ins.span.file),
              5: fc.func_str}
    for i, val in fields.items():
        fb.store(val, fb.gep(fc.ctx, [ir.Constant(I32T, 0), ir.Constant(I32T, i)],
                             source_etype=CTX_T))
    fc.ret_status(fb, status)
    b.position_at_end(cont)
    if ins.type is None:
        return None
    got = [_from_slot(b, b.load(b.gep(out, [ir.Constant(I64T, k)], source_etype=I64T), typ=I64T),
                      t) for k, t in enumerate(rleaves)]
    if isinstance(ins.type, TupleType):
        return _build(b, ins.type, iter(got))
    return got[0]


def _leaf(b: ir.IRBuilder, v: ir.Value, t: TupleType, k: int) -> ir.Value:
    """The k-th scalar leaf of tuple value v of type t (tuples flattened in order)."""
    path = []

    def walk(tt: Type, prefix: list) -> None:
        if isinstance(tt, TupleType):
            for i, e in enumerate(tt.elems):
                walk(e, prefix + [i])
        else:
            path.append(prefix)
    walk(t, [])
    for i in path[k]:
        v = b.extract_value(v, i)
    return v


def _build(b: ir.IRBuilder, t: Type, it) -> ir.Value:
    if not isinstance(t, TupleType):
        return next(it)
    agg = ir.Constant(llvm_type(t), ir.Undefined)
    for i, e in enumerate(t.elems):
        agg = b.insert_value(agg, _build(b, e, it), i)
    return agg


# ---------------------------------------------------------------- fast paths

def _c64(v: int) -> ir.Constant:
    return ir.Constant(I64T, v)


def _field(b: ir.IRBuilder, p, k: int):
    """ncp (k=-2) or nbytes (k=-1) of str p."""
    return b.load(b.gep(p, [_c64(k)], source_etype=I64T), typ=I64T)


def _len(fc, ins, vals):
    return _field(fc.b, vals[0], -2)


def _helper(mc, name: str, ftype: ir.FunctionType, body) -> ir.Function:
    def build():
        fn = ir.Function(mc.m, ftype, name=f"pts.{name}")
        body(mc, fn)
        return fn
    return mc.helper(name, build)


def _bytes_equal(mc, fn) -> None:
    """i1 @pts.str_bytes_eq(ptr a, ptr b, i64 n): the n bytes at a and b are equal."""
    a, bp, n = fn.args
    entry, loop, body, yes, no = (fn.append_basic_block(x) for x in
                                  ("entry", "loop", "body", "yes", "no"))
    b = ir.IRBuilder(entry)
    b.branch(loop)
    b.position_at_end(loop)
    i = b.phi(I64T)
    i.add_incoming(_c64(0), entry)
    b.cbranch(b.icmp_signed("<", i, n), body, yes)
    b.position_at_end(body)
    x = b.load(b.gep(a, [i], source_etype=I8T), typ=I8T)
    y = b.load(b.gep(bp, [i], source_etype=I8T), typ=I8T)
    i.add_incoming(b.add(i, _c64(1)), body)
    b.cbranch(b.icmp_unsigned("==", x, y), loop, no)
    b.position_at_end(yes)
    b.ret(ir.Constant(ir.IntType(1), 1))
    b.position_at_end(no)
    b.ret(ir.Constant(ir.IntType(1), 0))


def _bytes_eq_fn(mc) -> ir.Function:
    return _helper(mc, "str_bytes_eq", ir.FunctionType(ir.IntType(1), [PTR, PTR, I64T]),
                   _bytes_equal)


def _eq(fc, ins, vals):
    b = fc.b
    x, y = vals
    n = _field(b, x, -1)
    same_len = b.icmp_signed("==", n, _field(b, y, -1))
    here = b.block
    cmp_b = fc.fn.append_basic_block("str.cmp")
    done = fc.fn.append_basic_block("str.cmpdone")
    b.cbranch(same_len, cmp_b, done)
    b.position_at_end(cmp_b)
    r = b.call(_bytes_eq_fn(fc.mc), [x, y, n])
    after = b.block
    b.branch(done)
    b.position_at_end(done)
    eq = b.phi(ir.IntType(1))
    eq.add_incoming(ir.Constant(ir.IntType(1), 0), here)
    eq.add_incoming(r, after)
    return eq if ins.op == "str.eq" else b.not_(eq)


def _find(mc, fn) -> None:
    """i1 @pts.str_contains(ptr sub, ptr s): a naive search of sub's bytes in s's (on UTF-8,
    a byte match of whole characters is a code-point match)."""
    sub, s = fn.args
    entry, loop, body, yes, no = (fn.append_basic_block(x) for x in
                                  ("entry", "loop", "body", "yes", "no"))
    b = ir.IRBuilder(entry)
    m = _field(b, sub, -1)
    last = b.sub(_field(b, s, -1), m)
    b.branch(loop)
    b.position_at_end(loop)
    i = b.phi(I64T)
    i.add_incoming(_c64(0), entry)
    b.cbranch(b.icmp_signed("<=", i, last), body, no)
    b.position_at_end(body)
    hit = b.call(_bytes_eq_fn(mc), [b.gep(s, [i], source_etype=I8T), sub, m])
    i.add_incoming(b.add(i, _c64(1)), body)
    b.cbranch(hit, yes, loop)
    b.position_at_end(yes)
    b.ret(ir.Constant(ir.IntType(1), 1))
    b.position_at_end(no)
    b.ret(ir.Constant(ir.IntType(1), 0))


def _contains(fc, ins, vals):
    fn = _helper(fc.mc, "str_contains", ir.FunctionType(ir.IntType(1), [PTR, PTR]), _find)
    return fc.b.call(fn, list(vals))


def _concat_body(mc, fn) -> None:
    """ptr @pts.str_concat.N(ctx, ptr s1, ..., ptr sN): a new string in the arena, the N
    strings one after another, in one allocation."""
    ctx, parts = fn.args[0], fn.args[1:]
    b = ir.IRBuilder(fn.append_basic_block("entry"))
    lens = [_field(b, x, -1) for x in parts]
    n, ncp = lens[0], _field(b, parts[0], -2)
    for x, nx in zip(parts[1:], lens[1:]):
        n, ncp = b.add(n, nx), b.add(ncp, _field(b, x, -2))
    # the runtime's allocation (small strings: carved from a chunk of the arena), with its
    # lengths and NUL written
    data = b.call(mc.import_fn(b, ctx, "str_alloc"), [ctx, n, ncp])
    memcpy = mc.intrinsic("llvm.memcpy", [PTR, PTR, I64T])
    at = data
    for x, nx in zip(parts, lens):
        b.call(memcpy, [at, x, nx, ir.Constant(ir.IntType(1), 0)])
        at = b.gep(at, [nx], source_etype=I8T)
    b.ret(data)


# ops that read a string and keep nothing of it (their result is no alias of it)
_READERS = {"str.len", "str.eq", "str.ne", "str.lt", "str.le", "str.gt", "str.ge",
            "str.contains", "str.int", "str.float", "str.ord", "print", "ret"} | {
    "str.m." + m for m in ("find", "rfind", "count", "startswith", "endswith", "index",
                           "rindex", "isdigit", "isdecimal", "isnumeric", "isalpha",
                           "isalnum", "isspace", "islower", "isupper", "istitle")}


def _owned(fc, ins) -> bool:
    """May `ins` (s + t ...) grow its first operand s in place (str.append)?  Only if no
    live value but s can hold s's string, and s is dead after ins:
    - s is ins's only user, or s is a block parameter whose other users only read it
      (_READERS: `len(s)`, `return s` after the loop) and cannot run after ins before s is
      bound again (no path from ins to them avoids s's block);
    - every value passed to a block parameter s, but constants, has that branch as its
      only user (so a grown string is held by one value at a time)."""
    users = fc.__dict__.get("str_users")
    if users is None:
        from pts.ir.analysis import uses
        users = fc.str_users = uses(fc.f)
    p = ins.args[0]
    if isinstance(p, Const):
        return False
    mine = users.get(p, ())
    if mine.count(ins) != 1:
        return False
    if len(mine) == 1:
        return not isinstance(p, BlockParam) or _incoming_owned(fc, p, users)
    if not isinstance(p, BlockParam):
        return False
    others = [u for u in mine if u is not ins]
    if any(u.op not in _READERS or u.block is ins.block for u in others):
        return False
    # blocks reachable from ins without passing p's block
    seen, todo = set(), list(ins.block.successors())
    while todo:
        blk = todo.pop()
        if blk is p.block or blk in seen:
            continue
        seen.add(blk)
        todo += blk.successors()
    if any(u.block in seen for u in others):
        return False
    return _incoming_owned(fc, p, users)


def _incoming_owned(fc, p, users) -> bool:
    k = p.block.params.index(p)
    for blk in fc.f.blocks:
        term = blk.instrs[-1] if blk.instrs else None
        for t in (term.targets if term is not None else ()):
            if t.block is p.block:
                v = t.args[k]
                if not isinstance(v, Const) and len(users.get(v, ())) != 1:
                    return False
    return True


def _append(fc, ins, vals):
    """s + t + ... with s owned (see _owned): the runtime's str.append, once per piece."""
    out = vals[0]
    for v in vals[1:]:
        out = call(fc, _Append(ins), [out, v])
    return out


class _Append:
    """What `call` reads of an instruction, for the str.append it emits."""

    def __init__(self, ins):
        self.op, self.span, self.type = "str.append", ins.span, STR
        self.args = [_Str(), _Str()]


class _Str:
    type = STR


def _concat(fc, ins, vals):
    if _owned(fc, ins):
        return _append(fc, ins, vals)
    k = len(vals)
    fn = _helper(fc.mc, f"str_concat.{k}", ir.FunctionType(PTR, [PTR] * (k + 1)), _concat_body)
    return fc.b.call(fn, [fc.ctx] + list(vals))


CHAR_T = ir.LiteralStructType([I64T, I64T, ir.ArrayType(I8T, 8)])
CHARS_T = ir.ArrayType(CHAR_T, 128)


def _ascii_chars(mc):
    """The 128 one-character ASCII strings, one constant table."""
    g = mc.__dict__.get("str_ascii_chars")
    if g is None:
        g = ir.GlobalVariable(mc.m, CHARS_T, name="strv.ascii")
        g.global_constant = True
        g.linkage = "private"
        g.align = 8
        g.initializer = ir.Constant(CHARS_T, [
            ir.Constant(CHAR_T, [_c64(1), _c64(1), ir.Constant(ir.ArrayType(I8T, 8),
                                                               bytearray([k] + [0] * 7))])
            for k in range(128)])
        g.type = PTR
        mc.str_ascii_chars = g
    return g


def _getitem(fc, ins, vals):
    b = fc.b
    s, i = vals
    n = _field(b, s, -2)
    ascii_ = b.icmp_signed("==", n, _field(b, s, -1))
    j = b.select(b.icmp_signed("<", i, _c64(0)), b.add(i, n), i)
    ok = b.and_(ascii_, b.and_(b.icmp_signed(">=", j, _c64(0)), b.icmp_signed("<", j, n)))

    def fast():
        ch = b.zext(b.and_(b.load(b.gep(s, [j], source_etype=I8T), typ=I8T),
                           ir.Constant(I8T, 127)), I64T)
        return b.gep(_ascii_chars(fc.mc), [_c64(0), ch, ir.Constant(I32T, 2)],
                     source_etype=CHARS_T)
    return fast_or_slow(b, fc.fn, ok, fast, lambda: call(fc, ins, vals), "str.idx")


def _split_next(fc, ins, vals):
    from pts.backend.split_codegen import split_next
    return split_next(fc, ins, vals, call, _field, str_const)


FAST = {"str.len": _len, "str.eq": _eq, "str.ne": _eq, "str.contains": _contains,
        "str.concat": _concat, "str.concatn": _concat, "str.getitem": _getitem,
        "str.split_next": _split_next}
