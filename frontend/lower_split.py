"""Lowering of a loop over `s.split(...)` to a split iterator: no list of pieces is built.

`for w in text.split():` (and `.split(sep)`, `.split(sep, maxsplit)`, `.splitlines()`, in
a comprehension or a generator expression, under enumerate/zip, ...) only walks the list
that split would return, so the loop asks for one piece at a time: the op
`str.split_next(s, sep, left, pos)` (ir.string_ops; `str.lines_next(s, pos)` for
splitlines) gives the piece that starts the search at `pos` and the position after it,
or a negative position when there is none.  The lowering keeps two loop variables: the
position (0 first) and, when a maxsplit is given, the splits left (decremented per piece;
negative means no limit, as CPython reads maxsplit).  The text is one SSA value read
before the loop, so rebinding the variable in the body changes nothing (str is
immutable, as CPython's split had already made its list); the separator is checked
("empty separator") by the first step, before the body first runs, as split() raises
before the loop starts.  break/continue/else and the loop variable after the loop are the
ordinary loop's (lower.Lowerer.loop / lower_iter.counted_loop).

Contract: `for_split(lw, s)` and `each_split(lw, it, body)` lower the loop and return True
when the iterable is such a call, else return False and emit nothing; lower.stmt_For and
lower_iter.each call them first (one hook line each).
"""
from __future__ import annotations

from pts.frontend import ast as A
from pts.ir.core import Const, const
from pts.ir.string_ops import SPLIT_STEP
from pts.ir.types import I1, I64, NONE, STR


def _split_call(it) -> bool:
    """Is `it` a checked call `s.split(...)` on a str with positional arguments?"""
    if not isinstance(it, A.Call) or getattr(it, "keywords", None):
        return False
    t = getattr(it, "target", None)
    if t is None or t.kind != "strmethod" or t.name not in ("split", "splitlines"):
        return False
    return getattr(it.func.value, "ty", None) == STR and len(it.args) <= \
        (2 if t.name == "split" else 0)


def _operands(lw, it: A.Call):
    """(text, sep, maxsplit or None) values, evaluated in CPython's order."""
    text = lw.expr(it.func.value)
    sep = lw.expr(it.args[0]) if it.args else const(None)
    if it.args and it.args[0].ty != STR and it.args[0].ty != NONE:   # pragma: no cover
        raise AssertionError("the checker admits str or None separators only")
    limit = None
    if len(it.args) == 2:
        limit = lw.to_int(lw.expr(it.args[1]), it.args[1].ty)
        if isinstance(limit, Const) and limit.value < 0:
            limit = None                          # (split(sep, -1): no limit)
    return text, sep, limit


class _Steps:
    """The loop variables of one split loop and the step op of its current iteration."""

    def __init__(self, lw, it: A.Call):
        self.lw = lw
        self.lines = it.target.name == "splitlines"
        self.text, self.sep, limit = _operands(lw, it)
        self.left = None
        if limit is not None:
            self.left = lw.fresh("left")
            lw.var_types[self.left] = I64
            lw.write(self.left, lw.b.block, limit)
        self.step = None

    def test(self, pos):
        """In the loop header: take the next piece; is there one?"""
        lw = self.lw
        left = lw.read(self.left) if self.left is not None else const(-1)
        if self.lines:
            self.step = lw.emit("str.lines_next", [self.text, pos], SPLIT_STEP)
        else:
            self.step = lw.emit("str.split_next", [self.text, self.sep, left, pos], SPLIT_STEP)
        self.next = lw.emit("tuple.get", [self.step, const(1)], I64)
        return lw.emit("ge", [self.next, const(0)], I1)

    def piece(self):
        return self.lw.emit("tuple.get", [self.step, const(0)], STR)

    def advance(self):
        """The position after the piece (and one split fewer left)."""
        lw = self.lw
        if self.left is not None:
            lw.write(self.left, lw.b.block,
                     lw.emit("sub", [lw.read(self.left), const(1)], I64))
        return self.next


def for_split(lw, s: A.For) -> bool:
    if not _split_call(s.iter):
        return False
    lw.b.span = s.iter.span
    steps = _Steps(lw, s.iter)
    pos = lw.fresh("pos")
    lw.var_types[pos] = I64
    lw.write(pos, lw.b.block, const(0))
    lw.loop(s, pos, test=lambda: steps.test(lw.read(pos)), element=steps.piece,
            advance=lambda: lw.write(pos, lw.b.block, steps.advance()), elem_t=STR)
    return True


def each_split(lw, it, body) -> bool:
    if not _split_call(it):
        return False
    steps = _Steps(lw, it)
    lw.b.span = it.span
    lw.counted_loop(const(0), steps.test, lambda i: steps.advance(),
                    lambda i, nxt: body(steps.piece(), STR, nxt))
    return True
