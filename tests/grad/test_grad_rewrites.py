"""Gradients that go through the backward sweep's rewrites (ir.tensor_derivatives' transpose
of a product, b.T @ a.T; ir.passes.differentiate starting an entry-only parameter's adjoint
with its first contribution; fold_constants' x.T.T -> x), checked against central
differences (pts.gradcheck, float64) natively and interpreted."""
import numpy as np

from grad_helpers import BACKENDS, check
from pts import Tensor

R = np.random.default_rng(2828)


def a(*shape):
    return R.uniform(-2.0, 2.0, shape)


def linear_weight(x: Tensor, weight: Tensor, w: Tensor) -> float:
    # d weight = (x.T @ g).T, computed as g.T @ x
    return float(((x @ weight.T) * w).sum())


def both_transposed(x: Tensor, y: Tensor, w: Tensor) -> float:
    # x.T @ y.T: each operand's adjoint is the transpose of a product
    return float(((x.T @ y.T) * w).sum())


def weight_used_twice(x: Tensor, y: Tensor, weight: Tensor, w: Tensor) -> float:
    # two contributions to weight.T's adjoint: a sum, then its transpose
    return float(((x @ weight.T + np.tanh(y @ weight.T)) * w).sum())


def weight_in_two_blocks(x: Tensor, weight: Tensor, w: Tensor, c: float) -> float:
    # weight is read in the entry and in a branch: its adjoint is a sum across blocks
    h = x @ weight.T
    if c > 0.0:
        h = h + np.tanh(x @ weight.T)
    return float((h * w).sum())


def entry_only_with_branch(x: Tensor, weight: Tensor, w: Tensor, c: float) -> float:
    # weight read only in the entry of a function with blocks after it
    h = np.tanh(x @ weight.T)
    s = 0.0
    if c > 0.0:
        s = float((h * w).sum())
    else:
        s = float((h * h).sum())
    return s


CASES = [
    (linear_weight, (a(4, 3), a(5, 3), a(4, 5))),
    (both_transposed, (a(4, 3), a(5, 4), a(3, 5))),
    (weight_used_twice, (a(4, 3), a(4, 3), a(5, 3), a(4, 5))),
    (weight_in_two_blocks, (a(4, 3), a(5, 3), a(4, 5), 1.0)),
    (weight_in_two_blocks, (a(4, 3), a(5, 3), a(4, 5), -1.0)),
    (entry_only_with_branch, (a(4, 3), a(5, 3), a(4, 5), 1.0)),
    (entry_only_with_branch, (a(4, 3), a(5, 3), a(4, 5), -1.0)),
]


@BACKENDS
def test_gradient(backend):
    for fn, inputs in CASES:
        check(fn, *inputs, backend=backend)


@BACKENDS
def test_float32_linear_weight(backend):
    import pts
    x, weight, w = (v.astype(np.float32) for v in (a(6, 3), a(2, 3), a(6, 2)))
    dx, dweight = pts.grad(linear_weight, argnums=(0, 1), backend=backend)(x, weight, w)
    assert dweight.dtype == np.float32 and dweight.shape == (2, 3)
    np.testing.assert_allclose(dweight, (w.T @ x), rtol=1e-5)
    np.testing.assert_allclose(dx, w @ weight, rtol=1e-5)
