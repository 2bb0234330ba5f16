"""An archive whose code writes to stderr (traceback.print_exc() in an except clause,
print(..., file=sys.stderr)) run by pts-run: the text goes to the process's stderr, the
result to stdout, as pts.load's and pts.script's calls write them to sys.stderr."""
from __future__ import annotations

import contextlib
import importlib.util
import io
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

import pts

sys.path.insert(0, str(Path(__file__).resolve().parent))
from ptsbuild import build_runtime, have  # noqa: E402

pytestmark = pytest.mark.skipif(not have("cc") or not sys.platform.startswith("linux"),
                                reason="needs a C compiler on Linux")

SOURCE = textwrap.dedent("""\
    import sys
    import traceback

    def div(a: int, b: int) -> int:
        return a // b

    def safe(a: int, b: int) -> int:
        try:
            return div(a, b)
        except ZeroDivisionError:
            traceback.print_exc()
            print("recovered", a, file=sys.stderr)
            return -1
    """)


def test_pts_run_writes_stderr(tmp_path):
    src = tmp_path / "stderr_prog.py"
    src.write_text(SOURCE)
    spec = importlib.util.spec_from_file_location("pts_stderr_prog", src)
    mod = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = mod
    spec.loader.exec_module(mod)
    path = tmp_path / "safe.pts"
    pts.save(pts.script(mod.safe), path, example_inputs=[(4, 2)])
    want = (f'Traceback (most recent call last):\n  File "{src}", line 5, in div\n'
            f"ZeroDivisionError: integer division or modulo by zero\nrecovered 1\n")
    run = build_runtime() / "pts-run"
    r = subprocess.run([str(run), str(path), "1", "0"], capture_output=True, text=True,
                       timeout=60)
    assert (r.returncode, r.stdout, r.stderr) == (0, "-1\n", want)
    err = io.StringIO()
    with contextlib.redirect_stderr(err):
        assert pts.load(path)(1, 0) == -1
    assert err.getvalue() == want
