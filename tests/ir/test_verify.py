"""The verifier: each rule rejects a function that breaks it, naming where."""
from __future__ import annotations

import pytest

from pts.ir.core import Block, Builder, Const, Function, Instr, Module, const
from pts.ir.parser import parse_module
from pts.ir.types import I1, I64, NONE
from pts.ir.verify import IRVerifyError, verify_function, verify_module

GOOD = """
func @f(%c: i1, %x: i64) -> i64 {
^entry(%c: i1, %x: i64):
  %a: i64 = add %x, 1
  cbr %c, ^left, ^right(%a)
^left:
  %b: i64 = mul %a, 2
  br ^join(%b)
^right(%r: i64):
  br ^join(%r)
^join(%v: i64):
  %s: i64 = call @g(%v)
  ret %s
^unreachable:
  %u: i64 = add %b, %r
  ret %u
}

func @g(%y: i64) -> i64 {
^entry(%y: i64):
  ret %y
}
"""


def test_a_good_module_verifies():
    verify_module(parse_module(GOOD))


def rejects(text: str, *fragments: str) -> None:
    with pytest.raises(IRVerifyError) as info:
        verify_module(parse_module(text))
    for fragment in fragments:
        assert fragment in str(info.value), str(info.value)


def wrap(body: str, sig: str = "(%x: i64) -> i64", extra: str = "") -> str:
    params = sig[:sig.index(")") + 1]
    return f"func @f{sig} {{\n^entry{params}:\n{body}\n}}\n{extra}"


# -- structure ----------------------------------------------------------------------------

def test_block_without_terminator():
    rejects(wrap("  %a: i64 = add %x, 1"), "@f, block ^entry",
            "does not end with a terminator")


def test_terminator_in_the_middle():
    rejects(wrap("  ret %x\n  ret %x"), "terminator in the middle")


def test_empty_block():
    f = Function("f", [], NONE)
    rejects_function(f, "block is empty")


def test_function_without_blocks():
    f = Function("f", [], NONE)
    f.blocks = []
    rejects_function(f, "no blocks")


def test_instruction_points_at_its_block():
    f = Function("f", [I64], I64)
    i = Instr("ret", [f.params[0]])
    f.entry.instrs.append(i)           # not Block.append: i.block stays None
    rejects_function(f, "does not point back")


def test_target_outside_the_function():
    f = Function("f", [], NONE)
    Builder(f, f.entry).br(Block("elsewhere"))
    rejects_function(f, "not a block of this function")


def test_branch_to_the_entry():
    rejects(wrap("  br ^entry(%x)"), "entry block cannot be a branch target")


def test_branch_argument_count():
    rejects(wrap("  br ^b(%x, %x)\n^b(%y: i64):\n  ret %y"), "takes 1 argument(s), given 2")


def test_branch_argument_type():
    rejects(wrap("  br ^b(1.5)\n^b(%y: i64):\n  ret %y"),
            "argument of type f64 passed to parameter %y: i64")


def test_cbr_shape():
    f = Function("f", [I1], NONE)
    f.entry.append(Instr("cbr", [f.params[0]], targets=[]))
    rejects_function(f, "cbr takes 1 operand(s) and 2 target(s)")


# -- operands and dominance -----------------------------------------------------------------

def test_use_before_definition_in_a_block():
    rejects(wrap("  %a: i64 = add %b, 1\n  %b: i64 = add %x, 1\n  ret %a"),
            "%b is used before its definition")


def test_definition_must_dominate():
    text = wrap("  %c: i1 = eq %x, 0\n  cbr %c, ^l, ^r\n^l:\n  %a: i64 = add %x, 1\n"
                "  br ^j\n^r:\n  br ^j\n^j:\n  ret %a")
    rejects(text, "block ^j", "definition of %a in ^l does not dominate")


def test_block_parameter_must_dominate():
    text = wrap("  %c: i1 = eq %x, 0\n  cbr %c, ^l(%x), ^r\n^l(%p: i64):\n  br ^j\n^r:\n"
                "  br ^j\n^j:\n  ret %p")
    rejects(text, "parameter %p of ^l does not dominate")


def test_branch_argument_is_a_use_at_the_end_of_the_predecessor():
    # %v defined in the loop body and passed back to the header: fine
    verify_module(parse_module(wrap(
        "  br ^h(0)\n^h(%i: i64):\n  %v: i64 = add %i, 1\n  %c: i1 = lt %v, %x\n"
        "  cbr %c, ^h(%v), ^out\n^out:\n  ret %i")))


def test_operand_from_another_function():
    g = Function("g", [I64], I64)
    f = Function("f", [], I64)
    Builder(f, f.entry).ret(g.params[0])
    rejects_function(f, "parameter of another function")
    h = Function("h", [I64], I64)
    b = Builder(h, h.entry)
    foreign = Instr("add", [const(1), const(2)], I64, name="foreign")
    b.ret(foreign)
    rejects_function(h, "not an instruction of this function")


def test_unreachable_blocks_may_use_anything_of_their_function():
    verify_module(parse_module(GOOD))   # ^unreachable reads %b and %r


def test_constant_must_fit_its_type():
    f = Function("f", [], I64)
    Builder(f, f.entry).ret(Const(I64, 1.5))
    rejects_function(f, "constant 1.5 does not fit its type i64")
    f = Function("f", [], I64)
    Builder(f, f.entry).ret(Const(I64, 2**63))
    rejects_function(f, "does not fit")


# -- types -------------------------------------------------------------------------------------

def test_arithmetic_operands_match_the_result():
    rejects(wrap("  %a: i64 = add %x, 1.5\n  ret %a"), "add operands (i64, f64)")
    rejects(wrap("  %a: f64 = add %x, 1\n  ret %x"), "do not match the result f64")


def test_comparison_gives_i1():
    rejects(wrap("  %a: i64 = lt %x, 1\n  ret %a"), "lt gives i1, not i64")
    rejects(wrap("  %a: i1 = lt %x, 1.0\n  ret %x"), "lt compares (i64, f64)")


def test_cbr_condition_is_i1():
    rejects(wrap("  cbr %x, ^a, ^a\n^a:\n  ret %x"), "cbr condition must be i1, not i64")


def test_ret_type():
    rejects(wrap("  ret 1.5"), "returns f64 from a function returning i64")
    rejects(wrap("  ret"), "bare ret in a function returning i64")
    verify_module(parse_module(wrap("  ret", "(%x: i64) -> none")))


def test_check_operands():
    rejects(wrap('  check %x, ValueError, "m"\n  ret %x'), "check takes (i1, str)")


def test_unknown_op():
    rejects(wrap("  %a: i64 = frobnicate %x\n  ret %a"), "unknown op 'frobnicate'")


def test_tuple_get():
    rejects(wrap("  %t: tuple<i64> = tuple %x\n  %a: i64 = tuple.get %t, 1\n  ret %a"),
            "index 1 out of range")
    rejects(wrap("  %t: tuple<i64> = tuple 1.5\n  ret %x"), "tuple gives tuple<f64>")


def test_list_element_types():
    rejects(wrap("  %l: list<i64> = list.fill 3, 0\n  list.append %l, 1.5\n  ret %x"),
            "appending f64 to list<i64>")


def test_call_callee_must_exist():
    rejects(wrap("  %a: i64 = call @missing(%x)\n  ret %a"), "call of @missing")


def test_call_argument_count_and_types():
    g = "func @g(%y: i64) -> i64 {\n^entry(%y: i64):\n  ret %y\n}\n"
    rejects(wrap("  %a: i64 = call @g(%x, %x)\n  ret %a", extra=g), "takes 1 argument(s)")
    rejects(wrap("  %a: i64 = call @g(1.5)\n  ret %a", extra=g), "@g takes (i64), given (f64)")
    rejects(wrap("  %a: f64 = call @g(%x)\n  ret %x", extra=g), "@g returns i64")
    verify_module(parse_module(wrap("  call @g(%x)\n  ret %x", extra=g)))


def test_call_without_module_checks_only_the_shape():
    m = parse_module(wrap("  %a: i64 = call @missing(%x)\n  ret %a"))
    verify_function(m["f"])


def test_module_entry_must_exist():
    m = parse_module(GOOD)
    m.entry = "nope"
    with pytest.raises(IRVerifyError, match="module entry @nope"):
        verify_module(m)


def test_message_names_function_block_and_instruction():
    with pytest.raises(IRVerifyError) as info:
        verify_module(parse_module(wrap("  %a: i64 = add %x, 1.5\n  ret %a")))
    assert str(info.value).startswith("@f, block ^entry, `%a: i64 = add %x, 1.5`:")


def rejects_function(f: Function, fragment: str) -> None:
    with pytest.raises(IRVerifyError) as info:
        verify_function(f, Module([f]))
    assert fragment in str(info.value), str(info.value)
