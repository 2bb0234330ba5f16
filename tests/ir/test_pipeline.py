"""The pipeline: pass list, `after=`, verification after each pass, and a differential test
(random programs give the same results through the interpreter before and after)."""
from __future__ import annotations

import random

import pytest

from pts.errors import EXCEPTION_KINDS
from pts.ir.core import Block, BlockParam, Builder, Function, Module, const
from pts.ir.parser import parse_module
from pts.ir.pipeline import LATE_PASSES, PASSES, optimize, pass_names, verify_enabled
from pts.ir.printer import print_module
from pts.ir.types import I1, I64, ListType
from pts.ir.verify import IRVerifyError
from pts.runtime.interp import run_function

SOURCE = """
func @main(%x: i64) -> i64 {
^entry(%x: i64):
  %a: i64 = add 2, 3
  %b: i64 = call @id(%a)
  %c: i64 = add %x, %b
  ret %c
}

func @id(%v: i64) -> i64 {
^entry(%v: i64):
  ret %v
}
"""


def test_pass_names_are_listed_once_in_order():
    # the pipeline as it stands: a change to it must show up here (and in its docstring)
    assert pass_names() == [
        "recognize_convolutions",  # numpy's im2col + product -> the library's conv2d
        "inline", "scalarize_objects", "propagate_constants", "fold_constants", "reduce_strength",
        "number_values", "hoist_loop_invariants", "eliminate_checks", "bound_indices",
        "eliminate_dead_code",
        "simplify_cfg",
        "differentiate",          # only for grad compiles (or --after differentiate)
        "eliminate_dead_functions", "interleave_loops", "fuse_small_reductions", "fuse_tensors",
        "release_tensors",
        "accumulate_in_place", "version_loops", "lift_attributes"]
    assert [n for n, _ in PASSES][-1] == "simplify_cfg"
    assert [n for n, _ in LATE_PASSES][0] == "eliminate_dead_functions"


def test_after_lower_runs_nothing():
    m = parse_module(SOURCE)
    before = print_module(m)
    assert print_module(optimize(m, after="lower")) == before


def test_after_stops_after_the_named_pass():
    m = optimize(parse_module(SOURCE), after="inline")
    text = print_module(m)
    assert "call" not in text.split("func @id")[0]
    assert "add 2, 3" in text                      # fold_constants has not run
    m = optimize(parse_module(SOURCE), after="fold_constants")
    assert "%c: i64 = add %x, 5" in print_module(m)


def test_full_pipeline():
    m = optimize(parse_module(SOURCE), verify=True)
    main = print_module(m).split("func @id")[0]
    assert "%c: i64 = add %x, 5" in main
    assert "br" not in main and "call" not in main


SMALL_SUM = """
func @f(%x: tensor<f64, 1>) -> npf64 {
^entry(%x: tensor<f64, 1>):
  %0: tensor<f64, 1> = np.exp %x {static = "{}"}
  %1: npf64 = np.sum %0 {static = "{}"}
  ret %1
}
"""


def test_fusion_off_leaves_every_fusion_pass_out():
    """PTS_FUSION=0 / fusion=False is the unfused reference: neither fuse_small_reductions'
    loops nor fuse_tensors' kernels."""
    fused = print_module(optimize(parse_module(SMALL_SUM), fusion=True))
    assert ".red.head" in fused
    plain = print_module(optimize(parse_module(SMALL_SUM), fusion=False))
    assert ".red." not in plain and "kernel" not in plain
    assert "np.exp %x" in plain and "np.sum %0" in plain


def test_unknown_pass_name_lists_the_names():
    with pytest.raises(ValueError) as info:
        optimize(parse_module(SOURCE), after="nope")
    for name in ["lower"] + pass_names():
        assert name in str(info.value)


def test_verification_names_the_pass(monkeypatch):
    def breaks_things(module):
        instrs = module["main"].entry.instrs
        if instrs[-1].is_terminator:
            instrs.pop()                # drop the terminator
            return True
        return False

    from pts.ir import pipeline
    monkeypatch.setattr(pipeline, "PASSES", [("breaks_things", breaks_things)])
    with pytest.raises(IRVerifyError, match="after breaks_things: @main"):
        optimize(parse_module(SOURCE), verify=True)
    monkeypatch.setenv("PTS_VERIFY", "1")
    with pytest.raises(IRVerifyError, match="after breaks_things"):
        optimize(parse_module(SOURCE))
    monkeypatch.setenv("PTS_VERIFY", "0")
    optimize(parse_module(SOURCE))          # not verified: no error


def test_a_pass_that_changes_the_ir_without_saying_so_is_still_caught(monkeypatch):
    """The verifier runs after each pass that reports a change (a pass that changed nothing
    leaves a module already verified), and once more when the rounds end."""
    def breaks_quietly(module):
        instrs = module["main"].entry.instrs
        if instrs[-1].is_terminator:
            instrs.pop()
        return False
    from pts.ir import pipeline
    monkeypatch.setattr(pipeline, "PASSES", [("breaks_quietly", breaks_quietly)])
    with pytest.raises(IRVerifyError, match="after the optimization rounds: @main"):
        optimize(parse_module(SOURCE), verify=True)


@pytest.mark.parametrize("value, on", [
    ("1", True), ("true", True), ("YES", True), (" on ", True),
    ("", False), ("0", False), ("false", False), ("No", False), ("off", False)])
def test_verify_flag_means_the_same_everywhere(monkeypatch, value, on):
    monkeypatch.setenv("PTS_VERIFY", value)
    assert verify_enabled() is on


def test_verify_flag_unset_is_off_and_nonsense_is_refused(monkeypatch):
    monkeypatch.delenv("PTS_VERIFY")
    assert verify_enabled() is False
    monkeypatch.setenv("PTS_VERIFY", "2")
    with pytest.raises(ValueError, match="PTS_VERIFY='2'"):
        verify_enabled()


def _drop_a_terminator(module):
    for f in module:
        f.entry.instrs.pop()
        return True
    return False


def test_the_test_suite_verifies_scripted_functions(monkeypatch):
    """tests/conftest.py turns the verifier on: a pass that breaks the IR of an ordinary
    scripted function (native or interpreted) is caught in the pass that did it."""
    import pts
    from pts.ir import pipeline
    monkeypatch.setenv("PTS_CACHE", "0")        # compile now, not from the disk cache
    monkeypatch.setattr(pipeline, "PASSES",
                        pipeline.PASSES[:1] + [("drop_a_terminator", _drop_a_terminator)])

    def twice(x: int) -> int:
        return 2 * x
    for backend in ("native", "interp"):
        with pytest.raises(IRVerifyError, match="after drop_a_terminator"):
            pts.script(twice, backend=backend)(3)


def test_the_test_suite_verifies_models_methods(monkeypatch):
    import pts
    from pts.ir import pipeline
    monkeypatch.setenv("PTS_CACHE", "0")
    monkeypatch.setattr(pipeline, "PASSES",
                        pipeline.PASSES[:1] + [("drop_a_terminator", _drop_a_terminator)])

    class Scale:
        def __init__(self):
            self.k = 3

        def forward(self, x: int) -> int:
            return self.k * x
    with pytest.raises(IRVerifyError, match="after drop_a_terminator"):
        pts.script(Scale()).forward(2)


def test_invalid_input_is_blamed_on_lowering():
    m = parse_module(SOURCE)
    m["main"].entry.instrs.pop()
    with pytest.raises(IRVerifyError, match="after lower"):
        optimize(m, verify=True)


# -- differential testing on random programs -----------------------------------------------

INT_OPS = ["add", "sub", "mul", "and", "or", "xor"]
CMP_OPS = ["eq", "ne", "lt", "le", "gt", "ge"]


def random_function(rng: random.Random, name: str, callees: list[Function]) -> Function:
    """A random function of two i64s: integer ops, comparisons, selects, checked divisions,
    powers, calls, diamonds and block parameters; counted loops (some dividing by their
    counter) and loops over a list (some popping from it), with the checks lowering would
    write; plenty of constants (powers of two among them) and repeats."""
    f = Function(name, [I64, I64], I64, ["a", "b"])
    nblocks = rng.randint(1, 6)
    blocks = [f.entry] + [f.new_block(f"b{n}") for n in range(1, nblocks)]
    for blk in blocks[1:]:
        for k in range(rng.randint(0, 2)):
            blk.add_param(BlockParam(I64, f"p{k}"))
    b = Builder(f)
    for n, blk in enumerate(blocks):
        b.at(blk)
        ints = list(f.params) + list(blk.params)

        def operand():
            if rng.random() < 0.3:
                return const(rng.choice([0, 1, -1, 2, 3, 7, 8, 100, 2**62]))
            return rng.choice(ints)

        bools = []
        for _ in range(rng.randint(1, 8)):
            kind = rng.random()
            if kind < 0.45:
                ints.append(b.emit(rng.choice(INT_OPS), [operand(), operand()], I64))
            elif kind < 0.6:
                bools.append(b.emit(rng.choice(CMP_OPS), [operand(), operand()], I1))
            elif kind < 0.7 and bools:
                ints.append(b.emit("select", [rng.choice(bools), operand(), operand()], I64))
            elif kind < 0.8:
                d = operand()
                z = b.emit("eq", [d, const(0)], I1)
                b.check(z, "ZeroDivisionError", "integer division or modulo by zero")
                ints.append(b.emit(rng.choice(["floordiv", "mod"]), [operand(), d], I64))
            elif kind < 0.85 and callees:
                g = rng.choice(callees)
                ints.append(b.emit("call", [operand(), operand()], I64, {"callee": g.name}))
            elif kind < 0.9:
                ints.append(b.emit("pow", [operand(), const(rng.randint(0, 3))], I64))
            else:
                ints.append(b.emit("shl", [operand(), const(rng.randint(0, 63))], I64))
        later = blocks[n + 1:]
        if not later:
            b.ret(rng.choice(ints))
            continue

        def args(target):
            return [rng.choice(ints) for _ in target.params]

        t = rng.choice(later)
        if rng.random() < 0.25:
            # a counted loop: ^hdr(i, acc) runs ^body a few times, then leaves for t
            hdr, body = Block(f"loop{n}"), Block(f"body{n}")
            f.blocks[f.blocks.index(blk) + 1:f.blocks.index(blk) + 1] = [hdr, body]
            i = hdr.add_param(BlockParam(I64, "i"))
            acc = hdr.add_param(BlockParam(I64, "acc"))
            junk = hdr.add_param(BlockParam(I64, "junk"))
            b.br(hdr, [const(rng.choice([0, 0, 1, 2])), rng.choice(ints), rng.choice(ints)])
            b.at(hdr)
            bound = const(rng.randint(0, 4)) if rng.random() < 0.7 else b.emit(
                "and", [operand(), const(3)], I64)
            more = b.emit("lt", [i, bound], I1)
            ints.append(acc)
            b.cbr(more, body, t, [], args(t))
            b.at(body)
            acc2 = b.emit(rng.choice(INT_OPS), [acc, operand()], I64)
            if rng.random() < 0.4:
                # acc // i, checked as lowering does: the counter may start at 0
                b.check(b.emit("eq", [i, const(0)], I1), "ZeroDivisionError", "by zero")
                acc2 = b.emit(rng.choice(["floordiv", "mod"]), [acc2, i], I64)
            inv = b.emit(rng.choice(INT_OPS), [operand(), operand()], I64)
            acc2 = b.emit("xor", [acc2, inv], I64)
            junk2 = b.emit("add", [junk, const(1)], I64)
            i2 = b.emit("add", [i, const(rng.choice([1, 1, 2]))], I64)
            b.br(hdr, [i2, acc2, junk2])
        elif rng.random() < 0.15:
            # for i in range(len(xs)): acc += xs[i], xs maybe shrinking under the loop
            xs = b.emit("list.fill", [b.emit("and", [operand(), const(7)], I64), operand()],
                        ListType(I64))
            n0 = b.emit("list.len", [xs], I64)
            hdr, body = Block(f"lloop{n}"), Block(f"lbody{n}")
            f.blocks[f.blocks.index(blk) + 1:f.blocks.index(blk) + 1] = [hdr, body]
            i = hdr.add_param(BlockParam(I64, "i"))
            acc = hdr.add_param(BlockParam(I64, "acc"))
            b.br(hdr, [const(0), rng.choice(ints)])
            b.at(hdr)
            more = b.emit("lt", [i, n0], I1)
            ints.append(acc)
            b.cbr(more, body, t, [], args(t))
            b.at(body)
            if rng.random() < 0.3:
                empty = b.emit("eq", [b.emit("list.len", [xs], I64), const(0)], I1)
                b.check(empty, "IndexError", "pop from empty list")
                b.emit("list.pop", [xs], I64)
            n1 = b.emit("list.len", [xs], I64)
            neg = b.emit("lt", [i, const(0)], I1)
            j = b.emit("select", [neg, b.emit("add", [i, n1], I64), i], I64)
            bad = b.emit("or", [b.emit("lt", [j, const(0)], I1), b.emit("ge", [j, n1], I1)], I1)
            b.check(bad, "IndexError", "list index out of range")
            x = b.emit("list.get", [xs, j], I64)
            acc2 = b.emit("add", [acc, x], I64)
            i2 = b.emit("add", [i, const(1)], I64)
            b.br(hdr, [i2, acc2])
        elif rng.random() < 0.5:
            b.br(t, args(t))
        else:
            cond = rng.choice(bools) if bools else const(rng.random() < 0.5)
            e = rng.choice(later)
            b.cbr(cond, t, e, args(t), args(e))
    # the last block may be unreachable or not; every block ends in a terminator
    return f


def random_module(seed: int) -> Module:
    rng = random.Random(seed)
    helpers: list[Function] = []
    for k in range(rng.randint(0, 2)):
        helpers.append(random_function(rng, f"h{k}", list(helpers)))
    main = random_function(rng, "main", helpers)
    return Module(helpers + [main], entry="main")


def outcome(module: Module, args: list[int]):
    try:
        return ("ok", run_function(module, "main", args))
    except Exception as e:      # a scripted run-time error: compare its type
        if type(e).__name__ not in EXCEPTION_KINDS:
            raise               # the interpreter's own failure: no outcome to compare
        return ("raise", type(e).__name__)


@pytest.mark.parametrize("seed", range(150))
def test_random_programs_keep_their_meaning(seed):
    text = print_module(random_module(seed))
    inputs = [[0, 0], [1, -1], [7, 3], [-5, 2], [2**40, -(2**50)], [3, 0]]
    before = [outcome(parse_module(text), a) for a in inputs]
    m = optimize(parse_module(text), verify=True)
    after = [outcome(m, a) for a in inputs]
    assert before == after, print_module(m)
    optimized = print_module(m)
    assert print_module(parse_module(optimized)) == optimized


def test_static_arguments_are_parsed_once_and_not_shared():
    """Instr.static(): an op's compile-time arguments (its `static` attribute, a Python
    literal) as a dict; each call gets its own dict, whatever callers do with it."""
    from pts.ir.core import Instr
    i = Instr("np.sum", [], attrs={"static": "{'axis': 1, 'keepdims': True}"})
    j = Instr("np.sum", [], attrs={"static": "{'axis': 1, 'keepdims': True}"})
    first = i.static()
    assert first == {"axis": 1, "keepdims": True}
    first["axis"] = 0
    assert i.static() == j.static() == {"axis": 1, "keepdims": True}
    assert Instr("np.exp", []).static() == {}
