"""What traceback.print_exc() and print(..., file=sys.stderr) write to stderr, three ways:
CPython's text for the exception being handled; pts prints the one frame it keeps (where
the exception was raised: file, line, function; no source line, no caller frames), so its
text is CPython's first line, that frame's `File` line and CPython's last line."""
import contextlib
import importlib.util
import io
import sys
from pathlib import Path

import pytest

import pts

PROGRAM = Path(__file__).resolve().parent / "programs" / "traceback_print_exc.py"


def _module():
    spec = importlib.util.spec_from_file_location("traceback_print_exc_t", PROGRAM)
    mod = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = mod
    spec.loader.exec_module(mod)
    return mod


def _stderr_of(fn, *args):
    err = io.StringIO()
    with contextlib.redirect_stderr(err):
        result = fn(*args)
    return result, err.getvalue()


@pytest.mark.parametrize("backend", ["interp", "native"])
def test_print_exc_writes_the_handled_exception(backend):
    mod = _module()
    words = ["1", "x", "30", "4.5"]
    want, cpython = _stderr_of(mod.parse_all, words)
    got, text = _stderr_of(pts.script(mod.parse_all, backend=backend), words)
    assert got == want == [1, -1, 30, -1]
    line = next(i for i, s in enumerate(PROGRAM.read_text().splitlines(), 1)
                if "out.append(int(w))" in s)
    one = ('Traceback (most recent call last):\n'
           f'  File "{PROGRAM}", line {line}, in parse_all\n'
           "ValueError: invalid literal for int() with base 10: '{}'\n")
    assert text == one.format("x") + one.format("4.5")
    # CPython's text has the same first and last lines (and the source line between)
    blocks = cpython.split("Traceback (most recent call last):\n")[1:]
    assert [b.splitlines()[-1] for b in blocks] == [s.splitlines()[-1] for s in
                                                    text.split("Traceback (most recent call last):\n")[1:]]
    assert all(f'File "{PROGRAM}", line {line}, in parse_all' in b for b in blocks)


@pytest.mark.parametrize("backend", ["interp", "native"])
def test_print_to_stderr(backend, capsys):
    mod = _module()
    want = _stderr_of(mod.report, 3)
    capsys.readouterr()
    got = _stderr_of(pts.script(mod.report, backend=backend), 3)
    assert got == want == (4, "note: 3 [3, 6] (3, 'x')\na-b!\n")
    assert capsys.readouterr().out == "checking 3\nplain\n"
