"""Module-level values and default values, where one program run is not enough to see them
(frontend/global_values.py; docs/language.md, "Module-level values and defaults").

- A list default of a function called from Python is the function's own `__defaults__`
  object, passed like an argument: changes persist from call to call, as in CPython.
- A module-level list is shared with the module (frontend/shared_globals.py): each call
  reads the module's list as it is then (tests/lang/test_global_shared.py has more).
- A list variable that is first ints and then floats is a List[float]: its values equal
  CPython's, its printing does not (the documented difference).
"""
from __future__ import annotations

import importlib.util
import sys
import textwrap

import pytest

import pts


def load(tmp_path, name: str, source: str):
    path = tmp_path / f"{name}.py"
    path.write_text(textwrap.dedent(source))
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize("backend", ["interp", "native"])
def test_list_default_is_shared_between_calls_from_python(tmp_path, backend):
    m = load(tmp_path, f"shared_default_{backend}", """
        def append_to(x: int, acc=[]) -> int:
            acc.append(x)
            return len(acc)
    """)
    f = pts.script(m.append_to, backend=backend)
    assert [f(1), f(2), f(3)] == [1, 2, 3]
    assert m.append_to.__defaults__[0] == [1, 2, 3]     # the function's own object changed
    assert m.append_to(4) == 4                          # and CPython sees it too


@pytest.mark.parametrize("backend", ["interp", "native"])
def test_dict_default_is_shared_between_calls_from_python(tmp_path, backend):
    m = load(tmp_path, f"shared_dict_default_{backend}", """
        def count(word: str, seen={}) -> int:
            seen[word] = seen.get(word, 0) + 1
            return seen[word]
    """)
    f = pts.script(m.count, backend=backend)
    assert [f("a"), f("b"), f("a")] == [1, 1, 2]
    assert m.count.__defaults__[0] == {"a": 2, "b": 1}


@pytest.mark.parametrize("backend", ["interp", "native"])
def test_global_list_is_read_at_each_call(tmp_path, backend):
    m = load(tmp_path, f"folded_{backend}", """
        TABLE = [1, 2, 3]

        def total() -> int:
            return sum(TABLE)
    """)
    f = pts.script(m.total, backend=backend)
    assert f() == 6
    m.TABLE = [10]          # rebinding after compiling: the next call sees it (CPython)
    assert f() == 10
    m.TABLE.append(5)
    assert f() == 15


def test_rebound_list_prints_as_ints(tmp_path, capsys):
    m = load(tmp_path, "widened", """
        def f(n: int) -> float:
            u = [1] * n
            print(u)
            u = [x * 0.5 for x in u]
            return sum(u)
    """)
    assert m.f(2) == 1.0
    assert capsys.readouterr().out == "[1, 1]\n"
    for backend in ("interp", "native"):
        assert pts.script(m.f, backend=backend)(2) == 1.0
        # the list printed and the list of floats are two variables (variable webs: the
        # second assignment reaches no use of the first), so it prints as CPython does
        assert capsys.readouterr().out == "[1, 1]\n"
