"""The verifier: checks the invariants every pass may rely on and must preserve.

`verify_function(f, module=None)` and `verify_module(m)` raise `IRVerifyError` naming the
function, block and instruction at fault; they change nothing.  The rules:

- structure: a function has blocks, the entry is the first block and no branch targets it;
  every block ends with exactly one terminator (br, cbr, ret, raise, try) and has none
  elsewhere; `instr.block` and `param.block` point at the block holding them; no value is
  defined twice.
- branches: every target is a block of this function; the argument count and types match
  the target block's parameters.
- operands: each is a Const (whose Python value fits its type), a BlockParam of this
  function, or an instruction result of this function whose definition dominates the use
  (within a block: an earlier instruction; a branch argument is used at the end of its
  block).  Uses inside unreachable blocks are not checked for dominance.
- types: every instruction's operand types and attributes satisfy its op's type rule in
  the op table (ir.ops: scalar, list, tuple, np.* ops alike), and its result type is the
  one the rule gives — `call` and `kernel` against the callee's parameters and result when
  the module is given.  An op kept for its effect (not removable when unused: a call, a
  tensor op) may declare no result.  `cbr` tests an i1, `ret` returns `f.ret_type` (bare
  `ret` only when that is none), `raise` takes a kind and a str or an exception value
  (`raise %e`); `exc.caught` only in blocks entered by `try` handler edges (or by
  release_tensors' freeing blocks on them); a `try`'s handler edge passes only values
  defined before its block's first raising instruction.  An unknown op is an
  error.  A type error names the operand types and the expected against the found.
"""
from __future__ import annotations

from pts.ir import ops
from pts.ir.analysis import dominators, dominates
from pts.ir.core import TERMINATORS, Block, BlockParam, Const, Function, Instr, Module, Value
from pts.ir.op_table import NOT_CONST, OpTypeError, OpUse, fmt_types
from pts.ir.exception_ops import EXC_VALUE, may_raise
from pts.ir.types import F32, F64, I1, I64, NONE, STR, Type


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
        self.check_caught(f.predecessors())
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
        expected = {"br": (0, 1), "cbr": (1, 2), "raise": (1, 0), "try": (0, 2)}
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
        if op in TERMINATORS:
            self.check_terminator_types(b, i, types)
            return
        info = ops.OPS.get(op)
        if info is None:
            self.fail(f"unknown op {op!r}", b, i)
        consts = tuple(a.value if isinstance(a, Const) else NOT_CONST for a in args)
        use = OpUse(op, tuple(types), i.attrs, consts, t, self.module)
        try:
            expected = info.type_rule(use)
        except OpTypeError as e:
            self.fail(f"{op} of {fmt_types(types)}: {e}", b, i)
        if t == expected:
            return
        # an op kept for its effect (a call, a tensor op) may drop the value it computes
        if t is None and not ops.is_removable(op):
            return
        self.fail(f"{op} of {fmt_types(types)}: expected result {_name(expected)}, found {_name(t)}",
                  b, i)

    def check_terminator_types(self, b: Block, i: Instr, types: list[Type]) -> None:
        if i.op == "cbr" and types[0] != I1:
            self.fail(f"cbr: expected an i1 condition, found {types[0]}", b, i)
        elif i.op == "ret":
            want = self.f.ret_type
            if types and types[0] != want:
                self.fail(f"ret: expected {want} (the function's result), found {types[0]}", b, i)
            if not types and want != NONE:
                self.fail(f"ret: expected a value of type {want}, found a bare ret", b, i)
        elif i.op == "raise" and "kind" not in i.attrs:
            if types[0] != EXC_VALUE:     # raise %e: an exception exc.caught read
                self.fail(f"raise: expected a kind and a message, or an exception "
                          f"({EXC_VALUE}), found {types[0]}", b, i)
        elif i.op == "raise":
            if not isinstance(i.attrs.get("kind"), str):
                self.fail("raise: expected an exception kind", b, i)
            if types[0] != STR:
                self.fail(f"raise: expected a str message, found {types[0]}", b, i)
        elif i.op == "try":
            if i.targets[1].block is i.targets[0].block:
                self.fail("try: the handler is the block it continues to", b, i)
            # the handler edge leaves from the first instruction that raises: what it passes
            # must exist by then
            first = next((k for k, x in enumerate(b.instrs) if may_raise(x)), len(b.instrs))
            for a in i.targets[1].args:
                if isinstance(a, Instr) and a.block is b and b.instrs.index(a) >= first:
                    self.fail(f"try: the handler edge passes {self.name_of(a)}, defined after "
                              "the block's first raising instruction", b, i)

    def check_caught(self, preds: dict) -> None:
        """exc.caught reads the exception a `try` handler edge brought: its block is entered
        only by such edges."""
        for b in self.f.blocks:
            if not any(i.op == "exc.caught" for i in b.instrs):
                continue
            def handler_edge(p, b) -> bool:
                t = p.terminator
                return t is not None and t.op == "try" and t.targets[1].block is b \
                    and t.targets[0].block is not b

            def freeing_edge(p, b) -> bool:      # (release_tensors splits edges to free)
                return p.terminator is not None and p.terminator.op == "br" and \
                    all(i.op == "tensor.free" for i in p.instrs[:-1]) and \
                    bool(preds.get(p)) and all(handler_edge(q, p) for q in preds[p])

            for p in preds.get(b, []):
                if not (handler_edge(p, b) or freeing_edge(p, b)):
                    self.fail("exc.caught in a block entered other than by a try's handler edge",
                              b, next(i for i in b.instrs if i.op == "exc.caught"))


def _name(t: Type | None) -> str:
    return "none (no result)" if t is None else str(t)


