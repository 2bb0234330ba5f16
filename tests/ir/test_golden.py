"""Golden file tests for the IR passes: tests/ir/<pass>/*.ir.

A file is IR text plus directives in `;` comments (which the IR parser ignores):
    ; pass: NAME             the pass to run (a name from pipeline.PASSES, or `pipeline`
                             for the whole `optimize`)
    ; check: TEXT            TEXT must occur in a line of the printed result, in order:
                             each check searches the lines after the previous match;
                             runs of spaces match any run of spaces
    ; check-not: TEXT        TEXT must not occur between the previous and the next match
    ; run: @f(ARGS) == VALUE run @f through the IR interpreter before and after the pass;
    ; run: @f(ARGS) raises KIND   ARGS and VALUE are Python expressions
                             (IR spellings true/false/inf/nan/none allowed)
The input must verify; the output must verify and survive a print/parse round trip.
"""
from __future__ import annotations

import math
import re
from pathlib import Path

import pytest

from pts.ir.parser import parse_module
from pts.ir.pipeline import LATE_PASSES, PASSES, optimize
from pts.ir.printer import print_module
from pts.ir.verify import verify_module

HERE = Path(__file__).parent
# tests/ir/verify/ holds the verifier's cases (tests/ir/test_verify.py), not pass goldens
FILES = sorted(p for p in HERE.glob("*/*.ir") if p.parent.name != "verify")
_RUN = re.compile(r"@([\w.$]+)\((.*)\)\s*(==|raises)\s*(.+)$")


def directives(text: str):
    out = []
    for line in text.splitlines():
        m = re.match(r"\s*;\s*(pass|check|check-not|run):\s?(.*)$", line)
        if m:
            out.append((m.group(1), m.group(2).rstrip()))
    return out


def same(a, b) -> bool:
    if isinstance(a, float) and isinstance(b, float):
        return a == b and math.copysign(1, a) == math.copysign(1, b) or (a != a and b != b)
    if isinstance(a, (tuple, list)) and isinstance(b, (tuple, list)):
        return type(a) is type(b) and len(a) == len(b) and all(map(same, a, b))
    return type(a) is type(b) and a == b


def _value(text: str):
    """A Python expression of literals; `true`, `false`, `inf` and `nan` as in the IR."""
    names = {"true": True, "false": False, "inf": math.inf, "nan": math.nan, "none": None}
    return eval(text, {"__builtins__": {}}, names)


def run_line(module, spec: str, when: str) -> None:
    interp = pytest.importorskip("pts.runtime.interp")
    m = _RUN.match(spec.strip())
    assert m, f"bad run line: {spec}"
    name, args, how, expected = m.groups()
    args = list(_value(f"({args},)")) if args.strip() else []
    if how == "raises":
        with pytest.raises(Exception) as info:
            interp.run_function(module, name, args)
        assert type(info.value).__name__ == expected.strip(), f"{when}: {spec}"
    else:
        got = interp.run_function(module, name, args)
        want = _value(expected.strip())
        assert same(got, want), f"{when}: {spec}: got {got!r}"


def _squash(text: str) -> str:
    return " ".join(text.split())


def match_checks(output: str, checks: list[tuple[str, str]]) -> None:
    # runs of spaces count as one space, as in FileCheck (spans are column-aligned)
    lines = [_squash(line) for line in output.splitlines()]
    checks = [(kind, _squash(text)) for kind, text in checks]
    pos = 0
    pending_not: list[str] = []

    def forbid(upto: int) -> None:
        for text in pending_not:
            for line in lines[pos:upto]:
                assert text not in line, f"check-not: {text!r} found in {line!r}\n{output}"
        pending_not.clear()

    for kind, text in checks:
        if kind == "check-not":
            pending_not.append(text)
            continue
        for n in range(pos, len(lines)):
            if text in lines[n]:
                forbid(n)
                pos = n + 1
                break
        else:
            raise AssertionError(f"check: {text!r} not found after line {pos}\n{output}")
    forbid(len(lines))


@pytest.mark.parametrize("path", FILES, ids=[f"{p.parent.name}/{p.name}" for p in FILES])
def test_golden(path: Path):
    text = path.read_text()
    ds = directives(text)
    passes = [v for k, v in ds if k == "pass"]
    assert len(passes) == 1, "a golden file names exactly one pass"
    name = passes[0]
    runs = [v for k, v in ds if k == "run"]
    checks = [(k, v) for k, v in ds if k in ("check", "check-not")]
    assert checks, "a golden file has at least one check"

    before = parse_module(text)
    verify_module(before)
    for spec in runs:
        run_line(before, spec, "before")

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
        run_line(m, spec, "after")


def test_every_pass_has_golden_files():
    for name, _ in PASSES + LATE_PASSES:
        files = list((HERE / name).glob("*.ir"))
        assert len(files) >= 4, f"tests/ir/{name} has {len(files)} golden files"
