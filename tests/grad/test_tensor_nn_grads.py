"""Gradients of the pts.nn.functional functions differentiated through their bodies
(stdlib/nn.py: no hand-written rules), checked with pts.gradcheck natively and interpreted.
The losses that loop over the batch in scalar code (nll_loss, cross_entropy) are correct
but their backward sweep is a loop too (a tape per iteration)."""
import numpy as np
import pytest

import pts.nn.functional as F
from grad_helpers import BACKENDS, check
from pts import Tensor

R = np.random.default_rng(2028)


def a(*shape):
    return R.uniform(-2.0, 2.0, shape)


def relu(x: Tensor, w: Tensor) -> float:
    return float((F.relu(x) * w).sum())


def leaky_relu(x: Tensor, w: Tensor) -> float:
    return float((F.leaky_relu(x, 0.1) * w).sum())


def sigmoid(x: Tensor, w: Tensor) -> float:
    return float((F.sigmoid(x) * w).sum())


def tanh(x: Tensor, w: Tensor) -> float:
    return float((F.tanh(x) * w).sum())


def gelu(x: Tensor, w: Tensor) -> float:
    return float((F.gelu(x) * w).sum())


def gelu_tanh(x: Tensor, w: Tensor) -> float:
    return float((F.gelu(x, approximate="tanh") * w).sum())


def softmax(x: Tensor, w: Tensor) -> float:
    return float((F.softmax(x) * w).sum())


def softmax_dim0(x: Tensor, w: Tensor) -> float:
    return float((F.softmax(x, 0) * w).sum())


def log_softmax(x: Tensor, w: Tensor) -> float:
    return float((F.log_softmax(x, 1) * w).sum())


def layer_norm(x: Tensor, weight: Tensor, bias: Tensor, w: Tensor) -> float:
    return float((F.layer_norm(x, weight, bias) * w).sum())


def linear(x: Tensor, weight: Tensor, bias: Tensor, w: Tensor) -> float:
    return float((F.linear(x, weight, bias) * w).sum())


def mse_loss(x: Tensor, y: Tensor) -> float:
    return F.mse_loss(x, y)


def nll_loss(x: Tensor, target: Tensor) -> float:
    return F.nll_loss(x, target)


def cross_entropy(x: Tensor, target: Tensor) -> float:
    return F.cross_entropy(x, target)


def mlp(x: Tensor, w1: Tensor, b1: Tensor, w2: Tensor, b2: Tensor, target: Tensor) -> float:
    h = F.relu(F.linear(x, w1, b1))
    return F.cross_entropy(F.linear(h, w2, b2), target)


PROGRAMS = [
    (relu, (a(3, 4), a(3, 4))),
    (leaky_relu, (a(3, 4), a(3, 4))),
    (sigmoid, (a(3, 4), a(3, 4))),
    (tanh, (a(3, 4), a(3, 4))),
    (gelu, (a(3, 4), a(3, 4))),
    (gelu_tanh, (a(3, 4), a(3, 4))),
    (softmax, (a(3, 4), a(3, 4))),
    (softmax_dim0, (a(3, 4), a(3, 4))),
    (log_softmax, (a(3, 4), a(3, 4))),
    (layer_norm, (a(3, 5), a(5), a(5), a(3, 5))),
    (linear, (a(4, 3), a(2, 3), a(2), a(4, 2))),
    (mse_loss, (a(3, 4), a(3, 4))),
    (nll_loss, (a(4, 3), np.array([0, 2, 1, 2]))),
    (cross_entropy, (a(4, 3), np.array([1, 0, 2, 2]))),
    (mlp, (a(4, 5), a(6, 5), a(6), a(3, 6), a(3), np.array([2, 0, 1, 1]))),
]


@BACKENDS
@pytest.mark.parametrize("fn,inputs", PROGRAMS, ids=[p[0].__name__ for p in PROGRAMS])
def test_functional_gradient(fn, inputs, backend):
    check(fn, *inputs, backend=backend)
