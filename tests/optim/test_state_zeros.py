"""Optimizer state arrays: zeros like their parameter, made without changing numpy's own
huge-page setting for the user's arrays (pts.optim.optimizer.state_zeros)."""
import numpy as np
import pytest

import pts.nn as nn
import pts.optim
from pts.optim.optimizer import state_zeros


def test_state_is_zeros_like_the_parameter():
    p = np.arange(12, dtype=np.float32).reshape(3, 4)
    z = state_zeros(p)
    assert z.shape == p.shape and z.dtype == p.dtype and not z.any()
    assert z.flags.c_contiguous and z.flags.writeable


@pytest.mark.parametrize("setting", [True, False])
def test_numpy_huge_page_setting_is_left_as_it_was(setting):
    toggle = getattr(getattr(np, "_core", None), "multiarray", None)
    toggle = getattr(toggle, "_set_madvise_hugepage", None)
    if toggle is None:
        pytest.skip("this numpy has no huge-page switch")
    was = toggle(setting)
    try:
        model = nn.Linear(1024, 1024)          # 4 MB weight: numpy would advise huge pages
        opt = pts.optim.Adam(model.parameters(), lr=1e-3)
        grads = {name: np.ones_like(p) for name, p in model.named_parameters()}
        opt.step(grads)
        assert toggle(setting) == setting      # (returns the value it replaces)
        assert opt.state_dict()["state"][0]["exp_avg"].shape == (1024, 1024)
    finally:
        toggle(was)
