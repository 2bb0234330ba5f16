"""frontend.stdlib_trees: the library's syntax trees, parsed by `make` instead of on a
process's first compile that uses them."""
from __future__ import annotations

import os

import numpy as np
import pytest

import pts
import pts.nn.functional as F
from pts.frontend import ast, parse, source, stdlib_trees


def structure(x):
    """A syntax tree as nested tuples (its nodes compare by identity)."""
    if isinstance(x, ast.Node):
        return (type(x).__name__,) + tuple((k, structure(v)) for k, v in sorted(vars(x).items()))
    if isinstance(x, (list, tuple)):
        return tuple(structure(v) for v in x)
    if isinstance(x, dict):
        return tuple((k, structure(v)) for k, v in sorted(x.items()))
    return x


@pytest.fixture
def fresh(monkeypatch, tmp_path):
    """stdlib_trees reading tmp_path/trees.pickle, nothing parsed yet in this process, and
    a record of the files the parser reads."""
    monkeypatch.setattr(stdlib_trees, "path", lambda: str(tmp_path / "trees.pickle"))
    monkeypatch.setattr(stdlib_trees, "_table", [])
    monkeypatch.setattr(source, "_PARSED", {})
    monkeypatch.setenv("PTS_CACHE", "0")
    parsed_files = []
    real = parse.parse_function

    def recording(text, filename, *args, **kwargs):
        parsed_files.append(os.path.basename(filename))
        return real(text, filename, *args, **kwargs)
    monkeypatch.setattr(parse, "parse_function", recording)
    return tmp_path / "trees.pickle", parsed_files


def classify(x: np.ndarray, w: np.ndarray, b: np.ndarray) -> np.ndarray:
    return F.log_softmax(F.relu(F.linear(x, w, b)), 1)


def run_classify():
    rng = np.random.default_rng(0)
    x, w, b = (rng.standard_normal(s).astype(np.float32) for s in ((4, 6), (3, 6), (3,)))
    got = pts.script(classify)(x, w, b)
    z = np.maximum(x @ w.T + b, 0)
    z = z - z.max(axis=1, keepdims=True)
    np.testing.assert_allclose(got, z - np.log(np.exp(z).sum(axis=1, keepdims=True)),
                               rtol=1e-5, atol=1e-6)


def test_stored_trees_are_the_parsers_trees(fresh):
    path, _ = fresh
    stdlib_trees.write(str(path))
    functions = stdlib_trees.library_functions()
    names = {f.__qualname__ for f in functions}
    assert {"conv2d", "log_softmax", "_BatchNorm.forward", "exp_f32"} <= names
    stored = 0
    for fn in functions:
        tree = stdlib_trees.lookup(fn)
        if tree is None:
            continue            # outside the language (never compiled)
        stored += 1
        text, filename, offset, col = parse.function_source(fn)
        assert structure(tree) == structure(parse.parse_function(text, filename, offset, col)), \
            fn.__qualname__
    assert stored > 80


def test_library_functions_are_not_parsed_again(fresh):
    path, parsed_files = fresh
    stdlib_trees.write(str(path))
    parsed_files.clear()
    run_classify()
    assert parsed_files == ["test_stdlib_trees.py"]     # the user's function only


@pytest.mark.parametrize("content", [b"", b"not a pickle", None])
def test_a_missing_corrupt_or_stale_file_is_ignored(fresh, content):
    path, parsed_files = fresh
    if content is not None:
        path.write_bytes(content)
    run_classify()
    assert "nn.py" in parsed_files                      # parsed from source instead


def test_a_stale_file_is_ignored(fresh, monkeypatch):
    path, parsed_files = fresh
    stdlib_trees.write(str(path))
    monkeypatch.setattr(stdlib_trees, "_fingerprint", lambda: "another compiler")
    run_classify()
    assert "nn.py" in parsed_files


def bad_conv(x: np.ndarray) -> np.ndarray:
    return F.conv2d(x, x, x[0, 0])


def test_errors_in_library_code_quote_its_line(fresh):
    path, parsed_files = fresh
    stdlib_trees.write(str(path))
    parsed_files.clear()
    with pytest.raises(pts.CompileError) as info:
        pts.script(bad_conv)(np.ones((2, 3, 4), np.float32))
    assert "nn.py" not in parsed_files
    lines = str(info.value).splitlines()
    assert lines[0].endswith("cannot unpack 3 values into 4 targets")
    assert "stdlib/nn.py:" in lines[0]
    assert lines[1].strip() == "n, c, h, w = x.shape"
    assert lines[2].strip() == "^^^^^^^"
    assert lines[2].index("^") == lines[1].index("x.shape")
