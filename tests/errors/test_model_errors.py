"""What scripted models still refuse (issue 31 item 3), each a CompileError at the user's
line that names what is refused: model_programs/*.py, with the `# call:` / `# error:
LINE: FRAGMENT` headers of programs/ (test_compile_errors.py), `f` a model object.

These are apart from programs/ because `f` is a model object (pts.script of the module's
`f`); the checks are test_compile_errors's: the line and the message, and the quoted line
and the caret's column against the file (a method's error gives its column in the file,
past the class's indentation: frontend.parse.function_source's column offset).
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
    rendered = str(e)
    assert "Traceback" not in rendered
    head, source, caret = rendered.split("\n")
    assert head.startswith(f"{e.filename}:{e.line}:{e.col}: "), head
    file_line = case.path.read_text(encoding="utf-8").splitlines()[case.line - 1]
    assert source[4:].rstrip() == file_line.rstrip()
    assert caret.index("^") - 4 == e.col - 1 <= len(file_line)
