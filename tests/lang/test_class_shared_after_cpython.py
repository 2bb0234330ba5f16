"""Compiling a function after CPython ran it (bench/classes.py's order): a module-level
object's list field then holds objects of several subclasses, and pts types it by their
common base (check_classes.objects_type), interpreted and natively."""
from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

import pts

HERE = Path(__file__).resolve().parent / "class_modules" / "shared_subclasses.py"


def fresh():
    spec = importlib.util.spec_from_file_location("shared_subclasses", HERE)
    m = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(m)
    return m


@pytest.mark.parametrize("backend", ["interp", "native"])
def test_mixed_subclass_list_in_module_object(backend):
    m, ref = fresh(), fresh()
    assert m.run(3) == ref.run(3)                  # CPython first: tab holds 3 classes
    got = pts.script(m.run, backend=backend)(3)
    assert got == ref.run(3)
    assert m.area.count == ref.area.count == 2
    assert [type(t).__name__ if t else None for t in m.area.tab] == \
        ["Task", "Doubler", "Negator", None]
