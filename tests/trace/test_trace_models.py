"""pts.trace of objects holding arrays: pts.nn modules and plain classes whose weights
stay live (changed in place, replaced by another array, written by the code itself),
scripted code calling a trace that reads weights, writes into the caller's arrays."""
from __future__ import annotations

import copy

import numpy as np
import pytest

import pts
import pts.nn as nn

rng = np.random.default_rng(7)
BACKENDS = ["interp", "native"]


@pytest.mark.parametrize("backend", BACKENDS)
def test_a_traced_nn_linear_reads_its_weights_at_each_call(backend):
    pts.manual_seed(1)
    lin = nn.Linear(4, 3)
    x = rng.standard_normal((5, 4)).astype(np.float32)
    f = pts.trace(lin, (x,), backend=backend)
    np.testing.assert_allclose(f(x), lin(x), rtol=1e-5, atol=1e-6)
    lin.weight *= 2.0                                   # an optimizer's step: in place
    lin.bias[:] = 1.0
    np.testing.assert_allclose(f(x[:1]), lin(x[:1]), rtol=1e-5, atol=1e-6)
    lin.load_state_dict({"weight": np.ones((3, 4), np.float32),
                         "bias": np.zeros(3, np.float32)})
    np.testing.assert_allclose(f(x), np.repeat(x.sum(axis=1, keepdims=True), 3, axis=1),
                               rtol=1e-6)
    lin.weight = rng.standard_normal((3, 4)).astype(np.float32)     # another array
    np.testing.assert_allclose(f(x), lin(x), rtol=1e-5, atol=1e-6)
    assert len(f.traces) == 1
    lin.weight = rng.standard_normal((3, 5)).astype(np.float32)     # another shape
    x5 = rng.standard_normal((2, 5)).astype(np.float32)
    np.testing.assert_allclose(f(x5), lin(x5), rtol=1e-5, atol=1e-6)
    assert len(f.traces) == 2 and "changed shape" in f.explain()


@pytest.mark.parametrize("backend", BACKENDS)
def test_batchnorm_in_training_mode_updates_its_running_statistics(backend):
    pts.manual_seed(2)
    bn = nn.BatchNorm1d(3)
    twin = copy.deepcopy(bn)
    x = rng.standard_normal((8, 3)).astype(np.float32)
    f = pts.trace(bn, (x,), backend=backend)
    for n in (8, 2, 5):                         # each call writes the buffers, as eagerly
        x = rng.standard_normal((n, 3)).astype(np.float32)
        np.testing.assert_allclose(f(x), twin(x), rtol=1e-5, atol=1e-6)
        np.testing.assert_allclose(bn.running_mean, twin.running_mean, rtol=1e-5, atol=1e-6)
        np.testing.assert_allclose(bn.running_var, twin.running_var, rtol=1e-5, atol=1e-6)
        assert bn.num_batches_tracked == twin.num_batches_tracked
    assert len(f.traces) == 1
    assert list(bn.state_dict()) == list(twin.state_dict())     # (registries kept)


@pytest.mark.parametrize("backend", BACKENDS)
def test_a_counter_the_code_writes_counts_calls_not_traces(backend):
    class Counting:
        def __init__(self):
            self.calls = np.zeros(1, np.int64)
            self.seen = np.zeros(2)

        def __call__(self, x):
            self.calls += 1
            self.seen[:] = self.seen + x.sum(axis=0)
            return x * self.calls

    c = Counting()
    x = np.ones((3, 2))
    f = pts.trace(c, (x,), backend=backend)
    assert c.calls[0] == 0                           # tracing wrote nothing
    f(x)
    out = f(np.ones((1, 2)))
    assert c.calls[0] == 2 and np.array_equal(out, np.full((1, 2), 2.0))
    assert np.array_equal(c.seen, [4.0, 4.0])


@pytest.mark.parametrize("backend", BACKENDS)
def test_writes_reach_the_callers_arrays_and_tracing_writes_none(backend):
    def scale_rows(x, out):
        out[:] = x * 2.0
        x[0] = 0.0
        return out.sum()

    x, out = np.arange(6.0).reshape(3, 2), np.zeros((3, 2))
    f = pts.trace(scale_rows, (x, out), backend=backend)
    assert np.array_equal(x, np.arange(6.0).reshape(3, 2)) and not out.any()
    base = np.arange(12.0).reshape(3, 4)
    view, out2 = base[:, ::2], np.zeros((3, 2))          # (a strided view of the caller's)
    total = view.sum()
    assert f(view, out2) == 2.0 * total
    assert np.array_equal(out2, 2.0 * np.arange(12.0).reshape(3, 4)[:, ::2])
    assert np.array_equal(base[0], [0.0, 1.0, 0.0, 3.0])   # x[0] = 0 wrote into base


W = rng.standard_normal((3, 3))


class Scaler:
    def __init__(self):
        self.w = np.eye(3)

    def __call__(self, x):
        return x @ self.w + W[0]


SCALER = Scaler()
SCALE = pts.trace(SCALER, (np.ones((2, 3)),), backend="interp")


def uses_the_scaler(x: np.ndarray) -> float:
    return float(SCALE(x).sum())


@pytest.mark.parametrize("backend", BACKENDS)
def test_scripted_code_calls_a_trace_that_reads_weights(backend):
    x = rng.standard_normal((4, 3))
    f = pts.script(uses_the_scaler, backend=backend)
    assert np.isclose(f(x), uses_the_scaler(x), rtol=1e-12)
    SCALER.w *= 3.0                               # changed in place: seen
    W[0] = 1.0                                    # a module-level array: seen
    assert np.isclose(f(x), (x @ SCALER.w + W[0]).sum(), rtol=1e-12)
    old = SCALER.w
    SCALER.w = rng.standard_normal((3, 3))        # replaced: the array there now
    try:
        assert np.isclose(f(x), (x @ SCALER.w + W[0]).sum(), rtol=1e-12)
        SCALER.w = np.ones((4, 4))                # another shape: no trace holds
        with pytest.raises(RuntimeError, match="no trace holds"):
            f(x)
    finally:
        SCALER.w = old


@pytest.mark.parametrize("backend", BACKENDS)
def test_dropout_in_training_mode_draws_the_eager_masks(backend):
    pts.manual_seed(3)
    model = nn.Sequential(nn.Linear(4, 8), nn.Dropout(0.5), nn.Linear(8, 2)).train()
    twin = copy.deepcopy(model)             # the same generator state
    x = rng.standard_normal((5, 4)).astype(np.float32)
    f = pts.trace(model, (x,), backend=backend)
    for n in (5, 1, 7):                     # each call advances the dropout generator
        x = rng.standard_normal((n, 4)).astype(np.float32)
        np.testing.assert_allclose(f(x), twin(x), rtol=1e-5, atol=1e-6)
    assert np.array_equal(model[1].generator, twin[1].generator)
    assert len(f.traces) == 1
