"""pts.optim's contract around the update: `step`'s checks leave everything as it was when
they fail, `state_dict` / `load_state_dict` continue training exactly, and the
hyperparameters torch refuses are refused."""
import copy
import pickle

import numpy as np
import pytest

from pts.optim import SGD, Adam, AdamW
from reference import make_problem

OPTIMIZERS = [
    (SGD, dict(lr=0.05, momentum=0.9, nesterov=True, weight_decay=0.01)),
    (SGD, dict(lr=0.05, momentum=0.9, dampening=0.2)),
    (Adam, dict(lr=0.01, weight_decay=0.1)),
    (Adam, dict(lr=0.01, amsgrad=True)),
    (AdamW, dict(lr=0.01)),
    (AdamW, dict(lr=0.01, amsgrad=True)),
]
IDS = [f"{c.__name__}-{i}" for i, (c, _) in enumerate(OPTIMIZERS)]


def snapshot(params, opt):
    return [p.copy() for p in params], copy.deepcopy(opt.state), copy.deepcopy(
        [{k: v for k, v in g.items() if k != "params"} for g in opt.param_groups])


def assert_same(a, b):
    (pa, sa, ga), (pb, sb, gb) = a, b
    for x, y in zip(pa, pb):
        np.testing.assert_array_equal(x, y)
    assert sa.keys() == sb.keys()
    for k in sa:
        assert sa[k].keys() == sb[k].keys()
        for name in sa[k]:
            np.testing.assert_array_equal(sa[k][name], sb[k][name])
    assert ga == gb


@pytest.mark.parametrize("dtype", [np.float32, np.float64])
@pytest.mark.parametrize("cls, kw", OPTIMIZERS, ids=IDS)
def test_state_dict_round_trip_continues_identically(cls, kw, dtype):
    """Save after 10 steps, load into a fresh optimizer (over other arrays holding the same
    values), 10 more steps: the bits of 20 steps straight."""
    params, grads = make_problem(dtype)
    opt = cls(params, **kw)
    for step in range(10):
        opt.step(grads(params, step))
    saved = pickle.loads(pickle.dumps(opt.state_dict()))      # as a file would hold it
    resumed = [p.copy() for p in params]
    for step in range(10, 20):
        opt.step(grads(params, step))

    fresh = cls(resumed, lr=123.0)                           # hyperparameters come back too
    fresh.load_state_dict(saved)
    assert fresh.param_groups[0]["lr"] == kw["lr"]
    assert fresh.param_groups[0]["params"][0] is resumed[0]
    for step in range(10, 20):
        fresh.step(grads(resumed, step))
    for p, q in zip(params, resumed):
        np.testing.assert_array_equal(p, q)
    assert_same(snapshot(params, opt), snapshot(resumed, fresh))


def test_state_dict_structure_is_torchs():
    params, grads = make_problem(np.float32, shapes=((2, 3), (4,)))
    opt = Adam([{"params": params[:1]}, {"params": params[1:], "lr": 0.5}], amsgrad=True)
    opt.step(grads(params, 0))
    sd = opt.state_dict()
    assert list(sd) == ["state", "param_groups"]
    assert list(sd["state"]) == [0, 1]
    s0 = sd["state"][0]
    assert set(s0) == {"step", "exp_avg", "exp_avg_sq", "max_exp_avg_sq"}
    assert s0["step"] == 1.0 and s0["exp_avg"].shape == (2, 3)
    assert s0["exp_avg"].dtype == np.float32
    assert sd["param_groups"][0]["params"] == [0] and sd["param_groups"][1]["params"] == [1]
    assert sd["param_groups"][1]["lr"] == 0.5 and sd["param_groups"][0]["betas"] == (0.9, 0.999)
    # copies: the optimizer's later steps do not change a saved state dict
    before = s0["exp_avg"].copy()
    opt.step(grads(params, 1))
    np.testing.assert_array_equal(sd["state"][0]["exp_avg"], before)
    sgd = SGD(params, lr=0.1, momentum=0.5)
    sgd.step(grads(params, 0))
    assert set(sgd.state_dict()["state"][1]) == {"momentum_buffer"}
    assert SGD(params, lr=0.1).state_dict()["state"] == {}


def test_load_state_dict_refuses_mismatches_and_changes_nothing():
    params, grads = make_problem(np.float64, shapes=((2, 3), (4,)))
    opt = Adam(params, lr=0.01)
    opt.step(grads(params, 0))
    good = opt.state_dict()
    before = snapshot(params, opt)
    bad_groups = copy.deepcopy(good)
    bad_groups["param_groups"].append(dict(bad_groups["param_groups"][0]))
    with pytest.raises(ValueError, match="different number of parameter groups"):
        opt.load_state_dict(bad_groups)
    bad_size = copy.deepcopy(good)
    bad_size["param_groups"][0]["params"] = [0]
    with pytest.raises(ValueError, match="doesn't match the size"):
        opt.load_state_dict(bad_size)
    bad_shape = copy.deepcopy(good)
    bad_shape["state"][1]["exp_avg_sq"] = np.zeros(5)
    with pytest.raises(ValueError, match=r"has shape \(5,\), but the parameter has shape \(4,\)"):
        opt.load_state_dict(bad_shape)
    bad_lr = copy.deepcopy(good)
    bad_lr["param_groups"][0]["lr"] = -1.0
    with pytest.raises(ValueError, match="Invalid learning rate"):
        opt.load_state_dict(bad_lr)
    assert_same(before, snapshot(params, opt))
    # a step stored as a 0-d array (torch's step tensor, through numpy) is a number again
    as_arrays = copy.deepcopy(good)
    as_arrays["state"][0]["step"] = np.array(1.0, np.float32)
    opt.load_state_dict(as_arrays)
    assert opt.state[0]["step"] == 1.0 and type(opt.state[0]["step"]) is float
    # state saved in float64 loads into float32 parameters as float32
    p32 = [p.astype(np.float32) for p in params]
    opt32 = Adam(p32, lr=0.01)
    opt32.load_state_dict(good)
    assert opt32.state[0]["exp_avg"].dtype == np.float32


BAD_GRADS = {
    "too few": (lambda gs, names: gs[:-1], ValueError, "got 2 gradients for 3 parameters"),
    "too many": (lambda gs, names: gs + [gs[0]], ValueError, "got 4 gradients"),
    "shape of the last": (lambda gs, names: gs[:-1] + [np.zeros((3, 2), gs[-1].dtype)],
                          ValueError, r"gradient #2 has shape \(3, 2\), but its parameter has "
                                      r"shape \(2, 3\)"),
    "dtype": (lambda gs, names: gs[:-1] + [gs[-1].astype(np.float64)], ValueError,
              "has dtype float64, but its parameter has dtype float32"),
    "not an array": (lambda gs, names: gs[:-1] + [[1.0] * 6], TypeError, "not a numpy array"),
    "dict count": (lambda gs, names: dict(zip(names[:2], gs)), ValueError,
                   "got 2 gradients for 3 parameters"),
    "dict shape": (lambda gs, names: dict(zip(names, gs[:2] + [gs[2].T])), ValueError,
                   "gradient 'c' has shape"),
    "a set": (lambda gs, names: set(), TypeError, "dict"),
}


@pytest.mark.parametrize("case", list(BAD_GRADS))
@pytest.mark.parametrize("cls, kw", OPTIMIZERS, ids=IDS)
def test_bad_grads_raise_and_change_nothing(cls, kw, case):
    """The check of every gradient comes before any update: parameters and state stay bit
    for bit as they were (the parameters before the bad one included)."""
    params, grads = make_problem(np.float32, shapes=((4,), (3,), (2, 3)))
    opt = cls(params, **kw)
    for step in range(3):
        opt.step(grads(params, step))
    before = snapshot(params, opt)
    make, exc, message = BAD_GRADS[case]
    with pytest.raises(exc, match=message):
        opt.step(make(grads(params, 3), ["a", "b", "c"]))
    assert_same(before, snapshot(params, opt))
    opt.step(grads(params, 3))                   # and the optimizer goes on
    assert not np.array_equal(before[0][0], params[0])


def test_read_only_parameter_is_refused_before_any_update():
    a, b = np.ones(3), np.ones(3)
    b.flags.writeable = False
    opt = SGD([a, b], lr=0.1)
    with pytest.raises(ValueError, match="read-only"):
        opt.step([np.ones(3), np.ones(3)])
    np.testing.assert_array_equal(a, np.ones(3))


@pytest.mark.parametrize("make, exc, message", [
    (lambda p: SGD(p, lr=-0.1), ValueError, "Invalid learning rate: -0.1"),
    (lambda p: SGD(p, momentum=-1), ValueError, "Invalid momentum value"),
    (lambda p: SGD(p, weight_decay=-1), ValueError, "Invalid weight_decay value"),
    (lambda p: SGD(p, nesterov=True), ValueError, "Nesterov momentum requires a momentum"),
    (lambda p: SGD(p, momentum=0.9, dampening=0.1, nesterov=True), ValueError,
     "zero dampening"),
    (lambda p: Adam(p, eps=-1.0), ValueError, "Invalid epsilon value"),
    (lambda p: Adam(p, betas=(1.0, 0.999)), ValueError, "Invalid beta parameter at index 0"),
    (lambda p: AdamW(p, betas=(0.9, -0.1)), ValueError, "Invalid beta parameter at index 1"),
    (lambda p: Adam(p, weight_decay=-0.1), ValueError, "Invalid weight_decay value"),
    (lambda p: Adam([{"params": p, "lr": -2.0}]), ValueError, "Invalid learning rate"),
    (lambda p: Adam([]), ValueError, "empty parameter list"),
    (lambda p: Adam(p[0]), TypeError, "iterable of arrays or dicts"),
    (lambda p: Adam([np.arange(3)]), TypeError, "float32 or float64 arrays, but one of the "
                                                "params is int64"),
    (lambda p: Adam([[1.0, 2.0]]), TypeError, "numpy arrays"),
    (lambda p: Adam(p + p[:1]), ValueError, "more than once"),
    (lambda p: Adam([{"params": p}, {"params": p[:1]}]), ValueError, "more than once"),
    (lambda p: Adam(p, backend="gpu"), ValueError, "unknown backend 'gpu'"),
])
def test_refused_hyperparameters(make, exc, message):
    with pytest.raises(exc, match=message):
        make([np.ones(3), np.ones(2)])


def test_add_param_group_and_repr():
    a, b = np.ones(3), np.ones(2, np.float32)
    opt = AdamW([a], lr=0.1)
    opt.add_param_group({"params": b, "weight_decay": 0.5})
    assert opt.param_groups[1]["params"][0] is b and opt.param_groups[1]["lr"] == 0.1
    opt.step([np.ones(3), np.ones(2, np.float32)])
    text = repr(opt)
    assert text.startswith("AdamW (") and "Parameter Group 1" in text and "weight_decay: 0.5" in text
