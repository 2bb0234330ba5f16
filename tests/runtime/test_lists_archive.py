"""Nested lists through the boundaries: Python calls (aliasing kept both ways, arrays in
lists), archives loaded in Python, and pts-run/libpts (lists of lists inside the code;
a list of lists as an argument or result is a named error in C, never a wrong value)."""
from __future__ import annotations

import os
import subprocess
import sys
from typing import List, Tuple

import numpy as np
import pytest

import pts
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from ptsbuild import build_runtime  # noqa: E402


def grid_sum(n: int) -> int:
    g = [[i * n + j for j in range(n)] for i in range(n)]
    g[0] += [100]
    del g[-1][:1]
    return sum(sum(row) for row in g) + len(g[0])


def fannkuch(n: int) -> int:
    perm = [i for i in range(n)]
    flips = 0
    while perm[0] != 0 or flips == 0:
        k = perm[0] if perm[0] else n - 1
        perm[:k + 1] = perm[k::-1]
        flips += 1
        if flips > 50:
            break
    return flips


def sorted_words(s: str) -> str:
    groups: List[List[str]] = [[] for _ in range(4)]
    for w in s.split():
        groups[min(len(w), 3)].append(w)
    for g in groups:
        g.sort(reverse=True)
    return ";".join(",".join(g) for g in groups)


def pairs_total(xs: List[int]) -> float:
    ps: List[Tuple[int, float]] = [(x, x / 2) for x in xs]
    ps.sort()
    ps.insert(0, (0, 0.5))
    return sum(a * b for a, b in ps)


def lexi(xs: List[int], ys: List[int]) -> str:
    m = [xs, ys, xs[::-1]]
    return f"{xs < ys} {max(m)} {m.index(ys)} {m.count(xs)} {[ys] in [m[1:2]]}"


def nested_result(n: int) -> List[List[int]]:
    return [[i] * i for i in range(n)]


CASES = [(grid_sum, (4,)), (fannkuch, (6,)), (sorted_words, ("a bb ccc dddd b aa c",)),
         (pairs_total, ([3, 1, 2],)), (lexi, ([1, 2], [1, 3]))]


@pytest.fixture(scope="module")
def runtime():
    return build_runtime()


@pytest.fixture(scope="module")
def archives(tmp_path_factory):
    d = tmp_path_factory.mktemp("lists")
    out = {}
    for f, args in CASES + [(nested_result, (3,))]:
        path = d / f"{f.__name__}.pts"
        pts.save(pts.script(f), str(path), example_inputs=[args])
        out[f.__name__] = path
    return out


def c_literal(v) -> str:
    return f"'{v}'" if isinstance(v, str) else repr(v)


@pytest.mark.parametrize("f,args", CASES, ids=lambda v: getattr(v, "__name__", None) or repr(v))
def test_loaded_in_python(archives, f, args):
    assert pts.load(str(archives[f.__name__]))(*args) == f(*args)


@pytest.mark.parametrize("f,args", CASES, ids=lambda v: getattr(v, "__name__", None) or repr(v))
def test_run_from_c(archives, runtime, f, args):
    r = subprocess.run([str(runtime / "pts-run"), str(archives[f.__name__]),
                        *map(c_literal, args)], capture_output=True, text=True, timeout=60)
    if f is lexi:        # f-string of a list: str() of lists is Python's in libpts (named)
        assert r.returncode == 1 and "libpts cannot run 'str.from'" in r.stderr
        return
    assert r.returncode == 0, r.stderr
    want = f(*args)
    assert r.stdout.strip() == (repr(want) if not isinstance(want, str) else want)


def test_nested_result_is_a_named_error_in_c(archives, runtime):
    assert pts.load(str(archives["nested_result"]))(3) == [[], [1], [2, 2]]
    r = subprocess.run([str(runtime / "pts-run"), str(archives["nested_result"]), "3"],
                       capture_output=True, text=True, timeout=60)
    assert r.returncode != 0
    assert "libpts passes lists of bools, ints, floats and strings only" in r.stderr


@pytest.mark.parametrize("backend", ["interp", "native"])
def test_aliasing_kept_at_the_python_boundary(backend):
    def f(g: List[List[int]], n: int) -> List[List[int]]:
        g[0].append(n)
        g.append([n])
        return g
    row = [1]
    g = [row, row]
    r = pts.script(f, backend=backend)(g, 5)
    assert r is g and g[0] is row and g[1] is row
    assert g == [[1, 5], [1, 5], [5]]


@pytest.mark.parametrize("backend", ["interp", "native"])
def test_arrays_in_lists(backend):
    def f(xs: List[np.ndarray]) -> List[np.ndarray]:
        xs[0][0] = 7.0
        xs.append(xs[0] * 2.0)
        return [xs[1] + 1.0, xs[0]]
    a, b = np.zeros(3), np.ones(2)
    arg = [a, b]
    r = pts.script(f, backend=backend)(arg)
    assert arg[0] is a and r[1] is a and a[0] == 7.0
    np.testing.assert_array_equal(r[0], [2.0, 2.0])
    np.testing.assert_array_equal(arg[2], [14.0, 0.0, 0.0])


@pytest.mark.parametrize("backend", ["interp", "native"])
def test_tuples_of_arrays_and_str_in_lists(backend):
    def g(n: int) -> List[Tuple[str, np.ndarray]]:
        return [("a" * i, np.arange(i)) for i in range(n)]
    r = pts.script(g, backend=backend)(3)
    assert [s for s, _ in r] == ["", "a", "aa"]
    for (_, x), want in zip(r, [[], [0], [0, 1]]):
        np.testing.assert_array_equal(x, want)


def test_nested_arguments_are_checked():
    def f(m: List[List[int]]) -> int:
        return len(m)
    with pytest.raises(TypeError, match="one type"):
        pts.script(f)([[1], ["a"]])
    with pytest.raises(OverflowError):
        pts.script(f)([[1 << 70]])
