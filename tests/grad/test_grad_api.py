"""pts.grad, pts.value_and_grad, pts.gradcheck and pts.autodiff.custom_vjp as a user sees
them: result shapes and dtypes, argnums, scripted functions, caching, IR dumps, errors."""
import math
import subprocess
import sys

import numpy as np
import pytest

import pts
from pts.autodiff import custom_vjp
from grad_helpers import BACKENDS


def f(x: np.ndarray, w: np.ndarray) -> float:
    return float(np.tanh(x @ w).sum())


def scalar_f(x: float, y: float) -> float:
    return x * x * y + math.sin(y)


def npf64_result(x: np.ndarray):
    return (x * x).sum()


def float32_arrays(x: np.ndarray) -> float:
    return float((x * x).sum())


@BACKENDS
def test_grad_of_arrays_has_their_shape_and_dtype(backend):
    rng = np.random.default_rng(0)
    x, w = rng.standard_normal((2, 3)), rng.standard_normal((3, 4))
    dx = pts.grad(f, backend=backend)(x, w)
    assert isinstance(dx, np.ndarray) and dx.shape == x.shape and dx.dtype == np.float64
    y = 1 - np.tanh(x @ w) ** 2
    np.testing.assert_allclose(dx, y @ w.T, rtol=1e-12)
    val, (dx2, dw) = pts.value_and_grad(f, argnums=(0, 1), backend=backend)(x, w)
    assert val == pytest.approx(f(x, w), rel=1e-12)
    np.testing.assert_allclose(dx2, dx, rtol=1e-12)
    np.testing.assert_allclose(dw, x.T @ y, rtol=1e-12)


@BACKENDS
def test_grad_of_floats_is_a_float(backend):
    g = pts.grad(scalar_f, backend=backend)(1.5, 0.5)
    assert type(g) is float and g == 2 * 1.5 * 0.5
    assert pts.grad(scalar_f, argnums=1, backend=backend)(1.5, 0.5) == \
        pytest.approx(1.5 ** 2 + math.cos(0.5))
    assert pts.grad(scalar_f, argnums=(1, 0), backend=backend)(1.5, 0.5) == \
        pytest.approx((1.5 ** 2 + math.cos(0.5), 1.5))
    assert pts.grad(scalar_f, argnums=-1, backend=backend)(1.5, 0.5) == \
        pytest.approx(1.5 ** 2 + math.cos(0.5))


@BACKENDS
def test_numpy_scalar_result(backend):
    x = np.arange(4.0)
    val, dx = pts.value_and_grad(npf64_result, backend=backend)(x)
    assert val == 14.0
    np.testing.assert_array_equal(dx, 2 * x)


@BACKENDS
def test_float32_arrays_get_float32_gradients(backend):
    x = np.arange(3, dtype=np.float32)
    dx = pts.grad(float32_arrays, backend=backend)(x)
    assert dx.dtype == np.float32
    np.testing.assert_array_equal(dx, 2 * x)


def test_scripted_function_and_keywords():
    s = pts.script(scalar_f, backend="interp")
    g = pts.grad(s)                 # takes the scripted function's backend
    assert g.backend == "interp"
    assert g(1.5, y=0.5) == 1.5


def test_compiled_once_per_signature():
    g = pts.grad(f, backend="interp")
    g(np.ones((2, 3)), np.ones((3, 4)))
    g(np.ones((5, 3)), np.ones((3, 2)))        # other sizes: the same signature
    assert len(g._cache) == 1
    g(np.ones((2, 3), np.float32), np.ones((3, 4), np.float32))
    assert len(g._cache) == 2


def test_ir_shows_the_backward_sweep():
    g = pts.grad(scalar_f, argnums=(0, 1))
    text = g.ir(1.0, 2.0, after="differentiate")
    assert "func @scalar_f.grad(%x: f64, %y: f64) -> tuple<f64, f64, f64>" in text
    assert "math.cos %y" in text            # d sin(y) = g * cos(y)
    assert "^entry.rev" in text and "^done" in text


def test_cli_ir_after_differentiate(tmp_path):
    prog = tmp_path / "prog.py"
    prog.write_text("import math\n\ndef h(x: float, n: int) -> float:\n"
                    "    s = x\n    for i in range(n):\n        s = s * math.sin(s)\n"
                    "    return s\n")
    r = subprocess.run([sys.executable, "-m", "pts", "ir", f"{prog}:h", "0.5", "3", "--after",
                        "differentiate"], capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    assert "func @h.grad(%x: f64, %n: i64) -> tuple<f64, f64>" in r.stdout
    assert "list.pop %block.tape" in r.stdout       # the backward sweep replays the loop


def wrong(x: float) -> float:
    return x * x


def wrong_vjp(x: float, g: float):
    return (g * 3.0 * x,)


def calls_wrong(x: float) -> float:
    return wrong(x) + x


def test_gradcheck_reports_a_wrong_gradient():
    custom_vjp(wrong, wrong_vjp)
    try:
        with pytest.raises(pts.GradcheckError, match=r"'x': numerical 2\.0\d*, analytical 2\.5"):
            pts.gradcheck(calls_wrong, (0.5,))
    finally:
        from pts import compiler
        compiler.CUSTOM_VJPS.clear()
    assert issubclass(pts.GradcheckError, AssertionError)


def square_sum(x: np.ndarray, scale: float) -> float:
    return float((x * x).sum()) * scale


def square_sum_vjp(x: np.ndarray, scale: float, g: float):
    # d (sum(x*x) * scale) = 2*x*scale*g, sum(x*x)*g
    return (x * (2.0 * scale * g), float((x * x).sum()) * g)


def uses_square_sum(x: np.ndarray, s: float) -> float:
    return square_sum(x, s) + square_sum(x * 2.0, s * s)


@BACKENDS
def test_custom_vjp_is_used(backend):
    from pts import compiler
    custom_vjp(square_sum, square_sum_vjp)
    try:
        x = np.array([0.5, -1.0, 2.0])
        assert pts.gradcheck(uses_square_sum, (x, 0.7), backend=backend)
        text = pts.grad(uses_square_sum).ir(x, 0.7, after="differentiate")
        assert "call @square_sum_vjp(" in text
    finally:
        compiler.CUSTOM_VJPS.clear()


def bad(x: np.ndarray) -> float:
    return float(np.tanh(x).sum())


def bad_outer(x: np.ndarray) -> float:
    return bad(x) * 2.0


def bad_vjp(x: np.ndarray, g: float):
    return (x * 0.0,)


def test_gradcheck_array_index_in_message():
    from pts import compiler
    custom_vjp(bad, bad_vjp)
    try:
        with pytest.raises(pts.GradcheckError, match=r"'x' at index \(0, 0\)"):
            pts.gradcheck(bad_outer, (np.ones((2, 2)),))
    finally:
        compiler.CUSTOM_VJPS.clear()


# ---------------------------------------------------------------- models

import pts.nn as nn  # noqa: E402


class Layer(nn.Module):
    def __init__(self, n: int, m: int):
        super().__init__()
        self.w = np.random.default_rng(n * 10 + m).standard_normal((n, m))
        self.scale = 0.5

    def forward(self, x):
        return np.tanh(x @ self.w) * self.scale


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.a = Layer(3, 4)
        self.b = Layer(4, 2)
        self.unused = Layer(2, 2)

    def forward(self, x):
        return self.b(self.a(x))


def model_loss(model: Net, x: np.ndarray) -> float:
    y = model(x)
    return float((y * y).sum())


@BACKENDS
def test_model_gradients_by_parameter_name(backend):
    m = Net()
    x = np.random.default_rng(0).standard_normal((5, 3))
    loss, grads = pts.value_and_grad(model_loss, backend=backend)(m, x)
    assert loss == pytest.approx(model_loss(m, x), rel=1e-12)
    assert list(grads) == [n for n, _ in m.named_parameters()] == ["a.w", "b.w", "unused.w"]
    np.testing.assert_array_equal(grads["unused.w"], np.zeros((2, 2)))   # not read
    eps = 1e-6
    for name, p in m.named_parameters():
        for idx in np.ndindex(p.shape):
            old = p[idx]
            p[idx] = old + eps
            up = model_loss(m, x)
            p[idx] = old - eps
            down = model_loss(m, x)
            p[idx] = old
            assert grads[name][idx] == pytest.approx((up - down) / (2 * eps), rel=1e-4,
                                                     abs=1e-7), (name, idx)
    # the model's gradients and the input's, together
    gm, gx = pts.grad(model_loss, argnums=(0, 1), backend=backend)(m, x)
    np.testing.assert_allclose(gm["b.w"], grads["b.w"], rtol=1e-12)
    assert gx.shape == x.shape
    # a parameter changed in place: the same code, new values
    m.b.w *= 2.0
    loss2, grads2 = pts.value_and_grad(model_loss, backend=backend)(m, x)
    assert loss2 == pytest.approx(model_loss(m, x), rel=1e-12)
