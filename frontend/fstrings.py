"""f-string literals -> `ast.FString` nodes.

Contract: `fstring_parts(token_text, parse_expr, span)` splits the source text of one
f-string token (prefix and quotes included) into its parts, as CPython's tokenizer does:
literal text (escapes decoded unless the prefix has `r`, `{{` and `}}` as braces) and
replacement fields `{expr!conv:spec}` (`{expr=}` too: the text, then repr unless a
conversion or spec is given).  `parse_expr(text)` parses a field's expression with the
pts grammar; a spec is itself an FString (it may hold nested fields).  Malformed fields
are a CompileError at the literal, worded as CPython's SyntaxError.
"""
from __future__ import annotations

import ast as pyast
import re

from pts.errors import CompileError
from pts.frontend import ast

_PREFIX = re.compile(r"[a-zA-Z]*")


def fstring_parts(text: str, parse_expr, span) -> list[ast.Expr]:
    prefix = _PREFIX.match(text).group(0)
    rest = text[len(prefix):]
    quote = rest[:3] if rest[:3] in ('"""', "'''") else rest[0]
    body = rest[len(quote):-len(quote)]
    raw = "r" in prefix.lower()
    parts, _ = _scan(body, 0, raw, quote, parse_expr, span, nested=False)
    return parts


def _literal(chunk: str, raw: bool, quote: str, span) -> str:
    if raw or "\\" not in chunk:
        return chunk
    try:
        return pyast.literal_eval(quote + chunk + quote)
    except (ValueError, SyntaxError) as e:
        raise CompileError(f"invalid string literal ({e})", span) from None


def _scan(s: str, i: int, raw: bool, quote: str, parse_expr, span, nested: bool):
    """Parts of s from i up to the end (or, nested in a spec, up to its closing '}')."""
    parts: list[ast.Expr] = []
    buf: list[str] = []

    def flush():
        if buf:
            text = _literal("".join(buf), raw, quote, span)
            if parts and isinstance(parts[-1], ast.Const):
                parts[-1] = ast.Const(parts[-1].value + text, span=span)
            elif text:
                parts.append(ast.Const(text, span=span))
            buf.clear()

    while i < len(s):
        c = s[i]
        if c == "{":
            if not nested and s.startswith("{{", i):
                buf.append("{")
                i += 2
                continue
            flush()
            field, i = _field(s, i + 1, raw, quote, parse_expr, span)
            parts.extend(field)
            continue
        if c == "}":
            if nested:
                break
            if s.startswith("}}", i):
                buf.append("}")
                i += 2
                continue
            raise CompileError("f-string: single '}' is not allowed", span)
        if c == "\\" and not raw and i + 1 < len(s):
            buf.append(s[i:i + 2])
            i += 2
            continue
        buf.append(c)
        i += 1
    flush()
    return parts, i


def _field(s: str, i: int, raw: bool, quote: str, parse_expr, span):
    """The replacement field starting after its '{': (parts, index after its '}')."""
    start, depth = i, 0
    while i < len(s):
        c = s[i]
        if c in "'\"":
            j = s.find(c, i + 1)
            if j < 0:
                break
            i = j + 1
            continue
        if c in "([{":
            depth += 1
        elif c in ")]}":
            if depth == 0:
                break
            depth -= 1
        elif depth == 0 and c == "!" and not s.startswith("!=", i):
            break
        elif depth == 0 and c == ":":
            break
        i += 1
    else:
        raise CompileError("f-string: expecting '}'", span)
    text = s[start:i]
    parts: list[ast.Expr] = []
    debug = None
    stripped = text.rstrip()
    if stripped.endswith("=") and not stripped.endswith(("==", "!=", "<=", ">=")):
        debug = text                   # {x=}: the text itself, then the value
        text = stripped[:-1]
    if not text.strip():
        raise CompileError("f-string: empty expression not allowed", span)
    value = parse_expr(text)
    conversion = None
    if i < len(s) and s[i] == "!":
        conversion = s[i + 1:i + 2]
        if conversion not in ("r", "s", "a"):
            raise CompileError("f-string: invalid conversion character: expected 's', 'r', "
                               "or 'a'", span)
        i += 2
    spec = None
    if i < len(s) and s[i] == ":":
        spec_parts, i = _scan(s, i + 1, raw, quote, parse_expr, span, nested=True)
        spec = ast.FString(spec_parts, span=span)
    if i >= len(s) or s[i] != "}":
        raise CompileError("f-string: expecting '}'", span)
    if debug is not None:
        parts.append(ast.Const(debug, span=span))
        if conversion is None and spec is None:
            conversion = "r"
    parts.append(ast.FormatValue(value, conversion, spec, span=span))
    return parts, i + 1
