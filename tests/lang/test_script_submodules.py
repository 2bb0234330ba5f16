"""A scripted module kept as a submodule (issue 31 item 3, step 1): the TorchScript
tutorial's `MyCell(pts.script(MyDecisionGate()))`, and `pts.script` functions kept as
attributes or called from methods.

The compiled code sees the plain module a ScriptModule wraps (frontend.objects.unwrap):
calls, attribute reads, parameters (`named_parameters`, `state_dict`), gradients and
training steps are those of the model with the plain module in its place; every case runs
eagerly, interpreted and natively, and through an archive.
"""
import copy

import numpy as np
import pytest

import pts
import pts.nn as nn

BACKENDS = ["interp", "native"]


class MyDecisionGate(nn.Module):
    def forward(self, x):
        if x.sum() > 0:
            return x
        else:
            return -x


class MyCell(nn.Module):
    def __init__(self, dg):
        super().__init__()
        self.dg = dg
        self.linear = nn.Linear(4, 4)

    def forward(self, x, h):
        new_h = np.tanh(self.dg(self.linear(x)) + h)
        return new_h, new_h


class Scaled(nn.Module):
    """A gate with parameters of its own and a constant, read through the ScriptModule."""

    def __init__(self, dtype=np.float32):
        super().__init__()
        self.inner = nn.Linear(4, 4, dtype=dtype)
        self.scale = 0.5

    def forward(self, x):
        return self.inner(x) * self.scale


class Outer(nn.Module):
    def __init__(self, dtype=np.float32):
        super().__init__()
        self.gate = pts.script(Scaled(dtype))
        self.head = nn.Linear(4, 2, dtype=dtype)

    def forward(self, x):
        return self.head(np.tanh(self.gate(x))) + self.gate.scale


@pts.script
def double(x):
    return x * 2.0


def plain_half(x):
    return x * 0.5


class WithFunctions(nn.Module):
    """A pts.script function kept as an attribute, and one called from a method."""

    def __init__(self):
        super().__init__()
        self.act = double
        self.other = pts.script(plain_half)
        self.lin = nn.Linear(3, 3)

    def forward(self, x):
        return double(self.act(self.lin(x))) + self.other(x)


def data(shape, dtype=np.float32, seed=0):
    return np.random.default_rng(seed).standard_normal(shape).astype(dtype)


@pytest.mark.parametrize("backend", BACKENDS)
def test_tutorial_my_cell(backend):
    pts.manual_seed(0)
    cell = MyCell(pts.script(MyDecisionGate(), backend=backend))
    x, h = data((3, 4)), data((3, 4), seed=1)
    want = cell(x, h)                  # eagerly: the gate is scripted, the cell is not
    scripted = pts.script(cell, backend=backend)
    for _ in range(2):
        got = scripted(x, h)
        assert isinstance(got, tuple) and len(got) == 2
        np.testing.assert_allclose(got[0], want[0], rtol=1e-5, atol=1e-6)
        np.testing.assert_allclose(got[1], want[1], rtol=1e-5, atol=1e-6)
    # both branches of the gate
    got = scripted(-np.abs(x) * 10, h)
    np.testing.assert_allclose(got[0], cell(-np.abs(x) * 10, h)[0], rtol=1e-5, atol=1e-6)


def test_script_of_a_script_module_is_its_model():
    cell = MyCell(MyDecisionGate())
    once = pts.script(cell)
    twice = pts.script(once)
    assert twice.module is cell
    x, h = data((2, 4)), data((2, 4), seed=1)
    np.testing.assert_allclose(twice(x, h)[0], cell(x, h)[0], rtol=1e-5, atol=1e-6)


def test_parameters_and_state_of_a_scripted_submodule():
    pts.manual_seed(1)
    m = Outer()
    assert [k for k, _ in m.named_parameters()] == \
        ["gate.inner.weight", "gate.inner.bias", "head.weight", "head.bias"]
    sd = m.state_dict()
    assert list(sd) == ["gate.inner.weight", "gate.inner.bias", "head.weight", "head.bias"]
    assert sd["gate.inner.weight"] is m.gate.module.inner.weight
    other = Outer()
    other.load_state_dict(sd)
    np.testing.assert_array_equal(other.gate.inner.weight, m.gate.inner.weight)
    m.eval()
    assert m.gate.training is False and m.gate.module.inner.training is False
    assert len(list(m.modules())) == 4


@pytest.mark.parametrize("backend", BACKENDS)
def test_scripted_submodule_with_parameters(backend):
    pts.manual_seed(2)
    m = Outer()
    x = data((5, 4))
    want = m(x)
    s = pts.script(m, backend=backend)
    np.testing.assert_allclose(s(x), want, rtol=1e-5, atol=1e-6)
    # weights are read at call time through the ScriptModule
    m.gate.inner.weight[...] = 0.25
    np.testing.assert_allclose(s(x), m(x), rtol=1e-5, atol=1e-6)
    # a folded constant changed through the ScriptModule compiles again
    m.gate.scale = 2.0
    np.testing.assert_allclose(s(x), m(x), rtol=1e-5, atol=1e-6)


@pytest.mark.parametrize("backend", BACKENDS)
def test_script_functions_as_attributes(backend):
    pts.manual_seed(3)
    m = WithFunctions()
    x = data((2, 3))
    s = pts.script(m, backend=backend)
    np.testing.assert_allclose(s(x), m(x), rtol=1e-5, atol=1e-6)


def loss(model, x, y):
    d = model(x) - y
    return float((d * d).mean())


@pytest.mark.parametrize("backend", BACKENDS)
def test_gradients_through_a_scripted_submodule(backend):
    """pts.grad of a loss over a model with a scripted submodule, against central
    differences of the eager loss in float64."""
    pts.manual_seed(4)
    m = Outer(np.float64)
    x, y = data((6, 4), np.float64), data((6, 2), np.float64, seed=5)
    g = pts.grad(loss, backend=backend)(m, x, y)
    assert sorted(g) == sorted(k for k, _ in m.named_parameters())
    eps = 1e-6
    for name, p in m.named_parameters():
        num = np.zeros_like(p)
        for i in np.ndindex(p.shape):
            old = p[i]
            p[i] = old + eps
            up = loss(m, x, y)
            p[i] = old - eps
            down = loss(m, x, y)
            p[i] = old
            num[i] = (up - down) / (2 * eps)
        np.testing.assert_allclose(g[name], num, rtol=1e-6, atol=1e-8, err_msg=name)


@pytest.mark.parametrize("backend", BACKENDS)
def test_train_step_updates_the_scripted_submodule(backend):
    pts.manual_seed(5)
    m = Outer(np.float64)
    ref = copy.deepcopy(m)
    x, y = data((6, 4), np.float64), data((6, 2), np.float64, seed=6)
    lr = 0.1
    step = pts.train_step(m, loss, pts.optim.SGD(m.parameters(), lr=lr), backend=backend)
    for _ in range(3):
        g = pts.grad(loss, backend="interp")(ref, x, y)
        want = loss(ref, x, y)
        got = step(x, y)
        assert abs(got - want) <= 1e-10 * max(1.0, abs(want))
        for name, p in ref.named_parameters():
            p -= lr * g[name]
    for (name, p), (_, q) in zip(m.named_parameters(), ref.named_parameters()):
        np.testing.assert_allclose(p, q, rtol=1e-10, atol=1e-12, err_msg=name)
    assert m.gate.inner.weight is m.gate.module.inner.weight


def test_archive_of_a_model_with_a_scripted_submodule(tmp_path):
    pts.manual_seed(6)
    cell = MyCell(pts.script(MyDecisionGate()))
    x, h = data((3, 4)), data((3, 4), seed=1)
    s = pts.script(cell)
    want = cell(x, h)
    pts.save(s, tmp_path / "cell.pts", example_inputs=[(x, h)])
    loaded = pts.load(tmp_path / "cell.pts")
    got = loaded(x, h)
    np.testing.assert_allclose(got[0], want[0], rtol=1e-5, atol=1e-6)
    m = Outer()
    pts.save(pts.script(m), tmp_path / "outer.pts", example_inputs=[(data((2, 4)),)])
    np.testing.assert_allclose(pts.load(tmp_path / "outer.pts")(data((2, 4))),
                               m(data((2, 4))), rtol=1e-5, atol=1e-6)
