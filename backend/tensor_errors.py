"""The errors numpy would raise in tensor code (broadcasting, shapes, indices), raised
through the context with the instruction's span and numpy's message text, formatted at run
time.

Contract: `fail_if(cond, kind, parts)` branches to a block that stores the error and
returns; a message's parts are constant strings and run-time values, printed by one
function per message template (`message_fn`), so a kernel carries one call, not the
formatting code.
"""
from __future__ import annotations

from llvmlite import ir

from pts.backend.llvm_types import I1T, I32T, I64T, I8T, LIST_T, PTR
from pts.backend.tensor_abi import c64

class Errors:
    """Kernels' run-time errors (a mixin of tensor_codegen.Kernels)."""

    def fail_if(self, cond, kind: str, parts: list) -> None:
        """raise kind(message) when cond; parts: str, i64 values, ("str?", c, a, b) picking a
        string at run time, ("int?", c, v) printing v only when c."""
        fc = self.fc
        fail = fc.fn.append_basic_block("tfail")
        cont = fc.fn.append_basic_block("tok")
        self.b.cbranch(cond, fail, cont)
        self.b.block.terminator.set_weights([1, 1000])
        fb = ir.IRBuilder(fail)
        fc.set_error(fb, kind, self.message(fb, parts), self.ins.span)
        self.b.position_at_end(cont)

    def message(self, b: ir.IRBuilder, parts: list):
        """The message of `parts` (see fail_if) at b: a constant string, or a call of the
        function that formats messages of that template (`message_fn`)."""
        if all(isinstance(p, str) for p in parts):
            return self.mc.string("".join(parts))
        template: list = []
        args: list = []
        for p in parts:
            if isinstance(p, str):
                if not p:
                    continue
                if template and template[-1][0] == "s":
                    template[-1] = ("s", template[-1][1] + p)
                else:
                    template.append(("s", p))
            elif isinstance(p, tuple) and p[0] == "str?":
                template.append(p[:1] + p[2:])
                args.append(p[1])
            elif isinstance(p, tuple):
                template.append(("int?",))
                args += [p[2], p[1]]
            else:
                template.append(("int",))
                args.append(p)
        return b.call(self.message_fn(tuple(template)), [self.fc.ctx] + args)

    def message_fn(self, template: tuple) -> ir.Function:
        """`ptr @pts.msg.N(ctx, values...)`: the text of one message template ("s" text,
        "int" i64, "int?" i64 and i1 show, "str?" i1 pick between two texts) in an arena
        buffer; one cold function per template per module, so that a failure path is one
        call however many shapes its message prints (a broadcast error: 10 pieces)."""
        templates = self.mc.message_templates
        name = templates.setdefault(template, f"msg.{len(templates)}")

        def build():
            types = [PTR]
            for t in template:
                types += {"s": [], "int": [I64T], "int?": [I64T, I1T], "str?": [I1T]}[t[0]]
            fn = ir.Function(self.mc.m, ir.FunctionType(PTR, types), name=f"pts.{name}")
            for attr in ("noinline", "optnone", "cold"):
                fn.attributes.add(attr)
            b = ir.IRBuilder(fn.append_basic_block("entry"))
            ctx, values = fn.args[0], iter(fn.args[1:])
            size = 1 + sum(len(t[1].encode()) if t[0] == "s" else
                           max(len(t[1].encode()), len(t[2].encode())) if t[0] == "str?" else 21
                           for t in template)
            hdr = b.call(self.mc.list_new(), [ctx, c64(1), c64(size)])
            buf = b.load(b.gep(hdr, [ir.Constant(I32T, 0), ir.Constant(I32T, 2)],
                               source_etype=LIST_T), typ=PTR)
            pos = c64(0)
            put_str, put_int = self.msg_str(), self.msg_int()
            for t in template:
                if t[0] == "s":
                    pos = b.call(put_str, [buf, pos, self.mc.string(t[1])])
                elif t[0] == "str?":
                    text = b.select(next(values), self.mc.string(t[1]), self.mc.string(t[2]))
                    pos = b.call(put_str, [buf, pos, text])
                elif t[0] == "int?":
                    v = next(values)
                    pos = b.call(put_int, [buf, pos, v, next(values)])
                else:
                    pos = b.call(put_int, [buf, pos, next(values), ir.Constant(I1T, 1)])
            b.store(ir.Constant(I8T, 0), b.gep(buf, [pos], source_etype=I8T))
            b.ret(buf)
            return fn
        return self.mc.helper(name, build)

    def msg_str(self) -> ir.Function:
        """i64 @pts.msg_str(ptr buf, i64 pos, ptr cstr): append a C string, new position."""
        def build():
            fn = ir.Function(self.mc.m, ir.FunctionType(I64T, [PTR, I64T, PTR]), name="pts.msg_str")
            buf, pos, s = fn.args
            entry, head, body, done = (fn.append_basic_block(n) for n in ("entry", "head", "body", "done"))
            b = ir.IRBuilder(entry)
            b.branch(head)
            b.position_at_end(head)
            k = b.phi(I64T)
            k.add_incoming(c64(0), entry)
            ch = b.load(b.gep(s, [k], source_etype=I8T), typ=I8T)
            b.cbranch(b.icmp_unsigned("==", ch, ir.Constant(I8T, 0)), done, body)
            b.position_at_end(body)
            b.store(ch, b.gep(buf, [b.add(pos, k)], source_etype=I8T))
            k.add_incoming(b.add(k, c64(1)), body)
            b.branch(head)
            b.position_at_end(done)
            b.ret(b.add(pos, k))
            return fn
        return self.mc.helper("msg_str", build)

    def msg_int(self) -> ir.Function:
        """i64 @pts.msg_int(ptr buf, i64 pos, i64 v, i1 show): append v in decimal if show."""
        def build():
            fn = ir.Function(self.mc.m, ir.FunctionType(I64T, [PTR, I64T, I64T, I1T]), name="pts.msg_int")
            buf, pos, v, show = fn.args
            blocks = [fn.append_basic_block(n) for n in ("entry", "go", "count", "write", "done", "skip")]
            entry, go, count, write, done, skip = blocks
            b = ir.IRBuilder(entry)
            b.cbranch(show, go, skip)
            b.position_at_end(skip)
            b.ret(pos)
            b.position_at_end(go)
            neg = b.icmp_signed("<", v, c64(0))
            u = b.select(neg, b.sub(c64(0), v), v)
            b.store(ir.Constant(I8T, ord("-")), b.gep(buf, [pos], source_etype=I8T))
            start = b.add(pos, b.zext(neg, I64T))
            b.branch(count)
            b.position_at_end(count)
            t = b.phi(I64T)
            n = b.phi(I64T)
            t.add_incoming(u, go)
            n.add_incoming(c64(1), go)
            more = b.icmp_unsigned(">=", t, c64(10))
            t.add_incoming(b.udiv(t, c64(10)), count)
            n.add_incoming(b.add(n, c64(1)), count)
            b.cbranch(more, count, write)
            b.position_at_end(write)
            k = b.phi(I64T)
            w = b.phi(I64T)
            k.add_incoming(n, count)
            w.add_incoming(u, count)
            k1 = b.sub(k, c64(1))
            digit = b.add(b.trunc(b.urem(w, c64(10)), I8T), ir.Constant(I8T, ord("0")))
            b.store(digit, b.gep(buf, [b.add(start, k1)], source_etype=I8T))
            k.add_incoming(k1, write)
            w.add_incoming(b.udiv(w, c64(10)), write)
            b.cbranch(b.icmp_signed(">", k1, c64(0)), write, done)
            b.position_at_end(done)
            b.ret(b.add(start, n))
            return fn
        return self.mc.helper("msg_int", build)

    @staticmethod
    def shape_text(shape: list) -> list:
        """numpy's shape tuple text: (2,3) (4,) ()."""
        if not shape:
            return ["()"]
        parts: list = ["("]
        for k, s in enumerate(shape):
            parts += [s, ","] if k < len(shape) - 1 or len(shape) == 1 else [s]
        return parts + [")"]

    def any_true(self, conds: list):
        r = ir.Constant(I1T, 0)
        for c in conds:
            r = self.b.or_(r, c)
        return r
