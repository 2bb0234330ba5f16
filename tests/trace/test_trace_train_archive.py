"""A training step of a traced model saved with pts.save (runtime/archive_train.py, the
scripted steps' format): pts.load and pts-run --steps go on training from the saved state
with the in-process step's losses and final state, bit for bit."""
from __future__ import annotations

import copy
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

import pts
from pts.runtime import archive

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "runtime"))
from ptsbuild import build_runtime, have  # noqa: E402

STEPS = 6


class Layer:
    def __init__(self, r, i, o):
        self.w = r.standard_normal((i, o)) / np.sqrt(i)
        self.b = np.zeros(o)

    def __call__(self, x):
        return x @ self.w + self.b


class Net:
    """Plain numpy classes: two layers in a list, a running mean of the hidden layer (a
    buffer the forward pass writes, as BatchNorm's statistics) and an int array it reads."""

    def __init__(self, seed=0):
        r = np.random.default_rng(seed)
        self.layers = [Layer(r, 4, 8), Layer(r, 8, 3)]
        self.running = np.zeros(8)
        self.order = np.array([2, 0, 1])

    def __call__(self, x):
        h = np.tanh(self.layers[0](x))
        self.running[...] = 0.9 * self.running + 0.1 * h.mean(axis=0)
        return self.layers[1](h)[:, self.order]


def nll(model, x, y):
    z = model(x)
    z = z - np.max(z, axis=1, keepdims=True)
    logp = z - np.log(np.sum(np.exp(z), axis=1, keepdims=True))
    return -np.mean(logp[np.arange(x.shape[0]), y])


def batch(seed=1, n=10):
    r = np.random.default_rng(seed)
    return r.standard_normal((n, 4)), r.integers(0, 3, n).astype(np.int64)


def names_and_arrays(net: Net) -> dict:
    return {"model.layers.0.w": net.layers[0].w, "model.layers.0.b": net.layers[0].b,
            "model.layers.1.w": net.layers[1].w, "model.layers.1.b": net.layers[1].b,
            "model.running": net.running}


def trained(tmp_path: Path, backend: str):
    """A traced Net's Adam step, saved before it trains, then STEPS steps in process."""
    net = Net()
    x, y = batch()
    tm = pts.trace(net, (x,), backend=backend)
    opt = pts.optim.Adam(tm.parameters(), lr=0.05)
    step = pts.train_step(tm, nll, opt)
    step(x, y)                                   # one step before the save: state to store
    path = tmp_path / "step.pts"
    archive.save(step, str(path), example_inputs=[x, y], targets=archive.native_targets()[:1])
    losses = [step(x, y) for _ in range(STEPS)]
    return net, opt, path, (x, y), losses


@pytest.mark.parametrize("backend", ["interp", "native"])
def test_a_loaded_traced_step_trains_like_the_one_in_process(tmp_path, backend):
    net, opt, path, (x, y), losses = trained(tmp_path, backend)
    assert losses[-1] < losses[0]
    loaded = pts.load(path)
    # the archive's native code: bit for bit the native step's; the interpreter's rounding
    # of a sum may differ in the last bit
    same = np.testing.assert_array_equal if backend == "native" else \
        (lambda a, b, err_msg="": np.testing.assert_allclose(a, b, rtol=1e-12, atol=1e-15,
                                                            err_msg=err_msg))
    same([loaded(x, y) for _ in range(STEPS)], losses)
    for name, a in names_and_arrays(net).items():
        same(loaded.state[name], a, err_msg=name)
    index = {id(p): i for i, p in enumerate(opt.param_groups[0]["params"])}
    for name, p in list(names_and_arrays(net).items())[:4]:
        state = opt.state[index[id(p)]]
        for k in ("exp_avg", "exp_avg_sq"):
            same(loaded.state[f"optim.{k}.{name[6:]}"], state[k], err_msg=name)
    others = [k for k in loaded.state if k.startswith("model.captured")]
    assert len(others) == 1 and np.array_equal(loaded.state[others[0]], net.order)
    assert pts.load(path)(x, y) == losses[0]     # the file is never written to


@pytest.mark.skipif(not have("cc") or not sys.platform.startswith("linux"),
                    reason="needs a C compiler on Linux")
def test_pts_run_trains_a_saved_traced_step(tmp_path):
    net, _, path, (x, y), losses = trained(tmp_path, "native")
    np.save(tmp_path / "x.npy", x)
    np.save(tmp_path / "y.npy", y)
    runtime = build_runtime()
    r = subprocess.run([str(runtime / "pts-run"), "--threads", str(pts.get_num_threads()),
                        str(path), "--steps", str(STEPS), str(tmp_path / "x.npy"),
                        str(tmp_path / "y.npy"), "--save-state", str(tmp_path / "out")],
                       capture_output=True, text=True, timeout=600)
    assert r.returncode == 0, r.stderr
    assert [float(v) for v in r.stdout.split()] == losses
    for name, a in names_and_arrays(net).items():
        np.testing.assert_array_equal(np.load(tmp_path / "out" / f"{name}.npy"), a,
                                      err_msg=name)


def test_a_failing_loaded_traced_step_changes_nothing(tmp_path):
    _, _, path, (x, y), _ = trained(tmp_path, "interp")
    loaded = pts.load(path)
    loaded(x, y)
    before = copy.deepcopy(loaded.state)
    with pytest.raises(IndexError):
        loaded(x, np.full_like(y, 7))            # a label out of range: fails in the step
    assert all(np.array_equal(loaded.state[k], v) for k, v in before.items())


@pytest.mark.parametrize("backend", ["interp", "native"])
def test_an_array_the_forward_writes_is_a_buffer_not_a_parameter(backend):
    """The running mean the forward pass writes is not among tm.named_parameters(), is not
    trained, and moves as eagerly at every step; a step that raises leaves it alone."""
    net, ref = Net(), Net()
    x, y = batch()
    tm = pts.trace(net, (x,), backend=backend)
    assert [n for n, _ in tm.named_parameters()] == \
        ["layers.0.w", "layers.0.b", "layers.1.w", "layers.1.b"]
    step = pts.train_step(tm, nll, pts.optim.SGD(tm.parameters(), lr=0.1))
    for _ in range(3):
        step(x, y)
    _train_by_hand(ref, x, y, 3)
    np.testing.assert_allclose(net.running, ref.running, rtol=1e-12)
    for l, m in zip(net.layers, ref.layers):
        np.testing.assert_allclose(l.w, m.w, rtol=1e-12, atol=1e-14)
        np.testing.assert_allclose(l.b, m.b, rtol=1e-12, atol=1e-14)
    before = net.running.copy()
    weights = [p.copy() for p in tm.parameters()]
    with pytest.raises(IndexError):
        step(x, np.full_like(y, 7))
    assert np.array_equal(net.running, before)
    assert all(np.array_equal(p, q) for p, q in zip(tm.parameters(), weights))


def _train_by_hand(net: Net, x, y, steps: int) -> None:
    """`steps` SGD steps (lr 0.1) of nll, forward and backward written out in numpy."""
    for _ in range(steps):
        l0, l1 = net.layers
        a = x @ l0.w + l0.b
        h = np.tanh(a)
        net.running[...] = 0.9 * net.running + 0.1 * h.mean(axis=0)
        z = (h @ l1.w + l1.b)[:, net.order]
        z = z - z.max(axis=1, keepdims=True)
        p = np.exp(z) / np.exp(z).sum(axis=1, keepdims=True)
        dz = p.copy()
        dz[np.arange(len(y)), y] -= 1.0
        dz /= len(y)
        do = np.zeros_like(dz)
        do[:, net.order] = dz
        dh = do @ l1.w.T
        da = dh * (1.0 - h ** 2)
        grads = [(l0.w, x.T @ da), (l0.b, da.sum(axis=0)), (l1.w, h.T @ do),
                 (l1.b, do.sum(axis=0))]
        for w, g in grads:
            w -= 0.1 * g


def test_a_traced_step_with_a_number_in_its_batch_is_refused(tmp_path):
    def scaled(model, x, y, k):
        return nll(model, x, y) * k
    x, y = batch()
    tm = pts.trace(Net(), (x,), backend="interp")
    step = pts.train_step(tm, scaled, pts.optim.SGD(tm.parameters(), lr=0.1))
    with pytest.raises(ValueError, match="batch must be arrays"):
        archive.save(step, str(tmp_path / "s.pts"), example_inputs=[x, y, 2.0])
