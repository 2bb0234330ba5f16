"""String programs (tests/lang/programs/strp_*.py) through archives: saved with pts.save,
then run three more ways — loaded in Python (pts.load), by pts-run (libpts, no Python: the
C strings alone, with no fallback) — and compared with CPython.  In-process native code runs
the same C (pts._threads), so an archive and the process that wrote it agree.  (The inputs
stay within what C runs: no non-ASCII case predicates, no repr of characters such as '→'
that C's table of printable ones leaves out.)"""
from __future__ import annotations

import importlib.util
import os
import subprocess
import sys
from pathlib import Path

import pytest

import pts
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from ptsbuild import build_runtime  # noqa: E402

PROGRAMS = Path(__file__).resolve().parents[1] / "lang" / "programs"


def _load(name: str):
    spec = importlib.util.spec_from_file_location(f"strp_{name}", PROGRAMS / f"{name}.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


CASES = [
    ("strp_fstring_records", "table", (7,)),
    ("strp_fstring_records", "widths", (-2.5, 9)),
    ("strp_percent", "pct", (42, 3.14159, "héllo")),
    ("strp_percent", "pct", (-7, -0.5, "")),
    ("strp_format_method", "fmt", ("zoë", -1, -0.125)),
    ("strp_format_method", "manual", ("x", 42)),
    ("strp_padding", "pad", ("héllo", 9)),
    ("strp_padding", "pad", ("-42", 6)),
    ("strp_partition_split", "parts", ("clé=valeur=x", "=")),
    ("strp_concat_long", "summary", (500,)),
    ("strp_concat_long", "rebuild", ("ab1c2 de3f",)),
    ("strp_append_alias", "branchy", (10,)),
    ("strp_append_alias", "two_builders", (9,)),
    ("strp_append_alias", "read_between", (9,)),
    ("strp_exc_print", "check", (-3,)),
    ("strp_parse_report", "report", ("alice: 1, 2, x, 3\nbob : -4,5\nALICE:10\nzoë: 7",)),
]
IDS = [f"{m}.{f}{args}" for m, f, args in CASES]


def c_literal(v) -> str:
    return f"'{v}'" if isinstance(v, str) else repr(v)


@pytest.fixture(scope="module")
def runtime():
    return build_runtime()


@pytest.fixture(scope="module")
def archives(tmp_path_factory):
    d = tmp_path_factory.mktemp("strp")
    out = {}
    for m, f, args in CASES:
        key = (m, f)
        if key not in out:
            path = d / f"{m}.{f}.pts"
            pts.save(pts.script(getattr(_load(m), f)), str(path), example_inputs=[args])
            out[key] = path
    return out


@pytest.mark.parametrize("m,f,args", CASES, ids=IDS)
def test_loaded_in_python(archives, m, f, args, capsys):
    want = getattr(_load(m), f)(*args)
    printed = capsys.readouterr().out
    assert pts.load(str(archives[(m, f)]))(*args) == want
    assert capsys.readouterr().out == printed


@pytest.mark.parametrize("m,f,args", CASES, ids=IDS)
def test_run_from_c(archives, runtime, m, f, args, capsys):
    if any(isinstance(a, str) and ("\n" in a or "'" in a) for a in args):
        pytest.skip("pts-run takes a str argument as 'text', without escapes")
    want = getattr(_load(m), f)(*args)
    printed = capsys.readouterr().out
    r = subprocess.run([str(runtime / "pts-run"), str(archives[(m, f)]), *map(c_literal, args)],
                       capture_output=True, text=True, timeout=60)
    assert r.returncode == 0, r.stderr
    assert r.stdout == printed + (want if isinstance(want, str) else repr(want)) + "\n"
