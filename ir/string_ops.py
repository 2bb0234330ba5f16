"""The string ops of the op table (see ir.op_table for what an entry holds).

A `str` value is an immutable Python string: the interpreter holds Python `str` objects,
native code a pointer to NUL-terminated UTF-8 bytes with the byte length in the 8 bytes
before them (backend.str_codegen).  Every op's `evaluate` is the CPython operation itself,
and native code calls that same function (runtime.strings), so the three ways of running
agree by construction.

Unlike the scalar ops, several string ops can raise (`int("x")`, `s[9]`, a bad format
spec): their effect is RAISE and their `evaluate` raises the Python exception CPython
raises; the interpreter and native code turn it into the scripted exception at the op's
span.  The others are PURE.

Ops (operand types -> result type; `any` is any type str()/repr()/format() take: numbers,
none, str, and tuples and lists of those):
  str.concat      (str, str) -> str              a + b
  str.concatn     (str, str, str...) -> str      a + b + c ... (one allocation: f-strings, chains)
  str.repeat      (str, i64) -> str              s * n
  str.eq ne lt le gt ge (str, str) -> i1         code-point order
  str.contains    (str sub, str s) -> i1         sub in s
  str.len         (str) -> i64                   code points
  str.getitem     (str, i64) -> str              s[i], negative from the end    RAISE
  str.slice       (str, i64|none, i64|none, i64|none) -> str  s[a:b:c]       RAISE
  str.from        (any) -> str                   str(x)
  str.repr        (any) -> str                   repr(x)
  str.ascii       (any) -> str                   ascii(x)
  str.format      (any, str spec) -> str         format(x, spec)              RAISE
  str.fmt         (str, any...) -> str           template.format(*args)       RAISE
  str.mod         (str, any) -> str              template % args              RAISE
  str.int         (str) -> i64                   int(s)                       RAISE
  str.float       (str) -> f64                   float(s)                     RAISE
  str.ord         (str) -> i64                   ord(s)                       RAISE
  str.chr         (i64) -> str                   chr(i)                       RAISE
  str.join        (str, list<str>) -> str        sep.join(xs)
  str.list_eq     (list<str>, list<str>) -> i1   a == b
  str.list_contains (list<str>, str) -> i1       x in xs
  str.m.NAME      (str, args...) -> by METHODS   s.NAME(*args)   (RAISE: index, ...)
  str.split_next  (str, str|none sep, i64 left, i64 pos) -> tuple<str, i64>   RAISE
                  the next piece of s.split(sep, maxsplit) from position pos, as
                  (piece, next position), or ("", -1) when there is none; `left` is the
                  splits left (negative: no limit).  `for w in s.split(...)` is a loop
                  over it (frontend.lower_split), with no list.  A position means nothing
                  outside the loop: a code-point index here, a byte offset in native code
                  (runtime/c/strings.c); 0 starts, past len(s) is exhausted.
  str.lines_next  (str, i64 pos) -> tuple<str, i64>   the same for s.splitlines()
"""
from __future__ import annotations

import re

from pts.ir.op_table import PURE, RAISE, OpUse, define
from pts.ir.types import (F64, I1, I64, NONE, STR, ListType, OptionalType, TupleType, Type)

LIST_STR = ListType(STR)
PARTS3 = TupleType((STR, STR, STR))


def printable(t: Type, in_list: bool = False) -> bool:
    """Can str()/repr()/format() take a value of type t?  (Optionals only inside lists: a
    list is one pointer operand, read back whole by runtime.list_values.)"""
    if t in (I1, I64, F64, NONE, STR):
        return True
    if in_list and isinstance(t, OptionalType):
        return printable(t.elem, True)
    if isinstance(t, TupleType):
        return all(printable(e, in_list) for e in t.elems)
    if isinstance(t, ListType):
        return printable(t.elem, True)
    return False


def _fixed(params: tuple, result: Type):
    def rule(use: OpUse) -> Type:
        use.arity(len(params))
        for k, (t, want) in enumerate(zip(use.types, params)):
            if want == "any":
                if not printable(t):
                    use.fail(f"expected a printable operand {k}, found {t}")
            elif want == "index":
                if t not in (I64, NONE):
                    use.fail(f"expected i64 or none as operand {k}, found {t}")
            elif t != want:
                use.fail(f"expected {want} as operand {k}, found {t}")
        return result
    return rule


def _fmt_rule(use: OpUse) -> Type:
    if not use.types or use.types[0] != STR:
        use.fail("expected a str template first")
    for t in use.types[1:]:
        if not printable(t):
            use.fail(f"expected printable arguments, found {t}")
    return STR


def _concatn_rule(use: OpUse) -> Type:
    if len(use.types) < 2 or any(t != STR for t in use.types):
        use.fail("expected two or more str operands")
    return STR


def _getitem(s: str, i: int) -> str:
    return s[i]       # IndexError: string index out of range


def _slice(s: str, a, b, c) -> str:
    return s[a:b:c]   # ValueError: slice step cannot be zero


def _int(s: str) -> int:
    v = int(s)
    if not -(1 << 63) <= v < (1 << 63):
        raise OverflowError("int too large for a 64-bit pts int")
    return v


def _mod(template: str, args) -> str:
    return template % args


def _list_contains(xs, x) -> bool:
    return x in xs


_BIN = {"eq": lambda a, b: a == b, "ne": lambda a, b: a != b, "lt": lambda a, b: a < b,
        "le": lambda a, b: a <= b, "gt": lambda a, b: a > b, "ge": lambda a, b: a >= b}

define("str.concat", PURE, lambda a, b: a + b, _fixed((STR, STR), STR))
define("str.concatn", PURE, lambda *xs: "".join(xs), _concatn_rule)
# a + b where a is dead afterwards: native code grows a in place (backend.str_codegen picks
# it; the IR never holds it)
define("str.append", PURE, lambda a, b: a + b, _fixed((STR, STR), STR))
define("str.repeat", PURE, lambda s, n: s * n, _fixed((STR, I64), STR))
for _name, _fn in _BIN.items():
    define("str." + _name, PURE, _fn, _fixed((STR, STR), I1))
define("str.contains", PURE, lambda sub, s: sub in s, _fixed((STR, STR), I1))
define("str.len", PURE, len, _fixed((STR,), I64))
define("str.getitem", RAISE, _getitem, _fixed((STR, I64), STR))
define("str.slice", RAISE, _slice, _fixed((STR, "index", "index", "index"), STR))
define("str.from", PURE, str, _fixed(("any",), STR))
define("str.repr", PURE, repr, _fixed(("any",), STR))
define("str.ascii", PURE, ascii, _fixed(("any",), STR))
define("str.format", RAISE, format, _fixed(("any", STR), STR))
define("str.fmt", RAISE, lambda t, *args: t.format(*args), _fmt_rule)
define("str.mod", RAISE, _mod, _fixed((STR, "any"), STR))
define("str.int", RAISE, _int, _fixed((STR,), I64))
define("str.float", RAISE, float, _fixed((STR,), F64))
define("str.ord", RAISE, ord, _fixed((STR,), I64))
define("str.chr", RAISE, chr, _fixed((I64,), STR))
define("str.join", PURE, lambda sep, xs: sep.join(xs), _fixed((STR, LIST_STR), STR))
define("str.list_eq", PURE, lambda a, b: a == b, _fixed((LIST_STR, LIST_STR), I1))
define("str.list_contains", PURE, _list_contains, _fixed((LIST_STR, STR), I1))

# str methods: name -> (parameter types after self (optional ones last), how many are
# required, result type, may raise).  "index" is i64 or none (a missing bound).
METHODS: dict[str, tuple[tuple, int, Type, bool]] = {
    "split": ((STR, I64), 0, LIST_STR, True),       # (sep may be None: see SEP_OR_NONE)
    "rsplit": ((STR, I64), 0, LIST_STR, True),
    "strip": ((STR,), 0, STR, False),
    "lstrip": ((STR,), 0, STR, False),
    "rstrip": ((STR,), 0, STR, False),
    "replace": ((STR, STR, I64), 2, STR, False),
    "startswith": ((STR, "index", "index"), 1, I1, False),
    "endswith": ((STR, "index", "index"), 1, I1, False),
    "find": ((STR, "index", "index"), 1, I64, False),
    "rfind": ((STR, "index", "index"), 1, I64, False),
    "index": ((STR, "index", "index"), 1, I64, True),
    "rindex": ((STR, "index", "index"), 1, I64, True),
    "count": ((STR, "index", "index"), 1, I64, False),
    "lower": ((), 0, STR, False),
    "upper": ((), 0, STR, False),
    "title": ((), 0, STR, False),
    "capitalize": ((), 0, STR, False),
    "swapcase": ((), 0, STR, False),
    "casefold": ((), 0, STR, False),
    "isdigit": ((), 0, I1, False),
    "isdecimal": ((), 0, I1, False),
    "isnumeric": ((), 0, I1, False),
    "isalpha": ((), 0, I1, False),
    "isalnum": ((), 0, I1, False),
    "isspace": ((), 0, I1, False),
    "islower": ((), 0, I1, False),
    "isupper": ((), 0, I1, False),
    "istitle": ((), 0, I1, False),
    "zfill": ((I64,), 1, STR, False),
    "ljust": ((I64, STR), 1, STR, True),
    "rjust": ((I64, STR), 1, STR, True),
    "center": ((I64, STR), 1, STR, True),
    "partition": ((STR,), 1, PARTS3, True),
    "rpartition": ((STR,), 1, PARTS3, True),
    "splitlines": ((), 0, LIST_STR, False),
    "removeprefix": ((STR,), 1, STR, False),
    "removesuffix": ((STR,), 1, STR, False),
    "expandtabs": ((I64,), 0, STR, False),
}
# methods whose str parameters may also be None (strip(None), split(None, 2))
NONE_OK = {"split", "rsplit", "strip", "lstrip", "rstrip"}


def _method_rule(name: str):
    params, required, result, _ = METHODS[name]

    def rule(use: OpUse) -> Type:
        if not use.types or use.types[0] != STR:
            use.fail("expected a str receiver")
        args = use.types[1:]
        if not required <= len(args) <= len(params):
            use.fail(f"str.{name} takes {required} to {len(params)} arguments")
        for t, want in zip(args, params):
            if want == "index":
                ok = t in (I64, NONE)
            else:
                ok = t == want or (t == NONE and name in NONE_OK and want == STR)
            if not ok:
                use.fail(f"expected {want} for str.{name}, found {t}")
        return result
    return rule


def _method(name: str):
    def evaluate(s, *args):
        r = getattr(s, name)(*args)
        return tuple(r) if isinstance(r, tuple) else r
    return evaluate


for _name, (_p, _r, _t, _raises) in METHODS.items():
    define("str.m." + _name, RAISE if _raises else PURE, _method(_name), _method_rule(_name))


# ---------------------------------------------------------------- the split iterator

_WORD = re.compile(r"\S+")       # (re's \s is str.isspace's whitespace: str.split's)
_NONSPACE = re.compile(r"\S")


def _split_next(s: str, sep, left: int, pos: int) -> tuple:
    """One step of s.split(sep, maxsplit) (see str.split_next above), CPython's pieces."""
    n = len(s)
    if sep is not None and sep == "":
        raise ValueError("empty separator")
    if pos < 0 or pos > n:
        return "", -1
    if sep is None:
        m = (_NONSPACE if left == 0 else _WORD).search(s, pos)
        if m is None:
            return "", -1
        if left == 0:                 # the rest, trailing whitespace and all
            return s[m.start():], n + 1
        return m.group(), m.end()
    j = s.find(sep, pos) if left != 0 else -1
    if j < 0:                          # the last piece (after a final separator: "")
        return s[pos:], n + 1
    return s[pos:j], j + len(sep)


# str.splitlines' line boundaries: \r\n as one, then each of these alone
_LINE_END = re.compile("\r\n|[\n\r\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029]")


def _lines_next(s: str, pos: int) -> tuple:
    """One step of s.splitlines(): the line at pos and the position after its end."""
    n = len(s)
    if pos < 0 or pos >= n:            # (no empty line after a final line break)
        return "", -1
    m = _LINE_END.search(s, pos)
    if m is None:
        return s[pos:], n
    return s[pos:m.start()], m.end()


def _lines_next_rule(use: OpUse) -> Type:
    use.arity(2)
    if use.types != (STR, I64):
        use.fail(f"expected (str, i64), found {use.types}")
    return SPLIT_STEP


def _split_next_rule(use: OpUse) -> Type:
    use.arity(4)
    s, sep, left, pos = use.types
    if s != STR or sep not in (STR, NONE) or left != I64 or pos != I64:
        use.fail(f"expected (str, str|none, i64, i64), found {use.types}")
    return SPLIT_STEP


SPLIT_STEP = TupleType((STR, I64))
define("str.split_next", RAISE, _split_next, _split_next_rule)
define("str.lines_next", RAISE, _lines_next, _lines_next_rule)
