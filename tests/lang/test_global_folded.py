"""Module-level lists a function only reads, folded into its code as constants
(frontend/global_values.py): calls go through the C dispatcher, which checks before each
call that every folded list still holds the value folded in (runtime/_dispatch.c
folds_hold); the code is kept in the disk cache with the folded value among its
dependencies, so a fresh process with another list compiles again; models' methods and
gradients fold such lists too, and fold them again when Python changed them; sharing a
list, dict or set with Python from a model's method or a gradient is refused with a
message that says what to write.
"""
from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap

import numpy as np
import pytest

import pts
from pts.errors import CompileError

from test_global_shared import load

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "runtime"))
from dispatch_probe import counting, needs_c  # noqa: E402


@needs_c
def test_folded_reader_takes_the_c_fast_path(tmp_path):
    m = load(tmp_path, "folded_fast", """
        TABLE = [3, 1, 4, 1, 5]

        def pick(i: int) -> int:
            return TABLE[i % len(TABLE)] * 2
    """)
    f = counting(pts.script(m.pick))
    assert f(2) == 8 and f.slow_calls == 1           # the first call compiles
    assert f._entry_count() == 1
    assert [f(i) for i in range(10)] == [m.pick(i) for i in range(10)]
    assert f.slow_calls == 1                         # all through C
    m.TABLE[2] = 40                                  # C sees the change: Python decides
    assert f(2) == 80 and f.slow_calls == 2
    m.TABLE[2] = 4                                   # the folded value again: C again
    assert f(2) == 8 and f.slow_calls == 2
    m.TABLE.append(9)
    assert f(5) == 18 == m.pick(5)
    m.TABLE = [7]                                    # rebound
    assert f(3) == 14 == m.pick(3)


@needs_c
def test_fold_guard_tells_equal_lists_of_other_types_apart(tmp_path):
    """[1, 2] == [1.0, 2.0] in Python, but folded ints print as ints: a list of floats that
    equals the folded one is a change."""
    m = load(tmp_path, "folded_types", """
        SIZES = [1, 2]
        PAIRS = [(1, "a")]

        def show(i: int) -> str:
            return str(SIZES[i]) + str(PAIRS[0][0])
    """)
    f = counting(pts.script(m.show))
    assert f(0) == "11"
    m.SIZES[:] = [1.0, 2.0]
    assert f(1) == "2.01" == m.show(1)
    m.SIZES[:] = [1, 2]
    m.PAIRS[0] = (True, "a")
    assert f(0) == "1True" == m.show(0)


@pytest.mark.parametrize("backend", ["interp", "native"])
def test_folded_list_in_a_model_forward(tmp_path, backend):
    m = load(tmp_path, f"folded_model_{backend}", """
        import numpy as np
        SCALES = [0.5, 2.0, 3.0]

        class Scaler:
            def __init__(self):
                self.w = np.ones(3)

            def forward(self, x: np.ndarray) -> np.ndarray:
                s = 0.0
                for v in SCALES:
                    s += v
                return x * self.w * s + SCALES[0]
    """)
    model = m.Scaler()
    sm = pts.script(model, backend=backend)
    x = np.arange(3.0)
    np.testing.assert_array_equal(sm(x), model.forward(x))
    m.SCALES[0] = 1.0                    # folded again with the new value
    np.testing.assert_array_equal(sm(x), model.forward(x))
    m.SCALES.append(-4.0)
    np.testing.assert_array_equal(sm(x), model.forward(x))


@pytest.mark.parametrize("backend", ["interp", "native"])
def test_gradient_of_a_function_reading_a_folded_list(tmp_path, backend):
    """Checked against central differences, before and after Python changes the list."""
    m = load(tmp_path, f"folded_grad_{backend}", """
        import math
        COEFFS = [0.5, -1.25, 2.0]

        def poly(x: float) -> float:
            s = 0.0
            p = 1.0
            for c in COEFFS:
                s += c * p
                p = p * x
            return math.sin(s)
    """)
    g = pts.grad(m.poly, backend=backend)

    def numeric(x, h=1e-6):
        return (m.poly(x + h) - m.poly(x - h)) / (2 * h)

    for x in (0.3, -1.1):
        assert g(x) == pytest.approx(numeric(x), rel=1e-6, abs=1e-8)
    m.COEFFS[1] = 3.0
    assert g(0.3) == pytest.approx(numeric(0.3), rel=1e-6, abs=1e-8)
    m.COEFFS.append(-0.75)
    assert g(0.7) == pytest.approx(numeric(0.7), rel=1e-6, abs=1e-8)


def test_model_sharing_a_list_says_what_to_write(tmp_path):
    m = load(tmp_path, "shared_model_refused", """
        from typing import List
        LOSSES: List[float] = [0.0]

        class Tracker:
            def forward(self, x: float) -> float:
                LOSSES.append(x)
                return x * 2.0
    """)
    with pytest.raises(CompileError) as info:
        pts.script(m.Tracker())(1.0)
    e = info.value
    assert "uses the module-level list 'LOSSES', which a model's method cannot share" in e.msg
    assert "keep it on the model (self.LOSSES)" in e.msg
    assert e.line == 7 and "Traceback" not in str(e)         # at the use, not the def
    assert m.LOSSES == [0.0]


# ---------------------------------------------------------------- the disk cache, across processes

RUNNER = """\
import json, sys
sys.path.insert(0, {dir!r})
import pts
from pts.backend.jit import STATS
import folded_cached as m
if {change!r} is not None:
    m.TABLE[1] = {change!r}
f = pts.script(m.pick)
first = f(1)
pts.wait_optimized()
m.TABLE[1] = 100                # changed after the first call (and maybe before the store)
second = f(1)
print(json.dumps({{"first": first, "second": second, "loads": STATS["cache_loads"],
                  "compiles": STATS["llvm_compiles"]}}))
"""


def _run(tmp_path, change=None, tier="auto"):
    env = dict(os.environ, PTS_CACHE_DIR=str(tmp_path / "cache"), PTS_TIER=tier,
               PYTHONDONTWRITEBYTECODE="1")
    env.pop("PTS_CACHE", None)
    r = subprocess.run([sys.executable, "-c", RUNNER.format(dir=str(tmp_path), change=change)],
                       capture_output=True, text=True, timeout=300, env=env)
    assert r.returncode == 0, r.stderr
    return json.loads(r.stdout.strip().splitlines()[-1])


@pytest.mark.parametrize("tier", ["auto", "opt"])
def test_folded_code_in_the_disk_cache_is_never_stale(tmp_path, tier):
    """The stored code is keyed on the value folded in, not on the list when the code was
    written to disk (tier-2 code is stored after the first calls, which may change it)."""
    (tmp_path / "folded_cached.py").write_text(textwrap.dedent("""
        TABLE = [3, 1, 4]

        def pick(i: int) -> int:
            return TABLE[i] * 2
    """))
    a = _run(tmp_path, tier=tier)
    assert (a["first"], a["second"], a["loads"]) == (2, 200, 0)
    b = _run(tmp_path, tier=tier)              # the same list: loaded, no LLVM
    assert (b["first"], b["second"], b["loads"]) == (2, 200, 1)
    assert b["compiles"] <= a["compiles"] - 1
    c = _run(tmp_path, change=7, tier=tier)   # another list in a new process: compiled
    assert (c["first"], c["second"]) == (14, 200)
    d = _run(tmp_path, change=7, tier=tier)
    assert (d["first"], d["second"], d["loads"]) == (14, 200, 1)
