"""The C runtime's fast format path (runtime/c/strings.c fast_format: the specs f-strings
use most, as backend/fstring_codegen.py's fused f-strings and str.format run them) against
Python's own format(), on a seeded sample of fills, alignments, signs, zero padding, widths
and precisions crossed with values chosen to break it: decimal ties at every precision,
exact binary ties, the edges of the exact fixed-point range (9e18 / 10**p), 2**53 and its
halves, subnormals, -0.0, int64's extremes and non-ASCII text.  C runs with its Python
fallback off (as in libpts), so every case is C's answer (or its general path's, where the
fast path declines)."""
from __future__ import annotations

import itertools
import math
import random

import pytest

from test_str_ops_c import C_CALL, _run, c_alone  # noqa: F401  (c_alone: a fixture)

from pts.ir.types import F64, I64, STR

ALIGNS = ["", "<", ">", "^", "=", "*<", "0>", "x^", "==", "é>"]
SIGNS = ["", "+", "-", " "]
ZEROS = ["", "0"]
WIDTHS = ["", "1", "8", "12", "30"]
PRECS = ["", ".0", ".1", ".2", ".3", ".6", ".15", ".16"]


def _floats() -> list[float]:
    xs = [0.0, -0.0, 5e-324, 1e-7, 0.1, 0.7, 2.675, 1.005, 0.125, 0.375, 2.5, -2.5, 0.5, 1.5,
          2.0 ** 53, 2.0 ** 53 - 0.5, 2.0 ** 52 + 0.5, 4503599627370495.5, 9.2e17, 1e19, -1e19,
          1e300, 123456789.987654321, math.inf, -math.inf, math.nan]
    for p in range(5):                           # decimal ties at precision p
        xs += [(k + 0.5) / 10 ** p for k in range(0, 60, 7)]
        xs += [-(k + 0.5) / 10 ** p for k in range(3, 60, 11)]
    for p in range(16):                          # the fast path's range edge, both sides
        edge = 9.0e18 / 10 ** p
        xs += [edge, math.nextafter(edge, 0), math.nextafter(edge, math.inf)]
    rng = random.Random(30)
    xs += [rng.uniform(-1, 1) * 10 ** rng.randint(-8, 19) for _ in range(60)]
    return xs


INTS = [0, 1, -1, 7, -42, 999, 123456, -123456, 2 ** 31, 2 ** 63 - 1, -2 ** 63]
TEXTS = ["", "a", "apple", "héllo", "日本語", "elderberry-long"]


def _specs(types: list[str], precs: list[str], signs: list[str]) -> list[str]:
    return ["".join(p) for p in itertools.product(ALIGNS, signs, ZEROS, WIDTHS, precs, types)]


def _python(x, spec: str):
    try:
        return ("ok", format(x, spec))
    except ValueError as e:
        return ("raise", str(e))


def _c(x, spec: str, t):
    got = _run(C_CALL, "str.format", [t, STR], STR, [x, spec])
    if got[0] == "raise":
        return ("raise", got[2])
    return got


def _check(cases, t) -> None:
    bad = []
    for x, spec in cases:
        want, got = _python(x, spec), _c(x, spec, t)
        if want[0] == "raise":
            ok = got[0] == "raise"                 # (messages: test_str_ops_c's corpus)
        else:
            ok = got == want
        if not ok:
            bad.append((x, spec, got, want))
    assert not bad, "\n".join(map(repr, bad[:30])) + f"\n({len(bad)} of {len(cases)})"


def test_float_specs(c_alone):
    rng = random.Random(1)
    specs = _specs(["f", "F", ""], PRECS, SIGNS)
    cases = [(x, rng.choice(specs)) for x in _floats() for _ in range(40)]
    cases += [(x, s) for x in (2.675, 0.125, -0.0, 1e19, 9.0e16) for s in
              ("10.2f", ".2f", "+.0f", "<9.3f", "^12.1f", "=+10.2f", "010.2f", ".15f", ".16f")]
    _check(cases, F64)


def test_int_specs(c_alone):
    rng = random.Random(2)
    specs = _specs(["d", ""], [""], SIGNS)
    _check([(v, s) for v in INTS for s in rng.sample(specs, 300)], I64)


def test_str_specs(c_alone):
    specs = _specs(["s", ""], ["", ".2"], [""])
    _check([(s, spec) for s in TEXTS for spec in specs[::3]], STR)


@pytest.mark.parametrize("tpl, args", [
    ("{:<10}|{:>6d}|{:10.2f}", ["apple", 919, 1.75]),
    ("{:<10}|{:>6d}|{:10.2f}", ["bänana", -5, -0.005]),
    ("{{}} {} {:*^9} {:+05d} {:=+12.3f}", ["日本", "é", 42, -2.675]),
    ("{}{}{}", [True, 1.5, "x"]),
    ("{:.2f}", [2.5e18]),
])
def test_templates(c_alone, tpl, args):
    from test_str_ops_c import _type_of
    types = [STR] + [_type_of(a) for a in args]
    assert _run(C_CALL, "str.fmt", types, STR, [tpl, *args]) == ("ok", tpl.format(*args))


def _record(name: str, qty: int, price: float) -> str:
    return f"{name:<10}|{qty:>6d}|{price:10.2f}"


def _csv(i: int, name: str) -> str:
    return str(i) + "," + name + "," + str(i * 0.5)


def _grow(n: int) -> str:
    s = ""
    for i in range(n):
        s += str(i)
    return s


def _sites(fn, *args) -> list[str]:
    import re

    import pts
    return sorted(re.findall(r'c"(str\.[a-z.]+)\|', pts.script(fn).llvm_ir(*args)))


def test_fields_fuse_into_one_call():
    """backend/fstring_codegen.py: an f-string (or a chain of str(x) + ...) is one str.fmt
    call natively; a string grown by s += str(i) keeps growing in place (str.append)."""
    import pts
    assert _sites(_record, "a", 1, 2.0) == ["str.fmt"]
    assert _sites(_csv, 1, "a") == ["str.fmt"]
    assert _sites(_grow, 3) == ["str.append", "str.from"]
    assert pts.script(_record)("bänana", -5, 2.675) == _record("bänana", -5, 2.675)
    assert pts.script(_csv)(3, "x{}") == _csv(3, "x{}")
    assert pts.script(_grow)(12) == _grow(12)
