"""Training-mode pts.nn against references written here in numpy from torch's documented
formulas (torch is not installed): dropout, batch norm with running statistics, layer
norm, the losses with every reduction, label smoothing, the kinks of relu and leaky_relu,
and train()/eval() in a compiled model's signature.

Every case runs three ways — eagerly (the library's numpy code), on the IR interpreter and
natively — in float32 and float64.  Functions with optional arrays (weight=None) are
called from scripted wrappers (compiled code passes None; a call from Python cannot).
"""
import copy
import math

import numpy as np
import pytest

import pts
import pts.nn as nn
import pts.nn.functional as F
from pts import Tensor
from pts.stdlib import random as R

BACKENDS = ["eager", "interp", "native"]
DTYPES = [np.float32, np.float64]
TOL = {np.float32: dict(rtol=1e-4, atol=1e-5), np.float64: dict(rtol=1e-10, atol=1e-12)}


def compiled(fn, backend):
    return fn if backend == "eager" else pts.script(fn, backend=backend)


def close(got, want, dtype, loss=False):
    """A loss is a Python float ("mean", "sum") or an array of the input's dtype."""
    if loss and np.ndim(want) == 0:
        assert type(got) is float
    else:
        assert isinstance(got, np.ndarray) and got.dtype == dtype and got.shape == np.shape(want)
    np.testing.assert_allclose(got, want, **TOL[dtype])


def rand(shape, dtype, seed=0, scale=1.0):
    return (np.random.default_rng(seed).standard_normal(shape) * scale).astype(dtype)


# ================================================================ references (torch's docs)

def ref_nll(logp, t, weight=None, ignore_index=-100, reduction="mean"):
    """l_n = -w[y_n] x[n, y_n] (0 if y_n is ignored); mean: sum / sum of w[y_n] counted."""
    logp = logp.astype(np.float64)
    c = logp.shape[1]
    w = np.ones(c) if weight is None else weight.astype(np.float64)
    losses, ws = np.zeros(len(t)), np.zeros(len(t))
    for i, y in enumerate(t):
        if y != ignore_index:
            ws[i] = w[y]
            losses[i] = -w[y] * logp[i, y]
    return {"none": losses, "sum": losses.sum(),
            "mean": losses.sum() / ws.sum() if ws.sum() else math.nan}[reduction]


def ref_log_softmax(x):
    x = x.astype(np.float64)
    m = x.max(axis=1, keepdims=True)
    return x - m - np.log(np.exp(x - m).sum(axis=1, keepdims=True))


def ref_cross_entropy(x, t, weight=None, ignore_index=-100, reduction="mean", eps=0.0):
    """torch's docs for class-index targets with label smoothing: the target distribution
    is (1 - eps) * onehot(y_n) + eps / C, l_n = -sum_c w_c log softmax(x_n)_c q_nc, the
    mean divides by sum_n w[y_n] (ignored targets: 0, not counted)."""
    logp = ref_log_softmax(x)
    n, c = logp.shape
    w = np.ones(c) if weight is None else weight.astype(np.float64)
    losses, ws = np.zeros(n), np.zeros(n)
    for i, y in enumerate(t):
        if y == ignore_index:
            continue
        q = np.full(c, eps / c)
        q[y] += 1 - eps
        losses[i] = -(w * logp[i] * q).sum()
        ws[i] = w[y]
    return {"none": losses, "sum": losses.sum(), "mean": losses.sum() / ws.sum()}[reduction]


def ref_bce_logits(x, y, weight=None, reduction="mean", pos_weight=None):
    """l_n = -w_n [p y_n log sigmoid(x_n) + (1 - y_n) log(1 - sigmoid(x_n))]."""
    x, y = x.astype(np.float64), y.astype(np.float64)
    log_s, log_1_s = -np.logaddexp(0, -x), -np.logaddexp(0, x)   # log(1 - s): no cancellation
    p = 1.0 if pos_weight is None else pos_weight.astype(np.float64)
    losses = -(p * y * log_s + (1 - y) * log_1_s)
    if weight is not None:
        losses = losses * weight
    return {"none": losses, "sum": losses.sum(), "mean": losses.mean()}[reduction]


def ref_reduce(losses, reduction):
    return {"none": losses, "sum": losses.sum(), "mean": losses.mean()}[reduction]


# ================================================================ losses

def nll(x: Tensor, t: Tensor, reduction: str):
    return F.nll_loss(x, t, reduction=reduction)


def nll_weighted(x: Tensor, t: Tensor, w: Tensor, ignore: int, reduction: str):
    return F.nll_loss(x, t, w, ignore, reduction)


def cross_entropy(x: Tensor, t: Tensor, reduction: str, smoothing: float):
    return F.cross_entropy(x, t, reduction=reduction, label_smoothing=smoothing)


def cross_entropy_weighted(x: Tensor, t: Tensor, w: Tensor, reduction: str, smoothing: float):
    return F.cross_entropy(x, t, w, 2, reduction, smoothing)


def bce(x: Tensor, y: Tensor, reduction: str):
    return F.binary_cross_entropy_with_logits(x, y, reduction=reduction)


def bce_weighted(x: Tensor, y: Tensor, w: Tensor, pw: Tensor, reduction: str):
    return F.binary_cross_entropy_with_logits(x, y, w, reduction, pw)


REDUCTIONS = ["mean", "sum", "none"]


@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize("dtype", DTYPES)
def test_nll_loss(backend, dtype):
    x = rand((7, 5), dtype, scale=3.0)
    logp = (x - np.log(np.exp(x).sum(axis=1, keepdims=True))).astype(dtype)
    t = np.array([0, 4, 2, 2, 1, 3, 2])
    w = np.random.default_rng(1).random(5).astype(dtype) + 0.5
    for r in REDUCTIONS:
        close(compiled(nll, backend)(logp, t, r), ref_nll(logp, t, reduction=r), dtype, True)
        close(compiled(nll_weighted, backend)(logp, t, w, 2, r),
              ref_nll(logp, t, w, 2, r), dtype, True)
    # every target ignored: torch's mean is 0 / 0 = nan
    assert math.isnan(compiled(nll_weighted, backend)(logp, np.full(7, 2), w, 2, "mean"))
    logp[1, 4] = -np.inf                     # only the picked class matters: no inf * 0
    logp[0, 3] = -np.inf
    assert compiled(nll, backend)(logp, t, "none")[0] == -logp[0, 0]
    assert compiled(nll, backend)(logp, t, "none")[1] == np.inf
    for bad in (np.array([0, 5, 1, 1, 1, 1, 1]), np.array([0, -1, 1, 1, 1, 1, 1])):
        with pytest.raises(IndexError, match="Target .*out of bounds"):
            compiled(nll, backend)(logp, bad, "mean")


@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize("dtype", DTYPES)
def test_cross_entropy_and_label_smoothing(backend, dtype):
    x = rand((6, 4), dtype, seed=2, scale=2.0)
    t = np.array([0, 3, 2, 1, 2, 3])
    w = np.random.default_rng(3).random(4).astype(dtype) + 0.5
    for r in REDUCTIONS:
        for eps in (0.0, 0.1, 1.0):
            close(compiled(cross_entropy, backend)(x, t, r, eps),
                  ref_cross_entropy(x, t, reduction=r, eps=eps), dtype, True)
            close(compiled(cross_entropy_weighted, backend)(x, t, w, r, eps),
                  ref_cross_entropy(x, t, w, 2, r, eps), dtype, True)
    with pytest.raises(ValueError, match="label_smoothing"):
        compiled(cross_entropy, backend)(x, t, "mean", 1.5)


@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize("dtype", DTYPES)
def test_regression_losses(backend, dtype):
    a, b = rand((4, 3, 2), dtype, seed=4), rand((4, 3, 2), dtype, seed=5)
    b[0, 0, 0] = a[0, 0, 0]
    a64, b64 = a.astype(np.float64), b.astype(np.float64)
    for r in REDUCTIONS:
        close(compiled(F.mse_loss, backend)(a, b, r), ref_reduce((a64 - b64) ** 2, r), dtype, True)
        close(compiled(F.l1_loss, backend)(a, b, r), ref_reduce(np.abs(a64 - b64), r), dtype, True)
    with pytest.raises(ValueError, match="reduction"):
        compiled(F.mse_loss, backend)(a, b, "average")


@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize("dtype", DTYPES)
def test_binary_cross_entropy_with_logits(backend, dtype):
    x = rand((5, 3), dtype, seed=6, scale=4.0)
    x[0, 0], x[0, 1] = 0.0, 30.0
    y = (np.random.default_rng(7).random((5, 3)) < 0.5).astype(dtype)
    y[1, 1] = 0.3                                          # soft targets too
    w = np.random.default_rng(8).random(3).astype(dtype) + 0.5
    pw = np.array([1.0, 2.0, 0.5], dtype)
    for r in REDUCTIONS:
        close(compiled(bce, backend)(x, y, r), ref_bce_logits(x, y, reduction=r), dtype, True)
        close(compiled(bce_weighted, backend)(x, y, w, pw, r),
              ref_bce_logits(x, y, w, r, pw), dtype, True)
    # the stable form: no overflow or log(0) far out, where the naive formula fails
    far = np.array([-200.0, 200.0], dtype)
    got = compiled(bce, backend)(far, np.array([1.0, 0.0], dtype), "none")
    np.testing.assert_allclose(got, [200.0, 200.0], rtol=1e-6)


# ================================================================ kinks

@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize("dtype", DTYPES)
def test_relu_and_leaky_relu_as_torch(backend, dtype):
    x = np.array([-2.0, -0.0, 0.0, 1e-30, 3.0, np.nan, -np.inf, np.inf], dtype)
    r = compiled(F.relu, backend)(x)
    assert r.dtype == dtype
    np.testing.assert_array_equal(r, [0, 0, 0, x[3], 3, np.nan, 0, np.inf])
    assert not np.signbit(r[:3]).any()
    lr = compiled(F.leaky_relu, backend)(x, 0.1)
    np.testing.assert_array_equal(lr, [x[0] * dtype(0.1), 0, 0, x[3], 3, np.nan, -np.inf, np.inf])


# ================================================================ dropout

def dropout(x: Tensor, p: float, g: Tensor) -> Tensor:
    return F.dropout(x, p, True, False, g)


def dropout_reference(x, p, g):
    """torch's formula with our mask: x * (keep / (1 - p)) in x's dtype, keep = u < 1 - p
    with u = (word >> 8) / 2**24 of the generator's next x.size words."""
    u = (R.random_bits(g, x.size) >> 8) / 2.0 ** 24
    keep = (u < 1 - p).reshape(x.shape)
    return x * (keep.astype(x.dtype) / x.dtype.type(1 - p))


@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize("dtype", DTYPES)
def test_dropout_bits_and_scale(backend, dtype):
    x = rand((4, 6, 5), dtype, seed=9)
    f = compiled(dropout, backend)
    for p in (0.1, 0.5, 0.9):
        g, g_ref = np.array([11, 4, 3], np.int64), np.array([11, 4, 3], np.int64)
        for _ in range(2):                                   # the generator advances
            got = f(x, p, g)
            want = dropout_reference(x, p, g_ref)
            assert got.dtype == dtype
            np.testing.assert_array_equal(got, want)
            np.testing.assert_array_equal(g, g_ref)
    g = np.array([11, 4, 3], np.int64)
    np.testing.assert_array_equal(f(x, 0.0, g), x)          # p = 0: the input, nothing drawn
    assert g[2] == 3
    y = x.copy()
    y[0, 0, 0] = np.nan
    z = f(y, 1.0, g)                                         # p = 1: input * 0, NaN stays
    assert np.isnan(z[0, 0, 0]) and (z.ravel()[1:] == 0).all() and g[2] == 3
    for p in (-0.1, 1.5):
        with pytest.raises(ValueError, match="dropout probability"):
            f(x, p, g)


def test_dropout_statistics():
    g = np.array([5, 9, 0], np.int64)
    x = np.ones(200_000, np.float32)
    for p in (0.2, 0.5, 0.75):
        y = compiled(dropout, "native")(x, p, g)
        kept = y != 0
        assert abs(kept.mean() - (1 - p)) < 0.005
        assert (y[kept] == np.float32(1) / np.float32(1 - p)).all()
        assert abs(y.mean() - 1.0) < 0.02                    # the scale keeps the mean


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(8, 16)
        self.drop = nn.Dropout(0.25)
        self.bn = nn.BatchNorm1d(16)
        self.out = nn.Linear(16, 3)

    def forward(self, x: Tensor) -> Tensor:
        return self.out(self.bn(self.drop(F.relu(self.fc(x)))))


@pytest.mark.parametrize("backend", ["interp", "native"])
def test_dropout_and_batchnorm1d_model_train_eval(backend):
    """Masks and running statistics as eagerly, step after step; eval() then runs the
    running statistics and no dropout, a specialization of its own; train() again picks
    the first one, without compiling."""
    pts.manual_seed(0)
    model = Net()
    reference = copy.deepcopy(model)
    x = rand((10, 8), np.float32, seed=10)
    m = pts.script(model, backend=backend)
    for step in range(3):
        np.testing.assert_allclose(m(x + step), reference(x + step), rtol=1e-5, atol=1e-6)
    for (k, a), b in zip(model.state_dict().items(), reference.state_dict().values()):
        np.testing.assert_allclose(a, b, rtol=1e-5, atol=1e-6, err_msg=k)
    assert int(model.bn.num_batches_tracked) == 3
    np.testing.assert_array_equal(model.drop.generator, reference.drop.generator)
    (key, training_code), = m.forward._cache.items()
    m.eval()
    reference.eval()
    stats = model.bn.running_mean.copy()
    np.testing.assert_allclose(m(x), reference(x), rtol=1e-5, atol=1e-6)
    np.testing.assert_array_equal(model.bn.running_mean, stats)      # eval: no updates
    eval_code = m.forward._cache[key]
    assert eval_code is not training_code
    m.train()
    reference.train()
    np.testing.assert_allclose(m(x), reference(x), rtol=1e-5, atol=1e-6)
    assert not np.array_equal(model.bn.running_mean, stats)
    # picked again, not compiled (from C, whose entries keep both variants' guards, or by
    # the Python path's variants)
    assert m.forward._variants[key] == [training_code, eval_code]
    m.eval()
    m(x)
    assert m.forward._cache[key] is eval_code


def test_training_mode_archive(tmp_path):
    """pts.save of a model in training mode holds its state as the call left it — the
    generator's offset, running statistics, num_batches_tracked (a 0-d array) — and the
    loaded archive continues from there, as the eager model does."""
    pts.manual_seed(1)
    model = Net()
    reference = copy.deepcopy(model)
    x = rand((10, 8), np.float32, seed=11)
    m = pts.script(model)
    np.testing.assert_allclose(m(x), reference(x), rtol=1e-5, atol=1e-6)
    pts.save(m, tmp_path / "net.pts", example_inputs=[(x,)])
    loaded = pts.load(tmp_path / "net.pts")
    for _ in range(2):
        np.testing.assert_allclose(loaded(x), reference(x), rtol=1e-5, atol=1e-6)


# ================================================================ batch norm

def ref_batch_norm_steps(xs, momentum, eps=1e-5, weight=None, bias=None):
    """torch's BatchNorm in training mode, step by step, in float64: outputs with the
    batch's biased variance, running_mean/var updated with the unbiased variance;
    momentum None: the cumulative average (factor 1 / num_batches_tracked)."""
    c = xs[0].shape[1]
    rm, rv = np.zeros(c), np.ones(c)
    outs = []
    for k, x in enumerate(xs, 1):
        x = x.astype(np.float64)
        axes = (0,) + tuple(range(2, x.ndim))
        shape = (1, c) + (1,) * (x.ndim - 2)
        mean, var = x.mean(axis=axes), x.var(axis=axes)
        n = x.size // c
        y = (x - mean.reshape(shape)) / np.sqrt(var.reshape(shape) + eps)
        if weight is not None:
            y = y * weight.reshape(shape) + bias.reshape(shape)
        outs.append(y)
        f = 1.0 / k if momentum is None else momentum
        rm = (1 - f) * rm + f * mean
        rv = (1 - f) * rv + f * var * n / (n - 1)
    return outs, rm, rv


def run_steps(layer, xs, backend):
    f = layer if backend == "eager" else pts.script(layer, backend=backend)
    return [f(x) for x in xs]


@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("cls,shape", [(nn.BatchNorm1d, (6, 3)), (nn.BatchNorm1d, (4, 3, 5)),
                                       (nn.BatchNorm2d, (3, 3, 4, 5))])
@pytest.mark.parametrize("momentum", [0.1, None])
def test_batch_norm_running_statistics(backend, dtype, cls, shape, momentum):
    xs = [rand(shape, dtype, seed=s, scale=1.0 + s) + s for s in range(4)]
    layer = cls(3, momentum=momentum, dtype=dtype)
    layer.weight[:] = [1.5, -0.5, 2.0]
    layer.bias[:] = [0.1, 0.2, -0.3]
    outs = run_steps(layer, xs, backend)
    want, rm, rv = ref_batch_norm_steps(xs, momentum, weight=layer.weight.astype(np.float64),
                                        bias=layer.bias.astype(np.float64))
    tol = dict(rtol=1e-4, atol=1e-5) if dtype == np.float32 else dict(rtol=1e-9, atol=1e-10)
    for got, w in zip(outs, want):
        assert got.dtype == dtype and got.shape == shape
        np.testing.assert_allclose(got, w, **tol)
    np.testing.assert_allclose(layer.running_mean, rm, **tol)
    np.testing.assert_allclose(layer.running_var, rv, **tol)
    assert layer.running_mean.dtype == dtype and int(layer.num_batches_tracked) == 4
    layer.eval()                                   # eval: the running statistics
    x = xs[0]
    got = run_steps(layer, [x], backend)[0]
    sh = (1, 3) + (1,) * (x.ndim - 2)
    w = (x - rm.reshape(sh)) / np.sqrt(rv.reshape(sh) + 1e-5) * layer.weight.reshape(sh) \
        + layer.bias.reshape(sh)
    np.testing.assert_allclose(got, w, **tol)


@pytest.mark.parametrize("backend", BACKENDS)
def test_batch_norm_without_running_statistics_or_affine(backend):
    xs = [rand((5, 2, 3), np.float64, seed=s) for s in range(2)]
    layer = nn.BatchNorm1d(2, affine=False, track_running_stats=False, dtype=np.float64)
    assert layer.running_mean is None and list(layer.state_dict()) == []
    for got, want in zip(run_steps(layer.eval(), xs, backend), ref_batch_norm_steps(xs, 0.1)[0]):
        np.testing.assert_allclose(got, want, rtol=1e-10, atol=1e-12)   # batch statistics


def batch_norm_train(x: Tensor, rm: Tensor, rv: Tensor, w: Tensor, b: Tensor) -> Tensor:
    return F.batch_norm(x, rm, rv, w, b, True, 0.3, 1e-3)


@pytest.mark.parametrize("backend", BACKENDS)
def test_functional_batch_norm_and_errors(backend):
    x = rand((4, 3, 2, 2), np.float64, seed=12)
    rm, rv = np.zeros(3), np.ones(3)
    w, b = np.array([1.0, 2.0, 3.0]), np.array([0.5, 0.0, -0.5])
    got = compiled(batch_norm_train, backend)(x, rm, rv, w, b)
    want, wrm, wrv = ref_batch_norm_steps([x], 0.3, 1e-3, w, b)
    np.testing.assert_allclose(got, want[0], rtol=1e-10)
    np.testing.assert_allclose(rm, wrm, rtol=1e-12)
    np.testing.assert_allclose(rv, wrv, rtol=1e-12)
    with pytest.raises(ValueError, match="Expected more than 1 value per channel"):
        compiled(batch_norm_train, backend)(x[:1, :, :1, :1], rm, rv, w, b)
    layer = nn.BatchNorm2d(3, dtype=np.float64)
    with pytest.raises(ValueError, match="expected a 4D input"):
        compiled(layer, backend)(x[0])


# ================================================================ layer norm

def layer_norms(x: Tensor, w: Tensor, b: Tensor):
    return (F.layer_norm(x, (6,), w, b), F.layer_norm(x, (6,), w),
            F.layer_norm(x, (6,), None, b), F.layer_norm(x, (6,), eps=0.1))


@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize("dtype", DTYPES)
def test_layer_norm(backend, dtype):
    x = rand((4, 6), dtype, seed=13, scale=3.0) + 1.0
    w, b = rand(6, dtype, seed=14), rand(6, dtype, seed=15)
    x64 = x.astype(np.float64)
    centered = x64 - x64.mean(axis=1, keepdims=True)
    var = x64.var(axis=1, keepdims=True)
    n = centered / np.sqrt(var + 1e-5)
    wants = (n * w + b, n * w, n + b, centered / np.sqrt(var + 0.1))
    for got, want in zip(compiled(layer_norms, backend)(x, w, b), wants):
        close(got, want, dtype)
    with pytest.raises(RuntimeError, match="normalized_shape"):
        compiled(layer_norms, backend)(x.T.copy(), w, b)
    ln = nn.LayerNorm(6, dtype=dtype)
    assert [k for k, _ in ln.named_parameters()] == ["weight", "bias"]   # trained
    ln.weight[:], ln.bias[:] = w, b
    close(compiled(ln, backend)(x), wants[0], dtype)
