"""The IR as text: `print_function` and `print_module` write the form `ir.parser` reads.

The syntax is the one in the docstring of `ir.core`; what this module adds:
- A function header names its parameters and, when known, its source file:
      func @name(%a: i64, %b: f64) -> i64 file "x.py" {
  and the entry block repeats the parameters: `^entry(%a: i64, %b: f64):`.
- A module whose `entry` is set starts with the line `entry @name`; functions are
  separated by a blank line.
- Value names come from `Value.name` hints, made unique per function in definition order
  (`%x`, `%x.1`, `%x.2`, ...); values without a hint are numbered `%0`, `%1`, ...  Block
  names are made unique the same way.  So printing is deterministic, and the names of a
  parsed function are already unique, which is why print(parse(print(f))) == print(f).
- Constants: `12`, `-3` (i64); `repr` of floats (`1.5`, `1e+16`, `-0.0`, `inf`, `nan`) for
  f64, and `f32 1.5` for f32; `true`/`false`; `none`; strings double-quoted with the escapes
  `\\\\ \\" \\n \\t \\r \\xNN \\uNNNN \\UNNNNNNNN` (every non-printable character is escaped, so a
  string never spans lines).
- Attributes other than `callee` and `kind` (none exist today) print as `{key = const, ...}`.
- The span, `!L:C` or `!"file":L:C`, ends the line; it is left out when its line is 0.
"""
from __future__ import annotations

import re

from pts.ir.core import Block, Const, Function, Instr, Module, Value
from pts.ir.types import F32, F64, I1, I64, NONE, STR

SPAN_COLUMN = 40          # spans start at this column when the instruction is shorter
_SIMPLE_NAME = re.compile(r"[\w.$]+")


def print_module(m: Module) -> str:
    parts = []
    if m.entry is not None:
        parts.append(f"entry {function_ref(m.entry)}\n")
    for name, fields in getattr(m, "classes", {}).items():      # (ir.object_ops)
        base = getattr(m, "class_bases", {}).get(name)
        parts.append(f"class {name}" + (f" : {base}" if base else "") + " {"
                     + ", ".join(f"{n}: {t}" for n, t in fields) + "}\n")
    parts.extend(print_function(f) for f in m)
    return "\n".join(parts)


def print_function(f: Function) -> str:
    names = Names(f)
    params = ", ".join(f"{names.value(p)}: {p.type}" for p in f.params)
    head = f"func {function_ref(f.name)}({params}) -> {f.ret_type}"
    if f.file != "<unknown>":
        head += f" file {quote(f.file)}"
    lines = [head + " {"]
    for b in f.blocks:
        lines.append(block_header(b, names))
        for i in b.instrs:
            lines.append(instr_line(i, names, f.file))
    lines.append("}")
    return "\n".join(lines) + "\n"


class Names:
    """Unique printed names for the values and blocks of one function."""

    def __init__(self, f: Function | None = None):
        self._values: dict[Value, str] = {}
        self._blocks: dict[Block, str] = {}
        self._taken_values: set[str] = set()
        self._taken_blocks: set[str] = set()
        self._counter = 0
        if f is None:
            return
        for b in f.blocks:
            self.block(b)
        for p in f.params:
            self.value(p)
        for b in f.blocks:
            for p in b.params:
                self.value(p)
            for i in b.instrs:
                if i.has_result:
                    self.value(i)

    def value(self, v: Value) -> str:
        if isinstance(v, Const):
            return const_text(v)
        name = self._values.get(v)
        if name is None:
            hint = _clean(v.name)
            if hint is None:
                while str(self._counter) in self._taken_values:
                    self._counter += 1
                name = str(self._counter)
            else:
                name = _unique(hint, self._taken_values)
            self._taken_values.add(name)
            self._values[v] = name
        return "%" + name

    def block(self, b: Block) -> str:
        name = self._blocks.get(b)
        if name is None:
            name = _unique(_clean(b.name) or "bb", self._taken_blocks)
            self._taken_blocks.add(name)
            self._blocks[b] = name
        return "^" + name


def _clean(hint: str | None) -> str | None:
    if not hint:
        return None
    return hint if _SIMPLE_NAME.fullmatch(hint) else re.sub(r"[^\w.$]", "_", hint)


def _unique(hint: str, taken: set[str]) -> str:
    if hint not in taken:
        return hint
    n = 1
    while f"{hint}.{n}" in taken:
        n += 1
    return f"{hint}.{n}"


def block_header(b: Block, names: Names) -> str:
    if not b.params:
        return names.block(b) + ":"
    params = ", ".join(f"{names.value(p)}: {p.type}" for p in b.params)
    return f"{names.block(b)}({params}):"


def instr_line(i: Instr, names: Names, file: str) -> str:
    line = "  " + instr_text(i, names)
    span = span_text(i.span, file)
    if span:
        line = f"{line:<{SPAN_COLUMN}} {span}"
    return line


def instr_text(i: Instr, names: Names) -> str:
    """One instruction without its span: `%x: T = op a, b` or `op a, b`."""
    args = [names.value(a) for a in i.args]
    attrs = dict(i.attrs)
    if i.op == "br" and len(i.targets) == 1 and not args:
        body = "br " + target_text(i.targets[0], names)
    elif i.op == "cbr" and len(i.targets) == 2 and len(args) == 1:
        body = f"cbr {args[0]}, " + ", ".join(target_text(t, names) for t in i.targets)
    elif i.op == "try" and len(i.targets) == 2 and not args:
        body = "try " + ", ".join(target_text(t, names) for t in i.targets)
    elif i.op == "raise" and "kind" in attrs and len(args) == 1:
        body = f"raise {attrs.pop('kind')}, {args[0]}"
    elif i.op == "check" and "kind" in attrs and len(args) == 2:
        body = f"check {args[0]}, {attrs.pop('kind')}, {args[1]}"
    elif i.op in ("call", "kernel") and "callee" in attrs:
        body = f"{i.op} {function_ref(attrs.pop('callee'))}({', '.join(args)})"
    else:
        body = i.op + (" " + ", ".join(args) if args else "")
        if i.targets:  # only in broken IR; printed so the verifier can show it
            body += " " + ", ".join(target_text(t, names) for t in i.targets)
    if attrs:
        body += " {" + ", ".join(f"{k} = {literal_text(v)}" for k, v in sorted(attrs.items())) + "}"
    if i.has_result:
        body = f"{names.value(i)}: {i.type} = {body}"
    return body


def target_text(t, names: Names) -> str:
    if not t.args:
        return names.block(t.block)
    return f"{names.block(t.block)}({', '.join(names.value(a) for a in t.args)})"


def span_text(span, file: str) -> str:
    if not span.line:
        return ""
    if span.file != file:
        return f"!{quote(span.file)}:{span.line}:{span.col}"
    return f"!{span.line}:{span.col}"


def function_ref(name: str) -> str:
    return "@" + (name if _SIMPLE_NAME.fullmatch(name) else quote(name))


def const_text(c: Const) -> str:
    t, v = c.type, c.value
    if t == I1:
        return "true" if v else "false"
    if t == I64:
        return str(int(v))
    if t == F64:
        return repr(float(v))
    if t == F32:
        return "f32 " + repr(float(v))
    if t == STR:
        return quote(v)
    if t == NONE:
        return "none"
    raise TypeError(f"no text form for a constant of type {t}: {v!r}")


def literal_text(v) -> str:
    """An attribute value: a constant written as its Python value implies."""
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, int):
        return str(v)
    if isinstance(v, float):
        return repr(v)
    if isinstance(v, str):
        return quote(v)
    if v is None:
        return "none"
    raise TypeError(f"no text form for the attribute value {v!r}")


_ESCAPES = {'"': '\\"', "\\": "\\\\", "\n": "\\n", "\t": "\\t", "\r": "\\r"}


def quote(s: str) -> str:
    out = ['"']
    for ch in s:
        if ch in _ESCAPES:
            out.append(_ESCAPES[ch])
        elif ch.isprintable():
            out.append(ch)
        else:
            o = ord(ch)
            out.append(f"\\x{o:02x}" if o < 0x100 else f"\\u{o:04x}" if o < 0x10000 else f"\\U{o:08x}")
    out.append('"')
    return "".join(out)
