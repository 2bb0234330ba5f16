"""Golden file tests for the IR passes: tests/ir/<pass>/*.ir.

A file is IR text plus directives in `;` comments (which the IR parser ignores):
    ; pass: NAME             the pass to run (a name from pipeline.PASSES, or `pipeline`
                             for the whole `optimize`)
    ; check: TEXT            TEXT must occur in a line of the printed result after the line
                             of the previous match (the first check: anywhere)
    ; nextln: TEXT           TEXT must occur in the line right after the previous match's
    ; check-not: TEXT        TEXT must not occur between the end of the previous match and
                             the start of the next one (the end of the output if none
                             follows), as FileCheck's CHECK-NOT
    ; run: @f(ARGS) == VALUE run @f through the IR interpreter before and after the pass,
    ; run: @f(ARGS) raises KIND   and natively after it.  ARGS and VALUE are Python
                             expressions: IR spellings true/false/inf/nan/none, and `np`
                             for arrays (`np.array([[1.0, 2.0]], dtype=np.float32)`),
                             which must equal the result exactly: dtype, shape, every
                             value (nan equals nan, -0.0 is not 0.0)
TEXT matches whole tokens: where it starts or ends with a character of a name or number,
the text around the match must not continue that token (`ret %x` does not match
`ret %x1`, `@f` does not match `@f.k0`).  Runs of spaces match any run of spaces.
The input must verify; the output must verify and survive a print/parse round trip.
"""
from __future__ import annotations

import math
import re
from pathlib import Path

import numpy as np
import pytest

from pts.backend import jit
from pts.ir.parser import parse_module
from pts.ir.pipeline import LATE_PASSES, PASSES, optimize
from pts.ir.printer import print_module
from pts.ir.verify import verify_module
from pts.runtime.interp import run_function
from pts.runtime.native import NativeEntry

HERE = Path(__file__).parent
# tests/ir/verify/ holds the verifier's cases (tests/ir/test_verify.py), not pass goldens
FILES = sorted(p for p in HERE.glob("*/*.ir") if p.parent.name != "verify")
_RUN = re.compile(r"@([\w.$]+)\((.*)\)\s*(==|raises)\s*(.+)$")
MATCHERS = ("check", "nextln")


def directives(text: str):
    out = []
    for line in text.splitlines():
        m = re.match(r"\s*;\s*(pass|check|nextln|check-not|run):\s?(.*)$", line)
        if m:
            out.append((m.group(1), m.group(2).rstrip()))
    return out


def same(a, b) -> bool:
    if isinstance(a, np.ndarray) or isinstance(b, np.ndarray):
        return (isinstance(a, np.ndarray) and isinstance(b, np.ndarray)
                and a.dtype == b.dtype and a.shape == b.shape
                and np.array_equal(a, b, equal_nan=a.dtype.kind in "fc")
                and (a.dtype.kind != "f" or np.array_equal(np.signbit(a), np.signbit(b))))
    if isinstance(a, float) and isinstance(b, float):
        return a == b and math.copysign(1, a) == math.copysign(1, b) or (a != a and b != b)
    if isinstance(a, (tuple, list)) and isinstance(b, (tuple, list)):
        return type(a) is type(b) and len(a) == len(b) and all(map(same, a, b))
    return type(a) is type(b) and a == b


def _value(text: str):
    """A Python expression of literals and numpy arrays; `true`, `false`, `inf`, `nan` and
    `none` as in the IR."""
    names = {"true": True, "false": False, "inf": math.inf, "nan": math.nan, "none": None,
             "np": np}
    return eval(text, {"__builtins__": {}}, names)


def run_line(module, spec: str, when: str, call) -> None:
    """Run one `; run:` line with `call(module, name, args)`; the arguments are built anew
    for each run (a run may write into them)."""
    m = _RUN.match(spec.strip())
    assert m, f"bad run line: {spec}"
    name, args, how, expected = m.groups()
    args = list(_value(f"({args},)")) if args.strip() else []
    if how == "raises":
        try:
            got = call(module, name, args)
        except Exception as e:
            assert type(e).__name__ == expected.strip(), f"{when}: {spec}: {e!r}"
        else:
            raise AssertionError(f"{when}: {spec}: got {got!r}")
    else:
        got = call(module, name, args)
        want = _value(expected.strip())
        assert same(got, want), f"{when}: {spec}: got {got!r}"


def native_caller(module):
    """call(module, name, args) running the functions of `module` compiled to machine code
    (compiled once, on the first call)."""
    compiled = []

    def call(_module, name, args):
        if not compiled:
            compiled.append(jit.compile_module(module))
        return NativeEntry(compiled[0], module[name])(args)
    return call


def interpret(module, name, args):
    return run_function(module, name, args)


def _squash(text: str) -> str:
    return " ".join(text.split())


_WORD = r"\w$"           # a token's characters (names, numbers)
_MORE = _WORD + "."       # and what may continue one: `%x.1`, `@f.k0`, `2.5`
_SIGILS = "%@^"           # what starts a name: `x1` is not a token of `%x1`


def token_pattern(text: str) -> re.Pattern:
    """TEXT as a regular expression that matches only at token boundaries: where TEXT
    starts (ends) inside a token, the character before (after) it may not extend it."""
    lead = ""
    if re.match(f"[{_WORD}]", text):
        lead = f"(?<![{_MORE}{_SIGILS}])"
    elif text[0] in _SIGILS:
        lead = f"(?<![{_MORE}])"
    trail = f"(?![{_MORE}])" if re.search(f"[{_WORD}]$", text) else ""
    return re.compile(lead + re.escape(text) + trail)


def match_checks(output: str, checks: list[tuple[str, str]]) -> None:
    """Check `output` against (kind, text) directives: check, nextln, check-not."""
    # runs of spaces count as one space, as in FileCheck (spans are column-aligned)
    lines = [_squash(line) for line in output.splitlines()]
    prev = None                      # (line, end column) of the previous match
    pending_not: list[tuple[str, re.Pattern]] = []

    def forbid(upto: tuple[int, int]) -> None:
        """No pending check-not occurs from the end of the previous match to `upto`."""
        start = prev or (0, 0)
        for text, pattern in pending_not:
            for n in range(start[0], min(upto[0], len(lines) - 1) + 1):
                lo = start[1] if n == start[0] else 0
                hi = upto[1] if n == upto[0] else len(lines[n])
                # (a window inside the line, so a token is judged by its real neighbours)
                if pattern.search(lines[n], lo, hi) is not None:
                    raise AssertionError(f"check-not: {text!r} found in {lines[n]!r}\n{output}")
        pending_not.clear()

    for kind, text in checks:
        text = _squash(text)
        pattern = token_pattern(text)
        if kind == "check-not":
            pending_not.append((text, pattern))
            continue
        if kind == "nextln":
            assert prev is not None, f"nextln: {text!r} has no previous match"
            candidates = range(prev[0] + 1, min(prev[0] + 2, len(lines)))
        else:
            candidates = range(prev[0] + 1 if prev else 0, len(lines))
        for n in candidates:
            found = pattern.search(lines[n])
            if found is not None:
                forbid((n, found.start()))
                prev = (n, found.end())
                break
        else:
            where = f"on line {prev[0] + 2}" if kind == "nextln" else \
                f"after line {prev[0] + 1 if prev else 0}"
            raise AssertionError(f"{kind}: {text!r} not found {where}\n{output}")
    forbid((len(lines), 0))


@pytest.mark.parametrize("path", FILES, ids=[f"{p.parent.name}/{p.name}" for p in FILES])
def test_golden(path: Path):
    text = path.read_text()
    ds = directives(text)
    passes = [v for k, v in ds if k == "pass"]
    assert len(passes) == 1, "a golden file names exactly one pass"
    name = passes[0]
    runs = [v for k, v in ds if k == "run"]
    checks = [(k, v) for k, v in ds if k in ("check", "nextln", "check-not")]
    assert any(k in MATCHERS for k, _ in checks), "a golden file has at least one check"

    before = parse_module(text)
    verify_module(before)
    for spec in runs:
        run_line(before, spec, "before (interpreted)", interpret)

    m = parse_module(text)
    if name == "pipeline":
        optimize(m, verify=True)
    else:
        table = dict(PASSES + LATE_PASSES)
        assert name in table, f"unknown pass {name}"
        table[name](m)
        verify_module(m)
    output = print_module(m)
    assert print_module(parse_module(output)) == output
    match_checks(output, checks)
    for spec in runs:
        run_line(m, spec, "after (interpreted)", interpret)
    native = native_caller(m)
    for spec in runs:
        run_line(m, spec, "after (native)", native)


def test_every_pass_has_golden_files():
    for name, _ in PASSES + LATE_PASSES:
        files = list((HERE / name).glob("*.ir"))
        assert len(files) >= 4, f"tests/ir/{name} has {len(files)} golden files"


@pytest.mark.parametrize("name", ["fuse_small_reductions", "fuse_tensors", "release_tensors",
                                  "accumulate_in_place"])
def test_tensor_passes_golden_files_run(name):
    """What these passes change is only seen by running it (a kernel that computes
    something else, a free before the last read): each of their files has run lines."""
    for path in (HERE / name).glob("*.ir"):
        assert any(k == "run" for k, _ in directives(path.read_text())), path.name


# -- the harness itself: each directive can fail ------------------------------------------

OUT = """func @f(%x: i64) -> i64 {
^entry(%x: i64):
  %x1: i64 = add %x, 1      !3:5
  %10: i64 = mul %x1, 2
  ret %x1
}

func @f.k0() -> none {
^entry:
  ret
}"""


def fails(checks: list[tuple[str, str]], output: str = OUT) -> bool:
    try:
        match_checks(output, checks)
    except AssertionError:
        return True
    return False


def test_check_matches_whole_tokens():
    assert not fails([("check", "ret %x1")])
    assert fails([("check", "ret %x")])                 # not a prefix of %x1
    assert fails([("check", "x1: i64")])                # not the end of %x1
    assert fails([("check", "0: i64 = mul")])           # not the end of %10
    assert not fails([("check", "%10: i64 = mul")])
    assert fails([("check", "func @f()")]) and not fails([("check", "func @f.k0()")])
    assert fails([("check", "func @f.k")])              # not a prefix of @f.k0
    assert not fails([("check", "func @f(")])           # ends at a bracket: no boundary
    assert not fails([("check", "add %x, 1 !3:5")]) and fails([("check", "!3:50")])
    assert not fails([("check", "add   %x,  1")])       # runs of spaces match any run


def test_checks_match_in_order_on_later_lines():
    assert not fails([("check", "add %x, 1"), ("check", "ret %x1")])
    assert fails([("check", "ret %x1"), ("check", "add %x, 1")])
    assert fails([("check", "add %x, 1"), ("check", "!3:5")])   # same line: not after it


def test_nextln_is_the_line_right_after_the_previous_match():
    assert not fails([("check", "%x1: i64 = add"), ("nextln", "%10: i64 = mul %x1, 2"),
                      ("nextln", "ret %x1")])
    assert fails([("check", "%x1: i64 = add"), ("nextln", "ret %x1")])   # two lines on
    assert fails([("check", "%x1: i64 = add"), ("nextln", "%x1: i64 = add")])
    assert fails([("nextln", "^entry(%x: i64):")])                     # nothing before it


def test_check_not_holds_between_two_matches():
    assert fails([("check", "^entry(%x: i64):"), ("check-not", "mul"), ("check", "ret %x1")])
    assert not fails([("check", "^entry(%x: i64):"), ("check-not", "mul %x"),
                      ("check", "ret %x1")])               # `mul %x1` is not `mul %x`
    assert not fails([("check", "mul"), ("check-not", "mul"), ("check", "ret %x1")])
    # from the end of the previous match to the start of the next one, within lines too
    assert fails([("check", "%10: i64"), ("check-not", "mul"), ("check", "ret %x1")])
    assert not fails([("check", "%10: i64 = mul"), ("check-not", "mul"), ("check", "ret")])
    assert fails([("check", "a"), ("check-not", "b"), ("check", "d")], "a\nb c d")
    assert not fails([("check", "a"), ("check-not", "b"), ("check", "d")], "a\nc d b")
    # a check-not at the end holds to the end of the output, one at the start from its start
    assert fails([("check", "func @f("), ("check-not", "@f.k0")])
    assert not fails([("check", "func @f.k0"), ("check-not", "add")])
    assert fails([("check-not", "add"), ("check", "ret %x1")])
    assert not fails([("check-not", "ret"), ("check", "add %x, 1")])


def test_same_compares_arrays_exactly():
    a = np.array([[1.0, -0.0, np.nan]], dtype=np.float32)
    assert same(a, a.copy())
    assert not same(a, a.astype(np.float64))                      # dtype
    assert not same(a, a.reshape(3))                              # shape
    assert not same(a, np.array([[1.0, 0.0, np.nan]], dtype=np.float32))    # -0.0
    assert not same(a, np.array([[1.0, -0.0, 2.0]], dtype=np.float32))
    assert not same(np.array([1, 2]), [1, 2]) and not same(1, 1.0)


RUN_SRC = """
func @scale(%x: tensor<f32, 2>, %k: f64) -> tensor<f32, 2> {
^entry(%x: tensor<f32, 2>, %k: f64):
  %0: tensor<f32, 2> = np.multiply %x, %k {static = "{}"}
  ret %0
}
"""


def test_run_lines_take_arrays_and_run_natively():
    m = parse_module(RUN_SRC)
    call = "@scale(np.array([[1.0, 2.0]], dtype=np.float32), 3.0)"
    compiles = jit.STATS["llvm_compiles"]
    for run in (interpret, native_caller(m)):
        run_line(m, f"{call} == np.array([[3.0, 6.0]], dtype=np.float32)", "test", run)
        for wrong in ("np.array([[3.0, 6.5]], dtype=np.float32)",
                      "np.array([[3.0, 6.0]], dtype=np.float64)",
                      "np.array([3.0, 6.0], dtype=np.float32)", "[[3.0, 6.0]]"):
            with pytest.raises(AssertionError, match="got"):
                run_line(m, f"{call} == {wrong}", "test", run)
        with pytest.raises(AssertionError):
            run_line(m, f"{call} raises ValueError", "test", run)
    assert jit.STATS["llvm_compiles"] == compiles + 1      # the native runs compiled it
