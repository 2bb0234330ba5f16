"""Every str.* op through both of its implementations, compared: the C runtime's
(runtime/c/strings.c and str_methods.c: what in-process native code, archives and pts-run
run) and the op table's Python function (runtime/strings.py `_str_call`, the interpreter's).

Each case is called the way generated code calls it — a desc text, operand slots, result
slots — once through C with its Python fallback switched off (as in libpts) and once
through Python.  C must give the same result, or raise the same exception kind with the
same message; where C does not run a case it says so by name ("libpts cannot run"), and
that is allowed only for what the module docstring of runtime/strings.py lists as the
fallback (non-ASCII case mapping and predicates, repr of characters C cannot vouch for,
ascii(), tuples and lists to print, fields C does not parse).  The test also asserts that
C runs the large majority of the corpus.
"""
from __future__ import annotations

import ctypes
import itertools
import math

import pytest

from pts.errors import KIND_CODES
from pts.ir.op_table import OpTypeError, OpUse
from pts.ir.ops import OPS
from pts.ir.string_ops import METHODS
from pts.ir.types import F64, I1, I64, NONE, STR, ListType, TupleType, Type
from pts.runtime import native, strings

_ext = pytest.importorskip("pts._threads")
if not hasattr(_ext, "str_addresses"):
    pytest.skip("pts._threads was built without the C strings", allow_module_level=True)

FN = ctypes.CFUNCTYPE(ctypes.c_int32, ctypes.c_void_p, ctypes.c_char_p, ctypes.c_void_p,
                      ctypes.c_void_p)
C_CALL = FN(strings.STR_CALL_ADDRESS)
PY_CALL = FN(strings.PY_STR_CALL)
_FREE = ctypes.CFUNCTYPE(None, ctypes.c_void_p)(native._IMPORT_ADDRS["free"])

LSTR = ListType(STR)
TEXTS = ["", "a", "abc", "Hello World", "  spaced  out  ", "a,b,,c,", "héllo wörld", "日本語 テキスト",
         "x\ty\nz\r\nw\x0bv", "Title Case Here", "UPPER lower", "123", "-42", " 3.5e2 ", "abab",
         "it's \"q\"", "1_000", "0x1f", "ǅungla", "ß", "x\x85y\u2028z"]
ARGS = {STR: ["", "l", "o", ",", "ab", "é", " ", "xyz"], I64: [-1, 0, 2, 10],
        "index": [None, 1, -2, 20]}


def _leaves(t: Type) -> list[Type]:
    return strings._leaves(t)


def _run(call, op: str, types: list[Type], rtype: Type | None, args: list):
    """(ok, value) or (kind, message) of one call."""
    ctx = native.Context()
    ctx.imports = ctypes.addressof(native.IMPORT_TABLE)
    addr = ctypes.addressof(ctx)
    slots = []
    for v, t in zip(args, types):
        for val, leaf in strings._flat(v, t):
            slots.append(strings._encode(addr, val, leaf))
    argv = (ctypes.c_int64 * max(len(slots), 1))(*slots)
    nres = len(_leaves(rtype)) if rtype is not None else 0
    out = (ctypes.c_int64 * max(nres, 1))()
    desc = f"{op}|{';'.join(str(t) for t in types)}|{rtype}".encode()
    try:
        status = call(addr, desc, ctypes.addressof(argv), ctypes.addressof(out))
        if status:
            msg = ctypes.string_at(ctx.msg).decode() if ctx.msg else ""
            return ("raise", status, msg)
        if rtype is None:
            return ("ok", None)
        return ("ok", strings._reader(rtype)(iter(out[:nres])))
    finally:
        p = ctx.lists
        while p:                      # the arena, as @pts.release frees it
            hdr = native.ListHeader.from_address(p)
            nxt, data = hdr.next, hdr.data
            _FREE(data)
            _FREE(p)
            p = nxt


def _type_of(v) -> Type:
    if isinstance(v, bool):
        return I1
    if isinstance(v, int):
        return I64
    if isinstance(v, float):
        return F64
    if isinstance(v, str):
        return STR
    if v is None:
        return NONE
    if isinstance(v, tuple):
        return TupleType(tuple(_type_of(x) for x in v))
    if isinstance(v, list):
        return ListType(_type_of(v[0]) if v else STR)
    raise TypeError(v)


def _cases():
    """(op, operand values) for every op: values fix the operand types."""
    out = []
    for s in TEXTS:
        for t in ["", "abc", "é", "ab"]:
            out += [("str.concat", [s, t]), ("str.contains", [t, s])]
            out += [(f"str.{c}", [s, t]) for c in ("eq", "ne", "lt", "le", "gt", "ge")]
        out += [("str.repeat", [s, k]) for k in (-1, 0, 3)]
        out += [("str.len", [s]), ("str.from", [s]), ("str.repr", [s]), ("str.ascii", [s]),
                ("str.int", [s]), ("str.float", [s])]
        out += [("str.getitem", [s, i]) for i in (0, 2, -1, 99)]
        for a, b, c in itertools.product([None, 1, -3, 50], [None, 3, -1], [None, 1, 2, -1, 0]):
            out.append(("str.slice", [s, a, b, c]))
        out.append(("str.join", [s, ["a", "bc", "é"]]))
        out.append(("str.join", [s, []]))
        for name, (params, required, _r, _raises) in METHODS.items():
            for n in range(required, len(params) + 1):
                pools = [ARGS[p] if p in ARGS else ARGS["index"] for p in params[:n]]
                for k, combo in enumerate(itertools.product(*pools)):
                    if k % 3 and n > 1:       # a third of the combinations of 2+ arguments
                        continue
                    out.append((f"str.m.{name}", [s, *combo]))
            if name in ("split", "rsplit", "strip", "lstrip", "rstrip"):
                out.append((f"str.m.{name}", [s, None]))
            if name in ("split", "rsplit"):
                out += [(f"str.m.{name}", [s, sep, m]) for sep in (None, ",", " ") for m in (0, 1, 2)]
    for x in [0, 7, -42, 2**63 - 1, -2**63, 0.1, -0.0, 1e16, 1.5e-7, math.inf, -math.inf, math.nan,
              2.5, 1234567.891, 9.99, 10.0, 0.5, -0.04, True, False, None, "s", "é'\"\n"]:
        out += [("str.from", [x]), ("str.repr", [x])]
        for spec in ["", "d", ">6d", "<5", "^7", "+", "08.3f", ",", "_", ".2e", "x", "#X", "o", "b",
                     "10.2f", ".3", "g", "%", "*^9", "c", "s", ".1s", "=+8", "z", " ", ".0f", "#o",
                     ".1", ".2", ".12", "z.1f", "#", "=", ",d"]:
            out.append(("str.format", [x, spec]))
        if not isinstance(x, str) and x is not None:
            out += [("str.chr", [x])] if isinstance(x, int) and not isinstance(x, bool) else []
    for tpl, args in [
        ("{}", [1]), ("{} {}", [1, "a"]), ("{0}{1}{0}", ["x", 2.5]), ("{:>5}|{:<4}|{:^6}", [1, "ab", 2.5]),
        ("{!r} {!s}", ["a", "b"]), ("{0!r:>8}", ["é"]), ("{{}} {}", [3]), ("{} {}", [1]),
        ("{0} {}", [1, 2]), ("{} {0}", [1, 2]), ("}", []), ("{:d}", ["s"]), ("{:.2f}", [1]),
        ("{x}", [1]), ("{0.real}", [1.5]), ("{:{}}", [1, 3]), ("{:,}", [1234567]),
        ("{!a}", ["é"]), ("a{}b", [None]), ("{}", [True]), ("{:d}", [True]),
    ]:
        out.append(("str.fmt", [tpl, *args]))
    for tpl, arg in [
        ("%d", 5), ("%5d|", -3), ("%-5d|", 3), ("%05d", -3), ("%+d", 3), ("% d", 3), ("%.3d", 5),
        ("%x %X %o", (255, 255, 8)), ("%#x %#o", (255, 8)), ("%f", 1.5), ("%.2f", 2.675),
        ("%10.3e", 12345.678), ("%g", 1e-5), ("%G", 1e20), ("%s", "é"), ("%r", "a'b"),
        ("%s and %s", ("a", 1)), ("%.2s", "hello"), ("%c%c", (65, "é")), ("%%", ()),
        ("%d", 3.9), ("%d", "x"), ("%x", 2.0), ("%s %s", ("a",)), ("%s", ("a", "b")),
        ("%y", 1), ("%", 1), ("%f", math.inf), ("%5.1f|", -math.nan), ("%d%%", 50),
        ("%s", None), ("%s", True), ("%d", True), ("%i|%u", (1, 2)), ("%*d", (3, 4)),
        ("%c", 0x110000), ("%010.2f", -3.14159), ("%#08x", 255),
    ]:
        out.append(("str.mod", [tpl, arg]))
    out += [("str.list_eq", [a, b]) for a, b in [([], []), (["a"], ["a"]), (["a"], ["b"]),
                                                 (["a", "é"], ["a", "é"]), (["a"], ["a", "b"])]]
    out += [("str.list_contains", [xs, x]) for xs in ([], ["a", "é"]) for x in ("a", "é", "b")]
    out += [("str.ord", [s]) for s in ("a", "é", "日", "", "ab")]
    out += [("str.chr", [i]) for i in (65, 233, 0x65E5, 0x1F600, -1, 0x110000)]
    return out


CASES = _cases()


def _rtype(op: str, types: list[Type]) -> Type | None:
    return OPS[op].type_rule(OpUse(op, tuple(types), {}))


# What C may leave to Python (runtime/strings.py lists it): a case is allowed to fall back
# when one of these holds for it.
def _may_fall_back(op: str, args: list) -> bool:
    text = "".join(a for a in args if isinstance(a, str))
    nonascii = not text.isascii()
    if op == "str.ascii":
        return True
    if op in ("str.fmt", "str.mod"):
        tpl = args[0]
        return any(f in tpl for f in ("{x", "{0.", "{:{", "!a", "%*", "%(")) or nonascii or \
            any(isinstance(a, tuple) and any(isinstance(e, tuple) for e in a) for a in args[1:])
    if op in ("str.repr", "str.format") and nonascii:
        return True
    if op.startswith("str.m.") and nonascii and op[6:] in (
            "lower", "upper", "title", "capitalize", "swapcase", "casefold", "isdigit",
            "isdecimal", "isnumeric", "isalpha", "isalnum", "isspace", "islower", "isupper",
            "istitle", "splitlines", "split", "rsplit", "strip", "lstrip", "rstrip"):
        return True
    return False


@pytest.fixture
def c_alone():
    """C with its Python fallback off, as in libpts; restored afterwards."""
    _ext.set_str_fallback(0)
    yield
    _ext.set_str_fallback(strings.PY_STR_CALL)


def test_corpus(c_alone):
    assert len(CASES) > 2000
    fell_back, mismatches = [], []
    for op, args in CASES:
        types = [_type_of(a) for a in args]
        try:
            rtype = _rtype(op, types)
        except OpTypeError:
            continue                      # not an operand combination the checker makes
        want = _run(PY_CALL, op, types, rtype, args)
        got = _run(C_CALL, op, types, rtype, args)
        if got[0] == "raise" and got[1] == KIND_CODES["RuntimeError"] and \
                got[2].startswith("libpts cannot run"):
            fell_back.append((op, args))
            if not _may_fall_back(op, args):
                mismatches.append((op, args, "C does not run it", want))
            continue
        same = got == want or (got[0] == want[0] == "ok" and isinstance(want[1], float) and
                               math.isnan(want[1]) and math.isnan(got[1]))
        if not same:
            mismatches.append((op, args, got, want))
    assert not mismatches, "\n".join(map(repr, mismatches[:40])) + f"\n({len(mismatches)} in all)"
    assert len(fell_back) < len(CASES) // 10, fell_back[:20]


def test_fallback_in_process():
    """In a Python process what C leaves over runs in Python: non-ASCII case mapping."""
    up = _run(C_CALL, "str.m.upper", [STR], STR, ["straße"])
    assert up == ("ok", "STRASSE")
    assert _run(C_CALL, "str.ascii", [STR], STR, ["é"]) == ("ok", "'\\xe9'")


def test_hash_of_equal_strings():
    h = ctypes.CFUNCTYPE(ctypes.c_uint64, ctypes.c_void_p)(strings.STR_HASH_ADDRESS)
    ctx = native.Context()
    a = strings.new_str(ctypes.addressof(ctx), "héllo")
    b = strings.new_str(ctypes.addressof(ctx), "héllo")
    c = strings.new_str(ctypes.addressof(ctx), "hello")
    assert a != b and h(a) == h(b) and h(a) != h(c)
