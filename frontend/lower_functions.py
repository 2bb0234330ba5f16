"""Functions as values: the lowering's part (a mixin of frontend.lower.Lowerer).

Contract (types from frontend.check_functions, already IR types on the tree): a
capture-free function value is its id, an i64 constant; a closure is the tuple of its
captured values, read when the closure is made; `**kwargs` is the tuple of the extra
keyword values.  A call through a value is a direct `call` of the specialization, the
captured values passed after the arguments; a call of one of several functions compares
the value with each candidate's id and calls that one (the last without a test: the value
is always one of them), the results meeting at a block parameter.
"""
from __future__ import annotations

from pts.frontend import ast as A
from pts.ir.core import Value, const
from pts.ir.types import I1, I64, NONE, STR


class FunctionLowering:

    def closure_value(self, node, fid_type) -> Value:
        names = node.capture_exprs
        if not names:
            return const(self.program_function_id(fid_type))
        return self.emit("tuple", [self.expr(n) for n in names], node.ty)

    def program_function_id(self, t) -> int:
        ids = self.spec.function_ids        # (the program's, shared by its functions)
        return ids.setdefault(t.fn, len(ids) + 1)

    def expr_Lambda(self, e: A.Lambda) -> Value:
        return self.closure_value(e, getattr(e, "fty", e.ty))

    def stmt_FunctionDef(self, s: A.FunctionDef) -> None:
        t = self.spec.var_types[s.var]
        fty = s.fn_type
        if not s.capture_exprs:
            v = const(self.program_function_id(fty))
        else:
            v = self.emit("tuple", [self.expr(n) for n in s.capture_exprs], t)
        self.write(s.var, self.b.block, v)

    def expr_FunctionConst(self, e) -> Value:
        return const(e.const)                # (the function's id: check_functions.to_ir_types)

    def function_name(self, e: A.Attribute) -> Value:
        """`f.__name__`: the name of the one function f can be, else the name of the one
        whose id f holds (a chain of selects)."""
        fn = self.expr(e.value)
        names = e.fn_names
        out = const(names[-1][1])
        for m, name in reversed(names[:-1]):
            hit = self.emit("eq", [fn, const(self.program_function_id(m))], I1)
            out = self.emit("select", [hit, const(name), out], STR)
        return out

    def expr_KwargsExpr(self, e) -> Value:
        return self.emit("tuple", [self.expr(v) for v in e.values], e.ty)

    def call_value(self, e: A.Call, name: str) -> Value:
        fn = self.expr(e.func)
        args = [self.expr(a) for a in e.args]
        specs = e.fn_specs
        if len(specs) == 1:
            return self.direct_call(e, specs[0][0], specs[0][1], fn, args)
        result = self.fresh("fcall")
        ret = self.ir_ret(specs[0][1])
        self.var_types[result] = ret
        done = self.new_block("fcall_done")
        for k, (m, spec) in enumerate(specs):
            if k < len(specs) - 1:
                hit, miss = self.new_block("fcall"), self.new_block("fcall_next")
                self.b.span = e.span
                self.branch(self.emit("eq", [fn, const(self.program_function_id(m))], I1),
                            hit, miss)
                self.seal(hit)
                self.start(hit)
            self.write(result, self.b.block, self.direct_call(e, m, spec, fn, args))
            self.jump(done)
            if k < len(specs) - 1:
                self.seal(miss)
                self.start(miss)
        self.seal(done)
        self.start(done)
        return self.read(result) if ret != NONE else const(None)

    def ir_ret(self, spec):
        from pts.frontend.check_iter import ir_type
        return ir_type(spec.ret_type)

    def direct_call(self, e: A.Call, m, spec, fn: Value, args: list[Value]) -> Value:
        params = spec.fdef.params
        values = list(args)
        if m.captures:                 # the closure's captured values follow the arguments
            values += [self.emit("tuple.get", [fn, const(i)], spec.var_types[p.name])
                       for i, p in enumerate(params[len(args):])]
        elif getattr(e, "capture_exprs", None):    # a def only called: read them here
            values += [self.expr(n) for n in e.capture_exprs]
        kept = [(v, a, p) for v, a, p in zip(values, e.args + [None] * (len(values) - len(args)),
                                             params)
                if p.name not in spec.const_params]
        out = [self.coerce(v, a.ty, spec.var_types[p.name]) if a is not None else v
               for v, a, p in kept]
        self.b.span = e.span
        ret = self.ir_ret(spec)
        if ret == NONE:
            self.emit("call", out, None, callee=spec.ir_name)
            return const(None)
        return self.emit("call", out, ret, callee=spec.ir_name)

    # ---------------------------------------------------------------- **kwargs

    def call_kwargs_get(self, e: A.Call, name: str) -> Value:
        """kwargs.get("name", default): the value passed, else the default (or None)."""
        kwargs = self.expr(e.func.value)
        if e.kw_index is not None:
            return self.emit("tuple.get", [kwargs, const(e.kw_index)], e.ty)
        return self.expr(e.args[1]) if len(e.args) > 1 else const(None)


del I64
