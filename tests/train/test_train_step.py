"""pts.train_step: forward + backward + update in one compiled call (pts/train.py).

What a user sees: the step's losses and weights equal value_and_grad + optimizer.step's
from the same start (float64 ~1e-12), natively and on the interpreter; a scheduler
changing lr does not recompile; a failing step (bad batch shape, an exception the loss
raises) raises the Python exception and leaves weights, buffers and optimizer state bit for
bit as they were; BatchNorm running statistics update as in training mode.
"""
import copy
import resource
import traceback

import numpy as np
import pytest

import pts
import pts.nn as nn
import pts.nn.functional as F

BACKENDS = pytest.mark.parametrize("backend", ["native", "interp"])


class MLP(nn.Module):
    def __init__(self, n_in: int = 6, hidden: int = 8, n_out: int = 3):
        super().__init__()
        self.l1 = nn.Linear(n_in, hidden)
        self.l2 = nn.Linear(hidden, n_out)

    def forward(self, x):
        return self.l2(F.relu(self.l1(x)))


class BNNet(nn.Module):
    def __init__(self):
        super().__init__()
        self.l1 = nn.Linear(6, 8)
        self.bn = nn.BatchNorm1d(8)
        self.l2 = nn.Linear(8, 3)

    def forward(self, x):
        return self.l2(F.relu(self.bn(self.l1(x))))


def mlp_loss(model: MLP, x: np.ndarray, y: np.ndarray) -> float:
    return F.cross_entropy(model(x), y)


def bn_loss(model: BNNet, x: np.ndarray, y: np.ndarray) -> float:
    return F.cross_entropy(model(x), y)


def checked_loss(model: MLP, x: np.ndarray, y: np.ndarray) -> float:
    loss = F.cross_entropy(model(x), y)
    if loss > 1e3:
        raise ValueError("loss diverged")
    return loss


def make(cls, dtype=np.float64, seed: int = 0):
    m = cls()
    rng = np.random.default_rng(seed)
    for _, p in m.named_parameters():
        p[...] = (rng.standard_normal(p.shape) * 0.4).astype(p.dtype)
    if dtype != np.float64:
        m = m.to(dtype) if hasattr(m, "to") else m
    return m


def batch(n: int = 7, dtype=np.float64, seed: int = 1):
    rng = np.random.default_rng(seed)
    return rng.standard_normal((n, 6)).astype(dtype), rng.integers(0, 3, n)


def snapshot(model, opt) -> dict:
    """Every array of the model (parameters and buffers) and the optimizer state, copied."""
    out = {"model." + k: np.array(v, copy=True) for k, v in model.state_dict().items()}
    sd = opt.state_dict()
    for i, s in sd["state"].items():
        for k, v in s.items():
            out[f"opt.{i}.{k}"] = np.array(v, copy=True)
    return out


def assert_bit_identical(a: dict, b: dict) -> None:
    assert a.keys() == b.keys()
    for k in a:
        assert a[k].dtype == b[k].dtype and a[k].shape == b[k].shape, k
        assert a[k].tobytes() == b[k].tobytes(), k


OPTIMIZERS = {
    "sgd": lambda ps: pts.optim.SGD(ps, lr=0.1),
    "sgd_momentum": lambda ps: pts.optim.SGD(ps, lr=0.05, momentum=0.9, weight_decay=1e-3),
    "sgd_nesterov": lambda ps: pts.optim.SGD(ps, lr=0.05, momentum=0.9, nesterov=True),
    "adam": lambda ps: pts.optim.Adam(ps, lr=1e-2, weight_decay=1e-3),
    "adamw_amsgrad": lambda ps: pts.optim.AdamW(ps, lr=1e-2, amsgrad=True),
}


def reference_run(cls, loss_fn, make_opt, batches, backend="native"):
    """value_and_grad + optimizer.step: the losses and the final model."""
    m = make(cls)
    opt = make_opt(m.parameters())
    vg = pts.value_and_grad(loss_fn, backend=backend)
    losses = []
    for x, y in batches:
        loss, grads = vg(m, x, y)
        opt.step(grads)
        losses.append(loss)
    return losses, m, opt


@BACKENDS
@pytest.mark.parametrize("opt_name", list(OPTIMIZERS))
def test_train_step_equals_optimizer_step(backend, opt_name):
    batches = [batch(seed=s) for s in range(6 if backend == "native" else 3)]
    want, ref, ref_opt = reference_run(MLP, mlp_loss, OPTIMIZERS[opt_name], batches, backend)
    m = make(MLP)
    opt = OPTIMIZERS[opt_name](m.parameters())
    step = pts.train_step(m, mlp_loss, opt, backend=backend)
    got = [step(x, y) for x, y in batches]
    assert isinstance(got[0], float)
    np.testing.assert_allclose(got, want, rtol=1e-12, atol=0)
    for (name, p), (_, q) in zip(m.named_parameters(), ref.named_parameters()):
        np.testing.assert_allclose(p, q, rtol=1e-12, atol=1e-14, err_msg=name)
    # the optimizer's state is pts.optim's: the same keys and values as opt.step's
    sd, rsd = opt.state_dict()["state"], ref_opt.state_dict()["state"]
    assert sd.keys() == rsd.keys()
    for i in sd:
        assert sd[i].keys() == rsd[i].keys()
        for k in sd[i]:
            np.testing.assert_allclose(sd[i][k], rsd[i][k], rtol=1e-12, atol=1e-14)
    assert step.compiles == 1
    # the loss decreases on a fixed batch (it trains)
    x, y = batches[0]
    first = step(x, y)
    for _ in range(20):
        last = step(x, y)
    assert last < first


def test_train_step_and_opt_step_interleave():
    """opt.step between train steps (and load_state_dict) is seen by the next train step."""
    batches = [batch(seed=s) for s in range(4)]
    want, ref, _ = reference_run(MLP, mlp_loss, OPTIMIZERS["adam"], batches)
    m = make(MLP)
    opt = OPTIMIZERS["adam"](m.parameters())
    step = pts.train_step(m, mlp_loss, opt)
    vg = pts.value_and_grad(mlp_loss)
    got = []
    for k, (x, y) in enumerate(batches):
        if k % 2:
            loss, grads = vg(m, x, y)
            opt.step(grads)
            got.append(loss)
        else:
            got.append(step(x, y))
    np.testing.assert_allclose(got, want, rtol=1e-12)
    assert opt.state[0]["step"] == 4.0


def test_float32_training():
    """float32: the first steps agree with value_and_grad + opt.step to float32 rounding
    (the fused step may round a few operations differently, e.g. contracted multiply-adds)."""
    m = MLP()
    ref = copy.deepcopy(m)
    for p, q in zip(m.parameters(), ref.parameters()):
        assert p.dtype == np.float32
        q[...] = p
    x, y = batch(dtype=np.float32)
    opt = pts.optim.Adam(m.parameters(), lr=1e-3)
    ropt = pts.optim.Adam(ref.parameters(), lr=1e-3)
    step = pts.train_step(m, mlp_loss, opt)
    vg = pts.value_and_grad(mlp_loss)
    for _ in range(5):
        loss = step(x, y)
        rloss, grads = vg(ref, x, y)
        ropt.step(grads)
        assert loss == pytest.approx(rloss, rel=1e-5)
    for p, q in zip(m.parameters(), ref.parameters()):
        assert p.dtype == np.float32
        np.testing.assert_allclose(p, q, rtol=1e-4, atol=1e-6)


def test_scheduler_changes_lr_without_recompiling():
    m = make(MLP)
    opt = pts.optim.SGD(m.parameters(), lr=0.1, momentum=0.9)
    sched = pts.optim.lr_scheduler.StepLR(opt, step_size=2, gamma=0.5)
    step = pts.train_step(m, mlp_loss, opt)
    x, y = batch()
    before = m.l1.weight.copy()
    for _ in range(6):
        step(x, y)
        sched.step()
    assert opt.param_groups[0]["lr"] == pytest.approx(0.0125)
    assert step.compiles == 1
    # lr 0 changes nothing but the momentum's effect; weight decay and momentum too
    opt.param_groups[0]["lr"] = 0.0
    w = m.l1.weight.copy()
    step(x, y)
    np.testing.assert_array_equal(m.l1.weight, w)
    assert not np.array_equal(before, w)
    assert step.compiles == 1


def test_structure_change_recompiles():
    m = make(MLP)
    opt = pts.optim.SGD(m.parameters(), lr=0.1)
    step = pts.train_step(m, mlp_loss, opt)
    x, y = batch()
    step(x, y)
    opt.param_groups[0]["momentum"] = 0.5        # now a buffer per parameter: new code
    step(x, y)
    assert step.compiles == 2
    assert "momentum_buffer" in opt.state[0]
    step(x[:3], y[:3])                           # another batch size: the same code
    assert step.compiles == 2


def test_train_and_eval_modes_compile_once_each():
    m = make(BNNet)
    opt = OPTIMIZERS["sgd"](m.parameters())
    step = pts.train_step(m, bn_loss, opt)
    x, y = batch()
    step(x, y)
    m.eval()                                     # running statistics are read, not written
    stats = m.bn.running_mean.copy()
    step(x, y)
    np.testing.assert_array_equal(m.bn.running_mean, stats)
    assert int(m.bn.num_batches_tracked) == 1
    m.train()
    step(x, y)
    assert int(m.bn.num_batches_tracked) == 2
    assert step.compiles == 2


@BACKENDS
def test_batch_norm_running_stats(backend):
    batches = [batch(seed=s) for s in range(3)]
    want, ref, _ = reference_run(BNNet, bn_loss, OPTIMIZERS["adam"], batches, backend)
    m = make(BNNet)
    step = pts.train_step(m, bn_loss, OPTIMIZERS["adam"](m.parameters()), backend=backend)
    got = [step(x, y) for x, y in batches]
    np.testing.assert_allclose(got, want, rtol=1e-12)
    np.testing.assert_allclose(m.bn.running_mean, ref.bn.running_mean, rtol=1e-12)
    np.testing.assert_allclose(m.bn.running_var, ref.bn.running_var, rtol=1e-12)
    assert int(m.bn.num_batches_tracked) == int(ref.bn.num_batches_tracked) == 3
    assert not np.array_equal(m.bn.running_mean, np.zeros(8))


@BACKENDS
def test_failing_step_shape_error_changes_nothing(backend):
    m = make(BNNet)
    opt = OPTIMIZERS["adam"](m.parameters())
    step = pts.train_step(m, bn_loss, opt, backend=backend)
    x, y = batch()
    step(x, y)
    before = snapshot(m, opt)
    bad = np.random.default_rng(5).standard_normal((7, 5))    # 5 features, the layer takes 6
    with pytest.raises(ValueError):
        step(bad, y)
    assert_bit_identical(before, snapshot(m, opt))
    step(x, y)                                    # and training goes on
    assert int(m.bn.num_batches_tracked) == 2


@BACKENDS
def test_failing_step_user_exception_changes_nothing(backend):
    m = make(BNNet)
    opt = OPTIMIZERS["sgd_momentum"](m.parameters())

    def loss(model: BNNet, x: np.ndarray, y: np.ndarray) -> float:
        out = F.cross_entropy(model(x), y)
        if out != out:          # nan
            raise ValueError("loss is nan")
        return out
    step = pts.train_step(m, loss, opt, backend=backend)
    x, y = batch()
    step(x, y)
    before = snapshot(m, opt)
    bad = x.copy()
    bad[0, 0] = np.nan          # the running statistics would turn nan if they were kept
    with pytest.raises(ValueError, match="loss is nan") as info:
        step(bad, y)
    assert_bit_identical(before, snapshot(m, opt))
    text = "".join(traceback.format_exception(info.value))     # the user's line
    assert "test_train_step.py" in text and 'raise ValueError("loss is nan")' in text
    assert not np.isnan(m.bn.running_mean).any()


class DropNet(nn.Module):
    def __init__(self):
        super().__init__()
        self.l1 = nn.Linear(6, 8)
        self.drop = nn.Dropout(0.5)
        self.l2 = nn.Linear(8, 3)

    def forward(self, x):
        return self.l2(self.drop(F.relu(self.l1(x))))


def drop_loss(model: DropNet, x: np.ndarray, y: np.ndarray) -> float:
    out = F.cross_entropy(model(x), y)
    if out != out:
        raise ValueError("loss is nan")
    return out


def test_dropout_generator_rolls_back_with_a_failed_step():
    """Dropout's generator (a model array the forward advances) is restored too: the step
    after a failed one draws the same mask as if the failed one never ran."""
    pts.manual_seed(3)
    a = make(DropNet)
    pts.manual_seed(3)
    b = make(DropNet)
    sa = pts.train_step(a, drop_loss, pts.optim.SGD(a.parameters(), lr=0.1))
    sb = pts.train_step(b, drop_loss, pts.optim.SGD(b.parameters(), lr=0.1))
    x, y = batch()
    bad = x.copy()
    bad[0, 0] = np.nan
    gen = a.drop.generator.copy()
    with pytest.raises(ValueError, match="loss is nan"):
        sa(bad, y)
    np.testing.assert_array_equal(a.drop.generator, gen)
    assert sa(x, y) == sb(x, y)
    assert not np.array_equal(a.drop.generator, gen)           # a success advances it
    np.testing.assert_array_equal(a.l1.weight, b.l1.weight)


def test_failing_first_step_creates_no_state():
    m = make(MLP)
    opt = OPTIMIZERS["adam"](m.parameters())
    step = pts.train_step(m, checked_loss, opt)
    x, y = batch()
    before = snapshot(m, opt)
    with pytest.raises(ValueError, match="loss diverged"):
        step(x * 1e6, y)
    assert opt.state == {}
    assert_bit_identical(before, snapshot(m, opt))


def test_errors():
    m = make(MLP)
    with pytest.raises(TypeError, match="pts.optim"):
        pts.train_step(m, mlp_loss, object())
    with pytest.raises(TypeError, match="model"):
        pts.train_step(np.zeros(3), mlp_loss, pts.optim.SGD(m.parameters()))

    def bad(model: MLP, x: np.ndarray, y: np.ndarray) -> float:
        return F.cross_entropy(model(x), y) + undefined_name  # noqa: F821
    step = pts.train_step(m, bad, pts.optim.SGD(m.parameters(), lr=0.1))
    with pytest.raises(pts.CompileError, match="undefined_name"):
        step(*batch())


@pytest.mark.slow
def test_rss_flat_over_1000_mlp_steps():
    """1000 steps of a 784->256->10 MLP, batch 64, SGD: the resident set stays flat."""
    class Big(nn.Module):
        def __init__(self):
            super().__init__()
            self.l1 = nn.Linear(784, 256)
            self.l2 = nn.Linear(256, 10)

        def forward(self, x):
            return self.l2(F.relu(self.l1(x)))

    def loss(model: Big, x: np.ndarray, y: np.ndarray) -> float:
        return F.cross_entropy(model(x), y)
    m = Big()
    step = pts.train_step(m, loss, pts.optim.SGD(m.parameters(), lr=0.01))
    rng = np.random.default_rng(0)
    x = rng.standard_normal((64, 784)).astype(np.float32)
    y = rng.integers(0, 10, 64)
    for _ in range(50):
        step(x, y)
    pts.wait_optimized()
    for _ in range(50):
        step(x, y)

    def rss() -> int:
        with open("/proc/self/statm") as f:
            return int(f.read().split()[1]) * resource.getpagesize()
    start = rss()
    for _ in range(1000):
        step(x, y)
    grew = rss() - start
    assert grew < 8 << 20, f"RSS grew by {grew / 2**20:.1f} MiB over 1000 steps"
