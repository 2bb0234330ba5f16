"""The SSA IR: values, instructions, blocks with parameters, functions and modules.

Shape (DESIGN.md §4):
- A `Function` is a list of `Block`s; the first is the entry, whose parameters are the
  function's parameters.  Blocks take parameters instead of phi nodes.
- Each block is a list of `Instr`s; exactly the last one is a terminator:
    br ^b(args)               cbr %c, ^t(args), ^f(args)
    ret %v | ret              raise KIND, %msg          raise %exc
    try ^ok(args), ^handler(args)   (br ^ok, unless an instruction of the block raised:
                                     then ^handler; ir.exception_ops)
- Every `Value` has one definition and one type: a `Const` (written inline as an operand),
  a `BlockParam`, or an `Instr` with a result.
- Every instruction carries the `Span` of the user code it came from.

Text form (printed by `ir.printer`, read by `ir.parser`; print(parse(print(f))) == print(f)):

    func @collatz_steps(%n: i64) -> i64 {
    ^entry(%n: i64):
      br ^head(%n, 0)                      !3:5
    ^head(%k: i64, %steps: i64):
      %done: i1 = eq %k, 1                 !4:11
      cbr %done, ^exit(%steps), ^body      !4:5
    ^body:
      %r: i64 = mod %k, 2                  !5:13
      %t: tuple<i64, f64> = tuple %r, 1.5
      %x: f64 = tuple.get %t, 1
      %y: i64 = call @helper(%r, 2)
      check %bad, ZeroDivisionError, "division by zero"
      ...
    ^exit(%s: i64):
      ret %s
    }

Constants as operands: integers `12` / `-3` (i64), floats always with a `.` or exponent or
`inf`/`-inf`/`nan` (f64), `true`/`false` (i1), `none`, double-quoted strings with Python
escapes (str).  Attributes of an instruction are its `callee` (`call @name(...)`), its
exception `kind` (check, raise) and, for `tuple.get`, the index as an i64 constant operand.
`!L:C` is the span; `!"file":L:C` when the file differs from the function's.
The op set and each op's semantics live in `ir.ops`.
"""
from __future__ import annotations

import ast
import functools
from typing import Any, Iterator

from pts.errors import NOSPAN, Span
from pts.ir.types import F64, I1, I64, NONE, STR, Type

TERMINATORS = ("br", "cbr", "ret", "raise", "try")


class Value:
    type: Type
    name: str | None = None   # a hint for the printer; not an identity


class Const(Value):
    """An immediate operand: int (i64), float (f64/f32), bool (i1), str, or None."""

    __slots__ = ("type", "value", "name")

    def __init__(self, type: Type, value: Any):
        self.type = type
        self.value = value
        self.name = None

    def key(self) -> tuple:
        # floats: distinguish -0.0 from 0.0 and make nan equal to itself
        v = self.value
        if isinstance(v, float):
            return (self.type, "f", v.hex())
        return (self.type, type(v).__name__, v)

    def __repr__(self) -> str:
        return f"Const({self.type}, {self.value!r})"


def const(value: Any, type: Type | None = None) -> Const:
    """A constant with the type Python's value implies (bool -> i1, int -> i64, ...)."""
    if type is None:
        if isinstance(value, bool):
            type = I1
        elif isinstance(value, int):
            type = I64
        elif isinstance(value, float):
            type = F64
        elif isinstance(value, str):
            type = STR
        elif value is None:
            type = NONE
        else:
            raise TypeError(f"no IR constant for {value!r}")
    return Const(type, value)


class BlockParam(Value):
    __slots__ = ("type", "name", "block")

    def __init__(self, type: Type, name: str | None = None, block: "Block | None" = None):
        self.type = type
        self.name = name
        self.block = block

    def __repr__(self) -> str:
        return f"BlockParam(%{self.name}: {self.type})"


class Target:
    """A branch destination with the arguments passed to the block's parameters."""

    __slots__ = ("block", "args")

    def __init__(self, block: "Block", args: list[Value] | None = None):
        self.block = block
        self.args = list(args or [])


class Instr(Value):
    """One operation. `type` is None for instructions without a result."""

    __slots__ = ("op", "args", "type", "attrs", "targets", "span", "name", "block")

    def __init__(self, op: str, args: list[Value], type: Type | None = None,
                 attrs: dict | None = None, targets: list[Target] | None = None,
                 span: Span = NOSPAN, name: str | None = None):
        self.op = op
        self.args = list(args)
        self.type = type
        self.attrs = dict(attrs or {})
        self.targets = list(targets or [])
        self.span = span
        self.name = name
        self.block: Block | None = None

    @property
    def is_terminator(self) -> bool:
        return self.op in TERMINATORS

    @property
    def has_result(self) -> bool:
        return self.type is not None

    def operands(self) -> Iterator[Value]:
        """Every value this instruction reads, branch arguments included."""
        yield from self.args
        for t in self.targets:
            yield from t.args

    def static(self) -> dict:
        """The op's compile-time arguments (attribute `static`, a Python literal: axis=,
        keepdims=, ...), parsed once per distinct text (a fresh dict each call)."""
        text = self.attrs.get("static")
        return dict(_literal(text)) if text else {}

    def replace_uses(self, mapping: dict[Value, Value]) -> None:
        self.args = [mapping.get(a, a) for a in self.args]
        for t in self.targets:
            t.args = [mapping.get(a, a) for a in t.args]

    def __repr__(self) -> str:
        return f"Instr({self.op}, {self.type})"


@functools.lru_cache(maxsize=1024)
def _literal(text: str):
    return ast.literal_eval(text)


class Block:
    __slots__ = ("name", "params", "instrs")

    def __init__(self, name: str, params: list[BlockParam] | None = None):
        self.name = name
        self.params: list[BlockParam] = []
        self.instrs: list[Instr] = []
        for p in params or []:
            self.add_param(p)

    def add_param(self, p: BlockParam) -> BlockParam:
        p.block = self
        self.params.append(p)
        return p

    def append(self, instr: Instr) -> Instr:
        instr.block = self
        self.instrs.append(instr)
        return instr

    @property
    def terminator(self) -> Instr | None:
        if self.instrs and self.instrs[-1].is_terminator:
            return self.instrs[-1]
        return None

    def successors(self) -> list["Block"]:
        term = self.terminator
        return [t.block for t in term.targets] if term else []

    def __repr__(self) -> str:
        return f"Block(^{self.name})"


class Function:
    """`params` are the entry block's parameters; `file` names the source for spans."""

    def __init__(self, name: str, param_types: list[Type], ret_type: Type,
                 param_names: list[str] | None = None, file: str = "<unknown>"):
        self.name = name
        self.ret_type = ret_type
        self.file = file
        self.blocks: list[Block] = []
        names = param_names or [f"a{i}" for i in range(len(param_types))]
        self.entry = self.new_block("entry")
        for t, n in zip(param_types, names):
            self.entry.add_param(BlockParam(t, n))

    @property
    def params(self) -> list[BlockParam]:
        return self.entry.params

    @property
    def param_types(self) -> list[Type]:
        return [p.type for p in self.entry.params]

    def new_block(self, name: str = "bb") -> Block:
        taken = {b.name for b in self.blocks}
        base, n = name, 1
        while name in taken:
            name = f"{base}{n}"
            n += 1
        b = Block(name)
        self.blocks.append(b)
        return b

    def instructions(self) -> Iterator[Instr]:
        for b in self.blocks:
            yield from b.instrs

    def replace_uses(self, mapping: dict[Value, Value]) -> None:
        """Rewrite every operand through `mapping`, following chains (a -> b -> c reads c)."""
        if not mapping:
            return
        resolved: dict[Value, Value] = {}
        for old in mapping:
            new, seen = mapping[old], {old}
            while new in mapping and new not in seen:
                seen.add(new)
                new = mapping[new]
            resolved[old] = new
        for i in self.instructions():
            i.replace_uses(resolved)

    def predecessors(self) -> dict[Block, list[Block]]:
        preds: dict[Block, list[Block]] = {b: [] for b in self.blocks}
        for b in self.blocks:
            for s in b.successors():
                preds[s].append(b)
        return preds

    def __repr__(self) -> str:
        return f"Function(@{self.name})"


class Module:
    """A set of functions that call each other by name; `entry` is the one users call."""

    def __init__(self, functions: list[Function] | None = None, entry: str | None = None):
        self.functions: dict[str, Function] = {}
        for f in functions or []:
            self.add(f)
        self.entry = entry
        # the user classes its obj<Name> values are objects of: name -> ((field, Type), ...)
        # (ir.object_ops)
        self.classes: dict[str, tuple] = {}
        self.class_bases: dict[str, str] = {}       # a class -> its base class (single)

    def add(self, f: Function) -> Function:
        self.functions[f.name] = f
        return f

    def __iter__(self) -> Iterator[Function]:
        return iter(self.functions.values())

    def __getitem__(self, name: str) -> Function:
        return self.functions[name]

    def rename(self, prefix: str) -> "Module":
        """Name every function prefix + its name (calls and kernels follow), in place: to
        put this module's functions beside another's (archives, traces)."""
        funcs = list(self)
        self.functions = {}
        for f in funcs:
            f.name = prefix + f.name
            for i in f.instructions():
                if i.op in ("call", "kernel") and "callee" in i.attrs:
                    i.attrs["callee"] = prefix + i.attrs["callee"]
            self.add(f)
        self.entry = prefix + self.entry if self.entry else None
        return self


class Builder:
    """Appends instructions to a current block; used by lowering and by passes."""

    def __init__(self, func: Function, block: Block | None = None):
        self.func = func
        self.block = block
        self.span = NOSPAN

    def at(self, block: Block) -> "Builder":
        self.block = block
        return self

    def emit(self, op: str, args: list[Value], type: Type | None = None, attrs: dict | None = None,
             name: str | None = None, span: Span | None = None) -> Instr:
        assert self.block is not None and self.block.terminator is None, "block is closed"
        i = Instr(op, args, type, attrs, span=span or self.span, name=name)
        return self.block.append(i)

    def br(self, block: Block, args: list[Value] | None = None) -> Instr:
        return self.block.append(Instr("br", [], targets=[Target(block, args)], span=self.span))

    def cbr(self, cond: Value, t: Block, f: Block, targs: list[Value] | None = None,
            fargs: list[Value] | None = None) -> Instr:
        return self.block.append(Instr("cbr", [cond], targets=[Target(t, targs), Target(f, fargs)],
                                       span=self.span))

    def ret(self, value: Value | None = None) -> Instr:
        return self.block.append(Instr("ret", [] if value is None else [value], span=self.span))

    def raise_(self, kind: str, msg: Value) -> Instr:
        return self.block.append(Instr("raise", [msg], attrs={"kind": kind}, span=self.span))

    def reraise(self, exc: Value) -> Instr:
        """Raise the exception `exc` (an exc.caught value) again."""
        return self.block.append(Instr("raise", [exc], span=self.span))

    def try_(self, ok: Block, handler: Block, okargs: list[Value] | None = None,
             hargs: list[Value] | None = None) -> Instr:
        """End the block: on to `ok`, or to `handler` if one of its instructions raised."""
        return self.block.append(Instr("try", [], targets=[Target(ok, okargs), Target(handler, hargs)],
                                       span=self.span))

    def check(self, cond: Value, kind: str, msg: str) -> Instr:
        """Raise `kind(msg)` here when `cond` (i1) is true."""
        return self.emit("check", [cond, const(msg)], None, {"kind": kind})


# re-exported for convenience
__all__ = ["Value", "Const", "const", "BlockParam", "Target", "Instr", "Block", "Function",
           "Module", "Builder", "TERMINATORS", "I1", "I64", "F64", "NONE", "STR"]
