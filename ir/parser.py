"""Read the IR text form written by `ir.printer` back into `ir.core` objects.

`parse_module(text)` reads any number of functions (and an optional `entry @name` line);
`parse_function(text)` reads text holding exactly one function.  A hand-written regex
tokenizer, one line at a time, and recursive descent; `;` and `#` start comments (outside
strings), so golden test files are valid input.  Values may be used before the line that
defines them (a block printed earlier than the block defining a value it uses); such uses
are resolved when the function ends.  Every error is a ValueError starting with `line N:`.

The grammar, one production above each function that reads it:

    module   := ["entry" FUNC] function*
    function := "func" FUNC "(" [param {"," param}] ")" "->" type ["file" STRING] "{"
                block* "}"
    block    := BLOCK ["(" param {"," param}] ")"] ":" instr*
    instr    := [VALUE ":" type "="] body [attrs] [span]
"""
from __future__ import annotations

import re

from pts.errors import NOSPAN, Span
from pts.ir.core import Block, BlockParam, Const, Function, Instr, Module, Target, Value
from pts.ir.types import (VarTupleType, F64, I1, I64, NONE, SCALARS, STR, DictType, ListType, OptionalType, ScalarType, SetType, TensorType,
                          TupleType, Type, ObjType)

_TOKEN = re.compile(r"""
    (?P<ws>[ \t\r]+)
  | (?P<comment>[;\#].*)
  | (?P<str>"(?:[^"\\]|\\.)*")
  | (?P<value>%[\w.$]+)
  | (?P<block>\^[\w.$]+)
  | (?P<func>@(?:[\w.$]+|"(?:[^"\\]|\\.)*"))
  | (?P<arrow>->)
  | (?P<float>-?(?:inf|nan)\b|-?\d+\.\d*(?:[eE][-+]?\d+)?|-?\d+[eE][-+]?\d+)
  | (?P<int>-?\d+)
  | (?P<ident>[A-Za-z_][\w.]*)
  | (?P<punct>[(),:=<>{}!|])
""", re.VERBOSE)

_ESCAPE = re.compile(r"\\(x[0-9a-fA-F]{2}|u[0-9a-fA-F]{4}|U[0-9a-fA-F]{8}|.)")
_SIMPLE_ESCAPES = {"n": "\n", "t": "\t", "r": "\r", '"': '"', "\\": "\\"}
_KEYWORD_CONSTS = {"true", "false", "none"}


class Tok:
    __slots__ = ("kind", "text")

    def __init__(self, kind: str, text: str):
        self.kind = kind
        self.text = text

    def __repr__(self) -> str:
        return f"{self.kind}:{self.text}"


def tokenize(line: str, lineno: int) -> list[Tok]:
    toks, pos = [], 0
    while pos < len(line):
        m = _TOKEN.match(line, pos)
        if m is None:
            raise ValueError(f"line {lineno}: unexpected character {line[pos]!r}")
        pos = m.end()
        kind = m.lastgroup
        if kind in ("ws", "comment"):
            continue
        toks.append(Tok(kind, m.group()))
    return toks


def unquote(text: str, lineno: int = 0) -> str:
    """The value of a double-quoted string token (inverse of printer.quote)."""
    def escape(m: re.Match) -> str:
        e = m.group(1)
        if e[0] in "xuU" and len(e) > 1:
            return chr(int(e[1:], 16))
        if e in _SIMPLE_ESCAPES:
            return _SIMPLE_ESCAPES[e]
        raise ValueError(f"line {lineno}: unknown escape \\{e} in string")
    return _ESCAPE.sub(escape, text[1:-1])


def parse_module(text: str) -> Module:
    return _Parser(text).module()


def parse_function(text: str) -> Function:
    m = parse_module(text)
    if len(m.functions) != 1:
        raise ValueError(f"expected exactly one function, found {len(m.functions)}")
    return next(iter(m))


class _Forward(Value):
    """A value used before its definition; replaced when the function is complete."""

    def __init__(self, name: str, lineno: int):
        self.name = name
        self.lineno = lineno
        self.type = None


class _Parser:
    def __init__(self, text: str):
        self.lines = []
        for n, line in enumerate(text.split("\n"), 1):
            toks = tokenize(line, n)
            if toks:
                self.lines.append((n, toks))
        self.li = 0            # index into self.lines
        self.toks: list[Tok] = []
        self.pos = 0
        self.lineno = 0

    # -- token cursor (within the current line) ------------------------------------

    def next_line(self) -> bool:
        if self.li >= len(self.lines):
            return False
        self.lineno, self.toks = self.lines[self.li]
        self.li += 1
        self.pos = 0
        return True

    def error(self, msg: str) -> ValueError:
        return ValueError(f"line {self.lineno}: {msg}")

    def peek(self, offset: int = 0) -> Tok | None:
        p = self.pos + offset
        return self.toks[p] if p < len(self.toks) else None

    def at(self, text: str) -> bool:
        t = self.peek()
        return t is not None and t.text == text and t.kind in ("punct", "ident", "arrow")

    def take(self, kind: str | None = None, text: str | None = None) -> Tok:
        t = self.peek()
        if t is None or (kind and t.kind != kind) or (text and t.text != text):
            want = repr(text) if text else kind
            got = repr(t.text) if t else "end of line"
            raise self.error(f"expected {want}, found {got}")
        self.pos += 1
        return t

    def accept(self, text: str) -> bool:
        if self.at(text):
            self.pos += 1
            return True
        return False

    def end_of_line(self) -> None:
        t = self.peek()
        if t is not None:
            raise self.error(f"unexpected {t.text!r}")

    # -- module and functions -------------------------------------------------------

    # module := ["entry" FUNC] function*
    def module(self) -> Module:
        m = Module()
        while self.next_line():
            if self.at("entry"):
                self.take()
                m.entry = self.func_name(self.take("func"))
                self.end_of_line()
            elif self.at("class"):                # class Point {x: f64, y: f64}
                self.take()
                name = self.take("ident").text
                if self.accept(":"):                  # class Sub : Base {...}
                    m.class_bases[name] = self.take("ident").text
                self.take(text="{")
                fields = []
                while not self.accept("}"):
                    field = self.take("ident").text
                    self.take(text=":")
                    fields.append((field, self.type()))
                    self.accept(",")
                m.classes[name] = tuple(fields)
                self.end_of_line()
            elif self.at("func"):
                f = self.function()
                if f.name in m.functions:
                    raise self.error(f"function @{f.name} defined twice")
                m.add(f)
            else:
                raise self.error(f"expected 'func', found {self.peek().text!r}")
        return m

    def func_name(self, tok: Tok) -> str:
        body = tok.text[1:]
        return unquote(body, self.lineno) if body.startswith('"') else body

    # function := "func" FUNC "(" [param {"," param}] ")" "->" type ["file" STRING] "{"
    #             block* "}"
    def function(self) -> Function:
        self.take("ident", "func")
        name = self.func_name(self.take("func"))
        self.take(text="(")
        params = self.params(")")
        self.take("arrow")
        ret = self.type()
        file = "<unknown>"
        if self.accept("file"):
            file = unquote(self.take("str").text, self.lineno)
        self.take(text="{")
        self.end_of_line()
        f = Function(name, [t for _, t in params], ret, [n for n, _ in params], file)
        self.f = f
        self.values: dict[str, Value] = {}
        self.forwards: dict[str, _Forward] = {}
        self.blocks: dict[str, Block] = {}
        self.defined_blocks: set[str] = set()
        self.block_lines: dict[str, int] = {}
        f.blocks = []
        block: Block | None = None
        while True:
            if not self.next_line():
                raise self.error(f"function @{name} has no closing '}}'")
            if self.at("}"):
                self.take()
                self.end_of_line()
                break
            t = self.peek()
            if t.kind == "block":
                block = self.block_header(header_params=params)
            elif block is None:
                raise self.error("instruction before the first block")
            else:
                block.append(self.instr())
        if not f.blocks:
            raise self.error(f"function @{name} has no blocks")
        self.finish_function()
        return f

    def finish_function(self) -> None:
        undefined = [n for n in self.blocks if n not in self.defined_blocks]
        if undefined:
            n = undefined[0]
            raise ValueError(f"line {self.block_lines[n]}: undefined block ^{n}")
        mapping: dict[Value, Value] = {}
        for name, fwd in self.forwards.items():
            if name not in self.values:
                raise ValueError(f"line {fwd.lineno}: undefined value %{name}")
            mapping[fwd] = self.values[name]
        for i in self.f.instructions():
            i.replace_uses(mapping)

    # params := [VALUE ":" type {"," VALUE ":" type}] CLOSE
    def params(self, close: str) -> list[tuple[str, Type]]:
        out: list[tuple[str, Type]] = []
        if self.accept(close):
            return out
        while True:
            name = self.take("value").text[1:]
            self.take(text=":")
            out.append((name, self.type()))
            if self.accept(close):
                return out
            self.take(text=",")

    # type := IDENT | "tuple" "<" [type {"," type}] ">" | "list" "<" type ">"
    #       | "tensor" "<" IDENT "," INT ">" | "optional" "<" type ">"
    def type(self) -> Type:
        name = self.take("ident").text
        if name == "tuple":
            self.take(text="<")
            elems = []
            if not self.accept(">"):
                while True:
                    elems.append(self.type())
                    if self.accept(">"):
                        break
                    self.take(text=",")
            return TupleType(tuple(elems))
        if name in ("list", "vtuple"):
            self.take(text="<")
            elem = self.type()
            self.take(text=">")
            return ListType(elem) if name == "list" else VarTupleType(elem)
        if name == "optional":
            self.take(text="<")
            elem = self.type()
            self.take(text=">")
            return OptionalType(elem)
        if name == "set":
            self.take(text="<")
            elem = self.type()
            self.take(text=">")
            return SetType(elem)
        if name == "dict":                       # dict<K, V>
            self.take(text="<")
            key = self.type()
            self.take(text=",")
            val = self.type()
            self.take(text=">")
            return DictType(key, val)
        if name == "obj":                        # obj<Point>: a user class (ir.object_ops)
            self.take(text="<")
            cls = self.take("ident").text
            while self.at("|"):                  # obj<Halfspace|Sphere>: a union of classes
                self.take(text="|")
                cls += "|" + self.take("ident").text
            self.take(text=">")
            return ObjType(cls)
        if name == "tensor":
            self.take(text="<")
            dtype = self.type()
            self.take(text=",")
            rank = int(self.take("int").text)
            self.take(text=">")
            if not isinstance(dtype, ScalarType):
                raise self.error(f"tensor element type must be a scalar, not {dtype}")
            return TensorType(dtype, rank)
        if name not in SCALARS:
            raise self.error(f"unknown type {name!r}")
        return SCALARS[name]

    # -- blocks and instructions ----------------------------------------------------

    def block_ref(self, name: str) -> Block:
        b = self.blocks.get(name)
        if b is None:
            b = self.blocks[name] = Block(name)
            self.block_lines[name] = self.lineno
        return b

    # block := BLOCK ["(" param {"," param} ")"] ":"
    def block_header(self, header_params) -> Block:
        name = self.take("block").text[1:]
        if name in self.defined_blocks:
            raise self.error(f"block ^{name} defined twice")
        params = self.params(")") if self.accept("(") else []
        self.take(text=":")
        self.end_of_line()
        first = not self.f.blocks
        if first:
            # the entry block: its parameters are the function's, already made by Function()
            b = self.f.entry
            if name in self.blocks:
                raise self.error("the entry block cannot be a branch target")
            b.name = name
            self.blocks[name] = b
            if params and [t for _, t in params] != [t for _, t in header_params]:
                raise self.error("entry block parameters differ from the function's")
            if params:
                for p, (pname, _) in zip(b.params, params):
                    p.name = pname
            for p in b.params:
                self.define(p.name, p)
        else:
            b = self.block_ref(name)
            for pname, t in params:
                self.define(pname, b.add_param(BlockParam(t, pname)))
        self.defined_blocks.add(name)
        self.f.blocks.append(b)
        return b

    def define(self, name: str, v: Value) -> None:
        if name in self.values:
            raise self.error(f"value %{name} defined twice")
        self.values[name] = v

    # instr := [VALUE ":" type "="] body [attrs] [span]
    # body  := "br" target | "cbr" operand "," target "," target | "ret" [operand]
    #        | "try" target "," target | "raise" [KIND ","] operand | "check" operand "," KIND "," operand
    #        | ("call" | "kernel") FUNC "(" [operand {"," operand}] ")" | OP [operand {"," operand}]
    def instr(self) -> Instr:
        name, type = None, None
        if self.peek().kind == "value" and self.peek(1) is not None and self.peek(1).text == ":":
            name = self.take().text[1:]
            self.take(text=":")
            type = self.type()
            self.take(text="=")
        op = self.take("ident").text
        args: list[Value] = []
        attrs: dict = {}
        targets: list[Target] = []
        if op == "br":
            targets.append(self.target())
        elif op == "try":
            targets.append(self.target())
            self.take(text=",")
            targets.append(self.target())
        elif op == "cbr":
            args.append(self.operand())
            self.take(text=",")
            targets.append(self.target())
            self.take(text=",")
            targets.append(self.target())
        elif op in ("call", "kernel") and self.peek() is not None and self.peek().kind == "func":
            attrs["callee"] = self.func_name(self.take())
            self.take(text="(")
            if not self.accept(")"):
                while True:
                    args.append(self.operand())
                    if self.accept(")"):
                        break
                    self.take(text=",")
        else:
            while self.peek() is not None and not self.at("{") and not self.at("!"):
                if args or attrs:
                    self.take(text=",")
                t = self.peek()
                if op in ("check", "raise") and t.kind == "ident" and not self.is_const_start():
                    attrs["kind"] = self.take().text
                else:
                    args.append(self.operand())
        if self.accept("{"):
            while True:
                key = self.take("ident").text
                self.take(text="=")
                attrs[key] = self.operand(literal=True)
                if self.accept("}"):
                    break
                self.take(text=",")
        span = self.span()
        self.end_of_line()
        i = Instr(op, args, type, attrs, targets, span=span, name=name)
        if name is not None:
            self.define(name, i)
        return i

    # target := BLOCK ["(" [operand {"," operand}] ")"]
    def target(self) -> Target:
        b = self.block_ref(self.take("block").text[1:])
        args = []
        if self.accept("("):
            if not self.accept(")"):
                while True:
                    args.append(self.operand())
                    if self.accept(")"):
                        break
                    self.take(text=",")
        return Target(b, args)

    def is_const_start(self) -> bool:
        t = self.peek()
        if t.kind != "ident":
            return True
        if t.text in _KEYWORD_CONSTS:
            return True
        nxt = self.peek(1)
        return t.text in SCALARS and nxt is not None and nxt.kind in ("int", "float", "str", "ident")

    # operand := VALUE | INT | FLOAT | STRING | "true" | "false" | "none" | SCALAR literal
    def operand(self, literal: bool = False):
        t = self.take()
        if t.kind == "value" and not literal:
            name = t.text[1:]
            v = self.values.get(name)
            if v is None:
                v = self.forwards.get(name)
                if v is None:
                    v = self.forwards[name] = _Forward(name, self.lineno)
            return v
        if t.kind == "ident" and t.text in SCALARS and not literal and t.text not in _KEYWORD_CONSTS:
            c = self.operand()
            if not isinstance(c, Const):
                raise self.error(f"expected a constant after {t.text}")
            return Const(SCALARS[t.text], _convert(c.value, SCALARS[t.text]))
        if t.kind == "int":
            value, type = int(t.text), I64
        elif t.kind == "float":
            value, type = float(t.text), F64
        elif t.kind == "str":
            value, type = unquote(t.text, self.lineno), STR
        elif t.kind == "ident" and t.text in ("true", "false"):
            value, type = t.text == "true", I1
        elif t.kind == "ident" and t.text == "none":
            value, type = None, NONE
        else:
            raise self.error(f"expected an operand, found {t.text!r}")
        return value if literal else Const(type, value)

    # span := "!" [STRING ":"] INT ":" INT
    def span(self) -> Span:
        if not self.accept("!"):
            return NOSPAN
        file = self.f.file
        if self.peek() is not None and self.peek().kind == "str":
            file = unquote(self.take().text, self.lineno)
            self.take(text=":")
        line = int(self.take("int").text)
        self.take(text=":")
        col = int(self.take("int").text)
        return Span(file, line, col)


def _convert(value, t: Type):
    if t in (F64, SCALARS["f32"]):
        return float(value)
    if t == I64:
        return int(value)
    if t == I1:
        return bool(value)
    return value
