"""Functions as values through archives: programs that pass functions, lambdas and
closures inside the compiled code are saved (everything specialized at save time: the
IR holds direct calls and switches, no function pointers), loaded in Python and run from
C with pts-run, with CPython's results.  An entry saved for a function argument
(`apply(sq, x)`) has that function built in: from Python, passing the same function (by
module and qualified name) selects it; pts-run runs it with the other arguments."""
from __future__ import annotations

import math
import os
import subprocess
import sys

import pytest

import pts
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from ptsbuild import build_runtime  # noqa: E402


def sq(x: float) -> float:
    return x * x


def bump(x: float) -> float:
    return math.exp(-x * x)


def integrate(f, a: float, b: float, n: int) -> float:
    h = (b - a) / n
    s = 0.0
    for i in range(n):
        s += f(a + (i + 0.5) * h)
    return s * h


def quadratures(c: float, n: int) -> float:
    """Module functions, a lambda and a closure passed to one higher-order function."""
    def shifted(x):
        return (x - c) * (x - c)
    return (integrate(sq, 0.0, 1.0, n) + integrate(bump, -c, c, n)
            + integrate(lambda x: c * x, 0.0, 2.0, n) + integrate(shifted, 0.0, 1.0, n))


def make_poly(a: float, b: float):
    return lambda x: a * x * x + b


def dispatch(i: int, x: float) -> float:
    """A list of functions indexed at run time, and closures returned by a function."""
    fs = [sq, bump, math.sqrt]
    p = make_poly(x, 1.0)
    return fs[i](x) + p(2.0)


def options(x: float, *rest, scale: float = 2.0, **kw) -> float:
    t = x * scale + len(rest)
    for r in rest:
        t += r
    return t + kw.get("shift", 0.0)


def keywords(x: float, n: int) -> float:
    """Keyword-only, *args and **kwargs at scripted calls; sorted with a lambda key."""
    xs = [float(i) - x for i in range(n)]
    near = sorted(xs, key=lambda v: abs(v))
    return options(x) + options(x, 1.0, 2.0, scale=0.5) + options(x, shift=3.0) + near[0]


def apply(f, x: float) -> float:
    return f(x) + f(x + 1.0)


CASES = [
    (quadratures, (1.5, 20)),
    (quadratures, (0.25, 7)),
    (dispatch, (0, 3.0)),
    (dispatch, (2, 2.0)),
    (keywords, (1.25, 5)),
    (keywords, (-2.0, 3)),
]


@pytest.fixture(scope="module")
def archives(tmp_path_factory):
    d = tmp_path_factory.mktemp("functions")
    out = {}
    for f in (quadratures, dispatch, keywords):
        path = d / f"{f.__name__}.pts"
        examples = [args for g, args in CASES if g is f]
        pts.save(pts.script(f), str(path), example_inputs=examples[:1])
        out[f.__name__] = path
    path = d / "apply.pts"
    pts.save(pts.script(apply), str(path), example_inputs=[(sq, 1.0)])
    out["apply"] = path
    return out


@pytest.mark.parametrize("f,args", CASES, ids=lambda v: getattr(v, "__name__", None) or repr(v))
def test_loaded_in_python(archives, f, args):
    assert pts.load(str(archives[f.__name__]))(*args) == f(*args)


@pytest.mark.parametrize("f,args", CASES, ids=lambda v: getattr(v, "__name__", None) or repr(v))
def test_run_from_c(archives, f, args):
    runtime = build_runtime()
    r = subprocess.run([str(runtime / "pts-run"), str(archives[f.__name__]),
                        *map(repr, args)], capture_output=True, text=True, timeout=60)
    assert r.returncode == 0, r.stderr
    assert r.stdout == repr(f(*args)) + "\n"


def test_function_argument_specialized_at_save(archives):
    g = pts.load(str(archives["apply"]))
    assert g(sq, 2.5) == apply(sq, 2.5)
    with pytest.raises(TypeError):
        g(bump, 2.5)                   # no entry was saved for bump
    r = subprocess.run([str(build_runtime() / "pts-run"), str(archives["apply"]), "2.5"],
                       capture_output=True, text=True, timeout=60)
    assert r.returncode == 0 and r.stdout == repr(apply(sq, 2.5)) + "\n", r.stderr


def test_lambda_from_python_cannot_be_saved(tmp_path):
    s = pts.script(apply)
    assert s(lambda v: v + 1.0, 1.0) == 5.0
    with pytest.raises(TypeError, match="lambda or a closure made in Python"):
        pts.save(s, str(tmp_path / "lam.pts"))


def weighted(*xs, w: float = 0.5) -> float:
    s = 0.0
    for x in xs:
        s = s * w + x
    return s


def test_keyword_only_and_star_args_entries_bind_in_pts_load(tmp_path):
    path = tmp_path / "weighted.pts"
    pts.save(pts.script(weighted), str(path), example_inputs=[(1.0, 2.0, 3.0)])
    g = pts.load(str(path))
    assert g(1.0, 2.0, 3.0) == weighted(1.0, 2.0, 3.0)
    assert g(1.0, 2.0, 3.0, w=0.5) == weighted(1.0, 2.0, 3.0, w=0.5)
