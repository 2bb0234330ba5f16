"""The corpus's findings (README.md, "Findings") reduced to minimal programs.

Findings 2 and 6 are fixed; tests/errors/programs/np_submodule.py and
raise_conditional_class.py keep them fixed.  The others are in code that the parallel tasks of
issue 30 are changing, so they are reported, not fixed: each test here is a strict xfail that
asserts what a fix would make true, so it turns red when the fix lands (then drop the mark).
"""
from __future__ import annotations

import sys
import textwrap
from pathlib import Path

import pytest

import pts
from pts.errors import CompileError


def define(tmp_path: Path, name: str, source: str):
    """A function from source in a module file of its own (pts reads the source)."""
    path = tmp_path / f"finding_{name}.py"
    path.write_text(textwrap.dedent(source))
    import importlib.util
    spec = importlib.util.spec_from_file_location(path.stem, path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[path.stem] = module
    spec.loader.exec_module(module)
    return getattr(module, name)


@pytest.mark.xfail(strict=True, reason="finding 1: an empty list argument is List[unknown]")
@pytest.mark.parametrize("backend", ["interp", "native"])
def test_empty_list_argument(tmp_path, backend):
    """CPython sums an empty list to 0; pts says "unsupported operand type(s) for +: 'int'
    and 'unknown'" (and rc_bubble_sort's bubble_sort([]): "'>' not supported between
    instances of 'unknown' and 'unknown'")."""
    total = define(tmp_path, "total", """
        def total(xs):
            s = 0
            for x in xs:
                s += x
            return s
    """)
    assert pts.script(total, backend=backend)([]) == total([]) == 0


@pytest.mark.xfail(strict=True, reason="finding 3: the message of an unusable default value")
def test_default_value_message(tmp_path):
    """nbody's 887-character message: a default that pts cannot use should be named by its
    function and parameter, not spelled out in full (bytes: a type no task of issue 30
    adds, so the call stays refused and only the message can change)."""
    f = define(tmp_path, "f", """
        TABLE = bytes(300)

        def energy(e=0.0, bodies=TABLE):
            return e

        def f():
            return energy()
    """)
    with pytest.raises(CompileError) as info:
        pts.script(f, backend="interp")()
    message = str(info.value).splitlines()[0]
    assert "'bodies'" in message and len(message) < 300, message


@pytest.mark.xfail(strict=True, reason="finding 4: a bare `list` annotation is refused")
def test_bare_list_annotation(tmp_path):
    """`-> list` is what published recursive functions write (Rosetta Code's quick_sort);
    pts says "unknown type 'list'"."""
    countdown = define(tmp_path, "countdown", """
        def countdown(n) -> list:
            if n == 0:
                return [0]
            return [n] + countdown(n - 1)
    """)
    assert pts.script(countdown, backend="interp")(3) == countdown(3) == [3, 2, 1, 0]
