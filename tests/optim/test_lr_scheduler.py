"""pts.optim.lr_scheduler: torch's rates, and a schedule that changes the rate of compiled
updates without compiling anything (hyperparameters are run-time values)."""
import math

import numpy as np
import pytest

from pts.cache_dir import STATS
from pts.optim import SGD, Adam, AdamW
from pts.optim.lr_scheduler import CosineAnnealingLR, StepLR
from pts.optim.optimizer import update_function
from reference import AdamRef, make_problem


def rates(scheduler, epochs):
    out = [scheduler.get_last_lr()[0]]
    for _ in range(epochs):
        scheduler.step()
        out.append(scheduler.get_last_lr()[0])
    return out


def test_step_lr_matches_torchs_documented_example():
    # torch's docstring: lr = 0.05 for epoch < 30, 0.005 for 30 <= epoch < 60, 0.0005 up to 90
    opt = SGD([np.ones(2)], lr=0.05)
    got = rates(StepLR(opt, step_size=30, gamma=0.1), 89)
    expected = [0.05 * 0.1 ** (t // 30) for t in range(90)]
    np.testing.assert_allclose(got, expected, rtol=1e-14)
    assert got[29] == 0.05 and got[30] != 0.05 and opt.param_groups[0]["lr"] == got[-1]


def test_step_lr_per_group():
    opt = SGD([{"params": [np.ones(2)], "lr": 1.0}, {"params": [np.ones(3)], "lr": 0.1}])
    s = StepLR(opt, step_size=2, gamma=0.5)
    for _ in range(5):
        s.step()
    assert s.get_last_lr() == [0.25, 0.025]
    assert [g["lr"] for g in opt.param_groups] == [0.25, 0.025]
    assert [g["initial_lr"] for g in opt.param_groups] == [1.0, 0.1]


@pytest.mark.parametrize("eta_min", [0.0, 0.001])
def test_cosine_annealing_follows_the_cosine(eta_min):
    """torch's recursive form equals eta_min + (base - eta_min)(1 + cos(pi t / T)) / 2, also
    past T_max (the rate rises again: torch's special case at (t - 1 - T) % 2T == 0)."""
    base, T = 0.1, 10
    opt = Adam([np.ones(2)], lr=base)
    got = rates(CosineAnnealingLR(opt, T_max=T, eta_min=eta_min), 3 * T)
    expected = [eta_min + (base - eta_min) * (1 + math.cos(math.pi * t / T)) / 2
                for t in range(3 * T + 1)]
    np.testing.assert_allclose(got, expected, rtol=1e-12, atol=1e-17)
    assert got[0] == base and abs(got[T] - eta_min) < 1e-17 and got[2 * T] > got[2 * T - 1]


def test_cosine_annealing_is_recursive_like_torch():
    """The recursive form scales the current rate: a rate set by hand carries on (torch's
    behaviour, which the closed form would not show); step(epoch) uses the closed form."""
    opt = SGD([np.ones(2)], lr=1.0)
    s = CosineAnnealingLR(opt, T_max=4)
    s.step()                                        # epoch 1: (1 + cos(pi/4)) / 2
    opt.param_groups[0]["lr"] = 0.5
    s.step()                                        # epoch 2: 0.5 * (1 + cos(pi/2)) / (1 + cos(pi/4))
    expected = 0.5 * (1 + math.cos(math.pi / 2)) / (1 + math.cos(math.pi / 4))
    assert s.get_last_lr()[0] == pytest.approx(expected, rel=1e-15)
    s.step(3)                                       # the closed form, from the base rate
    assert s.get_last_lr()[0] == pytest.approx((1 + math.cos(3 * math.pi / 4)) / 2, rel=1e-15)


def test_scheduler_state_dict_and_resume():
    opt = SGD([np.ones(2)], lr=1.0)
    s = StepLR(opt, step_size=3, gamma=0.5)
    for _ in range(4):
        s.step()
    sd = s.state_dict()
    assert "optimizer" not in sd and sd["last_epoch"] == 4 and sd["base_lrs"] == [1.0]
    opt2 = SGD([np.ones(2)], lr=1.0)
    s2 = StepLR(opt2, step_size=100)
    s2.load_state_dict(sd)
    opt2.param_groups[0]["lr"] = opt.param_groups[0]["lr"]
    for _ in range(5):
        s.step()
        s2.step()
    assert s2.get_last_lr() == s.get_last_lr() == [0.125]
    with pytest.raises(KeyError, match="initial_lr"):
        StepLR(SGD([np.ones(2)], lr=1.0), step_size=2, last_epoch=3)


def compiles():
    return STATS["llvm_compiles"] + STATS["fast_compiles"] + STATS["cache_loads"]


@pytest.mark.parametrize("cls, name, kw", [
    (Adam, "adam_update", dict(weight_decay=0.01)),
    (AdamW, "adamw_update", dict()),
    (SGD, "sgd_momentum_update", dict(momentum=0.9, nesterov=True)),
])
def test_schedule_changes_the_rate_without_compiling(cls, name, kw):
    """The first step compiles the update once per dtype (every rank shares it); the
    schedule's new rates then reach the same compiled code: no compile, no new signature,
    and the parameters follow a reference run with the same rates."""
    fn = update_function(name)
    params32, grads = make_problem(np.float32, shapes=((3,), (2, 3), (2, 2, 2)))
    params64, _ = make_problem(np.float64, shapes=((4,), (1, 5)))
    opt = cls([{"params": params32}, {"params": params64}], lr=0.05, **kw)
    sched = CosineAnnealingLR(opt, T_max=20, eta_min=0.001)
    opt.step(grads(params32, 0) + [np.ones_like(p) for p in params64])
    signatures, count = len(fn._cache), compiles()
    assert signatures >= 2                          # float32 and float64
    seen = set()
    for step in range(1, 15):
        sched.step()
        seen.add(opt.param_groups[0]["lr"])
        opt.step(grads(params32, step) + [np.ones_like(p) for p in params64])
    assert len(seen) == 14                          # the rate changed at every step
    assert len(fn._cache) == signatures and compiles() == count


def test_scheduled_adam_matches_reference():
    params, grads = make_problem(np.float64)
    ref = AdamRef(params, lr=0.01)
    opt = Adam(params, lr=0.01)
    sched = StepLR(opt, step_size=7, gamma=0.3)
    for step in range(40):
        ref.lr = opt.param_groups[0]["lr"]
        opt.step(grads(params, step))
        ref.step(grads(ref.params, step))
        sched.step()
    for p, e in zip(params, ref.params):
        np.testing.assert_allclose(p, e, rtol=1e-12, atol=1e-13)
