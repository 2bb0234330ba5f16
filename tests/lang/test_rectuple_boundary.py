"""Recursive tuples at the Python boundary beyond CPython's recursion limit: a chain of
100 000 `(v, rest)` pairs built by a loop in scripted code crosses back as nested plain
tuples (read with a work list, not recursion), interpreted and natively; and a nested
tuple passed in from Python is taken as the finite tuple it is."""
import importlib.util
import sys
import textwrap

import pytest

import pts

SOURCE = textwrap.dedent("""\
    def chain(n: int):
        xs = None
        for i in range(n):
            xs = (i, xs)
        return xs

    def length(xs) -> int:
        k = 0
        while xs is not None:
            k += 1
            xs = xs[1]
        return k

    def deep(n: int) -> int:
        return length(chain(n))

    def count(node) -> int:
        (v, left, right) = node
        if left is None:
            return 1
        return 1 + count(left) + count(right)
    """)


@pytest.fixture(scope="module")
def mod(tmp_path_factory):
    path = tmp_path_factory.mktemp("rectuple") / "rectuple_boundary_prog.py"
    path.write_text(SOURCE)
    spec = importlib.util.spec_from_file_location("rectuple_boundary_prog", path)
    m = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = m
    spec.loader.exec_module(m)
    return m


@pytest.mark.parametrize("backend", ["interp", "native"])
def test_long_chain_crosses_without_recursion(mod, backend):
    n = 100_000
    xs = pts.script(mod.chain, backend=backend)(n)
    seen = []
    while xs is not None:
        assert type(xs) is tuple and len(xs) == 2
        seen.append(xs[0])
        xs = xs[1]
    assert seen == list(range(n - 1, -1, -1))
    assert pts.script(mod.deep, backend=backend)(n) == n


@pytest.mark.parametrize("backend", ["interp", "native"])
def test_nested_tuple_from_python(mod, backend):
    tree = (1, (2, (4, None, None), (5, None, None)), (3, None, None))
    assert pts.script(mod.count, backend=backend)(tree) == mod.count(tree) == 5
