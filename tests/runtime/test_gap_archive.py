"""Issue 30's remaining gaps through archives: copy.copy/deepcopy, a class chosen at run
time by `raise A if c else B`, tuple repetition and concatenation, lists of complex — saved
with pts.save, loaded in Python (pts.load) and, where the entry's types cross the C
boundary (numbers and strings), run by pts-run (libpts, no Python); compared with CPython."""
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

# (program, function, arguments, runs from C too: libpts has no str() of nested lists or of
# tuples holding lists or strings yet, so entries formatting those run from Python only)
CASES = [
    ("copy_deepcopy_nested", "lists", (3,), False),
    ("copy_deepcopy_nested", "tuples", (5,), False),
    ("copy_deepcopy_nested", "nested3", (2,), True),
    ("exc_raise_conditional_class", "pick", (2,), True),
    ("exc_raise_conditional_class", "pick", (0,), True),
    ("exc_raise_conditional_class", "cause", (1,), True),
    ("tuple_repeat_concat", "banner", (10,), True),
    ("tuple_repeat_concat", "concat", (4, "x"), False),
    ("tuple_repeat_concat", "count_once", (3,), True),
    ("list_of_complex", "text", (3,), True),
    ("list_of_complex", "mandel_row", ([-2 + 0.5j, 0.25 + 0.5j],), False),   # Python only
]
IDS = [f"{m}.{f}{args}" for m, f, args, _ in CASES]


def _load(name: str):
    spec = importlib.util.spec_from_file_location(f"gap_{name}", PROGRAMS / f"{name}.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def c_literal(v) -> str:
    return f"'{v}'" if isinstance(v, str) else repr(v)


@pytest.fixture(scope="module")
def runtime():
    return build_runtime()


@pytest.fixture(scope="module")
def archives(tmp_path_factory):
    d = tmp_path_factory.mktemp("gap")
    out = {}
    for m, f, args, _ in CASES:
        if (m, f) not in out:
            path = d / f"{m}.{f}.pts"
            pts.save(pts.script(getattr(_load(m), f)), str(path), example_inputs=[args])
            out[(m, f)] = path
    return out


@pytest.mark.parametrize("m,f,args,from_c", CASES, ids=IDS)
def test_loaded_in_python(archives, m, f, args, from_c, capsys):
    want = getattr(_load(m), f)(*args)
    printed = capsys.readouterr().out
    assert pts.load(str(archives[(m, f)]))(*args) == want
    assert capsys.readouterr().out == printed


@pytest.mark.parametrize("m,f,args,from_c", [c for c in CASES if c[3]],
                         ids=[i for i, c in zip(IDS, CASES) if c[3]])
def test_run_from_c(archives, runtime, m, f, args, from_c, capsys):
    want = getattr(_load(m), f)(*args)
    printed = capsys.readouterr().out
    r = subprocess.run([str(runtime / "pts-run"), str(archives[(m, f)]), *map(c_literal, args)],
                       capture_output=True, text=True, timeout=60)
    assert r.returncode == 0, r.stderr
    assert r.stdout == printed + (want if isinstance(want, str) else repr(want)) + "\n"


def test_escaping_class(tmp_path, runtime):
    """rc_exceptions_nested's point: U1, chosen at run time, escapes; loaded in Python it is
    the user's class, from C the error status with the class's name."""
    mod = _load("exc_raise_conditional_class")
    path = tmp_path / "escapes.pts"
    pts.save(pts.script(mod.escapes), str(path), example_inputs=[(1,)])
    loaded = pts.load(str(path))
    assert loaded(0) == 0
    with pytest.raises(mod.U1):
        loaded(1)
    r = subprocess.run([str(runtime / "pts-run"), str(path), "1"],
                       capture_output=True, text=True, timeout=60)
    assert r.returncode != 0
    assert "U1" in r.stderr
