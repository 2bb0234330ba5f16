"""pts.optim's SGD, Adam and AdamW against float64 references of torch's algorithms
(reference.py): 100 steps of every option, float64 to ~1e-12 and float32 to a few 1e-6
(float32 rounds every parameter at every step: 100 roundings of 2**-24 bound the drift to
~6e-6 of the parameters' size; the measured drift is ~1e-6).  Then the backends (native,
interpreter, eager) against each other, and the parameter layouts the update must handle."""
import numpy as np
import pytest

import pts
from pts.optim import SGD, Adam, AdamW
from reference import AdamRef, SGDRef, make_problem

STEPS = 100

SGD_CASES = {
    "plain": dict(lr=0.05),
    "momentum": dict(lr=0.05, momentum=0.9),
    "dampening": dict(lr=0.05, momentum=0.9, dampening=0.5),
    "nesterov": dict(lr=0.05, momentum=0.9, nesterov=True),
    "weight_decay": dict(lr=0.05, weight_decay=0.1),
    "momentum_weight_decay": dict(lr=0.05, momentum=0.8, dampening=0.1, weight_decay=0.1),
    "maximize": dict(lr=0.05, maximize=True),
    "nesterov_maximize_decay": dict(lr=0.02, momentum=0.9, nesterov=True, weight_decay=0.05,
                                    maximize=True),
}
ADAM_CASES = {
    "default": dict(),
    "lr": dict(lr=0.01),
    "weight_decay": dict(lr=0.01, weight_decay=0.1),
    "amsgrad": dict(lr=0.01, amsgrad=True),
    "amsgrad_decay": dict(lr=0.01, amsgrad=True, weight_decay=0.05),
    "betas": dict(lr=0.01, betas=(0.3, 0.6), eps=1e-6),     # torch's lerp takes its other form
    "maximize": dict(lr=0.01, maximize=True, weight_decay=0.01),
}
ADAMW_CASES = {
    "default": dict(),
    "weight_decay": dict(lr=0.01, weight_decay=0.1),
    "amsgrad": dict(lr=0.01, weight_decay=0.1, amsgrad=True),
    "no_decay": dict(lr=0.01, weight_decay=0.0),
    "maximize": dict(lr=0.01, maximize=True),
}
CASES = ([(SGD, SGDRef, {}, n, kw) for n, kw in SGD_CASES.items()]
         + [(Adam, AdamRef, {}, n, kw) for n, kw in ADAM_CASES.items()]
         + [(AdamW, AdamRef, {"decoupled": True, "weight_decay": 1e-2}, n, kw)
            for n, kw in ADAMW_CASES.items()])
IDS = [f"{c[0].__name__}-{c[3]}" for c in CASES]


def run_against_reference(cls, ref_cls, ref_extra, kw, dtype, backend="native", steps=STEPS,
                          shapes=((5,), (3, 4), (2, 3, 4), ())):
    params, grads = make_problem(dtype, shapes=shapes)
    ref = ref_cls(params, **{"lr": 1e-3, **ref_extra, **kw})
    opt = cls(params, backend=backend, **kw)
    for step in range(steps):
        opt.step(grads(params, step))
        ref.step(grads(ref.params, step))
    return params, ref.params


@pytest.mark.parametrize("cls, ref_cls, ref_extra, name, kw", CASES, ids=IDS)
def test_float64_matches_reference(cls, ref_cls, ref_extra, name, kw):
    params, expected = run_against_reference(cls, ref_cls, ref_extra, kw, np.float64)
    for p, e in zip(params, expected):
        assert p.dtype == np.float64
        np.testing.assert_allclose(p, e, rtol=1e-12, atol=1e-13)


@pytest.mark.parametrize("cls, ref_cls, ref_extra, name, kw", CASES, ids=IDS)
def test_float32_matches_reference(cls, ref_cls, ref_extra, name, kw):
    params, expected = run_against_reference(cls, ref_cls, ref_extra, kw, np.float32)
    for p, e in zip(params, expected):
        assert p.dtype == np.float32
        assert np.max(np.abs(p - e), initial=0.0) <= 5e-6 * max(1.0, np.max(np.abs(e)))


def test_the_reference_moves_the_parameters():
    # (a guard on the tests above: an update that did nothing would fail them, not pass)
    params, grads = make_problem(np.float64)
    start = [p.copy() for p in params]
    ref = AdamRef(params, lr=0.01)
    for step in range(10):
        ref.step(grads(ref.params, step))
    assert all(np.all(np.abs(p - s) > 1e-3) for p, s in zip(ref.params, start) if p.size)


@pytest.mark.parametrize("cls, kw", [
    (SGD, dict(lr=0.1, momentum=0.9, nesterov=True, weight_decay=0.1)),
    (SGD, dict(lr=0.1, weight_decay=0.1, maximize=True)),
    (Adam, dict(lr=0.1, weight_decay=0.1, amsgrad=True)),
    (AdamW, dict(lr=0.1, betas=(0.2, 0.5))),
    (AdamW, dict(lr=0.1, amsgrad=True, maximize=True)),
])
@pytest.mark.parametrize("dtype", [np.float32, np.float64])
def test_backends_agree_bit_for_bit(cls, kw, dtype):
    """The interpreter and the eager path compute the same operations in the same order as
    the native loop (numpy scalars and arrays round alike): the same bits."""
    results = {}
    for backend in ("native", "interp", "eager"):
        params, grads = make_problem(dtype, shapes=((3,), (2, 3), ()))
        opt = cls(params, backend=backend, **kw)
        for step in range(4):
            opt.step(grads(params, step))
        results[backend] = params
    for backend in ("interp", "eager"):
        for p, q in zip(results["native"], results[backend]):
            np.testing.assert_array_equal(p, q, err_msg=backend)


def test_update_is_in_place():
    params, grads = make_problem(np.float32, shapes=((4, 5), (6,)))
    ids = [id(p) for p in params]
    before = [p.copy() for p in params]
    opt = Adam(params, lr=0.1)
    opt.step(grads(params, 0))
    assert [id(p) for p in opt.param_groups[0]["params"]] == ids
    assert all(not np.array_equal(p, b) for p, b in zip(params, before))


def test_non_contiguous_and_empty_parameters():
    """A parameter that is a strided view (of a bigger array) is updated where it is; an
    empty one is left alone."""
    base = np.arange(24, dtype=np.float64).reshape(4, 6) / 10
    view = base[:, ::2].T                           # (3, 4), neither C nor F contiguous
    empty = np.zeros((0, 3))
    g = np.full(view.shape, 0.5)
    expected = view - 0.1 * 0.5
    untouched = base[:, 1::2].copy()
    opt = SGD([view, empty], lr=0.1)
    opt.step([g, np.zeros((0, 3))])
    np.testing.assert_array_equal(base[:, ::2].T, expected)
    np.testing.assert_array_equal(base[:, 1::2], untouched)
    # a Fortran-ordered gradient of a C-ordered parameter reads in the parameter's order
    p = np.zeros((3, 4))
    gf = np.asfortranarray(np.arange(12.0).reshape(3, 4))
    SGD([p], lr=1.0).step([gf])
    np.testing.assert_array_equal(p, -np.arange(12.0).reshape(3, 4))


def test_param_groups_with_different_lr():
    params, grads = make_problem(np.float64, shapes=((3, 2), (4,), (2, 2)))
    ref_fast = AdamRef(params[:2], lr=0.05, weight_decay=0.1)
    ref_slow = AdamRef(params[2:], lr=0.001, betas=(0.8, 0.99))
    opt = Adam([{"params": params[:2], "lr": 0.05, "weight_decay": 0.1},
                {"params": params[2:], "betas": (0.8, 0.99)}], lr=0.001)
    assert [g["lr"] for g in opt.param_groups] == [0.05, 0.001]
    assert opt.param_groups[1]["weight_decay"] == 0
    for step in range(30):
        opt.step(grads(params, step))
        ref_g = grads(ref_fast.params + ref_slow.params, step)
        ref_fast.step(ref_g[:2])
        ref_slow.step(ref_g[2:])
    for p, e in zip(params, ref_fast.params + ref_slow.params):
        np.testing.assert_allclose(p, e, rtol=1e-12, atol=1e-13)


def test_grads_as_dict_of_a_model():
    """A pts.nn model's parameters, and the gradients as a dict keyed like
    named_parameters (what value_and_grad returns), in order."""
    import pts.nn as nn
    pts.manual_seed(0)
    model = nn.Sequential(nn.Linear(4, 3), nn.ReLU(), nn.Linear(3, 2))
    names = [n for n, _ in model.named_parameters()]
    start = {n: p.copy() for n, p in model.named_parameters()}
    opt = SGD(model.parameters(), lr=0.5)
    grads = {n: np.ones_like(p) for n, p in model.named_parameters()}
    opt.step(grads)
    for n, p in model.named_parameters():
        np.testing.assert_allclose(p, start[n] - np.float32(0.5), rtol=1e-6)
    # with named parameters the names are checked too
    opt = SGD(model.named_parameters(), lr=0.5)
    assert opt.param_groups[0]["param_names"] == names
    opt.step(grads)
    swapped = dict(reversed(list(grads.items())))
    with pytest.raises(ValueError, match="names"):
        opt.step(swapped)


def test_none_gradient_skips_its_parameter():
    a, b = np.ones(3), np.ones(2)
    opt = Adam([a, b], lr=0.1)
    opt.step([np.ones(3), None])
    assert np.all(a < 1) and np.array_equal(b, np.ones(2))
    assert list(opt.state_dict()["state"]) == [0]


def test_pts_optim_is_reachable_from_pts():
    assert pts.optim.SGD is SGD and pts.optim.lr_scheduler.StepLR is not None


def test_zero_grad_is_a_no_op():
    p = np.ones(3)
    opt = SGD([p], lr=0.1)
    opt.zero_grad()
    opt.zero_grad(set_to_none=False)
    np.testing.assert_array_equal(p, np.ones(3))
