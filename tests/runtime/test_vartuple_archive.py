"""Tuples of run-time length (`Tuple[T, ...]`, frontend/check_vartuple.py) through archives:
saved with pts.save, loaded in Python (a tuple comes back a tuple), and run by pts-run
where the code keeps them inside (C prints scalar and str results)."""
from __future__ import annotations

import os
import subprocess
import sys
from typing import List, Tuple

import pytest

import pts
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from ptsbuild import build_runtime  # noqa: E402


def perms(k: int):
    pool = tuple(range(k))
    idx = list(range(k))
    yield tuple(pool[i] for i in idx)
    for r in range(1, k):          # the rotations: enough to exercise the generator
        yield tuple(pool[(i + r) % k] for i in idx)


def nqueens_count(n: int) -> int:
    total = 0
    for p in perms(n):
        total += len(set(p[i] + i for i in range(n)))
    return total


def columns(n: int) -> int:
    rows = [tuple(i * j for i in range(n)) for j in range(1, 4)]
    s = 0
    for col in zip(*rows):
        s = s * 3 + max(col) - min(col) + len(col)
    return s


def sliced(n: int) -> int:
    t = tuple(range(n))
    u = t[::2] + t[1::2] + (n,)
    return sum(u[i] * i for i in range(len(u))) + (u.index(n) if n in u else -1)


def as_result(n: int) -> Tuple[int, ...]:
    return tuple(i * i for i in range(n))


def words(s: str) -> Tuple[str, ...]:
    return tuple(s.split())


CASES = [(nqueens_count, (5,)), (columns, (4,)), (sliced, (7,))]


@pytest.fixture(scope="module")
def runtime():
    return build_runtime()


@pytest.fixture(scope="module")
def archives(tmp_path_factory):
    d = tmp_path_factory.mktemp("vartuples")
    out = {}
    for f, args in CASES + [(as_result, (4,)), (words, ("a bb c",))]:
        path = d / f"{f.__name__}.pts"
        pts.save(pts.script(f), str(path), example_inputs=[args])
        out[f.__name__] = path
    return out


@pytest.mark.parametrize("f,args", CASES + [(as_result, (4,)), (as_result, (0,)),
                                            (words, ("a bb c",))],
                         ids=lambda v: getattr(v, "__name__", None) or repr(v))
def test_loaded_in_python(archives, f, args):
    got = pts.load(str(archives[f.__name__]))(*args)
    want = f(*args)
    assert got == want and type(got) is type(want)


@pytest.mark.parametrize("f,args", CASES, ids=lambda v: getattr(v, "__name__", None) or repr(v))
def test_run_from_c(archives, runtime, f, args):
    r = subprocess.run([str(runtime / "pts-run"), str(archives[f.__name__]),
                        *map(repr, args)], capture_output=True, text=True, timeout=60)
    assert r.returncode == 0, r.stderr
    assert r.stdout.strip() == repr(f(*args))


@pytest.mark.parametrize("backend", ["interp", "native"])
def test_python_tuple_argument(backend):
    def f(t: Tuple[int, ...], xs: List[Tuple[int, ...]]) -> Tuple[int, ...]:
        return t + tuple(len(x) for x in xs)
    r = pts.script(f, backend=backend)((1, 2, 3), [(), (5,), (6, 7)])
    assert r == (1, 2, 3, 0, 1, 2) and type(r) is tuple
    r = pts.script(f, backend=backend)((), [(5, 6), (6,)])
    assert r == (2, 1) and type(r) is tuple
    with pytest.raises(TypeError):
        pts.script(f, backend=backend)([1, 2], [])
