"""What a trace cannot record is a pts.TraceError at the user's line.

Each module in `errors/` names `TRACE` and `INPUTS` (one argument tuple) and says in a
header line `# error: LINE: FRAGMENT` where the error must point and what its message
must contain.  The error renders as a CompileError does: file:line:col, the line, a caret.
"""
from __future__ import annotations

import importlib.util
import re
from pathlib import Path

import pytest

import pts

HERE = Path(__file__).resolve().parent
CASES = sorted((HERE / "errors").glob("*.py"))


def header(path: Path) -> tuple[int, str]:
    m = re.search(r"^# error: (\d+): (.+)$", path.read_text(), re.M)
    assert m, f"{path.name} has no '# error: LINE: FRAGMENT' line"
    return int(m.group(1)), m.group(2).strip()


@pytest.mark.parametrize("path", CASES, ids=lambda p: p.stem)
def test_trace_error(path: Path):
    line, fragment = header(path)
    spec = importlib.util.spec_from_file_location(f"trace_error_{path.stem}", path)
    m = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(m)
    m.TRACE(*m.INPUTS)                       # the program itself runs in Python
    with pytest.raises(pts.TraceError) as info:
        pts.trace(m.TRACE, m.INPUTS, backend="interp")
    e = info.value
    assert isinstance(e, pts.CompileError)
    assert (Path(e.filename).name, e.line) == (path.name, line), str(e)
    assert fragment in e.msg, str(e)
    rendered = str(e).splitlines()
    assert rendered[0].startswith(f"{e.filename}:{line}:{e.col}: ")
    assert len(rendered) == 3 and rendered[2].strip().startswith("^"), str(e)


def test_the_message_says_what_to_do():
    def f(x):
        return x if x.sum() > 0 else -x
    with pytest.raises(pts.TraceError, match="move this part into a pts.script function"):
        pts.trace(f, (__import__("numpy").ones(2),))
