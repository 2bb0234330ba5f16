"""A scripted function whose file changed on disk after the import: inspect reads the file
as it is now, and what it cannot tokenize (an unclosed bracket: tokenize.TokenError) is a
pts.CompileError naming the function, not an exception from inside inspect (found by
differential fuzzing)."""
import importlib.util
import sys

import pytest

import pts


def load(path, name):
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize("edited", [
    "def f(x: int) -> int:\n    return (x +\n",            # unclosed bracket: TokenError
    "def f(x: int) -> int:\n    return '''x\n",            # unclosed string: TokenError
])
def test_unreadable_source_is_a_compile_error(tmp_path, edited):
    path = tmp_path / "edited_module.py"
    path.write_text("def f(x: int) -> int:\n    return x + 1\n")
    module = load(path, f"pts_test_edited_{abs(hash(edited))}")
    path.write_text(edited)
    with pytest.raises(pts.CompileError, match="cannot read the source of 'f'"):
        pts.script(module.f)(1)
