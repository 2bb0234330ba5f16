"""pts.trace's surface: guards and re-tracing with their explanation, live weights,
check_inputs, strict results, errors as numpy's, the IR at the user's lines."""
from __future__ import annotations

import subprocess
import sys
import textwrap

import numpy as np
import pytest

import pts

rng = np.random.default_rng(0)


def branchy(x):
    if x.shape[0] > 4:                      # a guard: x.shape[0] > 4
        return x[:4] * 2.0
    return x + 1.0


LINE = branchy.__code__.co_firstlineno + 1


@pytest.mark.parametrize("backend", ["interp", "native"])
def test_a_broken_guard_traces_again_and_says_why(backend):
    f = pts.trace(branchy, (np.ones((8, 3)),), backend=backend)
    assert np.array_equal(f(np.ones((6, 3))), np.full((4, 3), 2.0))
    assert len(f.traces) == 1                       # 6 > 4 holds: the same trace
    x = rng.standard_normal((3, 3))
    assert np.array_equal(f(x), x + 1.0)            # 3 > 4 breaks it: traced again
    assert len(f.traces) == 2
    text = f.explain()
    assert "assumes x.shape[0] > 4" in text and "assumes not (x.shape[0] > 4)" in text
    assert f"traced again because: test_trace_api.py:{LINE}: the trace assumed " \
           f"x.shape[0] > 4" in text
    f(np.ones((9, 3)))
    f(np.ones((1, 3)))
    assert len(f.traces) == 2                       # each case is kept


def test_another_rank_or_dtype_is_another_trace():
    f = pts.trace(lambda x: x * 2, (np.ones(3),), backend="interp")
    f(np.ones((2, 2)))
    f(np.ones(3, np.float32))
    assert len(f.traces) == 3
    assert "no trace for these inputs' dtypes and ranks ((float32[1-d]))" in f.explain()


def test_PTS_LOG_recompiles_prints_the_reason(tmp_path):
    prog = tmp_path / "prog.py"
    prog.write_text(textwrap.dedent("""
        import numpy as np, pts
        def f(x):
            for _ in range(x.shape[0]):
                x = np.tanh(x)
            return x
        t = pts.trace(f, (np.ones(2),), backend="interp")
        t(np.ones(2)); t(np.ones(3))
    """))
    r = subprocess.run([sys.executable, str(prog)], capture_output=True, text=True,
                       env={**__import__("os").environ, "PTS_LOG": "recompiles"})
    assert r.returncode == 0, r.stderr
    assert "pts: trace f again: prog.py:4: the trace assumed x.shape[0] == 2" in r.stderr


@pytest.mark.parametrize("backend", ["interp", "native"])
def test_a_size_computed_inside_is_checked_in_the_code(backend):
    def f(x):
        h = x[::2]                              # a strided slice's size: not known as an
        if h.shape[0] > 2:                      # expression of x's
            return h[:2]
        return h * 10.0
    t = pts.trace(f, (rng.standard_normal((5, 3)),), backend=backend)
    x2 = rng.standard_normal((2, 3))
    assert np.allclose(t(x2), x2[::2] * 10.0)
    assert len(t.traces) == 2
    assert "(a size computed inside)" in t.explain()
    with pytest.raises(pts.TraceError, match="an archive cannot choose between them"):
        pts.save(t, "/dev/null")


@pytest.mark.parametrize("backend", ["interp", "native"])
def test_sizes_through_matmul_and_broadcasting_stay_expressions(backend):
    def f(x, w, b):
        h = np.maximum(x @ w + b, 0.0)          # h.shape == (x.shape[0], w.shape[1])
        if h.shape[1] > 2:
            return h[:, :2]
        return h.T
    x, w, b = rng.standard_normal((4, 3)), rng.standard_normal((3, 5)), np.zeros(5)
    t = pts.trace(f, (x, w, b), backend=backend)
    assert "assumes w.shape[1] > 2" in t.explain()
    w2, b2 = rng.standard_normal((3, 2)), np.zeros(2)
    assert np.allclose(t(x, w2, b2), f(x, w2, b2))
    assert "traced again because: test_trace_api.py" in t.explain()
    assert "the trace assumed w.shape[1] > 2" in t.explain()
    one = pts.trace(f, (x, w, np.zeros(1)), backend=backend)       # b's size 1 broadcast
    assert "assumes b.shape[0] == 1" in one.explain()
    assert np.allclose(one(x, w, np.ones(5)), f(x, w, np.ones(5)))
    assert len(one.traces) == 2


@pytest.mark.parametrize("backend", ["interp", "native"])
def test_captured_weights_are_live(backend):
    class Lin:
        def __init__(self):
            self.w = np.eye(3)

        def __call__(self, x):
            return x @ self.w
    m = Lin()
    t = pts.trace(m, (np.ones((2, 3)),), backend=backend)
    m.w *= 2.0                                    # changed in place: the next call sees it
    assert np.array_equal(t(np.ones((2, 3))), np.full((2, 3), 2.0))


def test_check_inputs():
    f = pts.trace(np.tanh, (np.ones(3),), check_inputs=[(np.ones(5),), (np.zeros(1),)],
                  backend="interp")
    assert len(f.traces) == 1
    calls = []

    def stateful(x):                              # Python state the trace froze
        calls.append(1)
        return x * len(calls)
    with pytest.raises(pts.TraceError, match="check_inputs .* differ \\(values\\)"):
        pts.trace(stateful, (np.ones(2),), check_inputs=[(np.ones(2),)], backend="interp")


def test_strict_results():
    def f(x):
        return {"y": x + 1, "n": x.shape[0], "tag": "ok", "pair": (x, [x * 2])}
    t = pts.trace(f, (np.ones(2),), backend="interp")
    out = t(np.ones(3))
    assert out["n"] == 3 and out["tag"] == "ok" and np.array_equal(out["pair"][1][0],
                                                                   np.full(3, 2.0))

    class Box:
        def __init__(self, v):
            self.v = v
    with pytest.raises(pts.TraceError, match="returned a Box"):
        pts.trace(lambda x: Box(x), (np.ones(2),), backend="interp")
    t = pts.trace(lambda x: (x * 2, Box(1)), (np.ones(2),), strict=False, backend="interp")
    assert isinstance(t(np.ones(2))[1], Box)


def test_numpy_errors_are_numpys():
    with pytest.raises(ValueError, match="matmul: Input operand 1 has a mismatch"):
        pts.trace(lambda x, w: x @ w, (np.ones((2, 3)), np.ones((2, 3))), backend="interp")


def test_the_ir_is_at_the_users_lines():
    def f(x):
        y = np.exp(x)
        return y / y.sum(axis=0)
    t = pts.trace(f, (np.ones((2, 2)),), backend="interp")
    first = f.__code__.co_firstlineno
    text = t.ir(recorded=True)
    assert f"np.exp %x {{static = \"{{}}\"}} !{first + 1}:" in text
    assert f"np.sum" in text and f"!{first + 2}:" in text


def test_inputs_that_are_not_arrays_are_constants():
    def f(x, k, flag):
        return x * k if flag else x - k
    t = pts.trace(f, (np.ones(2), 3, True), backend="interp")
    assert np.array_equal(t(np.ones(2), 3, True), np.full(2, 3.0))
    assert np.array_equal(t(np.ones(2), 3, False), np.full(2, -2.0))
    assert len(t.traces) == 2
    with pytest.raises(TypeError, match="pts.trace takes arrays and numbers as inputs"):
        t(np.ones(2), "3", True)


def test_a_data_dependent_if_is_refused_and_works_in_pts_script():
    def plain(x):
        if x.sum() > 0:                          # the values decide: refused at this line
            return x * 2.0
        return -x
    with pytest.raises(pts.TraceError) as info:
        pts.trace(plain, (np.ones(3),))
    assert info.value.line == plain.__code__.co_firstlineno + 1
    part = pts.script(plain)

    def traced(x):
        return part(x) + 1.0
    for backend in ("interp", "native"):
        t = pts.trace(traced, (np.ones(3),), backend=backend)
        assert np.array_equal(t(np.ones(4)), np.full(4, 3.0))       # one branch
        assert np.array_equal(t(-np.ones(2)), np.full(2, 2.0))      # and the other
        assert len(t.traces) == 1


def softmax_rows(x):
    e = np.exp(x - x.max(axis=-1, keepdims=True))
    return e / e.sum(axis=-1, keepdims=True)


SOFTMAX = pts.trace(softmax_rows, (np.ones((2, 3)),), backend="interp")


def uses_the_trace(x, n: int):
    total = 0.0
    for i in range(n):                       # scripted control flow around the traced call
        total += float(SOFTMAX(x * i)[0, 0])
    return total


def first_rows(x):
    if x.shape[0] > 1:
        return x[:1]
    return x * 2.0


FIRST = pts.trace(first_rows, (np.ones((3, 2)),), backend="interp")


def uses_first(x):
    return FIRST(x).sum()


@pytest.mark.parametrize("backend", ["interp", "native"])
def test_scripted_code_calls_a_trace(backend):
    x = rng.standard_normal((4, 5))
    f = pts.script(uses_the_trace, backend=backend)
    assert np.isclose(f(x, 3), uses_the_trace(x, 3), rtol=1e-12)
    assert "call @traced0.trace_softmax_rows" in f.ir(x, 3, after="lower")
    g = pts.script(uses_first, backend=backend)
    assert g(np.ones((3, 2))) == 2.0
    with pytest.raises(RuntimeError, match=r"first_rows: no trace holds for these sizes "
                                           r"\(trace 0 assumed x.shape\[0\] > 1\)"):
        g(np.ones((1, 2)))              # (no tracing from compiled code: an error)


def test_scripted_code_cannot_call_a_trace_it_has_no_trace_for():
    def bad(x):
        return SOFTMAX(x)
    with pytest.raises(pts.CompileError, match="has no trace for inputs \\(float32\\[2-d\\]\\)"):
        pts.script(bad, backend="interp")(np.ones((2, 2), np.float32))


def test_sliced_and_joined_sizes_are_expressions_of_the_inputs():
    def f(x, y):
        h = np.concatenate([x[1:-1], y], axis=0)    # (x.shape[0] - 1 - 1 + y.shape[0], d)
        if h.shape[0] > 4:
            return h[:4]
        return np.stack([h, h], axis=0).sum(axis=0)
    x, y = rng.standard_normal((5, 3)), rng.standard_normal((3, 3))
    t = pts.trace(f, (x, y), backend="interp")
    text = t.explain()
    assert "assumes x.shape[0] - 1 - 1 + y.shape[0] > 4" in text, text
    assert "assumes 1 <= x.shape[0] - 1" in text, text         # (x[1:-1] inside x)
    assert "(a size computed inside)" not in text
    for a, b in [((3, 3), (3, 3)), ((2, 3), (1, 3)), ((6, 3), (0, 3))]:
        xa, yb = rng.standard_normal(a), rng.standard_normal(b)
        assert np.allclose(t(xa, yb), f(xa, yb))
    assert len(t.traces) == 2, t.explain()


def test_a_slice_past_the_end_traces_again():
    def f(x):
        return x[2:5] * 2.0                        # numpy clips the stop at x.shape[0]
    t = pts.trace(f, (np.arange(8.0),), backend="interp")
    assert "assumes 5 <= x.shape[0]" in t.explain()
    assert np.array_equal(t(np.arange(4.0)), np.arange(4.0)[2:5] * 2.0)
    assert np.array_equal(t(np.arange(1.0)), np.zeros(0))
    assert "traced again because" in t.explain()


def test_a_step_from_a_size_keeps_one_trace():
    def f(x):
        k = x.shape[1] // 2                        # a size used as a slice's step
        return x[:, ::k] * 1.5
    t = pts.trace(f, (np.ones((2, 6)),), backend="interp")
    for shape in [(3, 6), (1, 6)]:
        x = rng.standard_normal(shape)
        assert np.array_equal(t(x), f(x))
    assert "== 1" not in t.explain() and len(t.traces) == 1, t.explain()
