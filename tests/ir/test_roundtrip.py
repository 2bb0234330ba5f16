"""The text form: print(parse(print(f))) == print(f), and parsing restores the values."""
from __future__ import annotations

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pts.errors import Span
from pts.ir import ops
from pts.ir.core import Block, BlockParam, Builder, Const, Function, Module, const
from pts.ir.parser import parse_function, parse_module, unquote
from pts.ir.printer import print_function, print_module, quote
from pts.ir.types import (F32, F64, I1, I64, NONE, STR, ListType, TensorType, TupleType)
from pts.ir.verify import verify_module


def roundtrip(m: Module) -> Module:
    text = print_module(m)
    again = parse_module(text)
    assert print_module(again) == text
    return again


def single(f: Function) -> Function:
    return next(iter(roundtrip(Module([f]))))


def test_every_op_round_trips():
    f = Function("all_ops", [I64, F64, I1], I64, ["i", "x", "c"], file="ops.py")
    b = Builder(f, f.entry)
    i, x, c = f.params
    for n, name in enumerate(sorted(ops.OPS)):
        b.span = Span("ops.py", n + 1, 3)
        if name == "call":
            b.emit("call", [i, const(2)], I64, {"callee": "all_ops"})
        elif name == "check":
            b.check(c, "IndexError", "index out of range")
        elif name in ("print", "list.set", "list.append"):
            b.emit(name, [i, x, const("s")])
        else:
            b.emit(name, [i, x, const(1)], I64, name=name.replace(".", "_"))
    b.span = Span("other.py", 99, 1)
    nxt = f.new_block("next")
    b.cbr(c, nxt, nxt, [i], [const(3)])
    p = nxt.add_param(BlockParam(I64, "p"))
    b.at(nxt).raise_("ValueError", const("bad"))
    g = single(f)
    got = [(ins.op, dict(ins.attrs)) for ins in g.instructions()]
    want = [(ins.op, dict(ins.attrs)) for ins in f.instructions()]
    assert got == want
    assert {ins.op for ins in g.instructions()} >= set(ops.OPS)
    assert g.blocks[1].params[0].name == p.name


def test_a_verified_module_round_trips_and_still_verifies():
    text = '''
entry @main
func @main(%n: i64, %t: tuple<i64, f64>) -> f64 file "m.py" {
^entry(%n: i64, %t: tuple<i64, f64>):
  %xs: list<f64> = list.fill %n, 0.5       !2:3
  %y: f64 = tuple.get %t, 1
  list.append %xs, %y
  %len: i64 = list.len %xs
  %z: i1 = eq %len, 0
  check %z, IndexError, "pop from empty list"   !3:7
  %last: f64 = list.pop %xs
  %r: f64 = call @twice(%last)
  ret %r
}

func @twice(%v: f64) -> f64 file "lib.py" {
^entry(%v: f64):
  %w: f64 = add %v, %v
  ret %w
}
'''
    m = roundtrip(parse_module(text))
    verify_module(m)
    assert m.entry == "main"
    assert m["main"].file == "m.py" and m["twice"].file == "lib.py"


FLOATS = [-0.0, 0.0, math.inf, -math.inf, math.nan, 1e16, 1e-300, 5e-324, 1.5, -2.5e-07,
          1.7976931348623157e308, 123456789.0]
STRINGS = ["", 'say "hi"', "back\\slash", "new\nline", "tab\there\r", "é漢字😀", "\x00\x7f\x1b",
           "\u2028line sep", "\ud800 lone surrogate", "!3:5 ; not a comment # nor this",
           "\\x41 is not A"]


def test_constants_round_trip():
    f = Function("consts", [], NONE)
    b = Builder(f, f.entry)
    values = ([const(v) for v in FLOATS] + [const(s) for s in STRINGS]
              + [const(v) for v in (0, -3, 2**63 - 1, -2**63, True, False, None)]
              + [Const(F32, 1.5), Const(F32, -math.inf)])
    for v in values:
        b.emit("print", [v])
    b.ret()
    g = single(f)
    got = [ins.args[0] for ins in g.instructions() if ins.op == "print"]
    assert [c.key() for c in got] == [c.key() for c in values]
    assert all(isinstance(c.value, float) for c in got[:len(FLOATS)])


def test_float_text_is_repr():
    f = Function("k", [], F64)
    Builder(f, f.entry).ret(const(1e16))
    text = print_function(f)
    assert "ret 1e+16" in text
    assert parse_function(text).entry.instrs[0].args[0].type == F64


@settings(max_examples=200, deadline=None)
@given(st.text())
def test_any_string_round_trips(s):
    assert "\n" not in quote(s)
    assert unquote(quote(s)) == s


@settings(max_examples=200, deadline=None)
@given(st.floats(allow_nan=True, allow_infinity=True))
def test_any_float_round_trips(x):
    f = Function("k", [], F64)
    Builder(f, f.entry).ret(const(x))
    c = single(f).entry.instrs[0].args[0]
    assert c.type == F64 and c.key() == const(x).key() or (x != x and c.value != c.value)


def test_types_and_block_params():
    types = [TupleType(()), TupleType((I64, TupleType((F64, STR)))), ListType(ListType(F64)),
             TensorType(F32, 2), TensorType(I64, 0), NONE, I1]
    f = Function("types", types, NONE, [f"p{n}" for n in range(len(types))])
    b = Builder(f, f.entry)
    body = f.new_block("body")
    for n, t in enumerate(types):
        body.add_param(BlockParam(t, f"q{n}"))
    b.br(body, list(f.params))
    b.at(body).ret()
    g = single(f)
    assert [p.type for p in g.params] == types
    assert [p.type for p in g.blocks[1].params] == types


def test_spans_with_and_without_files():
    f = Function("spans", [I64], I64, ["x"], file='dir/my "file".py')
    b = Builder(f, f.entry)
    b.span = Span('dir/my "file".py', 3, 7)
    a = b.emit("add", [f.params[0], const(1)], I64, name="a")
    b.span = Span("other.py", 10, 2)
    c = b.emit("mul", [a, a], I64, name="c")
    b.span = Span()
    b.ret(c)
    text = print_function(f)
    assert '!3:7' in text and '!"other.py":10:2' in text
    assert text.splitlines()[-2].strip() == "ret %c"
    g = single(f)
    spans = [i.span for i in g.instructions()]
    assert (spans[0].file, spans[0].line, spans[0].col) == ('dir/my "file".py', 3, 7)
    assert (spans[1].file, spans[1].line, spans[1].col) == ("other.py", 10, 2)
    assert spans[2].line == 0


def test_names_are_unique_and_stable():
    f = Function("names", [I64, I64], I64, ["x", "x"])
    b = Builder(f, f.entry)
    x1, x2 = f.params
    a = b.emit("add", [x1, x2], I64, name="x")
    u = b.emit("add", [a, a], I64)                    # unnamed -> %0
    w = b.emit("add", [u, u], I64, name="we ird/name")
    n = b.emit("add", [w, w], I64, name="0")           # collides with the unnamed one
    v = b.emit("add", [n, n], I64, name="x.1")         # collides with a suffix
    e = b.emit("add", [v, v], I64, name="")
    blk = f.new_block("loop")
    blk2 = Block("loop")                               # a duplicate block name
    f.blocks.append(blk2)
    b.br(blk)
    b.at(blk).br(blk2)
    b.at(blk2).ret(e)
    text = print_function(f)
    assert "func @names(%x: i64, %x.1: i64)" in text
    assert "%x.2: i64 = add %x, %x.1" in text
    assert "%0: i64 = add %x.2, %x.2" in text
    assert "%we_ird_name: i64 = add %0, %0" in text
    assert "%0.1: i64 = add %we_ird_name, %we_ird_name" in text
    assert "%x.1.1: i64 = add %0.1, %0.1" in text
    assert "%1: i64 = add %x.1.1, %x.1.1" in text
    assert "^loop:" in text and "^loop.1:" in text
    assert print_function(f) == text                  # deterministic
    single(f)


def test_forward_references_resolve():
    text = '''
func @fwd(%c: i1) -> i64 {
^entry(%c: i1):
  %a: i64 = add 1, 2
  br ^first
^later:
  %b: i64 = add %d, %a
  ret %b
^first:
  %d: i64 = mul %a, 3
  cbr %c, ^later, ^last(%d)
^last(%p: i64):
  ret %p
}'''
    f = parse_function(text)
    verify_module(Module([f]))
    later = f.blocks[1]
    d = f.blocks[2].instrs[0]
    assert later.instrs[0].args[0] is d
    assert print_function(parse_function(print_function(f))) == print_function(f)


def test_quoted_function_names_and_module_entry():
    f = Function("f[i64, f64]", [I64], I64, ["x"])
    Builder(f, f.entry).ret(f.params[0])
    g = Function("caller", [I64], I64, ["y"])
    b = Builder(g, g.entry)
    r = b.emit("call", [g.params[0]], I64, {"callee": "f[i64, f64]"}, name="r")
    b.ret(r)
    m = roundtrip(Module([f, g], entry="f[i64, f64]"))
    assert m.entry == "f[i64, f64]"
    assert list(m.functions) == ["f[i64, f64]", "caller"]
    verify_module(m)


def test_generic_attributes_round_trip():
    f = Function("attrs", [I64], I64, ["x"])
    b = Builder(f, f.entry)
    a = b.emit("add", [f.params[0], const(1)], I64, {"hint": "fast", "n": 3, "w": 0.5,
                                                     "ok": True, "z": None})
    b.ret(a)
    g = single(f)
    assert g.entry.instrs[0].attrs == {"hint": "fast", "n": 3, "w": 0.5, "ok": True, "z": None}


def test_the_core_docstring_example_parses():
    from pts.ir import core
    doc = core.__doc__
    start = doc.index("    func @collatz_steps")
    end = doc.index("    }", start) + 5
    text = "\n".join(line[4:] for line in doc[start:end].splitlines() if "..." not in line)
    text += "\nfunc @helper(%a: i64, %b: i64) -> i64 {\n^entry(%a: i64, %b: i64):\n  ret %a\n}\n"
    m = parse_module(text.replace("check %bad", "%bad: i1 = eq %y, 0\n  check %bad")
                     .replace('"division by zero"', '"division by zero"\n  br ^head(%k, %steps)'))
    roundtrip(m)
    verify_module(m)


@pytest.mark.parametrize("text, where", [
    ("func @f() -> i64 {\n^entry:\n  ret %nope\n}", "line 3: undefined value %nope"),
    ("func @f() -> i64 {\n^entry:\n  br ^nowhere\n}", "line 3: undefined block ^nowhere"),
    ("func @f() -> i64 {\n^entry:\n  %a: i64 = add 1, 2\n  %a: i64 = add 1, 2\n  ret %a\n}",
     "line 4: value %a defined twice"),
    ("func @f() -> i64 {\n^entry:\n  ret 1 ?\n}", "line 3: unexpected character '?'"),
    ("func @f() -> i65 {\n^entry:\n  ret 1\n}", "line 1: unknown type 'i65'"),
    ("func @f() -> i64 {\n  ret 1\n}", "line 2: instruction before the first block"),
    ("func @f() -> i64 {\n^entry:\n  ret 1\n", "no closing"),
    ('func @f() -> str {\n^entry:\n  ret "\\q"\n}', "line 3: unknown escape"),
    ("func @f() -> i64 {\n^entry:\n  ret 1\n}\nfunc @f() -> i64 {\n^entry:\n  ret 1\n}",
     "line 8: function @f defined twice"),
    ("func @f() -> i64 {\n^entry:\n  ret 1 !3\n}", "line 3: expected ':'"),
])
def test_parse_errors_name_the_line(text, where):
    with pytest.raises(ValueError) as info:
        parse_module(text)
    assert where in str(info.value)


def test_parse_function_wants_one_function():
    with pytest.raises(ValueError):
        parse_function("")
