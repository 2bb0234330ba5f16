"""Numbers through `.pts` archives: complex arguments and results (two f64 slots in the
boxed entry), the math library functions and round/divmod/pow written in the language
(stdlib/pymath.py, stdlib/pycomplex.py), saved, loaded with `pts.load` (the stored image)
and run again with the same bits.  pts-run runs the math functions (the lang programs do
that through tests/runtime/test_archive.py) but refuses a complex in an entry's signature
with a message (the C loader has no complex type).
"""
from __future__ import annotations

import cmath
import math
import subprocess
import sys
from pathlib import Path

import pytest

import pts

sys.path.insert(0, str(Path(__file__).resolve().parent))
from ptsbuild import build_runtime  # noqa: E402


def rotate(z: complex, turns: int) -> complex:
    for _ in range(turns):
        z = z * 1j + 0.5
    return z


def polar_parts(a: float, b: float):
    z = complex(a, b)
    return cmath.polar(z), cmath.sqrt(z), z ** 0.5, repr(z / 3)


def numbers(x: float, n: int):
    return (math.gamma(x), math.lgamma(x), math.fsum([x, 1e100, -1e100]), round(x, 2),
            divmod(n, 7), pow(3, -1, n), math.comb(n, 3), math.hypot(x, n, 1.0), math.erf(x))


CASES = [(rotate, [(1 + 2j, 3), (-0j, 1), (complex(math.inf, 1.0), 2)]),
         (polar_parts, [(3.0, 4.0), (-1.0, -0.0)]),
         (numbers, [(2.675, 11), (0.5, 13)])]


def same(a, b) -> bool:
    if type(a) is not type(b):
        return False
    if isinstance(a, tuple):
        return len(a) == len(b) and all(same(x, y) for x, y in zip(a, b))
    return repr(a) == repr(b)


@pytest.mark.parametrize("fn,calls", CASES, ids=[c[0].__name__ for c in CASES])
def test_save_load_same_bits(fn, calls, tmp_path):
    compiled = pts.script(fn)
    want = [fn(*args) for args in calls]
    for args, w in zip(calls, want):
        assert same(compiled(*args), w), (fn.__name__, args)
    path = tmp_path / f"{fn.__name__}.pts"
    pts.save(compiled, str(path))
    loaded = pts.load(str(path))
    for args, w in zip(calls, want):
        assert same(loaded(*args), w), (fn.__name__, args)


def test_pts_run_refuses_complex_signature(tmp_path):
    compiled = pts.script(rotate)
    compiled(1j, 1)
    path = tmp_path / "rotate.pts"
    pts.save(compiled, str(path))
    run = build_runtime() / "pts-run"
    r = subprocess.run([str(run), str(path), "1.0", "2"], capture_output=True, text=True,
                       timeout=60)
    assert r.returncode == 2
    assert "entry rotate(c128, i64): bad parameter type" in r.stderr
