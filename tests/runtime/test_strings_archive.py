"""Strings through archives: str arguments and results of `.pts` entries, loaded in Python
(pts.load: the C runtime in process, the op table's functions as its fallback) and run from C (pts-run and
libpts: runtime/c/strings.c), compared with CPython; run-time messages built from strings
reach C as the error message.  What libpts does not run yet is a RuntimeError naming the
op, never a wrong answer."""
from __future__ import annotations

import math
import os
import subprocess
import sys
from typing import List

import pytest

import pts
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from ptsbuild import build_runtime  # noqa: E402


def shout(s: str, n: int) -> str:
    words = s.split()
    t = s.strip() + "|" + s[1:4] + "|" + s[::-1] + "|" + str(len(s))
    return f"{t}|{','.join(words)}|{s * 2}|{n * 'ab'}|{s.find('b')}|{s.count(' ')}"


def numbers(x: float, n: int) -> str:
    return (f"{x}|{x!r}|{x:.3f}|{x:10.2f}|{x:e}|{x:.2E}|{x:,.1f}|{x:%}|{x:+.1f}|{x:g}|"
            f"{x:.3}|{n}|{n:05d}|{n:x}|{n:#X}|{n:,}|{n:+d}|{n:>8}|{n:^9}|{n:*<6}|{n:b}|"
            f"{str(x)}|{repr(n)}|{n:o}")


def parse(s: str, t: str) -> str:
    return f"{int(s) * 2} {float(t) / 4} {ord(s[0])} {chr(ord(s[0]) + 1)}"


def compare(a: str, b: str) -> str:
    return f"{a < b} {a == b} {a >= b} {a in b} {b.startswith(a)} {b.endswith(a)}"


def bad(s: str) -> int:
    if not s:
        raise ValueError(f"empty input, got {s!r} of length {len(s)}")
    return int(s)


def upper(s: str) -> str:
    return s.upper()


def pieces(s: str, sep: str) -> str:
    """loops over split()/split(sep, 1)/splitlines(): the split iterator (no list)"""
    out = ""
    for w in s.split():
        out += "<" + w + ">"
    for f in s.split(sep, 1):
        out += "[" + f + "]"
    for line in s.splitlines():
        out += "{" + line + "}"
    return out


CASES = [
    (shout, ("a b c", 3)),
    (shout, ("  héllo wörld  ", 0)),
    (shout, ("日本 語", -1)),
    (parse, ("42", "2.5")),
    (parse, ("-7", "1e300")),
    (compare, ("ab", "abc")),
    (compare, ("é", "e")),
    (upper, ("hello",)),
    (pieces, (" a bb\tccc \n d,e,f\x0bg ", ",")),
    (pieces, ("hé　wörld,日  x y", ",")),
    (pieces, ("", "::")),
] + [(numbers, (x, n)) for x, n in [
    (0.1, 0), (-0.0, -1), (1234567.891, 255), (1e16, 1000000), (1e-7, -42),
    (math.inf, 7), (-math.inf, 65), (math.nan, 3), (2.5, 9223372036854775807),
    (123.456e10, -9223372036854775807), (0.5, 12), (5e-324, 1)]]


def c_literal(v) -> str:
    return f"'{v}'" if isinstance(v, str) else repr(v)


@pytest.fixture(scope="module")
def runtime():
    return build_runtime()


@pytest.fixture(scope="module")
def archives(tmp_path_factory):
    out = {}
    d = tmp_path_factory.mktemp("strings")
    for f in (shout, numbers, parse, compare, bad, upper, pieces):
        path = d / f"{f.__name__}.pts"
        example = next(args for g, args in CASES if g is f) if f is not bad else ("1",)
        pts.save(pts.script(f), str(path), example_inputs=[tuple(example)])
        out[f.__name__] = path
    return out


@pytest.mark.parametrize("f,args", CASES, ids=lambda v: getattr(v, "__name__", None) or repr(v))
def test_loaded_in_python(archives, f, args):
    g = pts.load(str(archives[f.__name__]))
    assert g(*args) == f(*args)


@pytest.mark.parametrize("f,args", CASES, ids=lambda v: getattr(v, "__name__", None) or repr(v))
def test_run_from_c(archives, runtime, f, args):
    r = subprocess.run([str(runtime / "pts-run"), str(archives[f.__name__]),
                        *map(c_literal, args)], capture_output=True, text=True, timeout=60)
    if f is upper:       # ASCII case mapping only in C: refused by name, not wrong
        assert r.returncode == 0 and r.stdout == "HELLO\n"
        return
    assert r.returncode == 0, r.stderr
    assert r.stdout == f(*args) + "\n"


def test_messages_built_at_run_time_reach_c(archives, runtime):
    run = [str(runtime / "pts-run"), str(archives["bad"])]
    r = subprocess.run(run + ["''"], capture_output=True, text=True, timeout=60)
    assert r.returncode == 1
    assert r.stderr.strip().endswith("ValueError: empty input, got '' of length 0")
    r = subprocess.run(run + ["'x1'"], capture_output=True, text=True, timeout=60)
    assert r.stderr.strip().endswith("ValueError: invalid literal for int() with base 10: 'x1'")
    r = subprocess.run(run + ["' 12 '"], capture_output=True, text=True, timeout=60)
    assert r.returncode == 0 and r.stdout == "12\n"


def test_what_c_does_not_run_is_named(archives, runtime):
    r = subprocess.run([str(runtime / "pts-run"), str(archives["upper"]), "'straße'"],
                       capture_output=True, text=True, timeout=60)
    assert r.returncode == 1
    assert "RuntimeError: libpts cannot run 'str.m.upper'" in r.stderr
    assert pts.load(str(archives["upper"]))("straße") == "STRASSE"


def test_lists_of_strings_cross_python(archives):
    def join_all(xs: List[str], sep: str) -> List[str]:
        return [sep.join(xs), str(len(xs))] + xs
    g = pts.script(join_all)
    assert g(["a", "é", ""], "-") == ["a-é-", "3", "a", "é", ""]
    assert pts.script(join_all, backend="interp")([], ",") == ["", "0"]


def reprs(xs: List[float]) -> str:
    out = ""
    for x in xs:
        out += repr(x) + " " + f"{x:.17g}" + " " + str(-x) + "\n"
    return out


def test_float_repr_in_c_is_cpythons(runtime, tmp_path):
    """repr() of floats from C (runtime/c/format.c's shortest round-trip search) gives
    CPython's digits for random doubles of every exponent, as the JIT does."""
    import random
    import struct
    rng = random.Random(30)
    xs = [struct.unpack("<d", struct.pack("<Q", rng.getrandbits(64)))[0] for _ in range(300)]
    xs = [x for x in xs if math.isfinite(x)]
    xs += [rng.uniform(-1e6, 1e6) for _ in range(100)] + [rng.random() * 10.0 ** rng.randint(-20, 20)
                                                          for _ in range(100)]
    path = tmp_path / "reprs.pts"
    pts.save(pts.script(reprs), str(path), example_inputs=[([0.5],)])
    for k in range(0, len(xs), 200):            # (pts-run takes lists of up to 256 items)
        part = xs[k:k + 200]
        arg = "[" + ", ".join(repr(x) for x in part) + "]"
        r = subprocess.run([str(runtime / "pts-run"), str(path), arg], capture_output=True,
                           text=True, timeout=120)
        assert r.returncode == 0, r.stderr
        assert r.stdout == reprs(part) + "\n"
    assert pts.script(reprs)(xs) == reprs(xs)
