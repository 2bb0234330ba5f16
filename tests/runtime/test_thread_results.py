"""What the thread pool's policy (runtime/c/threads.c) may never change: the results.

The pool cuts a job into chunks fixed by n, grain and the thread count, and then decides,
call by call, from what it has measured, whether the chunks run on several threads or one
after another on the caller.  Compiled kernels (elementwise, rows with reductions, the
gemm split by columns or by rows, a gradient) must give bit for bit the results of 1
thread at every thread count, on every call (the calls below repeat, so that the cost model
tries both ways), from two application threads at once, and in a forked child."""
from __future__ import annotations

import os
import subprocess
import sys
import textwrap
import threading
from pathlib import Path

import numpy as np
import pytest

import pts

ROOT = Path(__file__).resolve().parents[2]


def gelu(x: np.ndarray) -> np.ndarray:
    return 0.5 * x * (1.0 + np.tanh(0.7978845608 * (x + 0.044715 * x * x * x)))


def softmax(x: np.ndarray) -> np.ndarray:
    e = np.exp(x - x.max(axis=1, keepdims=True))
    return e / e.sum(axis=1, keepdims=True)


def mm(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    return a @ b


def layer(x: np.ndarray, w: np.ndarray, bias: np.ndarray) -> np.ndarray:
    return np.maximum(x @ w + bias, 0.0)


def wgrad(dh: np.ndarray, x: np.ndarray) -> np.ndarray:
    return dh.T @ x


def loss(x: np.ndarray, w: np.ndarray) -> float:
    return float(np.tanh(x @ w).sum())


RNG = np.random.default_rng(7)


def rand(*shape, dtype=np.float32):
    return RNG.standard_normal(shape).astype(dtype)


CASES = [
    ("gelu flat", pts.script(gelu), (rand(300_001),)),
    ("softmax rows", pts.script(softmax), (rand(1000, 300, dtype=np.float64),)),
    ("gemm by columns", pts.script(mm), (rand(64, 784), rand(784, 256))),
    ("gemm by rows", pts.script(mm), (rand(700, 300), rand(300, 50))),
    ("gemm f64 edges", pts.script(mm), (rand(257, 129, dtype=np.float64),
                                        rand(129, 513, dtype=np.float64))),
    # A a transposed view, made row-major once for all column chunks (backend/gemm.py
    # ParallelGemm.shared_a): a linear layer's weight gradient, and rows 4 KiB apart
    ("gemm transposed A", pts.script(wgrad), (rand(64, 256), rand(64, 784))),
    ("gemm transposed A aliased", pts.script(wgrad), (rand(1024, 96), rand(1024, 600))),
    ("linear relu", pts.script(layer), (rand(128, 500), rand(500, 300), rand(300))),
    ("gradient", pts.grad(pts.script(loss), argnums=(0, 1)),
     (rand(128, 300, dtype=np.float64), rand(300, 200, dtype=np.float64))),
]


def as_list(r):
    return [np.asarray(a) for a in (r if isinstance(r, tuple) else (r,))]


def same(got, want) -> bool:
    got, want = as_list(got), as_list(want)
    return len(got) == len(want) and all(
        g.dtype == w.dtype and g.shape == w.shape and np.array_equal(g, w)
        for g, w in zip(got, want))


@pytest.fixture(scope="module")
def one_thread_results():
    saved = pts.set_num_threads(1)
    try:
        return {name: fn(*args) for name, fn, args in CASES}
    finally:
        pts.set_num_threads(saved)


@pytest.mark.parametrize("name, fn, args", CASES, ids=[c[0] for c in CASES])
def test_every_thread_count_gives_one_threads_bits(one_thread_results, name, fn, args):
    saved = pts.get_num_threads()
    try:
        for n in (2, 3, 4, 7):
            pts.set_num_threads(n)
            for call in range(12):         # the cost model measures, decides, probes
                assert same(fn(*args), one_thread_results[name]), (name, n, call)
    finally:
        pts.set_num_threads(saved)


def test_two_application_threads_at_once(one_thread_results):
    """Each thread's calls find the pool now free, now owned by the other (then their
    chunks run serially on the caller): the same bits either way."""
    saved = pts.set_num_threads(2)
    errors: list = []
    start = threading.Barrier(2, timeout=60)

    def caller(names):
        try:
            start.wait()
            for _ in range(10):
                for name, fn, args in CASES:
                    if name in names and not same(fn(*args), one_thread_results[name]):
                        errors.append(name)
        except BaseException as e:          # pragma: no cover - reported below
            errors.append(repr(e))
    try:
        ts = [threading.Thread(target=caller, args=(names,)) for names in
              ({"gemm by columns", "softmax rows", "gradient"},
               {"gemm by columns", "gelu flat", "linear relu"})]
        for t in ts:
            t.start()
        for t in ts:
            t.join()
    finally:
        pts.set_num_threads(saved)
    assert not errors, errors


@pytest.mark.skipif(not hasattr(os, "fork"), reason="needs fork")
def test_forked_child_computes_the_same(tmp_path):
    script = tmp_path / "fork_child.py"      # pts.script reads the function's source
    script.write_text(textwrap.dedent("""
    import os, numpy as np, pts
    def mm(a: np.ndarray, b: np.ndarray) -> np.ndarray:
        return a @ b
    f = pts.script(mm)
    rng = np.random.default_rng(1)
    a = rng.standard_normal((64, 784)).astype(np.float32)
    b = rng.standard_normal((784, 256)).astype(np.float32)
    pts.set_num_threads(1)
    want = f(a, b)
    pts.set_num_threads(2)
    for _ in range(5):
        assert np.array_equal(f(a, b), want)      # the parent's workers exist now
    pid = os.fork()
    if pid == 0:
        ok = all(np.array_equal(f(a, b), want) for _ in range(10))
        os._exit(0 if ok else 1)
    _, status = os.waitpid(pid, 0)
    assert os.waitstatus_to_exitcode(status) == 0
    assert all(np.array_equal(f(a, b), want) for _ in range(5))
    print("ok")
    """))
    r = subprocess.run([sys.executable, str(script)], capture_output=True, text=True,
                       timeout=300, cwd=ROOT)
    assert (r.returncode, r.stdout.strip()) == (0, "ok"), r.stderr[-3000:]


def test_transposed_a_gives_the_bits_of_its_row_major_copy():
    """The weight gradient's dh.T, copied row-major once before the split, is summed in the
    same order as a row-major A: the same bits as pts on np.ascontiguousarray(dh.T), and
    numpy's values within float32 rounding."""
    f, g = pts.script(wgrad), pts.script(mm)
    saved = pts.get_num_threads()
    try:
        for n in (1, 2):
            pts.set_num_threads(n)
            for shape in ((64, 256, 784), (7, 300, 900), (1024, 96, 600)):
                b, m, k = shape
                dh, x = rand(b, m), rand(b, k)
                got = f(dh, x)
                assert np.array_equal(got, g(np.ascontiguousarray(dh.T), x)), (n, shape)
                np.testing.assert_allclose(got, dh.T.astype(np.float64) @ x, rtol=1e-4,
                                           atol=1e-4 * b)
    finally:
        pts.set_num_threads(saved)
