"""pts.train_step's fast path (pts/train.py _FastStep): a call after the first checks what
the last general call found instead of looking it up again.  What a user sees must not
change: the same losses, weights and optimizer state bit for bit as the general path
(`TrainStep._call`), and every change made between steps — a learning rate, a replaced
parameter array, optimizer state loaded from a dict, train()/eval(), momentum switched
on — seen by the next step.
"""
import numpy as np
import pytest

import pts
import pts.nn as nn
import pts.nn.functional as F


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.l1 = nn.Linear(6, 8)
        self.l2 = nn.Linear(8, 3)

    def forward(self, x):
        return self.l2(F.relu(self.l1(x)))


def net_loss(model: Net, x: np.ndarray, y: np.ndarray) -> float:
    return F.cross_entropy(model(x), y)


OPTIMIZERS = {
    "sgd": lambda ps: pts.optim.SGD(ps, lr=0.1),
    "sgd_momentum": lambda ps: pts.optim.SGD(ps, lr=0.05, momentum=0.9, weight_decay=1e-3),
    "adam": lambda ps: pts.optim.Adam(ps, lr=1e-2, weight_decay=1e-3),
    "adamw_amsgrad": lambda ps: pts.optim.AdamW(ps, lr=1e-2, amsgrad=True),
}


class Deep(nn.Module):
    """Six layers: with Adam, 2 + 12 + 24 + 2 arrays, more than the C dispatcher takes."""

    def __init__(self):
        super().__init__()
        self.layers = nn.ModuleList([nn.Linear(6, 6) for _ in range(5)] + [nn.Linear(6, 3)])

    def forward(self, x):
        for layer in self.layers:
            x = F.relu(layer(x))
        return x


def deep_loss(model: Deep, x: np.ndarray, y: np.ndarray) -> float:
    return F.cross_entropy(model(x), y)


def make(seed: int = 0, cls=Net):
    m = cls()
    rng = np.random.default_rng(seed)
    for _, p in m.named_parameters():
        p[...] = rng.standard_normal(p.shape) * 0.4
    return m


def batch(seed: int, n: int = 7):
    rng = np.random.default_rng(seed)
    return rng.standard_normal((n, 6)), rng.integers(0, 3, n)


class Pair:
    """The same training twice: `fast` through step(...), `slow` through step._call only."""

    def __init__(self, make_opt, cls=Net, loss=net_loss):
        self.models = [make(cls=cls), make(cls=cls)]
        self.opts = [make_opt(m.parameters()) for m in self.models]
        self.steps = [pts.train_step(m, loss, o) for m, o in zip(self.models, self.opts)]
        self.general = 0
        fast = self.steps[0]
        original = fast._call

        def counted(b):
            self.general += 1
            return original(b)
        fast._call = counted

    def step(self, x, y):
        a = self.steps[0](x, y)
        b = self.steps[1]._call((x, y))
        assert a == b
        return a

    def assert_same(self):
        a, b = self.models
        for (name, p), (_, q) in zip(a.named_parameters(), b.named_parameters()):
            assert p.tobytes() == q.tobytes(), name
        sa, sb = self.opts[0].state_dict()["state"], self.opts[1].state_dict()["state"]
        assert sa.keys() == sb.keys()
        for i in sa:
            assert sa[i].keys() == sb[i].keys()
            for k in sa[i]:
                assert np.asarray(sa[i][k]).tobytes() == np.asarray(sb[i][k]).tobytes(), (i, k)


@pytest.mark.parametrize("opt_name", list(OPTIMIZERS))
def test_fast_steps_equal_general_steps(opt_name):
    pair = Pair(OPTIMIZERS[opt_name])
    for s in range(6):
        pair.step(*batch(s))
    pair.assert_same()
    assert pair.general == 1                # only the first step took the general way
    assert pair.steps[0].compiles == 1


def test_many_arrays_take_the_fast_path_too():
    from pts._dispatch import MAX_ARGS
    pair = Pair(OPTIMIZERS["adam"], Deep, deep_loss)
    for s in range(4):
        pair.step(*batch(s))
    pair.assert_same()
    assert pair.general == 1
    (fast,) = [f for fs in pair.steps[0]._fast.values() for f in fs]
    assert len(fast.c.param_types) > MAX_ARGS and fast.boxed
    for o in pair.opts:
        o.param_groups[0]["lr"] = 0.5
    pair.step(*batch(5))
    pair.assert_same()
    assert pair.general == 1


@pytest.mark.parametrize("opt_name", ["sgd", "adam"])
def test_changed_hyperparameters_are_seen(opt_name):
    pair = Pair(OPTIMIZERS[opt_name])
    pair.step(*batch(0))
    for lr in (0.5, 0.0, 0.003):
        for o in pair.opts:
            o.param_groups[0]["lr"] = lr
            o.param_groups[0]["weight_decay"] = 0.01
        w = pair.models[0].l1.weight.copy()
        pair.step(*batch(1))
        assert np.array_equal(pair.models[0].l1.weight, w) == (lr == 0.0)
    pair.assert_same()
    assert pair.general == 1 and pair.steps[0].compiles == 1


def test_momentum_switched_on_compiles_and_trains_as_the_general_way():
    pair = Pair(OPTIMIZERS["sgd"])
    pair.step(*batch(0))
    for o in pair.opts:
        o.param_groups[0]["momentum"] = 0.9
    for s in range(3):
        pair.step(*batch(s))
    pair.assert_same()
    assert pair.steps[0].compiles == 2 and "momentum_buffer" in pair.opts[0].state[0]


def test_replaced_parameter_array_is_read():
    """A new array for a parameter: the next step reads it (and, as the optimizer does not
    know it, does not update it), as the general way does."""
    pair = Pair(OPTIMIZERS["sgd"])
    pair.step(*batch(0))
    pair.step(*batch(1))
    new = np.full((3,), 0.25, pair.models[0].l2.bias.dtype)
    for m in pair.models:
        m.l2.bias = new.copy()
    for s in range(3):
        pair.step(*batch(s))
    pair.assert_same()
    np.testing.assert_array_equal(pair.models[0].l2.bias, new)
    # the optimizer given the new array updates it again
    for m, o in zip(pair.models, pair.opts):
        o.param_groups[0]["params"][3] = m.l2.bias
    pair.step(*batch(4))
    pair.step(*batch(5))
    pair.assert_same()
    assert not np.array_equal(pair.models[0].l2.bias, new)


def test_loaded_optimizer_state_is_used():
    pair = Pair(OPTIMIZERS["adam"])
    pair.step(*batch(0))
    saved = pair.opts[0].state_dict()
    for s in range(1, 4):
        pair.step(*batch(s))
    for m, o in zip(pair.models, pair.opts):
        o.load_state_dict(saved)
    pair.step(*batch(5))
    pair.assert_same()
    assert pair.opts[0].state[0]["step"] == 2.0


def test_failing_fast_step_changes_nothing():
    m = make()
    opt = OPTIMIZERS["adam"](m.parameters())
    step = pts.train_step(m, net_loss, opt)
    x, y = batch(0)
    step(x, y)
    step(x, y)
    before = {k: v.copy() for k, v in m.state_dict().items()}
    state = {(i, k): np.array(v, copy=True) for i, s in opt.state.items() for k, v in s.items()}
    with pytest.raises(ValueError):
        step(np.zeros((7, 5)), y)            # same kinds of arguments: the fast path raises
    for k, v in m.state_dict().items():
        assert v.tobytes() == before[k].tobytes(), k
    for (i, k), v in state.items():
        assert np.array(opt.state[i][k]).tobytes() == v.tobytes(), (i, k)
    assert opt.state[0]["step"] == 2.0
