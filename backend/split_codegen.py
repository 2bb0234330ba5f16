"""Native code for `str.split_next` (ir.string_ops), the step of a loop over `s.split()`.

The step is a loop's hot path (`for w in text.split(): d[w] = d.get(w, 0) + 1`), so the
common case is code, not a call of the runtime's `str_op` (whose site decoding and
dispatch cost as much as the scan): a whitespace split with no maxsplit of an ASCII text
(ncp == nbytes) scans the bytes here, in the helper `@pts.str_split_ws(ctx, s, pos)`, and
only the piece's allocation is a call (the import `str_alloc`, which carves small strings
from the arena's chunk).  Its positions are byte offsets, as runtime/c/strings.c's
split_next, which runs every other case (a separator, a maxsplit, non-ASCII text with
unicode whitespace): a text is ASCII or not for the whole loop, so one loop never mixes
the two.  ASCII whitespace is str.split's: space, \\t \\n \\v \\f \\r and \\x1c-\\x1f.
"""
from __future__ import annotations

from llvmlite import ir

from pts.backend.llvm_types import I64T, I8T, PTR, fast_or_slow, llvm_type
from pts.ir.core import Const
from pts.ir.string_ops import SPLIT_STEP
from pts.ir.types import NONE


def _c64(v: int) -> ir.Constant:
    return ir.Constant(I64T, v)


def _is_space(b: ir.IRBuilder, ch) -> ir.Value:
    """i1: byte ch is ASCII whitespace (c == ' ' or c - 9 <= 4 or c - 0x1c <= 3, unsigned)"""
    sp = b.icmp_unsigned("==", ch, ir.Constant(I8T, 32))
    ctl = b.icmp_unsigned("<=", b.sub(ch, ir.Constant(I8T, 9)), ir.Constant(I8T, 4))
    sep = b.icmp_unsigned("<=", b.sub(ch, ir.Constant(I8T, 0x1C)), ir.Constant(I8T, 3))
    return b.or_(sp, b.or_(ctl, sep))


def _split_ws_body(mc, fn, _field, str_const) -> None:
    """{ptr, i64} @pts.str_split_ws(ctx, ptr s, i64 pos): the word of ASCII text s at or
    after byte pos and the offset after it, or ("", -1) when only whitespace is left."""
    ctx, s, pos = fn.args
    rt = llvm_type(SPLIT_STEP)
    names = ("entry", "skip", "skiptest", "start", "scan", "scantest", "word", "none")
    entry, skip, skiptest, start, scan, scantest, word, none = (fn.append_basic_block(x)
                                                                  for x in names)
    b = ir.IRBuilder(entry)
    n = _field(b, s, -1)
    b.branch(skip)
    # skip whitespace from pos: i is the word's first byte
    b.position_at_end(skip)
    i = b.phi(I64T)
    i.add_incoming(pos, entry)
    b.cbranch(b.icmp_signed("<", i, n), skiptest, none)
    b.position_at_end(skiptest)
    ch = b.load(b.gep(s, [i], source_etype=I8T), typ=I8T)
    i.add_incoming(b.add(i, _c64(1)), skiptest)
    b.cbranch(_is_space(b, ch), skip, start)
    b.position_at_end(start)
    first = b.add(i, _c64(1))
    b.branch(scan)
    # scan the word: j is the first byte after it
    b.position_at_end(scan)
    j = b.phi(I64T)
    j.add_incoming(first, start)
    b.cbranch(b.icmp_signed("<", j, n), scantest, word)
    b.position_at_end(scantest)
    ch = b.load(b.gep(s, [j], source_etype=I8T), typ=I8T)
    j.add_incoming(b.add(j, _c64(1)), scantest)
    b.cbranch(_is_space(b, ch), word, scan)
    b.position_at_end(word)
    k = b.sub(j, i)
    piece = b.call(mc.import_fn(b, ctx, "str_alloc"), [ctx, k, k])
    src = b.gep(s, [i], source_etype=I8T)
    # a short word is one 8-byte copy where the text has 8 bytes to read (the piece has
    # room: a small string's block is rounded up to 8 bytes after its 16-byte header),
    # then its NUL again
    short = b.and_(b.icmp_signed("<", k, _c64(8)),
                   b.icmp_signed(">=", b.sub(n, i), _c64(8)))
    with b.if_else(short) as (then, other):
        with then:
            b.store(b.load(src, typ=I64T, align=1), piece, align=1)
            b.store(ir.Constant(I8T, 0), b.gep(piece, [k], source_etype=I8T))
        with other:
            memcpy = mc.intrinsic("llvm.memcpy", [PTR, PTR, I64T])
            b.call(memcpy, [piece, src, k, ir.Constant(ir.IntType(1), 0)])
    res = b.insert_value(ir.Constant(rt, ir.Undefined), piece, 0)
    b.ret(b.insert_value(res, j, 1))
    b.position_at_end(none)
    res = b.insert_value(ir.Constant(rt, ir.Undefined), str_const(mc, ""), 0)
    b.ret(b.insert_value(res, _c64(-1), 1))


def split_next(fc, ins, vals, call, _field, str_const):
    """The step: the helper for a whitespace split with no limit of ASCII text, else the
    runtime's (`call`: backend.str_codegen's, which passes its helpers: this module
    imports nothing of it)."""
    left = ins.args[2]
    if ins.args[1].type != NONE or not (isinstance(left, Const) and left.value < 0):
        return call(fc, ins, vals)
    b = fc.b
    s, pos = vals[0], vals[3]
    ascii_ = b.icmp_signed("==", _field(b, s, -2), _field(b, s, -1))
    rt = llvm_type(SPLIT_STEP)
    mc = fc.mc

    def build():
        fn = ir.Function(mc.m, ir.FunctionType(rt, [PTR, PTR, I64T]), name="pts.str_split_ws")
        _split_ws_body(mc, fn, _field, str_const)
        return fn
    fn = mc.helper("str_split_ws", build)
    return fast_or_slow(b, fc.fn, ascii_, lambda: b.call(fn, [fc.ctx, s, pos]),
                        lambda: call(fc, ins, vals), "str.split")
