"""stdlib/optim.py's update functions as compiled code: one loop over the flat index that
writes the parameter and its state in place, allocating nothing (DESIGN.md §9: one fused
in-place pass per parameter), with the hyperparameters as parameters of the code."""
import math
import re

import numpy as np
import pytest

import pts
from pts.stdlib import optim as so

F32 = np.zeros(3, np.float32)
SIGNATURES = {
    "sgd_update": (F32, F32, 0.1, 0.0, False),
    "sgd_momentum_update": (F32, F32, F32, 0.1, 0.9, 0.0, 0.0, False, False, True),
    "adam_update": (F32, F32, F32, F32, 0.9, 0.999, 1e-8, 0.0, 1.0, 0.1, 0.5, False),
    "adam_amsgrad_update": (F32, F32, F32, F32, F32, 0.9, 0.999, 1e-8, 0.0, 1.0, 0.1, 0.5,
                            False),
    "adamw_update": (F32, F32, F32, F32, 1e-3, 0.9, 0.999, 1e-8, 0.01, 0.1, 0.5, False),
}


@pytest.mark.parametrize("name", list(SIGNATURES))
def test_update_is_one_in_place_loop(name):
    text = pts.script(getattr(so, name)).ir(*SIGNATURES[name])
    body = text.split("\nfunc ", 1)[1]
    assert "\nfunc " not in body                       # everything inlined into one function
    tensor_results = re.findall(r"= (np\.\w+|tensor\.\w+|kernel)[^\n]*", body)
    # the only tensor-valued results are the 1-D views of the arguments: no temporaries
    produced = set(re.findall(r"%\w+: tensor<[^>]*> = ([\w.]+)", body))
    assert produced == {"np.reshape"}, produced
    assert "kernel" not in tensor_results
    loops = re.findall(r"\n\^[\w.]*for\(", body)       # loop headers (block definitions)
    assert len(loops) == 1
    # (ir.passes.version_loops may add one unchecked copy of the loop, `^for.fast`)
    copies = 2 if re.search(r"\n\^[\w.]*\.fast\(", body) else 1
    assert body.count("np.setitem") == copies * {"sgd_update": 1, "sgd_momentum_update": 2,
                                                 "adam_amsgrad_update": 4}.get(name, 3)
    # hyperparameters stay run-time values: every float parameter of the function is used
    header = text.split("\nfunc ", 1)[1].split("\n", 1)[0]
    for param in re.findall(r"%(\w+): f64", header):
        assert re.search(rf"%{param}\b", body.split("\n", 1)[1]), param


@pytest.mark.parametrize("step", [1.0, 2.0, 7.0, 1000.0])
def test_bias_corrections_compiled_equal_python(step):
    """A compiled training step gets the same step size and bias correction as pts.optim
    (which runs the function as Python)."""
    args = (0.9, 0.999, step, 1e-3)
    assert pts.script(so.adam_bias_corrections)(*args) == so.adam_bias_corrections(*args)
    assert so.adam_bias_corrections(*args) == (1e-3 / (1 - 0.9 ** step),
                                               math.sqrt(1 - 0.999 ** step))


def scripted_adam_step(p: np.ndarray, g: np.ndarray, m: np.ndarray, v: np.ndarray, lr: float,
                       step: float) -> None:
    step_size, bc2_sqrt = so.adam_bias_corrections(0.9, 0.999, step, lr)
    so.adam_update(p, g, m, v, 0.9, 0.999, 1e-8, 0.0, 1.0, step_size, bc2_sqrt, False)


@pytest.mark.parametrize("dtype", [np.float32, np.float64])
def test_update_called_from_scripted_code(dtype):
    """How a compiled training step uses the library: the update called from scripted code
    on a parameter of any rank (inlined, writing through its flat view) gives pts.optim's
    bits."""
    from pts.optim import Adam
    rng = np.random.default_rng(0)
    p = rng.standard_normal((3, 4, 5)).astype(dtype)
    q = p.copy()
    m, v = np.zeros_like(p), np.zeros_like(p)
    f = pts.script(scripted_adam_step)
    opt = Adam([q], lr=0.01)
    for step in range(1, 4):
        g = rng.standard_normal(p.shape).astype(dtype)
        f(p, g, m, v, 0.01, float(step))
        opt.step([g])
    np.testing.assert_array_equal(p, q)
    np.testing.assert_array_equal(m, opt.state[0]["exp_avg"])
    assert f.ir(p, g, m, v, 0.01, 1.0).count("\nfunc ") == 1
