"""Gradients of traces (pts.trace + [H]): pts.grad / value_and_grad / gradcheck of traced
functions, gradients of a traced model's loss keyed by its parameters, and training a
traced model with pts.train_step and pts.optim — against central differences of the
eager Python and an eager numpy reference of the update formulas (float64)."""
from __future__ import annotations

import copy

import numpy as np
import pytest

import pts
from pts import Tensor

BACKENDS = ["interp", "native"]


def _rng(seed=0):
    return np.random.default_rng(seed)


def numeric_grad(fn, args: tuple, k: int, eps: float = 1e-6) -> np.ndarray:
    """Central differences of the eager fn(*args) in args[k] (float64)."""
    x = args[k]
    out = np.zeros_like(x)
    for j in range(x.size):
        def at(d):
            y = x.copy()
            y.reshape(-1)[j] += d
            a = list(args)
            a[k] = y
            return float(fn(*a))
        out.reshape(-1)[j] = (at(eps) - at(-eps)) / (2 * eps)
    return out


# ---------------------------------------------------------------- traced functions

def matmul_tanh(x, w):
    return np.sum(np.tanh(x @ w))


def broadcasting(x, w, b):
    return np.sum((x * w + b) ** 2 / (1.0 + x * x))


def reductions(x, w):
    return (np.sum(np.mean(x, axis=0) ** 2) + np.sum(np.max(x, axis=1, keepdims=True) * x)
            + np.sum(np.min(x * w, axis=0)) + np.sum(np.prod(w, axis=0)))


def cross_entropy(x, w, onehot):
    z = x @ w
    z = z - np.max(z, axis=1, keepdims=True)
    log_softmax = z - np.log(np.sum(np.exp(z), axis=1, keepdims=True))
    return -np.mean(np.sum(log_softmax * onehot, axis=1))


def conv_im2col(x, k):
    n, h, wd = x.shape
    cols = [x[:, i:h - 2 + i, j:wd - 2 + j].reshape(n, (h - 2) * (wd - 2), 1)
            for i in range(3) for j in range(3)]
    patches = np.concatenate(cols, axis=2)               # (n, positions, 9)
    return np.sum(np.tanh(patches @ k) ** 2)


def reshape_transpose(x, w):
    n = x.shape[0]
    flat = x.reshape(n, -1)                              # (n, 6)
    return np.sum(np.tanh(w @ flat.T)) + np.sum(x.transpose(0, 2, 1)[:, 1] * 0.5) + \
        np.sum(np.swapaxes(x, 1, 2) ** 2)


def unrolled_loop(x, w):
    for k in range(3):                                   # unrolled while tracing
        x = np.tanh(x @ w) + 0.5 * x
    return np.sum(x * x)


@pts.script
def _inner(a: Tensor, n: int) -> Tensor:
    for i in range(n):
        if i % 2 == 0:
            a = np.tanh(a) * 1.5
        else:
            a = a * a
    return a


def script_call(x, w):
    return np.sum(_inner(x @ w, 3))


def exp_log_sqrt(x, w):
    return np.sum(np.log(1.0 + np.exp(x)) * np.sqrt(w * w + 1.0)) + np.sum(np.exp(-x * x))


def relu_clip_abs(x, w):
    h = np.maximum(x @ w, 0.0)
    return np.sum(h ** 2) + np.sum(np.minimum(x, 0.5)) + np.sum(np.abs(x) * 0.3) + \
        np.sum(np.clip(x, -0.4, 0.6))


def where_leaky(x, w):
    return np.sum(np.where(x > 0, x, 0.1 * x) * w)


def slicing(x):
    return np.sum(x[1:, ::2] ** 2) + np.sum(x[:-1, 1] * x[1:, 0]) + np.sum(x[-1] * 3.0)


def var_std(x):
    return np.sum(np.var(x, axis=0)) + np.std(x) + np.sum(np.std(x, axis=1, keepdims=True) * x)


_T = _rng(7).standard_normal((1, 5))


def layer_norm(x, g, b):
    mu = np.mean(x, axis=-1, keepdims=True)
    var = np.var(x, axis=-1, keepdims=True)
    y = (x - mu) / np.sqrt(var + 1e-5) * g + b
    return np.sum(np.tanh(y) * _T)                      # _T: a captured constant


def batched_matmul(a, b):
    return np.sum(np.tanh(a @ b)) + np.sum(np.matmul(a, b[0:1]) ** 2)


def stack_concat(x, w):
    s = np.stack([x, 2.0 * x, x * x], axis=0)            # (3, n, 3)
    c = np.concatenate([x, np.tanh(x)], axis=1)          # (n, 6)
    e = np.expand_dims(np.sum(s, axis=0), 0)             # (1, n, 3)
    return np.sum(np.squeeze(e, axis=0) @ w) + np.sum(c ** 3)


def attention(x, wq, wk):
    q, k = x @ wq, x @ wk
    s = q @ k.T / np.sqrt(q.shape[-1])
    s = s - np.max(s, axis=-1, keepdims=True)
    p = np.exp(s) / np.sum(np.exp(s), axis=-1, keepdims=True)
    return np.sum((p @ x) ** 2)


def _cases():
    r = _rng(1)
    n = lambda s, *shape: r.standard_normal(shape) * s      # noqa: E731
    onehot = lambda m: np.eye(4)[r.integers(0, 4, m)]        # noqa: E731
    # (fn, args at one size, args at another, argnums)
    return [
        (matmul_tanh, lambda m: (n(1, m, 3), n(1, 3, 2)), (0, 1)),
        (broadcasting, lambda m: (n(1, m, 3), n(1, 3), n(1, 1, 3)), (0, 1, 2)),
        (reductions, lambda m: (n(1, m, 3), n(1, m, 3)), (0, 1)),
        (cross_entropy, lambda m: (n(1, m, 3), n(1, 3, 4), onehot(m)), (0, 1)),
        (conv_im2col, lambda m: (n(1, m, 5, 6), n(0.5, 9, 4)), (0, 1)),
        (reshape_transpose, lambda m: (n(1, m, 2, 3), n(1, 4, 6)), (0, 1)),
        (unrolled_loop, lambda m: (n(1, m, 3), n(0.5, 3, 3)), (0, 1)),
        (script_call, lambda m: (n(1, m, 3), n(0.5, 3, 2)), (0, 1)),
        (exp_log_sqrt, lambda m: (n(1, m, 3), n(1, 3)), (0, 1)),
        (relu_clip_abs, lambda m: (n(1, m, 3), n(1, 3, 4)), (0, 1)),
        (where_leaky, lambda m: (n(1, m, 3), n(1, m, 3)), (0, 1)),
        (slicing, lambda m: (n(1, m, 5),), (0,)),
        (var_std, lambda m: (n(1, m, 4),), (0,)),
        (layer_norm, lambda m: (n(1, m, 5), n(1, 5), n(1, 5)), (0, 1, 2)),
        (batched_matmul, lambda m: (n(1, m, 3, 4), n(0.5, m, 4, 2)), (0, 1)),
        (stack_concat, lambda m: (n(1, m, 3), n(1, 3, 2)), (0, 1)),
        (attention, lambda m: (n(1, m, 4), n(0.5, 4, 3), n(0.5, 4, 3)), (0, 1, 2)),
    ]


# natively in `make test` (each native case compiles for ~1-2 s: the rest in make test-all)
NATIVE_FAST = ("cross_entropy", "script_call", "batched_matmul")


def _params():
    out = []
    for fn, make, argnums in _cases():
        for backend in BACKENDS:
            slow = backend == "native" and fn.__name__ not in NATIVE_FAST
            out.append(pytest.param(fn, make, argnums, backend, id=f"{fn.__name__}-{backend}",
                                    marks=[pytest.mark.slow] if slow else []))
    return out


@pytest.mark.parametrize("fn,make,argnums,backend", _params())
def test_gradient_of_a_trace_equals_central_differences(fn, make, argnums, backend):
    args = make(4)
    tr = pts.trace(fn, args, backend=backend)
    assert pts.gradcheck(tr, args, argnums=argnums)
    vg = pts.value_and_grad(tr, argnums=argnums)
    for a in (args, make(6)):                  # another batch size: the same trace
        value, grads = vg(*a)
        assert value == pytest.approx(float(fn(*a)), rel=1e-12, abs=1e-12)
        for k, g in zip(argnums, grads):
            assert g.shape == a[k].shape and g.dtype == np.float64
            np.testing.assert_allclose(g, numeric_grad(fn, a, k), rtol=1e-5, atol=1e-7)
    assert len(tr.traces) == 1


def test_grad_of_a_trace_argnums_int_and_float32():
    x = _rng(2).standard_normal((5, 3)).astype(np.float32)
    w = _rng(3).standard_normal((3, 2)).astype(np.float32)
    tr = pts.trace(matmul_tanh, (x, w), backend="interp")
    dx = pts.grad(tr)(x, w)                     # argnums=0: one array
    assert isinstance(dx, np.ndarray) and dx.dtype == np.float32 and dx.shape == x.shape
    want = numeric_grad(matmul_tanh, (x.astype(np.float64), w.astype(np.float64)), 0)
    np.testing.assert_allclose(dx, want, rtol=1e-4, atol=1e-5)


def guarded(x, w):
    if x.shape[0] > 4:
        return np.sum(np.tanh(x[:4] @ w))
    return np.sum((x @ w) ** 2)


GUARD_LINE = guarded.__code__.co_firstlineno + 1


@pytest.mark.parametrize("backend", BACKENDS)
def test_gradient_at_a_size_that_breaks_a_guard_traces_again(backend):
    r = _rng(4)
    w = r.standard_normal((3, 2))
    tr = pts.trace(guarded, (r.standard_normal((6, 3)), w), backend=backend)
    g = pts.grad(tr, argnums=(0, 1))
    for m in (7, 3, 2, 5):
        x = r.standard_normal((m, 3))
        dx, dw = g(x, w)
        np.testing.assert_allclose(dx, numeric_grad(guarded, (x, w), 0), rtol=1e-5, atol=1e-7)
        np.testing.assert_allclose(dw, numeric_grad(guarded, (x, w), 1), rtol=1e-5, atol=1e-7)
    assert len(tr.traces) == 2
    assert f"test_trace_grad.py:{GUARD_LINE}: the trace assumed x.shape[0] > 4" in tr.explain()
    np.testing.assert_allclose(tr(x, w), guarded(x, w), rtol=1e-12)   # calls still work


def test_gradient_of_a_trace_refuses_what_has_none():
    x = np.ones((2, 3))
    tr = pts.trace(lambda x, s: np.sum(x * s), (x, 2.0), backend="interp")
    with pytest.raises(pts.CompileError, match="a float given to a trace is a constant of "
                                               "the trace"):
        pts.grad(tr, argnums=1)(x, 2.0)
    arr = pts.trace(lambda x: x * 2.0, (x,), backend="interp")
    with pytest.raises(pts.CompileError, match="its result must be a float"):
        pts.grad(arr)(x)
    ints = pts.trace(lambda x, i: np.sum(x * i), (x, np.arange(3)), backend="interp")
    with pytest.raises(pts.CompileError, match="cannot differentiate"):
        pts.grad(ints, argnums=1)(x, np.arange(3))


# ---------------------------------------------------------------- traced models

class Linear:
    def __init__(self, r, i, o):
        self.w = r.standard_normal((i, o)) / np.sqrt(i)
        self.b = r.standard_normal(o) * 0.1

    def __call__(self, x):
        return x @ self.w + self.b


class MLP:
    """Plain numpy classes: a list of layers and an activation from a config dict."""

    def __init__(self, sizes, act="tanh", seed=0):
        r = _rng(seed)
        self.layers = [Linear(r, a, b) for a, b in zip(sizes[:-1], sizes[1:])]
        self.act = {"tanh": np.tanh, "relu": lambda x: np.maximum(x, 0.0)}[act]

    def __call__(self, x):
        for k, layer in enumerate(self.layers):
            x = layer(x)
            if k < len(self.layers) - 1:
                x = self.act(x)
        return x


def mse(model, x, y):
    return np.mean((model(x) - y) ** 2)


def nll(model, x, onehot):
    z = model(x)
    z = z - np.max(z, axis=1, keepdims=True)
    return -np.mean(np.sum((z - np.log(np.sum(np.exp(z), axis=1, keepdims=True))) * onehot,
                           axis=1))


def numeric_param_grads(loss, model, params, *batch, eps=1e-6) -> dict:
    out = {}
    for name, p in params:
        g = np.zeros_like(p)
        for j in range(p.size):
            old = p.reshape(-1)[j]
            p.reshape(-1)[j] = old + eps
            a = float(loss(model, *batch))
            p.reshape(-1)[j] = old - eps
            b = float(loss(model, *batch))
            p.reshape(-1)[j] = old
            g.reshape(-1)[j] = (a - b) / (2 * eps)
        out[name] = g
    return out


@pytest.mark.parametrize("backend", BACKENDS)
def test_gradients_of_a_traced_mlp_keyed_by_parameter_path(backend):
    r = _rng(5)
    model = MLP([3, 5, 4], act="tanh")
    x = r.standard_normal((6, 3))
    onehot = np.eye(4)[r.integers(0, 4, 6)]
    tm = pts.trace(model, (x,), backend=backend)
    names = [n for n, _ in tm.named_parameters()]
    assert names == ["layers.0.w", "layers.0.b", "layers.1.w", "layers.1.b"]
    assert all(p is q for p, q in zip(tm.parameters(), [model.layers[0].w, model.layers[0].b,
                                                        model.layers[1].w, model.layers[1].b]))
    loss, grads = pts.value_and_grad(nll, argnums=(0, 1))(tm, x, onehot)
    grads = grads[0]
    assert loss == pytest.approx(nll(model, x, onehot), rel=1e-12)
    assert list(grads) == names
    want = numeric_param_grads(nll, model, tm.named_parameters(), x, onehot)
    for name in names:
        np.testing.assert_allclose(grads[name], want[name], rtol=1e-5, atol=1e-8)
    # and with respect to the input too, at another batch size (the same trace)
    x2 = r.standard_normal((9, 3))
    oh2 = np.eye(4)[r.integers(0, 4, 9)]
    _, (gm, gx) = pts.value_and_grad(nll, argnums=(0, 1))(tm, x2, oh2)   # (tm's backend)
    np.testing.assert_allclose(gx, numeric_grad(lambda x: nll(model, x, oh2), (x2,), 0),
                               rtol=1e-5, atol=1e-8)
    np.testing.assert_allclose(gm["layers.1.w"], numeric_param_grads(
        nll, model, [("w", model.layers[1].w)], x2, oh2)["w"], rtol=1e-5, atol=1e-8)



def test_gradients_see_a_weight_array_replaced_after_the_trace():
    """A call reads each weight where the model holds it now (pts.trace_state); so does its
    gradient: a new array of the same shape at `layers.0.w` is the one differentiated,
    and its gradient comes back under that name."""
    r = _rng(6)
    model = MLP([3, 5, 4], act="tanh")
    x = r.standard_normal((6, 3))
    onehot = np.eye(4)[r.integers(0, 4, 6)]
    tm = pts.trace(model, (x,), backend="interp")
    pts.value_and_grad(nll)(tm, x, onehot)
    model.layers[0].w = r.standard_normal((3, 5))
    loss, grads = pts.value_and_grad(nll)(tm, x, onehot)
    assert loss == pytest.approx(nll(model, x, onehot), rel=1e-12)
    want = numeric_param_grads(nll, model, tm.named_parameters(), x, onehot)
    np.testing.assert_allclose(grads["layers.0.w"], want["layers.0.w"], rtol=1e-5, atol=1e-8)

class ConvNet:
    """A small conv net in numpy classes: 3x3 convolution by im2col (slices and
    concatenate), ReLU, 2x2 average pooling by reshape, a linear layer."""

    def __init__(self, seed=0):
        r = _rng(seed)
        self.conv = {"k": r.standard_normal((9, 3)) * 0.4, "b": np.zeros(3)}
        self.fc = Linear(r, 2 * 2 * 3, 2)

    def __call__(self, x):
        n, h, w = x.shape
        cols = [x[:, i:h - 2 + i, j:w - 2 + j][..., None] for i in range(3) for j in range(3)]
        y = np.concatenate(cols, axis=-1) @ self.conv["k"] + self.conv["b"]   # (n, 4, 4, 3)
        y = np.maximum(y, 0.0)
        y = y.reshape(n, 2, 2, 2, 2, 3).mean(axis=(2, 4))                    # (n, 2, 2, 3)
        return self.fc(y.reshape(n, -1))


@pytest.mark.parametrize("backend", BACKENDS)
def test_gradients_of_a_traced_conv_net(backend):
    r = _rng(6)
    model = ConvNet()
    x, y = r.standard_normal((3, 6, 6)), r.standard_normal((3, 2))
    tm = pts.trace(model, (x,), backend=backend)
    assert [n for n, _ in tm.named_parameters()] == ["conv.k", "conv.b", "fc.w", "fc.b"]
    _, grads = pts.value_and_grad(mse)(tm, x, y)
    want = numeric_param_grads(mse, model, tm.named_parameters(), x, y)
    for name, g in grads.items():
        np.testing.assert_allclose(g, want[name], rtol=1e-5, atol=1e-8, err_msg=name)


def _mlp_grads(model, x, y) -> tuple[float, list]:
    """The eager numpy reference: forward and hand-written backward of MLP (tanh) + mse."""
    hs, a = [x], x
    for k, l in enumerate(model.layers):
        a = a @ l.w + l.b
        if k < len(model.layers) - 1:
            a = np.tanh(a)
        hs.append(a)
    d = 2.0 * (a - y) / a.size
    grads = []
    for k in range(len(model.layers) - 1, -1, -1):
        l = model.layers[k]
        grads[:0] = [hs[k].T @ d, d.sum(axis=0)]
        d = d @ l.w.T
        if k > 0:
            d = d * (1.0 - hs[k] ** 2)
    return float(np.mean((a - y) ** 2)), grads


def _reference_training(model, batches, kind: str, steps: int) -> list:
    """Training with numpy: PyTorch's SGD (momentum) and Adam update formulas."""
    params = [p for l in model.layers for p in (l.w, l.b)]
    state = [dict() for _ in params]
    losses = []
    for t in range(1, steps + 1):
        x, y = batches[(t - 1) % len(batches)]
        loss, grads = _mlp_grads(model, x, y)
        losses.append(loss)
        for p, g, s in zip(params, grads, state):
            if kind == "sgd":
                buf = s["buf"] = g.copy() if "buf" not in s else 0.9 * s["buf"] + g
                p -= 0.05 * buf
            else:
                m = s["m"] = 0.9 * s.get("m", 0.0) + 0.1 * g
                v = s["v"] = 0.999 * s.get("v", 0.0) + 0.001 * g * g
                denom = np.sqrt(v) / np.sqrt(1 - 0.999 ** t) + 1e-8
                p -= (0.01 / (1 - 0.9 ** t)) * (m / denom)
    return losses


def _optimizer(kind, params):
    if kind == "sgd":
        return pts.optim.SGD(params, lr=0.05, momentum=0.9)
    return pts.optim.Adam(params, lr=0.01)


@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize("kind", ["sgd", "adam"])
def test_training_a_traced_mlp_equals_the_numpy_reference(kind, backend):
    r = _rng(8)
    batches = [(r.standard_normal((m, 3)), r.standard_normal((m, 2))) for m in (8, 5, 8)]
    model, ref = MLP([3, 6, 2]), MLP([3, 6, 2])
    tm = pts.trace(model, (batches[0][0],), backend=backend)
    steps = 6
    want = _reference_training(ref, batches, kind, steps)
    opt = _optimizer(kind, tm.parameters())
    step = pts.train_step(tm, mse, opt)
    got = [step(*batches[t % 3]) for t in range(steps)]
    np.testing.assert_allclose(got, want, rtol=1e-11)
    for l, m in zip(model.layers, ref.layers):
        np.testing.assert_allclose(l.w, m.w, rtol=1e-11, atol=1e-13)
        np.testing.assert_allclose(l.b, m.b, rtol=1e-11, atol=1e-13)
    assert step.compiles == 1                  # batch sizes 8 and 5: one compiled step
    np.testing.assert_allclose(tm(batches[0][0]), model(batches[0][0]), rtol=1e-12)


def test_value_and_grad_with_opt_step_trains_a_traced_mlp_like_the_reference():
    r = _rng(9)
    batches = [(r.standard_normal((7, 3)), r.standard_normal((7, 2)))]
    model, ref = MLP([3, 4, 2]), MLP([3, 4, 2])
    tm = pts.trace(model, (batches[0][0],), backend="native")
    want = _reference_training(ref, batches, "adam", 4)
    opt = pts.optim.Adam(tm.named_parameters(), lr=0.01)
    vg = pts.value_and_grad(mse)
    got = []
    for _ in range(4):
        loss, grads = vg(tm, *batches[0])
        opt.step(grads)
        got.append(loss)
    np.testing.assert_allclose(got, want, rtol=1e-11)
    np.testing.assert_allclose(model.layers[0].w, ref.layers[0].w, rtol=1e-11, atol=1e-13)


@pytest.mark.parametrize("backend", BACKENDS)
def test_a_failing_traced_step_changes_nothing(backend):
    r = _rng(10)
    model = MLP([3, 4, 2])
    x, y = r.standard_normal((8, 3)), r.standard_normal((8, 2))
    tm = pts.trace(model, (x,), backend=backend)
    opt = pts.optim.Adam(tm.parameters(), lr=0.01)
    step = pts.train_step(tm, mse, opt)
    step(x, y)
    step(x, y)
    weights = [p.copy() for p in tm.parameters()]
    state = copy.deepcopy(opt.state)
    with pytest.raises(ValueError, match="broadcast"):
        step(x, y[:3])                          # (8, 2) - (3, 2): fails in the compiled step
    assert all(np.array_equal(p, q) for p, q in zip(tm.parameters(), weights))
    assert set(opt.state) == set(state)
    for i in state:
        assert opt.state[i]["step"] == state[i]["step"]
        assert np.array_equal(opt.state[i]["exp_avg"], state[i]["exp_avg"])
        assert np.array_equal(opt.state[i]["exp_avg_sq"], state[i]["exp_avg_sq"])
    step(x, y)                                  # and training goes on from there
    assert opt.state[0]["step"] == 3.0


def test_a_learning_rate_change_does_not_recompile_a_traced_step():
    r = _rng(11)
    model = MLP([3, 4, 2])
    x, y = r.standard_normal((8, 3)), r.standard_normal((8, 2))
    tm = pts.trace(model, (x,), backend="native")
    opt = pts.optim.SGD(tm.parameters(), lr=0.1)
    step = pts.train_step(tm, mse, opt)
    step(x, y)
    w = model.layers[1].b.copy()
    _, grads = _mlp_grads(model, x, y)
    opt.param_groups[0]["lr"] = 0.5
    step(x, y)
    np.testing.assert_allclose(model.layers[1].b, w - 0.5 * grads[3], rtol=1e-12)
    assert step.compiles == 1


@pytest.mark.parametrize("backend", BACKENDS)
def test_a_traced_step_trains_the_arrays_the_model_holds_now(backend):
    """Weights replaced after the trace (arrays of the same shape, as loading a checkpoint
    by assignment does) and an optimizer made of them: the step computes the loss with the
    new arrays and updates them, like the numpy reference; the old arrays are left alone."""
    r = _rng(12)
    model, ref = MLP([3, 4, 2]), MLP([3, 4, 2], seed=3)
    x, y = r.standard_normal((8, 3)), r.standard_normal((8, 2))
    tm = pts.trace(model, (x,), backend=backend)
    pts.train_step(tm, mse, pts.optim.SGD(tm.parameters(), lr=0.05, momentum=0.9))(x, y)
    old = [p.copy() for p in tm.parameters()]
    olds = tm.parameters()
    for l, m in zip(model.layers, ref.layers):     # "load" other weights by assignment
        l.w, l.b = m.w.copy(), m.b.copy()
    step = pts.train_step(tm, mse, pts.optim.SGD(tm.parameters(), lr=0.05, momentum=0.9))
    got = [step(x, y) for _ in range(3)]
    np.testing.assert_allclose(got, _reference_training(ref, [(x, y)], "sgd", 3), rtol=1e-11)
    for l, m in zip(model.layers, ref.layers):
        np.testing.assert_allclose(l.w, m.w, rtol=1e-11, atol=1e-13)
    assert all(np.array_equal(p, q) for p, q in zip(olds, old))


def test_train_step_refuses_an_optimizer_of_other_arrays():
    x = np.ones((2, 3))
    tm = pts.trace(MLP([3, 2]), (x,), backend="interp")
    step = pts.train_step(tm, mse, pts.optim.SGD([np.zeros(3)], lr=0.1))
    with pytest.raises(ValueError, match="reads none of the optimizer's parameters"):
        step(x, np.ones((2, 2)))


def test_a_traced_pts_nn_module_trains_like_the_scripted_one():
    import pts.nn as nn
    r = _rng(12)

    def make():
        pts.manual_seed(3)
        return nn.Sequential(nn.Linear(4, 8), nn.ReLU(), nn.Linear(8, 3))
    x = r.standard_normal((6, 4)).astype(np.float32)
    y = r.standard_normal((6, 3)).astype(np.float32)
    traced_model, scripted_model = make(), make()
    tm = pts.trace(traced_model, (x,))
    assert [n for n, _ in tm.named_parameters()] == \
        [n for n, _ in traced_model.named_parameters()]
    loss, grads = pts.value_and_grad(mse)(tm, x, y)
    loss2, grads2 = pts.value_and_grad(mse)(scripted_model, x, y)
    assert loss == pytest.approx(loss2, rel=1e-6)
    for name in grads2:            # (the weight is read as weight.T: recorded, not a copy)
        np.testing.assert_allclose(grads[name], grads2[name], rtol=1e-5, atol=1e-6)
        assert np.abs(grads[name]).max() > 0
    step = pts.train_step(tm, mse, pts.optim.Adam(tm.parameters(), lr=0.01))
    step2 = pts.train_step(scripted_model, mse,
                           pts.optim.Adam(scripted_model.parameters(), lr=0.01))
    got = [step(x, y) for _ in range(4)]
    want = [step2(x, y) for _ in range(4)]
    np.testing.assert_allclose(got, want, rtol=1e-5)
    for (n, p), (_, q) in zip(traced_model.named_parameters(),
                              scripted_model.named_parameters()):
        np.testing.assert_allclose(p, q, rtol=1e-4, atol=1e-6, err_msg=n)
    assert isinstance(traced_model[0].weight, np.ndarray)       # the arrays are put back


def test_gradients_equal_torch_autograd():
    torch = pytest.importorskip("torch")
    r = _rng(13)
    model = MLP([3, 5, 4])
    x = r.standard_normal((6, 3))
    onehot = np.eye(4)[r.integers(0, 4, 6)]
    tm = pts.trace(model, (x,))
    _, grads = pts.value_and_grad(nll)(tm, x, onehot)
    ps = {n: torch.tensor(p, requires_grad=True) for n, p in tm.named_parameters()}
    h = torch.tanh(torch.tensor(x) @ ps["layers.0.w"] + ps["layers.0.b"])
    z = h @ ps["layers.1.w"] + ps["layers.1.b"]
    loss = -(torch.log_softmax(z, dim=1) * torch.tensor(onehot)).sum(dim=1).mean()
    loss.backward()
    for n, p in ps.items():
        np.testing.assert_allclose(grads[n], p.grad.numpy(), rtol=1e-10, atol=1e-12)


_W = _rng(14).standard_normal((3, 4))


def _global_net(x):
    return np.tanh(x @ _W) @ _V


_V = _rng(15).standard_normal(4)


def test_a_traced_function_trains_its_closure_and_module_arrays():
    r = _rng(16)
    b = np.zeros(1)

    def net(x):
        return _global_net(x) + b            # b: a closure variable

    x, y = r.standard_normal((5, 3)), r.standard_normal(5)
    tm = pts.trace(net, (x,), backend="interp")
    assert [n for n, _ in tm.named_parameters()] == ["b"]
    g = pts.grad(mse)(tm, x, y)
    np.testing.assert_allclose(g["b"], numeric_param_grads(mse, net, [("b", b)], x, y)["b"],
                               rtol=1e-6)
    tg = pts.trace(_global_net, (x,), backend="interp")
    assert [n for n, _ in tg.named_parameters()] == ["_W", "_V"]
    w0, v0 = _W.copy(), _V.copy()
    try:
        want = numeric_param_grads(mse, _global_net, tg.named_parameters(), x, y)
        loss, grads = pts.value_and_grad(mse)(tg, x, y)
        for k in want:
            np.testing.assert_allclose(grads[k], want[k], rtol=1e-5, atol=1e-8)
        pts.train_step(tg, mse, pts.optim.SGD(tg.parameters(), lr=0.1))(x, y)
        np.testing.assert_allclose(_W, w0 - 0.1 * grads["_W"], rtol=1e-12)
        assert mse(_global_net, x, y) < loss
    finally:
        _W[...], _V[...] = w0, v0


class Guarded(MLP):
    def __call__(self, x):
        h = np.tanh(x @ self.layers[0].w + self.layers[0].b)
        if x.shape[0] > 4:                      # a guard on the batch size
            h = h * 0.5
        return h @ self.layers[1].w + self.layers[1].b


@pytest.mark.parametrize("backend", BACKENDS)
def test_a_traced_step_at_a_size_that_breaks_a_guard_traces_again(backend):
    r = _rng(17)
    model, ref = Guarded([3, 4, 2]), Guarded([3, 4, 2])
    tm = pts.trace(model, (r.standard_normal((8, 3)),), backend=backend)
    step = pts.train_step(tm, mse, pts.optim.SGD(tm.parameters(), lr=0.2))
    ref_params = [p for l in ref.layers for p in (l.w, l.b)]
    for m in (8, 3, 6, 2):
        x, y = r.standard_normal((m, 3)), r.standard_normal((m, 2))
        want = numeric_param_grads(mse, ref, [(str(k), p) for k, p in enumerate(ref_params)],
                                   x, y)
        assert step(x, y) == pytest.approx(mse(ref, x, y), rel=1e-8)   # (central differences)
        for k, p in enumerate(ref_params):
            p -= 0.2 * want[str(k)]
        for p, q in zip(tm.parameters(), ref_params):
            np.testing.assert_allclose(p, q, rtol=1e-7, atol=1e-9)
    assert len(step.loss.traces) == 2 and step.compiles == 2
    assert "the trace assumed x.shape[0] > 4" in step.loss.explain()
