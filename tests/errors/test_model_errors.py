"""What scripted models still refuse (issue 31 item 3), each a CompileError at the user's
line that names what is refused: model_programs/*.py, with the `# call:` / `# error:
LINE: FRAGMENT` headers of programs/ (test_compile_errors.py), `f` a model object.

These are apart from programs/ because a method's error quotes its line dedented and
reports the column within the dedented method (frontend.parse.function_source drops the
class's indentation): test_compile_errors checks the quote and the column against the
file, which a method's error does not match yet.  Here: the line and the message.
"""
from pathlib import Path

import pytest

import pts
from pts.errors import CompileError

import test_compile_errors as tc

PROGRAMS = Path(__file__).resolve().parent / "model_programs"
CASES = [tc.read_case(p) for p in sorted(PROGRAMS.glob("*.py"))]


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.path.stem)
def test_model_compile_error(case):
    module = tc.load_module(case.path)
    with pytest.raises(CompileError) as info:
        eval(case.call, dict(vars(module), f=pts.script(module.f)))
    e = info.value
    assert e.line == case.line, f"line {e.line}, expected {case.line}: {e}"
    assert case.fragment in e.msg, f"{case.fragment!r} not in {e.msg!r}"
    assert str(e.filename).endswith(case.path.name)
    assert "Traceback" not in str(e)
