"""Gradients through in-place writes into fresh local arrays, which differentiation
reverses (the adjoint of the value written is the matching read of the array's adjoint,
and the overwritten part of that adjoint goes back to zero): pad-style slices, rows
filled in a loop, the same element written twice, writes of broadcast values and of
scalars, and `acc += y` / `acc -= y` accumulators (as `acc = acc + y`).  Checked against
central differences (pts.gradcheck, float64) natively and interpreted.  The forms still
refused are in test_grad_errors.py."""
import numpy as np
import pytest

import pts

from grad_helpers import BACKENDS, check
from pts import Tensor

R = np.random.default_rng(282)


def a(*shape):
    return R.uniform(-1.5, 1.5, shape)


def pad_columns(x: Tensor, w: Tensor) -> float:
    out = np.zeros((x.shape[0], x.shape[1] + 2))
    out[:, 1:-1] = x
    return float((out * w).sum())


def pad_2d(x: Tensor, w: Tensor) -> float:
    n, m = x.shape
    out = np.ones((n + 2, m + 2))
    out[1:-1, 1:-1] = np.tanh(x)
    return float((np.exp(out) * w).sum())


def rows_in_a_loop(x: Tensor, w: Tensor) -> float:
    out = np.zeros((x.shape[0], x.shape[1]))
    for i in range(x.shape[0]):
        out[i] = x[i] * float(i + 1)
    return float((out * w).sum())


def rows_until(x: Tensor, w: Tensor) -> float:
    # a data-dependent trip count
    out = np.zeros((x.shape[0], x.shape[1]))
    i = 0
    while i < x.shape[0] and float(x[i].sum()) < 100.0:
        out[i] = np.sin(x[i])
        i += 1
    return float((out * w).sum())


def same_element_twice(x: Tensor, w: Tensor) -> float:
    # later writes overwrite earlier ones: only the last value of each element counts
    out = np.zeros(2)
    for i in range(x.shape[0]):
        out[i % 2] = x[i] * x[i]
    return float((out * w).sum())


def overwrite_computed(x: Tensor, w: Tensor) -> float:
    y = x * 2.0
    y[0] = 1.0
    y[1:] = x[:-1] * x[0]
    return float((y * w).sum())


def write_into_copy(x: Tensor, w: Tensor) -> float:
    y = np.copy(x)
    y[1] = 0.5
    return float((y * y * w).sum())


def broadcast_row(x: Tensor, v: Tensor, w: Tensor) -> float:
    out = x * 1.0
    out[1:3] = v            # v (m,) into two rows
    return float((out * w).sum())


def scalars_into(x: Tensor, s: float) -> float:
    z = np.zeros(3)
    z[0] = s
    z[2] = s * s
    return float((z * x).sum())


def write_in_a_branch(x: Tensor, w: Tensor, flag: bool) -> float:
    out = np.zeros(x.shape[0])
    if flag:
        out[0] = float(x.sum())
    else:
        out[1:] = x[1:] * 3.0
    return float((out * w).sum())


def accumulate(x: Tensor, w: Tensor) -> float:
    acc = np.zeros(x.shape[0])
    for i in range(3):
        acc += x * w * float(i)
    return float((acc * w).sum())


def accumulate_twice_per_step(x: Tensor, w: Tensor) -> float:
    acc = np.zeros(x.shape[0])
    for i in range(3):
        acc += np.tanh(x + float(i)) * w
        acc -= x * 0.25
    return float((acc * acc).sum())


def write_seen_through_a_tuple(x: Tensor) -> float:
    out = np.zeros(3)
    t = (out, x)
    out[1] = x[1] * 2.0
    return float((t[0] * t[1]).sum())


def subtract_in_place(x: Tensor, w: Tensor) -> float:
    acc = x * 1.0
    acc -= w * x
    return float((acc * acc).sum())


def running_rows(x: Tensor, w: Tensor) -> float:
    # rows of a fresh array from an accumulator (a cumulative sum, scaled)
    acc = np.zeros(x.shape[1])
    out = np.zeros((x.shape[0], x.shape[1]))
    for i in range(x.shape[0]):
        acc += np.sin(x[i])
        out[i] = acc * float(i + 1)
    return float((out * w).sum())


def pad_then_concatenate(x: Tensor, w: Tensor) -> float:
    # (a tuple holding the written array next to an argument makes them no one array)
    out = np.zeros((x.shape[0], x.shape[1] + 2))
    out[:, 1:-1] = x * 2.0
    return float((np.concatenate((out, x), axis=1) * w).sum())


def accumulate_broadcast(x: Tensor, b: Tensor) -> float:
    acc = x * x
    acc += b                # b (m,) into (n, m)
    return float(np.tanh(acc).sum())


def grid_in_two_loops(x: Tensor, w: Tensor) -> float:
    # each element of a fresh array written once, by the induction variables of two loops
    out = np.zeros((x.shape[0], x.shape[1]))
    for i in range(x.shape[0]):
        for j in range(x.shape[1]):
            out[i, j] = x[i, j] * x[i, j] + float(j)
    return float((out * w).sum())


def rows_shifted(x: Tensor, w: Tensor) -> float:
    # out[i + 1] for i from 0: each row once; row 0 keeps its zeros
    out = np.zeros((x.shape[0] + 1, x.shape[1]))
    for i in range(x.shape[0]):
        out[i + 1] = np.tanh(x[i])
    return float((out * w).sum())


def recurrence_rows(x: Tensor, w: Tensor) -> float:
    # out[i] reads out[i - 1]: a read of the array before the write (the overwritten part
    # of the adjoint is zeroed)
    out = np.zeros((x.shape[0], x.shape[1]))
    out[0] = x[0]
    for i in range(1, x.shape[0]):
        out[i] = out[i - 1] * 0.5 + x[i]
    return float((out * w).sum())


def rows_twice(x: Tensor, w: Tensor) -> float:
    # two writes per row: the second overwrites the first
    out = np.zeros((x.shape[0], x.shape[1]))
    for i in range(x.shape[0]):
        out[i] = x[i] * 3.0
        out[i] = np.sin(x[i])
    return float((out * w).sum())


def rows_from_the_end(x: Tensor, w: Tensor) -> float:
    # negative indices: -1, -2, ... reach the rows n-1, n-2, ... once each
    out = np.zeros((x.shape[0], x.shape[1]))
    for i in range(x.shape[0]):
        out[-1 - i] = x[i] * float(i)
    return float((out * w).sum())


PROGRAMS = [
    (pad_columns, (a(3, 2), a(3, 4))),
    (pad_2d, (a(2, 3), a(4, 5))),
    (rows_in_a_loop, (a(4, 3), a(4, 3))),
    (rows_until, (a(4, 3), a(4, 3))),
    (grid_in_two_loops, (a(3, 4), a(3, 4))),
    (rows_shifted, (a(4, 3), a(5, 3))),
    (recurrence_rows, (a(4, 3), a(4, 3))),
    (rows_twice, (a(4, 3), a(4, 3))),
    (rows_from_the_end, (a(4, 3), a(4, 3))),
    (same_element_twice, (a(5), a(2))),
    (overwrite_computed, (a(4), a(4))),
    (write_into_copy, (a(3), a(3))),
    (broadcast_row, (a(4, 3), a(3), a(4, 3))),
    (scalars_into, (a(3), 0.7)),
    (write_in_a_branch, (a(3), a(3), True)),
    (write_in_a_branch, (a(3), a(3), False)),
    (accumulate, (a(3), a(3))),
    (accumulate_twice_per_step, (a(3), a(3))),
    (write_seen_through_a_tuple, (a(3),)),
    (subtract_in_place, (a(3), a(3))),
    (accumulate_broadcast, (a(2, 3), a(3))),
    (running_rows, (a(4, 3), a(4, 3))),
    (pad_then_concatenate, (a(3, 2), a(3, 6))),
]


@BACKENDS
@pytest.mark.parametrize("fn,inputs", PROGRAMS,
                         ids=[f"{p[0].__name__}{k}" for k, p in enumerate(PROGRAMS)])
def test_gradient(fn, inputs, backend):
    check(fn, *inputs, backend=backend)


@pytest.mark.parametrize("fn,inputs,copies", [
    (rows_in_a_loop, (a(4, 3), a(4, 3)), 0),
    (grid_in_two_loops, (a(3, 4), a(3, 4)), 0),
    (rows_shifted, (a(4, 3), a(5, 3)), 0),
    (recurrence_rows, (a(4, 3), a(4, 3)), 2),
    (same_element_twice, (a(5), a(2)), 1),
])
def test_rows_written_once_need_no_copy_of_the_adjoint(fn, inputs, copies):
    # a loop that writes each row once does not copy the whole adjoint in each iteration
    # of the backward sweep (quadratic in the trip count); one that may overwrite does
    text = pts.grad(fn).ir(*inputs, after="differentiate")
    assert text.count("np.copy") == copies


def rnn(x: Tensor, h0: Tensor, u: Tensor) -> float:
    # x[t] read in a loop over time steps: each read's adjoint is added into x's rows
    h = h0
    out = np.zeros((x.shape[0], h0.shape[0]))
    for t in range(x.shape[0]):
        h = np.tanh(x[t] + h @ u)
        out[t] = h
    return float((out * out).sum())


@BACKENDS
def test_rnn_over_time_steps(backend):
    check(rnn, a(6, 3), a(3), a(3, 3), backend=backend)


@pytest.mark.parametrize("fn,inputs", [
    (rows_in_a_loop, (a(4, 3), a(4, 3))),
    (rnn, (a(6, 3), a(3), a(3, 3))),
])
def test_reads_in_a_loop_add_into_rows_of_the_adjoint(fn, inputs):
    # the adjoint of x[i] read in a loop is added into row i of x's adjoint, not as an
    # array of x's shape made and added in each iteration (quadratic in the trip count):
    # the final IR makes one array of x's shape, the adjoint's start
    text = pts.grad(fn).ir(*inputs)
    assert text.count("np.zeros_like %x ") == 1, text
