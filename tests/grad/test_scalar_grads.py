"""Gradients of float scalar code, straight-line: every scalar op with a derivative rule,
checked against central differences of the function run eagerly (pts.gradcheck, float64),
natively and interpreted."""
import math

import numpy as np
import pytest

import pts
from grad_helpers import BACKENDS, check


def add(x: float, y: float) -> float:
    return x + y


def sub(x: float, y: float) -> float:
    return x - y


def mul(x: float, y: float) -> float:
    return x * y


def div(x: float, y: float) -> float:
    return x / y


def power(x: float, y: float) -> float:
    return x ** y


def power_const(x: float) -> float:
    return x ** 3.5


def square(x: float) -> float:
    return x ** 2


def neg(x: float) -> float:
    return -x * 3.0


def absolute(x: float) -> float:
    return abs(x) * x


def used_twice(x: float) -> float:
    return x * x + x


def polynomial(x: float, y: float) -> float:
    return 3.0 * x * x * y - 2.0 * y * y + x / (1.0 + y * y)


def unused_param(x: float, y: float) -> float:
    return x * 2.0


def constant_result(x: float) -> float:
    return 4.0


def sqrt(x: float) -> float:
    return math.sqrt(x)


def exp_log(x: float) -> float:
    return math.exp(x) + math.log(x)


def log2_log10(x: float) -> float:
    return math.log2(x) * math.log10(x)


def trig(x: float) -> float:
    return math.sin(x) * math.cos(x) + math.tan(x)


def inverse_trig(x: float) -> float:
    return math.asin(x) + math.acos(x) * 2.0 + math.atan(x)


def hyperbolic(x: float) -> float:
    return math.sinh(x) + math.cosh(x) * math.tanh(x)


def atan2(y: float, x: float) -> float:
    return math.atan2(y, x)


def hypot(x: float, y: float) -> float:
    return math.hypot(x, y)


def math_pow(x: float, y: float) -> float:
    return math.pow(x, y)


def fabs(x: float) -> float:
    return math.fabs(x) * 2.0


def floor_ceil(x: float) -> float:
    return math.floor(x) * x + math.ceil(x)


def floordiv_mod(x: float, y: float) -> float:
    return (x // y) * 2.0 + x % y


def minimum(x: float, y: float) -> float:
    return min(x, y) * 3.0


def maximum(x: float, y: float) -> float:
    return max(x, y, 0.5)


def conditional_expr(x: float) -> float:
    return x * x if x > 0.0 else -x


def int_mixed(x: float, n: int) -> float:
    return x * n + float(n)


def to_f32_and_back(x: float) -> float:
    y = np.float32(x) * np.float32(2.0)
    return float(y)


def f32_math(x: float) -> float:
    a = np.float32(x)
    b = a * a - a * np.float32(3.0)
    return float(b)


def chain(x: float) -> float:
    y = math.exp(math.sin(x) * 2.0)
    return math.log(1.0 + y * y)


CASES = [
    (add, (1.5, -2.0)), (sub, (1.5, -2.0)), (mul, (1.5, -2.0)), (div, (1.5, -2.5)),
    (power, (1.7, 2.3)), (power_const, (1.3,)), (square, (-1.3,)), (neg, (0.7,)),
    (absolute, (-1.2,)), (absolute, (0.8,)), (used_twice, (0.3,)), (polynomial, (0.4, 1.3)),
    (unused_param, (0.4, 1.3)), (constant_result, (2.0,)), (sqrt, (2.5,)),
    (exp_log, (1.3,)), (log2_log10, (3.1,)), (trig, (0.6,)), (inverse_trig, (0.3,)),
    (hyperbolic, (0.45,)), (atan2, (0.5, -1.5)), (hypot, (3.0, -4.0)),
    (math_pow, (2.2, 0.7)), (fabs, (-0.6,)), (floor_ceil, (1.4,)),
    (floordiv_mod, (5.3, 1.7)), (minimum, (0.3, 0.9)), (minimum, (1.3, 0.9)),
    (maximum, (0.2, 0.1)), (maximum, (0.2, 0.9)), (conditional_expr, (1.5,)),
    (conditional_expr, (-1.5,)), (chain, (0.9,)),
]


@BACKENDS
@pytest.mark.parametrize("fn,inputs", CASES, ids=[f"{f.__name__}{i}" for i, (f, _) in enumerate(CASES)])
def test_scalar_gradient(fn, inputs, backend):
    check(fn, *inputs, backend=backend)


@BACKENDS
def test_int_argument_gets_no_gradient_but_the_float_does(backend):
    # d(x*n + n)/dx = n
    assert pts.grad(int_mixed, backend=backend)(1.5, 3) == 3.0


@BACKENDS
def test_float32_code(backend):
    # float32 arithmetic inside: the gradient of the float64 argument is 2*x - 3
    g = pts.grad(f32_math, backend=backend)(0.75)
    assert abs(g - (2 * 0.75 - 3)) < 1e-6
    assert pts.grad(to_f32_and_back, backend=backend)(0.3) == 2.0


@BACKENDS
def test_kinks_follow_pytorch(backend):
    # |x| at 0: 0; x ** 0 at 0: 0 (PyTorch masks both)
    assert pts.grad(absolute, backend=backend)(0.0) == 0.0
    assert pts.grad(power, argnums=(0, 1), backend=backend)(0.0, 0.0) == (0.0, 0.0)


def float32_result(x: float):
    return np.float32(x) * np.float32(x)


@BACKENDS
def test_float32_result(backend):
    value, g = pts.value_and_grad(float32_result, backend=backend)(1.5)
    assert value == np.float32(2.25) and type(value) is np.float32
    assert g == 3.0
