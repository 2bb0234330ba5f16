"""Lowering of exceptions: `raise`, `try` / `except` / `else` / `finally`.  Mixed into
`lower.Lowerer`; the IR it emits is described in ir.exception_ops.

Inside a try body every raising point leaves explicitly: the builder (TryBuilder) ends the
block right after each instruction that can raise with `try ^next, ^handler`, so the
handler edge passes the variables' values as they were before that instruction (SSA
construction gives the handler block a parameter per variable it reads, as for any join);
a `raise` there is `check true, KIND, msg` so raised and propagated errors leave the same
way.  `self.try_stack` holds the active handlers, innermost last: an `except` context (its
dispatch block) while a try body is lowered, and a `finally` context (its catch-all block
and its body) while the body, the handlers and the else clause are.

    try: B  except E as e: H  else: L  finally: F
      ^B...: ... try ^next, ^except(vars)          (each raising point of B)
      ^except: %e = exc.caught; %k = tuple.get %e, 0; %m = exc.isa %k {kind = "E"}
               cbr %m, ^handler, ^nomatch
      ^handler: e := %e; H; F; br ^tryend          (raising points of H -> ^finally)
      ^nomatch: raise %e                            (or exc.raise + try ^.., ^finally)
      ^finally: %e2 = exc.caught; F; raise %e2
      after B: L; F; br ^tryend
Leaving a try body by `return`, `break` or `continue` runs the `finally` bodies it leaves
on the way out, innermost first, with the value of a `return` computed before them (as
CPython orders it); the finally bodies are lowered once per way out.
"""
from __future__ import annotations

from dataclasses import dataclass

from pts.frontend import ast as A
from pts.ir.core import Block, Builder, Value, const
from pts.ir.exception_ops import EXC_VALUE, may_raise
from pts.ir.types import I1, I64, STR


@dataclass
class TryContext:
    handler: Block                    # where raising points of the region go
    finalbody: list | None            # a `finally` context's body (None: an `except` one)
    loop_depth: int                   # len(lowerer.loops) when the try began


class TryBuilder(Builder):
    """A Builder that sends raising instructions to the innermost active handler."""

    def __init__(self, func, block, lowerer):
        super().__init__(func, block)
        self.lowerer = lowerer

    def emit(self, op, args, type=None, attrs=None, name=None, span=None):
        i = super().emit(op, args, type, attrs, name, span)
        if self.lowerer.try_stack and may_raise(i):
            self.lowerer.unwind_edge()
        return i

    def raise_(self, kind: str, msg: Value):
        if not self.lowerer.try_stack:
            return super().raise_(kind, msg)
        self.emit("check", [const(True), msg], None, {"kind": kind})
        return self.unreachable()

    def unreachable(self):
        """Close a block no path runs (after a raise that goes to a handler)."""
        return Builder.raise_(self, "RuntimeError", const("unreachable"))


class ExceptionLowering:
    # ---------------------------------------------------------------- raising points

    def unwind_edge(self) -> None:
        """End the current block after a raising instruction: on to a new block, or to the
        innermost handler with the variables as they are now."""
        handler = self.try_stack[-1].handler
        here = self.b.block
        ok = self.new_block("tryok")
        self.b.try_(ok, handler)
        self.preds[ok].append(here)
        self.preds[handler].append(here)
        if here in self.live:
            self.live.update((ok, handler))
        self.seal(ok)
        self.start(ok)

    def call_traceback(self, e: A.Call, name: str) -> Value:
        """traceback.format_exc() / print_exc() of the exception being handled: CPython's
        text with the one frame pts keeps, where it was raised (file, line, function; no
        source line under it, no caller frames):

            Traceback (most recent call last):
              File "prog.py", line 12, in f
            ZeroDivisionError: division by zero
        """
        exc = self.handling[-1]
        self.b.span = e.span
        part = [self.emit("tuple.get", [exc, const(i)], t)
                for i, t in enumerate(EXC_VALUE.elems)]
        code, msg, line, file, func = part[0], part[1], part[2], part[4], part[5]
        has_msg = self.emit("gt", [self.emit("str.len", [msg], I64), const(0)], I1)
        colon = self.emit("select", [has_msg, const(": "), const("")], STR)
        text = self.emit("str.concatn", [
            const('Traceback (most recent call last):\n  File "'), file, const('", line '),
            self.emit("str.from", [line], STR), const(", in "), func, const("\n"),
            self.emit("exc.name", [code], STR), colon, msg, const("\n")], STR)
        if name == "format_exc":
            return text
        self.emit("print", [text], None, file="stderr", end="")
        return const(None)

    def raise_value(self, e: Value) -> None:
        """Raise the exception value `e` (exc.caught's) again."""
        if self.try_stack:
            self.emit("exc.raise", [e], None)
            self.b.unreachable()
        else:
            self.b.reraise(e)

    def stmt_Raise(self, s: A.Raise) -> None:
        if s.reraise is not None:
            e = self.handling[-1] if s.reraise == "" else self.read(s.reraise)
            self.b.span = s.span
            self.raise_value(e)
            return
        msg: Value = const("")
        if s.msg_expr is not None:
            msg = self.expr(s.msg_expr)
        self.b.span = s.span
        self.b.raise_(s.kind, msg)

    def call_exc_message(self, e: A.Call, name: str) -> Value:
        """str(e) of an exception variable: its message."""
        return self.emit("tuple.get", [self.expr(e.args[0]), const(1)], STR)

    def exc_class_name(self, exc: Value) -> Value:
        """type(e).__name__: the name of the caught exception's class."""
        return self.emit("exc.name", [self.emit("tuple.get", [exc, const(0)], I64)], STR)

    def call_exc_repr(self, e: A.Call, name: str) -> Value:
        """repr(e): `ValueError('msg')`, `ValueError()` for an empty message, and a KeyError's
        message (already its key's repr) as it is: `KeyError('k')`."""
        exc = self.expr(e.args[0])
        msg = self.emit("tuple.get", [exc, const(1)], STR)
        code = self.emit("tuple.get", [exc, const(0)], I64)
        quoted = self.emit("select", [self.emit("exc.isa", [code], I1, kind="KeyError"), msg,
                                      self.emit("str.repr", [msg], STR)], STR)
        inner = self.emit("select", [self.emit("eq", [self.emit("str.len", [msg], I64),
                                                      const(0)], I1), const(""), quoted], STR)
        return self.emit("str.concatn", [self.exc_class_name(exc), const("("), inner,
                                         const(")")], STR)

    # ---------------------------------------------------------------- leaving a try

    def run_finallies(self, min_loop_depth: int) -> bool:
        """Lower the finally bodies of the active try statements begun at loop depth
        `min_loop_depth` or deeper, innermost first; False if one of them left the block
        (return, raise, break)."""
        stack = self.try_stack
        for k in range(len(stack) - 1, -1, -1):
            ctx = stack[k]
            if ctx.loop_depth < min_loop_depth:
                break
            if ctx.finalbody is None:
                continue
            self.try_stack = stack[:k]
            try:
                self.block(ctx.finalbody)
            finally:
                self.try_stack = stack
            if self.closed():
                return False
        return True

    def ret_through_finally(self, v: Value | None) -> None:
        if self.run_finallies(0):
            self.b.ret(v)

    def jump_out_of_loop(self, target: Block) -> None:
        """break / continue: the finally bodies inside the loop, then the jump."""
        if self.run_finallies(len(self.loops)):
            self.jump(target)

    # ---------------------------------------------------------------- try

    def stmt_Try(self, s: A.Try) -> None:
        if not self.closed() and any(may_raise(i) for i in self.b.block.instrs):
            # the body starts a block of its own: a block that ends in `try` sends every
            # raising instruction in it to the handler, and these ones come before the try
            body = self.new_block("trybody")
            self.jump(body)
            self.seal(body)
            self.start(body)
        outer = list(self.try_stack)
        depth = len(self.loops)
        fin = TryContext(self.new_block("finally"), s.finalbody, depth) if s.finalbody else None
        exc = TryContext(self.new_block("except"), None, depth) if s.handlers else None
        self.try_stack = outer + [c for c in (fin, exc) if c is not None]
        inner = outer + ([fin] if fin else [])
        end = self.new_block("tryend")

        def finish() -> None:
            """The end of the body, else clause or a handler: finally, then on."""
            if self.closed():
                return
            if fin is not None:
                self.try_stack = outer
                self.block(fin.finalbody)
                self.try_stack = inner
            if not self.closed():
                self.jump(end)

        self.block(s.body)
        self.try_stack = inner
        if not self.closed():
            self.block(s.orelse)
        finish()
        if exc is not None:
            self.dispatch(s.handlers, exc.handler, finish)
        self.try_stack = outer
        if fin is not None:
            self.seal(fin.handler)
            self.start(fin.handler)
            self.b.span = s.span
            e = self.emit("exc.caught", [], EXC_VALUE)
            self.block(fin.finalbody)
            if not self.closed():
                self.b.span = s.span
                self.raise_value(e)
        self.seal(end)
        self.start(end)

    def dispatch(self, handlers: list[A.ExceptHandler], blk: Block, finish) -> None:
        """^except: the first handler whose classes match runs; none: raise it again."""
        self.seal(blk)
        self.start(blk)
        self.b.span = handlers[0].span
        e = self.emit("exc.caught", [], EXC_VALUE)
        code = self.emit("tuple.get", [e, const(0)], I64)
        for h in handlers:
            self.b.span = h.span
            nomatch = None
            if h.kinds:
                match: Value | None = None
                for kind in h.kinds:
                    m = self.emit("exc.isa", [code], I1, kind=kind)
                    match = m if match is None else self.emit("or", [match, m], I1)
                body, nomatch = self.new_block("handler"), self.new_block("nomatch")
                self.branch(match, body, nomatch)
                self.seal(body)
                self.seal(nomatch)
                self.start(body)
            if h.var is not None:
                self.write(h.var, self.b.block, e)
            self.handling.append(e)
            try:
                self.block(h.body)
            finally:
                self.handling.pop()
            finish()
            if nomatch is None:
                return                  # a bare `except:` takes everything
            self.start(nomatch)
        self.b.span = handlers[-1].span
        self.raise_value(e)
