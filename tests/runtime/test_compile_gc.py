"""A compile runs with Python's garbage collector paused (compiled.collector_paused), and leaves
the collector as it found it: on, off, after an error, and with compiles on two threads."""
import gc
import threading

import numpy as np
import pytest

import pts
import pts.nn


def scaled(x: np.ndarray, k: float) -> np.ndarray:
    return np.tanh(x) * k


def shifted(x: np.ndarray, k: float) -> np.ndarray:
    return np.tanh(x) + k


def bad(x: int) -> int:
    return x + "a"


class Scale(pts.nn.Module):
    def __init__(self):
        super().__init__()
        self.k = 2.0

    def forward(self, x: np.ndarray) -> np.ndarray:
        return x * self.k


@pytest.fixture
def restore_gc():
    was = gc.isenabled()
    yield
    (gc.enable if was else gc.disable)()


def collector_during(run, raises=None):
    """gc.isenabled() as seen from inside the compile (the frontend's build), and after;
    `raises`: the exception run() must raise (else it must not raise)."""
    from pts import compiler
    seen = []
    real = compiler.build

    def spy(*args, **kwargs):
        seen.append(gc.isenabled())
        return real(*args, **kwargs)
    compiler.build = spy
    try:
        if raises is None:
            run()
        else:
            with pytest.raises(raises):
                run()
    finally:
        compiler.build = real
    return seen, gc.isenabled()


@pytest.mark.parametrize("enabled", [True, False])
def test_the_collector_is_paused_and_restored(restore_gc, monkeypatch, enabled):
    monkeypatch.setenv("PTS_CACHE", "0")
    (gc.enable if enabled else gc.disable)()
    x = np.ones(5, np.float32)
    assert collector_during(lambda: pts.script(scaled)(x, 3.0)) == ([False], enabled)
    assert collector_during(lambda: pts.script(bad)(1), pts.CompileError) == ([False], enabled)
    model = pts.script(Scale(), backend="native")
    assert collector_during(lambda: model(x)) == ([False], enabled)
    np.testing.assert_allclose(model(x), x * 2.0)


def test_compiles_on_two_threads(restore_gc, monkeypatch):
    """The collector comes back on when the last of two overlapping compiles ends."""
    monkeypatch.setenv("PTS_CACHE", "0")
    gc.enable()
    from pts import compiler
    real = compiler.build
    inside, release = threading.Barrier(2), threading.Event()

    def held(*args, **kwargs):
        inside.wait(timeout=60)           # both compiles are running
        if threading.current_thread().name == "first":
            release.wait(timeout=60)      # the first one ends last
        return real(*args, **kwargs)
    monkeypatch.setattr(compiler, "build", held)
    results = {}

    def compile_on(name, fn):
        results[name] = pts.script(fn)(np.ones(3, np.float32), 2.0)
    first = threading.Thread(target=compile_on, args=("first", scaled), name="first")
    second = threading.Thread(target=compile_on, args=("second", shifted), name="second")
    first.start()
    second.start()
    second.join(timeout=60)
    assert not gc.isenabled()             # the first compile is still running
    release.set()
    first.join(timeout=60)
    assert gc.isenabled()
    np.testing.assert_allclose(results["first"], np.tanh(1.0) * 2.0, rtol=1e-6)
    np.testing.assert_allclose(results["second"], np.tanh(1.0) + 2.0, rtol=1e-6)
