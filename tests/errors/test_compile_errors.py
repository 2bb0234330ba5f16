"""Programs pts must refuse: each file in programs/ holds exactly one error.

Every program file starts with header comments:

    # call: f(1, 2)          how to call the scripted function
    # parse-only             (optional) CPython cannot compile the file, so it is fed to
                             pts.frontend.parse.parse_source directly instead of imported
    # error: LINE: FRAGMENT  the CompileError's 1-based line in the file and a fragment of
                             its message (empty for plain syntax errors)

The test checks the exception type, the line, the message fragment, the file name and the
rendered form `file:line:col: msg` / source line / caret line.
"""
from __future__ import annotations

import importlib.util
import re
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

import pts
from pts.errors import CompileError

PROGRAMS = Path(__file__).resolve().parent / "programs"


@dataclass
class Case:
    path: Path
    call: str
    line: int
    fragment: str
    parse_only: bool


def read_case(path: Path) -> Case:
    call = line = fragment = None
    parse_only = False
    for text in path.read_text(encoding="utf-8").splitlines():
        if not text.startswith("#"):
            break
        if m := re.match(r"# call: (.+)$", text):
            call = m.group(1).strip()
        elif m := re.match(r"# error: (\d+):(.*)$", text):
            line, fragment = int(m.group(1)), m.group(2).strip()
        elif text.strip() == "# parse-only":
            parse_only = True
    assert call is not None, f"{path.name}: missing '# call:' header"
    assert line is not None, f"{path.name}: missing '# error: LINE: FRAGMENT' header"
    return Case(path, call, line, fragment, parse_only)


CASES = [read_case(p) for p in sorted(PROGRAMS.glob("*.py"))]


def load_module(path: Path):
    """Import a program file under a unique name (registered, so inspect can find it)."""
    name = f"pts_error_program_{path.stem}"
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


def stub_function(path: Path):
    """A function object whose source, as inspect sees it, is `f` in a file CPython refuses.

    Its code is compiled from a stand-in (f's own `def` line and `pass`) placed at the same
    line of the same file name, so `inspect.getsource` returns the real text of `f`.  Used
    for errors CPython reports only when compiling ('break' outside loop), which pts may
    detect after parsing, in its checker.
    """
    lines = path.read_text(encoding="utf-8").splitlines()
    start = next(i for i, text in enumerate(lines) if text.startswith("def f("))
    stand_in = "\n" * start + lines[start] + "\n    pass\n"
    namespace = {"__name__": f"pts_error_program_{path.stem}"}
    exec(compile(stand_in, str(path), "exec"), namespace)
    return namespace["f"]


def raise_compile_error(case: Case) -> CompileError:
    """Run the case the way a user would and return the CompileError it raised."""
    if case.parse_only:
        from pts.frontend.parse import parse_source
        try:
            parse_source(case.path.read_text(encoding="utf-8"), str(case.path))
        except CompileError as e:
            return e
        # The parser accepted it: the error must come from a later stage.
        with pytest.raises(CompileError) as info:
            scripted = pts.script(stub_function(case.path))
            eval(case.call, {"f": scripted})
        return info.value
    module = load_module(case.path)
    with pytest.raises(CompileError) as info:
        # script() may compile lazily (on the first call) or eagerly: both are accepted.
        scripted = pts.script(module.f)
        eval(case.call, dict(vars(module), f=scripted))
    return info.value


# ---------------------------------------------------------------- the corpus itself

def test_corpus_is_large_enough():
    assert len(CASES) >= 40


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.path.stem)
def test_program_is_well_formed(case: Case):
    """Importable programs must import in CPython; parse-only ones must not compile there."""
    text = case.path.read_text(encoding="utf-8")
    lines = text.splitlines()
    assert 1 <= case.line <= len(lines), "error line outside the file"
    assert lines[case.line - 1].strip() and not lines[case.line - 1].lstrip().startswith("#")
    if case.parse_only:
        with pytest.raises(SyntaxError):
            compile(text, str(case.path), "exec")
    else:
        module = load_module(case.path)
        assert callable(module.f)


# ---------------------------------------------------------------- the compiler's answer

@pytest.mark.parametrize("case", CASES, ids=lambda c: c.path.stem)
def test_compile_error(case: Case):
    e = raise_compile_error(case)
    assert type(e) is CompileError or isinstance(e, CompileError)
    assert e.line == case.line, f"line {e.line}, expected {case.line}: {e}"
    assert case.fragment in e.msg, f"{case.fragment!r} not in {e.msg!r}"
    assert str(e.filename).endswith(case.path.name), e.filename
    assert isinstance(e.col, int) and e.col >= 1

    rendered = str(e)
    assert "Traceback" not in rendered
    head, source, caret = rendered.split("\n")  # exactly three lines
    assert head.startswith(f"{e.filename}:{e.line}:{e.col}: "), head
    assert head.endswith(e.msg)
    assert source.startswith("    ")
    file_line = case.path.read_text(encoding="utf-8").splitlines()[case.line - 1]
    assert source[4:].rstrip() == file_line.rstrip()  # the whole line, indentation kept
    assert caret.startswith("    ") and "^" in caret
    assert set(caret) <= {" ", "^"}
    assert caret.index("^") - 4 == e.col - 1
    assert e.col - 1 <= len(file_line)
