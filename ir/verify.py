"""The verifier: checks the invariants every pass may rely on and must preserve.

`verify_function(f, module=None)` and `verify_module(m)` raise `IRVerifyError` naming the
function, block and instruction at fault; they change nothing.  The rules:

- structure: a function has blocks, the entry is the first block and no branch targets it;
  every block ends with exactly one terminator (br, cbr, ret, raise) and has none
  elsewhere; `instr.block` and `param.block` point at the block holding them; no value is
  defined twice.
- branches: every target is a block of this function; the argument count and types match
  the target block's parameters.
- operands: each is a Const (whose Python value fits its type), a BlockParam of this
  function, or an instruction result of this function whose definition dominates the use
  (within a block: an earlier instruction; a branch argument is used at the end of its
  block).  Uses inside unreachable blocks are not checked for dominance.
- types: arithmetic operands have the result's type, comparisons give i1, `cbr` tests an
  i1, `ret` returns `f.ret_type` (bare `ret` only when that is none), `check` takes
  (i1, str), tuple/list ops agree with their element types, and a `call` matches its
  callee's parameters and result (`module` given).  An unknown op is an error; an op of
  `ir.ops` without a rule here is only checked structurally.
"""
from __future__ import annotations

from pts.ir import ops
from pts.ir.analysis import dominators, dominates
from pts.ir.core import TERMINATORS, Block, BlockParam, Const, Function, Instr, Module, Value
from pts.ir.types import (F32, F64, I1, I32, I64, NONE, NPF64, NPI64, STR, ListType, TupleType,
                          Type)


class IRVerifyError(Exception):
    pass


def verify_module(m: Module) -> None:
    for name, f in m.functions.items():
        if f.name != name:
            raise IRVerifyError(f"module lists @{f.name} under the name @{name}")
        verify_function(f, m)
    if m.entry is not None and m.entry not in m.functions:
        raise IRVerifyError(f"module entry @{m.entry} is not a function of the module")


def verify_function(f: Function, module: Module | None = None) -> None:
    _Verifier(f, module).run()


FLOATS = (F64, F32)
ARITH = {"add", "sub", "mul", "floordiv", "mod", "pow"}
COMPARE = {"eq", "ne", "lt", "le", "gt", "ge"}
CONVERT = {"itof": (I64, F64), "btoi": (I1, I64), "ftoi": (F64, I64),
           "isnan": (F64, I1), "isinf": (F64, I1), "isfinite": (F64, I1)}


class _Verifier:
    def __init__(self, f: Function, module: Module | None):
        self.f = f
        self.module = module
        self.names = None

    def fail(self, msg: str, block: Block | None = None, instr: Instr | None = None):
        where = f"@{self.f.name}"
        try:
            from pts.ir.printer import Names, instr_text
            if self.names is None:
                self.names = Names(self.f)
            if block is not None:
                where += f", block {self.names.block(block)}"
            if instr is not None:
                where += f", `{instr_text(instr, self.names)}`"
        except Exception:  # the printer may choke on badly broken IR; the message must not
            if block is not None:
                where += f", block ^{block.name}"
            if instr is not None:
                where += f", op {instr.op}"
        raise IRVerifyError(f"{where}: {msg}")

    def name_of(self, v: Value) -> str:
        try:
            from pts.ir.printer import Names
            if self.names is None:
                self.names = Names(self.f)
            return self.names.value(v)
        except Exception:
            return f"%{v.name}"

    def run(self) -> None:
        f = self.f
        if not f.blocks:
            self.fail("function has no blocks")
        if f.entry is not f.blocks[0]:
            self.fail("the entry block is not the first block")
        self.check_structure()
        self.idom = dominators(f)
        for b in f.blocks:
            for n, i in enumerate(b.instrs):
                self.check_operands(b, n, i)
                self.check_types(b, i)

    # -- structure -------------------------------------------------------------------

    def check_structure(self) -> None:
        f = self.f
        self.block_set = set(f.blocks)
        if len(self.block_set) != len(f.blocks):
            self.fail("a block is listed twice")
        self.position: dict[Instr, tuple[Block, int]] = {}
        self.params: set[BlockParam] = set()
        for b in f.blocks:
            for p in b.params:
                if p.block is not b:
                    self.fail(f"parameter {self.name_of(p)} does not point back at its block", b)
                if p in self.params:
                    self.fail(f"parameter {self.name_of(p)} is defined twice", b)
                self.params.add(p)
            if not b.instrs:
                self.fail("block is empty (it needs a terminator)", b)
            for n, i in enumerate(b.instrs):
                if i in self.position:
                    self.fail("instruction appears twice", b, i)
                self.position[i] = (b, n)
                if i.block is not b:
                    self.fail("instruction does not point back at its block", b, i)
                last = n == len(b.instrs) - 1
                if i.is_terminator and not last:
                    self.fail("terminator in the middle of a block", b, i)
                if last and not i.is_terminator:
                    self.fail("block does not end with a terminator", b, i)
                if i.targets and not i.is_terminator:
                    self.fail("only a branch has targets", b, i)
        for b in f.blocks:
            term = b.instrs[-1]
            self.check_terminator(b, term)

    def check_terminator(self, b: Block, i: Instr) -> None:
        if i.has_result:
            self.fail("a terminator has no result", b, i)
        expected = {"br": (0, 1), "cbr": (1, 2), "raise": (1, 0)}
        if i.op in expected:
            nargs, ntargets = expected[i.op]
            if len(i.args) != nargs or len(i.targets) != ntargets:
                self.fail(f"{i.op} takes {nargs} operand(s) and {ntargets} target(s)", b, i)
        if i.op == "ret" and (len(i.args) > 1 or i.targets):
            self.fail("ret takes at most one operand and no targets", b, i)
        for t in i.targets:
            if t.block not in self.block_set:
                self.fail(f"target ^{t.block.name} is not a block of this function", b, i)
            if t.block is self.f.entry:
                self.fail("the entry block cannot be a branch target", b, i)
            if len(t.args) != len(t.block.params):
                self.fail(f"^{t.block.name} takes {len(t.block.params)} argument(s), "
                          f"given {len(t.args)}", b, i)
            for a, p in zip(t.args, t.block.params):
                if a.type != p.type:
                    self.fail(f"argument of type {a.type} passed to parameter {self.name_of(p)}: "
                              f"{p.type} of ^{t.block.name}", b, i)

    # -- operands and dominance --------------------------------------------------------

    def check_operands(self, b: Block, n: int, i: Instr) -> None:
        for v in i.operands():
            if isinstance(v, Const):
                self.check_const(b, i, v)
            elif isinstance(v, BlockParam):
                if v not in self.params:
                    self.fail(f"operand {self.name_of(v)} is a parameter of another function", b, i)
                if b in self.idom and (v.block not in self.idom
                                       or not dominates(self.idom, v.block, b)):
                    self.fail(f"parameter {self.name_of(v)} of ^{v.block.name} does not dominate "
                              "this use", b, i)
            elif isinstance(v, Instr):
                where = self.position.get(v)
                if where is None:
                    self.fail(f"operand {self.name_of(v)} is not an instruction of this function",
                              b, i)
                if not v.has_result:
                    self.fail(f"operand ({v.op}) has no result", b, i)
                dblock, dn = where
                if b not in self.idom:
                    continue          # unreachable use: anything goes
                if dblock is b:
                    if dn >= n:
                        self.fail(f"{self.name_of(v)} is used before its definition", b, i)
                elif dblock not in self.idom or not dominates(self.idom, dblock, b):
                    self.fail(f"definition of {self.name_of(v)} in ^{dblock.name} does not dominate "
                              "this use", b, i)
            else:
                self.fail(f"operand {v!r} is not a value", b, i)

    def check_const(self, b: Block, i: Instr, c: Const) -> None:
        t, v = c.type, c.value
        ok = {I1: lambda: isinstance(v, bool),
              I64: lambda: isinstance(v, int) and not isinstance(v, bool)
              and -(1 << 63) <= v < (1 << 63),
              F64: lambda: isinstance(v, float), F32: lambda: isinstance(v, float),
              STR: lambda: isinstance(v, str), NONE: lambda: v is None}.get(t)
        if ok is None:
            self.fail(f"no constants of type {t}", b, i)
        if not ok():
            self.fail(f"constant {v!r} does not fit its type {t}", b, i)

    # -- types ----------------------------------------------------------------------------

    def check_types(self, b: Block, i: Instr) -> None:
        op, args, t = i.op, i.args, i.type
        types = [a.type for a in args]

        def need(cond: bool, msg: str) -> None:
            if not cond:
                self.fail(msg, b, i)

        def arity(n: int) -> None:
            need(len(args) == n, f"{op} takes {n} operand(s), given {len(args)}")

        def result(expected: Type | None) -> None:
            need(t == expected, f"{op} gives {expected if expected else 'no result'}, "
                                f"not {t if t else 'no result'}")

        if op not in ops.OPS and op not in TERMINATORS:
            self.fail(f"unknown op {op!r}", b, i)
        if op == "cbr":
            need(types[0] == I1, f"cbr condition must be i1, not {types[0]}")
        elif op == "ret":
            if args:
                need(types[0] == self.f.ret_type,
                     f"returns {types[0]} from a function returning {self.f.ret_type}")
            else:
                need(self.f.ret_type == NONE, f"bare ret in a function returning {self.f.ret_type}")
        elif op == "raise":
            need(isinstance(i.attrs.get("kind"), str), "raise needs an exception kind")
            need(types[0] == STR, f"raise message must be str, not {types[0]}")
        elif op in ARITH:
            arity(2)
            need(t in (I64, F64, F32), f"{op} on {t}")
            need(types == [t, t], f"{op} operands {_fmt(types)} do not match the result {t}")
        elif op == "div":
            arity(2)
            need(t in FLOATS, f"div gives a float, not {t}")
            need(types == [t, t], f"div operands {_fmt(types)} do not match the result {t}")
        elif op in ("neg", "abs"):
            arity(1)
            need(t in (I64, F64, F32) and types == [t], f"{op} of {_fmt(types)} giving {t}")
        elif op in ("and", "or", "xor"):
            arity(2)
            need(t in (I64, I1) and types == [t, t], f"{op} of {_fmt(types)} giving {t}")
        elif op in ("shl", "shr"):
            arity(2)
            need(t == I64 and types == [I64, I64], f"{op} of {_fmt(types)} giving {t}")
        elif op == "invert":
            arity(1)
            need(t == I64 and types == [I64], f"invert of {_fmt(types)} giving {t}")
        elif op == "not":
            arity(1)
            need(t == I1 and types == [I1], f"not of {_fmt(types)} giving {t}")
        elif op in COMPARE:
            arity(2)
            result(I1)
            need(types[0] == types[1], f"{op} compares {_fmt(types)}")
        elif op == "select":
            arity(3)
            need(types[0] == I1, f"select condition must be i1, not {types[0]}")
            need(types[1] == t and types[2] == t, f"select of {_fmt(types[1:])} giving {t}")
        elif op in CONVERT:
            arity(1)
            src, dst = CONVERT[op]
            need(types == [src], f"{op} takes {src}, not {_fmt(types)}")
            result(dst)
        elif op == "view":
            arity(1)
            sizes = {F32: 4, I32: 4, F64: 8, I64: 8, NPF64: 8, NPI64: 8}
            need(sizes.get(types[0], 0) == sizes.get(t, -1),
                 f"view of {_fmt(types)} as {t}: numbers of one size")
        elif op.startswith("math."):
            name = op[5:]
            n = 1 if name in ops.MATH_UNARY else 2
            arity(n)
            need(types == [F64] * n, f"{op} takes f64, not {_fmt(types)}")
            result(F64)
        elif op == "tuple":
            result(TupleType(tuple(types)))
        elif op == "tuple.get":
            arity(2)
            need(isinstance(types[0], TupleType), f"tuple.get of {types[0]}")
            index = args[1]
            need(isinstance(index, Const) and index.type == I64,
                 "tuple.get index must be an i64 constant")
            need(0 <= index.value < len(types[0].elems),
                 f"tuple.get index {index.value} out of range for {types[0]}")
            result(types[0].elems[index.value])
        elif op.startswith("list."):
            self.check_list(op, args, types, t, need, arity, result)
        elif op == "print":
            result(None)
        elif op == "check":
            arity(2)
            result(None)
            need(isinstance(i.attrs.get("kind"), str), "check needs an exception kind")
            need(types == [I1, STR], f"check takes (i1, str), not {_fmt(types)}")
        elif op in ("call", "kernel"):
            self.check_call(b, i, need)
        elif op == "tensor.free":
            from pts.ir.types import TensorType
            result(None)
            need(len(args) >= 1 and all(isinstance(x, TensorType) for x in types)
                 and not isinstance(args[0], Const), f"tensor.free of {_fmt(types)}")

    def check_list(self, op, args, types, t, need, arity, result) -> None:
        n = {"list.new": 1, "list.fill": 2, "list.repeat": 2, "list.len": 1, "list.get": 2,
             "list.set": 3, "list.append": 2, "list.pop": 1, "list.pop_at": 2, "list.eq": 2,
             "list.copy": 1}
        if op not in n:
            return
        arity(n[op])
        if op in ("list.new", "list.fill"):
            need(isinstance(t, ListType), f"{op} gives a list, not {t}")
            need(types[0] == I64, f"{op} length must be i64, not {types[0]}")
            if op == "list.fill":
                need(types[1] == t.elem, f"list.fill of {types[1]} into {t}")
            return
        lst = types[0]
        need(isinstance(lst, ListType), f"{op} of {lst}, not a list")
        if op in ("list.repeat", "list.copy"):
            result(lst)
            if op == "list.repeat":
                need(types[1] == I64, f"list.repeat count must be i64, not {types[1]}")
        elif op == "list.len":
            result(I64)
        elif op == "list.get":
            need(types[1] == I64, f"list index must be i64, not {types[1]}")
            result(lst.elem)
        elif op == "list.set":
            need(types[1] == I64, f"list index must be i64, not {types[1]}")
            need(types[2] == lst.elem, f"storing {types[2]} into {lst}")
            result(None)
        elif op == "list.append":
            need(types[1] == lst.elem, f"appending {types[1]} to {lst}")
            result(None)
        elif op == "list.pop":
            result(lst.elem)
        elif op == "list.pop_at":
            need(types[1] == I64, f"list index must be i64, not {types[1]}")
            result(lst.elem)
        elif op == "list.eq":
            need(types[1] == lst, f"list.eq of {_fmt(types)}")
            result(I1)

    def check_call(self, b: Block, i: Instr, need) -> None:
        callee = i.attrs.get("callee")
        need(isinstance(callee, str), "call needs a callee")
        if self.module is None:
            return
        g = self.module.functions.get(callee)
        need(g is not None, f"call of @{callee}, which is not in the module")
        types = [a.type for a in i.args]
        need(len(types) == len(g.param_types),
             f"@{callee} takes {len(g.param_types)} argument(s), given {len(types)}")
        need(types == g.param_types,
             f"@{callee} takes {_fmt(g.param_types)}, given {_fmt(types)}")
        # a call whose result is discarded may have no result
        need(i.type is None or i.type == g.ret_type,
             f"@{callee} returns {g.ret_type}, the call gives {i.type}")


def _fmt(types) -> str:
    return "(" + ", ".join(str(t) for t in types) + ")"
