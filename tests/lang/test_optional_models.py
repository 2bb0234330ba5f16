"""Optional tensors and None-valued model attributes, run eagerly, interpreted and natively.

The scalar programs of Optional[T] live in tests/lang/programs/optional_*.py (three-way
runner, archives and pts-run); this file covers what needs arrays and models: an
`Optional[np.ndarray]` parameter called with an array and with None, a local that is None
or an array (`mask = None` ... `mask = x > 0.5`), an Optional array result, nanoGPT's
`forward(idx, targets=None)` called both ways, and `self.bias = None` / a None submodule in
user-written modules (`nn.Linear(..., bias=False)` style).
"""
from typing import Optional

import numpy as np
import pytest

import pts
import pts.nn as nn
import pts.nn.functional as F

BACKENDS = ["interp", "native"]


def masked_sum(x: np.ndarray, mask: Optional[np.ndarray] = None) -> float:
    if mask is None:
        return float(x.sum())
    return float(np.where(mask, x, 0.0).sum())


def local_mask(x: np.ndarray, use: bool):
    mask = None
    if use:
        mask = x > 0.5
    if mask is not None:
        return np.where(mask, x, 0.0)
    return x * 2.0


def maybe_shifted(x: np.ndarray, use: bool):
    if use:
        return x + 1.0
    return None


def scale_or_not(x: np.ndarray, scale: Optional[np.ndarray]):
    y = x * 2.0
    if scale is not None:
        y = y * scale
    return y


def best_element(x: np.ndarray):
    best = None
    for i in range(x.shape[0]):
        if best is None or x[i] > best:
            best = x[i]
    return best


def maybe_pair(x: np.ndarray, use: bool):
    r = None
    if use:
        r = (x * 2.0, 3)
    return r


class TinyLM(nn.Module):
    """nanoGPT's forward: the loss is None without targets."""

    def __init__(self):
        super().__init__()
        self.head = nn.Linear(4, 3)

    def forward(self, x, targets=None):
        logits = self.head(x)
        if targets is None:
            loss = None
        else:
            loss = F.cross_entropy(logits, targets)
        return logits, loss


class MyLinear(nn.Module):
    """A user's Linear: `self.bias = None` without bias, and a None submodule."""

    def __init__(self, n, m, bias=True, extra=False):
        super().__init__()
        self.weight = nn.Parameter(np.linspace(-1.0, 1.0, n * m).reshape(m, n))
        if bias:
            self.bias = nn.Parameter(np.full(m, 0.25))
        else:
            self.bias = None
        self.extra = nn.Tanh() if extra else None

    def forward(self, x):
        y = x @ self.weight.T
        if self.bias is not None:
            y = y + self.bias
        if self.extra is not None:
            y = self.extra(y)
        return y


X = np.linspace(0.0, 1.0, 12).reshape(3, 4)


@pytest.mark.parametrize("backend", BACKENDS)
def test_optional_array_parameter(backend):
    f = pts.script(masked_sum, backend=backend)
    assert f(X) == masked_sum(X)
    assert f(X, None) == masked_sum(X, None)
    assert f(X, X > 0.3) == masked_sum(X, X > 0.3)
    g = pts.script(scale_or_not, backend=backend)
    np.testing.assert_array_equal(g(X, None), scale_or_not(X, None))
    np.testing.assert_array_equal(g(X, X), scale_or_not(X, X))


@pytest.mark.parametrize("backend", BACKENDS)
def test_optional_array_local_and_result(backend):
    f = pts.script(local_mask, backend=backend)
    for use in (True, False):
        np.testing.assert_array_equal(f(X, use), local_mask(X, use))
    g = pts.script(maybe_shifted, backend=backend)
    assert g(X, False) is None
    np.testing.assert_array_equal(g(X, True), X + 1.0)


@pytest.mark.parametrize("backend", BACKENDS)
def test_forward_with_and_without_targets(backend):
    pts.manual_seed(0)
    model = TinyLM()
    scripted = pts.script(model, backend=backend)
    logits, loss = scripted(X)
    want_logits, want_loss = model(X)
    assert loss is None and want_loss is None
    np.testing.assert_allclose(logits, want_logits, rtol=1e-12)
    targets = np.array([0, 2, 1])
    logits, loss = scripted(X, targets)
    want_logits, want_loss = model(X, targets)
    np.testing.assert_allclose(logits, want_logits, rtol=1e-12)
    assert isinstance(loss, float) and loss == pytest.approx(want_loss, rel=1e-12)
    logits, loss = scripted(X, targets=None)
    assert loss is None


@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize("bias,extra", [(True, False), (False, False), (False, True)])
def test_none_parameter_and_submodule(backend, bias, extra):
    model = MyLinear(4, 2, bias=bias, extra=extra)
    np.testing.assert_allclose(pts.script(model, backend=backend)(X), model(X), rtol=1e-12)


def test_optional_array_result_through_archive(tmp_path):
    f = pts.script(maybe_shifted)
    f(X, True)
    f(X, False)
    path = tmp_path / "maybe.pts"
    pts.save(f, str(path))
    loaded = pts.load(str(path))
    assert loaded(X, False) is None
    np.testing.assert_array_equal(loaded(X, True), X + 1.0)


@pytest.mark.parametrize("backend", BACKENDS)
def test_attribute_set_to_none_and_back(backend):
    # a None attribute is a constant of the compiled code: rebinding it between calls
    # picks (or compiles) the code for its new value
    model = MyLinear(4, 2, bias=False)
    scripted = pts.script(model, backend=backend)
    np.testing.assert_allclose(scripted(X), model(X), rtol=1e-12)
    model.bias = nn.Parameter(np.full(2, 10.0))
    np.testing.assert_allclose(scripted(X), model(X), rtol=1e-12)
    model.bias = None
    np.testing.assert_allclose(scripted(X), model(X), rtol=1e-12)


@pytest.mark.parametrize("backend", BACKENDS)
def test_optional_numpy_scalar_and_tuple_with_array(backend):
    f = pts.script(best_element, backend=backend)
    v = np.array([1.5, 7.25, -2.0])
    for a in (v, v[:0], v.astype(np.float32)):
        got, want = f(a), best_element(a)
        assert type(got) is type(want) and got == want
    g = pts.script(maybe_pair, backend=backend)
    assert g(v, False) is None
    arr, n = g(v, True)
    np.testing.assert_array_equal(arr, v * 2.0)
    assert n == 3
