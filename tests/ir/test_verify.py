"""The verifier: each rule rejects a function that breaks it, naming where and what.

Most cases are IR text files in tests/ir/verify/: the IR, then directives in `;` comments
    ; error: FRAGMENT    verify_module must raise IRVerifyError, its message containing
                         every FRAGMENT given (one line each)
    ; verifies           the module must verify
The cases below the file runner build IR the text cannot express (a block with no
instructions, an instruction that does not point back at its block, operands of another
function, constants that do not fit their type, a module entry that does not exist).
"""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from pts.ir.core import Block, Builder, Const, Function, Instr, Module, const
from pts.ir.parser import parse_module
from pts.ir.types import I1, I64, NONE
from pts.ir.verify import IRVerifyError, verify_function, verify_module

FILES = sorted((Path(__file__).parent / "verify").glob("*.ir"))


def directives(text: str) -> tuple[list[str], bool]:
    errors = [m.group(1).strip() for m in re.finditer(r"^\s*;\s*error:(.*)$", text, re.M)]
    verifies = re.search(r"^\s*;\s*verifies\s*$", text, re.M) is not None
    return errors, verifies


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_verify_file(path: Path):
    text = path.read_text()
    errors, verifies = directives(text)
    assert bool(errors) != verifies, f"{path.name}: needs either '; error:' lines or '; verifies'"
    module = parse_module(text)
    if verifies:
        verify_module(module)
        return
    with pytest.raises(IRVerifyError) as info:
        verify_module(module)
    for fragment in errors:
        assert fragment in str(info.value), f"{path.name}: {info.value}"


def test_the_files_cover_every_family_of_rules():
    """One file per rule at least: structure, dominance, scalar, list, tuple, call, kernel
    and np.* ops (a deleted file would silently drop a rule's test)."""
    names = {p.stem for p in FILES}
    for prefix in ("branch_", "definition_", "arithmetic_", "comparison_", "tuple_", "list_",
                   "call_", "kernel_", "np_getitem", "np_setitem", "np_out", "np_promotion",
                   "tensor_ops"):
        assert any(n.startswith(prefix) for n in names), prefix


def test_message_names_function_block_and_instruction():
    with pytest.raises(IRVerifyError) as info:
        verify_module(parse_module(
            "func @f(%x: i64) -> i64 {\n^entry(%x: i64):\n  %a: i64 = add %x, 1.5\n  ret %a\n}\n"))
    assert str(info.value).startswith("@f, block ^entry, `%a: i64 = add %x, 1.5`: add of "
                                      "(i64, f64):")


# -- IR the text form cannot express ---------------------------------------------------

def rejects_function(f: Function, fragment: str) -> None:
    with pytest.raises(IRVerifyError) as info:
        verify_function(f, Module([f]))
    assert fragment in str(info.value), str(info.value)


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


def test_cbr_shape():
    f = Function("f", [I1], NONE)
    f.entry.append(Instr("cbr", [f.params[0]], targets=[]))
    rejects_function(f, "cbr takes 1 operand(s) and 2 target(s)")


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


def test_constant_must_fit_its_type():
    f = Function("f", [], I64)
    Builder(f, f.entry).ret(Const(I64, 1.5))
    rejects_function(f, "constant 1.5 does not fit its type i64")
    f = Function("f", [], I64)
    Builder(f, f.entry).ret(Const(I64, 2**63))
    rejects_function(f, "does not fit")


def test_call_without_module_checks_only_the_shape():
    m = parse_module("func @f(%x: i64) -> i64 {\n^entry(%x: i64):\n"
                     "  %a: i64 = call @missing(%x)\n  ret %a\n}\n")
    verify_function(m["f"])


def test_module_entry_must_exist():
    m = parse_module("func @g(%y: i64) -> i64 {\n^entry(%y: i64):\n  ret %y\n}\n")
    m.entry = "nope"
    with pytest.raises(IRVerifyError, match="module entry @nope"):
        verify_module(m)
