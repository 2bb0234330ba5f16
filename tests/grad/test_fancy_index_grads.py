"""Gradients of numpy's advanced indexing reads (issue 31 item 2): a boolean mask's read
passes g back to the selected elements; an integer-array gather scatter-adds g back, so a
repeated index sums its parts (np.add.at); `logits[np.arange(n), y]` (the cross-entropy
pick) trains.  Checked against central differences (pts.gradcheck, float64), natively and
interpreted; the mask and index arrays are int/bool arguments, which carry no gradient."""
import numpy as np
import pytest

import pts

from grad_helpers import BACKENDS, check
from pts import Tensor

R = np.random.default_rng(3131)


def a(*shape):
    return R.uniform(-1.5, 1.5, shape)


def masked_sum(x: Tensor) -> float:
    return float((np.tanh(x[x > 0]) * 2.0).sum())


def masked_rows(x: Tensor, m: Tensor, w: Tensor) -> float:
    return float((x[m] * w).sum())


def mask_and_column(x: Tensor, labels: Tensor) -> float:
    return float((x[labels == 1, 2] ** 2).sum())


def gather_repeated(x: Tensor, idx: Tensor) -> float:
    # idx repeats entries: each copy's part adds into the same element of x's gradient
    return float((np.sin(x[idx]) * np.arange(idx.shape[0])).sum())


def gather_rows_2d(x: Tensor, idx: Tensor, w: Tensor) -> float:
    return float((x[idx] * w).sum())


def gather_columns(x: Tensor, idx: Tensor) -> float:
    return float(np.exp(x[:, idx]).sum())


def cross_entropy(logits: Tensor, y: Tensor) -> float:
    z = logits - logits.max(axis=1, keepdims=True)
    logp = z - np.log(np.exp(z).sum(axis=1, keepdims=True))
    return float(-logp[np.arange(logits.shape[0]), y].mean())


def list_index(x: Tensor) -> float:
    return float((x[:, [-1], :] * x[:, [0], :]).sum())


CASES = [
    (masked_sum, (a(4, 3),)),
    (masked_rows, (a(4, 3), np.array([True, False, True, True]), a(3, 3))),
    (mask_and_column, (a(5, 3), np.array([1, 0, 1, 1, 0]))),
    (gather_repeated, (a(5), np.array([0, 3, 3, -1, 0, 3]))),
    (gather_rows_2d, (a(4, 2), np.array([[1, 1], [3, 0]]), a(2, 2, 2))),
    (gather_columns, (a(3, 4), np.array([2, 2, 0]))),
    (cross_entropy, (a(6, 4), np.array([0, 3, 1, 1, 2, 3]))),
    (list_index, (a(2, 3, 4),)),
]


@BACKENDS
@pytest.mark.parametrize("fn, inputs", CASES, ids=[c[0].__name__ for c in CASES])
def test_gradient(fn, inputs, backend):
    check(fn, *inputs, backend=backend)


@BACKENDS
def test_repeated_index_sums_its_parts(backend):
    # d/dx sum(x[[0, 0, 0, 2]]) = [3, 0, 1]: not 1 at index 0 (a setitem would give that)
    def f(x: Tensor) -> float:
        return float(x[np.array([0, 0, 0, 2])].sum())
    g = pts.grad(f, backend=backend)(np.array([1.0, 2.0, 3.0]))
    assert np.array_equal(g, [3.0, 0.0, 1.0])


@BACKENDS
def test_cross_entropy_pick_trains(backend):
    # plain gradient descent on logits[np.arange(n), y] lowers the loss to near zero
    logits = a(5, 3)
    y = np.array([2, 0, 1, 1, 0])
    step = pts.grad(cross_entropy, backend=backend)
    first = cross_entropy(logits, y)
    for _ in range(200):
        logits = logits - 2.0 * step(logits, y)
    assert cross_entropy(logits, y) < 0.05 < first
