"""Gradients of tensor code: one small program per float tensor op and option (broadcast
shapes with size-1 axes and scalars, axis / keepdims / ddof, 1-d / 2-d / batched products,
views and copies, indexing), checked with pts.gradcheck (central differences of the
function run eagerly, float64) natively and interpreted; float32 programs against central
differences with a float32 tolerance.  Each program weighs its result with an argument
(`w`) so that the adjoint reaching the op is not all ones."""
import math

import numpy as np
import pytest

import pts
from grad_helpers import BACKENDS, check
from pts import Tensor

R = np.random.default_rng(28)


def a(*shape, lo=-2.0, hi=2.0):
    return R.uniform(lo, hi, shape)


def pos(*shape):
    return a(*shape, lo=0.5, hi=2.0)


# ---------------------------------------------------------------- elementwise

def add_row(x: Tensor, b: Tensor, w: Tensor) -> float:
    return float(((x + b) * w).sum())


def add_column(x: Tensor, b: Tensor, w: Tensor) -> float:
    return float(((x + b) * w).sum())


def add_outer(x: Tensor, y: Tensor, w: Tensor) -> float:
    return float(((x + y) * w).sum())


def add_float(x: Tensor, s: float, w: Tensor) -> float:
    return float(((x + s) * w).sum())


def add_npscalar(x: Tensor, w: Tensor) -> float:
    return float(((x + x.sum()) * w).sum())


def subtract_batch(x: Tensor, y: Tensor, w: Tensor) -> float:
    return float(((x - y) * w).sum())


def subtract_from_float(x: Tensor, s: float, w: Tensor) -> float:
    return float(((s - x) * w).sum())


def multiply_row(x: Tensor, y: Tensor) -> float:
    return float((x * y).sum())


def multiply_self(x: Tensor, w: Tensor) -> float:
    return float((x * x * w).sum())


def multiply_float(x: Tensor, s: float) -> float:
    return float((s * x * x).sum())


def divide_column(x: Tensor, y: Tensor, w: Tensor) -> float:
    return float((x / y * w).sum())


def divide_float_by(s: float, y: Tensor, w: Tensor) -> float:
    return float((s / y * w).sum())


def power_tensors(x: Tensor, y: Tensor) -> float:
    return float((x ** y).sum())


def power_int(x: Tensor, w: Tensor) -> float:
    return float((x ** 3 * w).sum())


def power_float_exponent(x: Tensor, p: float, w: Tensor) -> float:
    return float((np.power(x, p) * w).sum())


def power_of_float(s: float, y: Tensor) -> float:
    return float((s ** y).sum())


def negative(x: Tensor, w: Tensor) -> float:
    return float((-x * w).sum())


def positive(x: Tensor, w: Tensor) -> float:
    return float((np.positive(x) * w).sum())


def absolute(x: Tensor, w: Tensor) -> float:
    return float((np.abs(x) * w).sum())


def square(x: Tensor, w: Tensor) -> float:
    return float((np.square(x) * w).sum())


def sqrt(x: Tensor, w: Tensor) -> float:
    return float((np.sqrt(x) * w).sum())


def exp(x: Tensor, w: Tensor) -> float:
    return float((np.exp(x) * w).sum())


def expm1(x: Tensor, w: Tensor) -> float:
    return float((np.expm1(x) * w).sum())


def log(x: Tensor, w: Tensor) -> float:
    return float((np.log(x) * w).sum())


def log1p(x: Tensor, w: Tensor) -> float:
    return float((np.log1p(x) * w).sum())


def sin(x: Tensor, w: Tensor) -> float:
    return float((np.sin(x) * w).sum())


def cos(x: Tensor, w: Tensor) -> float:
    return float((np.cos(x) * w).sum())


def tan(x: Tensor, w: Tensor) -> float:
    return float((np.tan(x) * w).sum())


def tanh(x: Tensor, w: Tensor) -> float:
    return float((np.tanh(x) * w).sum())


def maximum_row(x: Tensor, y: Tensor, w: Tensor) -> float:
    return float((np.maximum(x, y) * w).sum())


def maximum_zero(x: Tensor, w: Tensor) -> float:
    return float((np.maximum(x, 0.0) * w).sum())


def minimum_column(x: Tensor, y: Tensor, w: Tensor) -> float:
    return float((np.minimum(x, y) * w).sum())


def minimum_float(x: Tensor, s: float, w: Tensor) -> float:
    return float((np.minimum(s, x) * w).sum())


def clip_constants(x: Tensor, w: Tensor) -> float:
    return float((np.clip(x, -0.5, 1.0) * w).sum())


def clip_below(x: Tensor, w: Tensor) -> float:
    return float((np.clip(x, 0.0, None) * w).sum())


def clip_tensors(x: Tensor, lo: Tensor, hi: Tensor, w: Tensor) -> float:
    return float((np.clip(x, lo, hi) * w).sum())


def clip_floats(x: Tensor, lo: float, hi: float, w: Tensor) -> float:
    return float((np.clip(x, lo, hi) * w).sum())


def where_tensors(x: Tensor, y: Tensor, w: Tensor) -> float:
    return float((np.where(x > 0, x * 2.0, y) * w).sum())


def where_float(x: Tensor, s: float, w: Tensor) -> float:
    return float((np.where(x > 0.5, s, x) * w).sum())


def sign_floor_ceil(x: Tensor, w: Tensor) -> float:
    return float(((np.sign(x) + np.floor(x) + np.ceil(x)) * x * w).sum())


def mask_by_comparison(x: Tensor, w: Tensor) -> float:
    return float((x * (x > 0.0) * w).sum())


# ---------------------------------------------------------------- reductions

def sum_all(x: Tensor) -> float:
    return float(np.sum(x) * np.sum(x))


def sum_axis0(x: Tensor, w: Tensor) -> float:
    return float((x.sum(axis=0) * w).sum())


def sum_last_keepdims(x: Tensor, w: Tensor) -> float:
    return float((x.sum(axis=-1, keepdims=True) * w).sum())


def sum_axes(x: Tensor, w: Tensor) -> float:
    return float((np.sum(x, axis=(0, 2)) * w).sum())


def mean_all(x: Tensor) -> float:
    return float(x.mean() ** 2)


def mean_axis(x: Tensor, w: Tensor) -> float:
    return float((x.mean(axis=1) * w).sum())


def mean_axes_keepdims(x: Tensor, w: Tensor) -> float:
    return float((np.mean(x, axis=(-1, 0), keepdims=True) * w).sum())


def prod_axis(x: Tensor, w: Tensor) -> float:
    return float((x.prod(axis=1) * w).sum())


def prod_all(x: Tensor) -> float:
    return float(np.prod(x))


def prod_with_zeros(x: Tensor, w: Tensor) -> float:
    return float((np.prod(x, axis=1, keepdims=True) * w).sum())


def max_all(x: Tensor) -> float:
    return float(x.max())


def max_axis(x: Tensor, w: Tensor) -> float:
    return float((x.max(axis=0) * w).sum())


def min_axis_keepdims(x: Tensor, w: Tensor) -> float:
    return float((np.min(x, axis=-1, keepdims=True) * w).sum())


def max_ties(x: Tensor, w: Tensor) -> float:
    return float((np.max(x, axis=1) * w).sum())


def var_all(x: Tensor) -> float:
    return float(x.var())


def var_axis_ddof(x: Tensor, w: Tensor) -> float:
    return float((x.var(axis=0, ddof=1) * w).sum())


def std_all(x: Tensor) -> float:
    return float(np.std(x) * x[0, 0])


def std_axis(x: Tensor, w: Tensor) -> float:
    return float((np.std(x, axis=1) * w).sum())


def std_ddof_keepdims(x: Tensor, w: Tensor) -> float:
    return float((x.std(axis=(0, 1), ddof=1, keepdims=True) * w).sum())


# ---------------------------------------------------------------- products

def matmul(x: Tensor, y: Tensor, w: Tensor) -> float:
    return float((x @ y * w).sum())


def matmul_vector_matrix(v: Tensor, y: Tensor, w: Tensor) -> float:
    return float((v @ y * w).sum())


def matmul_matrix_vector(x: Tensor, v: Tensor, w: Tensor) -> float:
    return float((np.matmul(x, v) * w).sum())


def matmul_vectors(u: Tensor, v: Tensor) -> float:
    return float(u @ v) ** 2


def matmul_batched(x: Tensor, y: Tensor, w: Tensor) -> float:
    return float((x @ y * w).sum())


def matmul_batch_broadcast(x: Tensor, y: Tensor, w: Tensor) -> float:
    return float((x @ y * w).sum())


def dot(x: Tensor, y: Tensor, w: Tensor) -> float:
    return float((np.dot(x, y) * w).sum())


def dot_stacked(x: Tensor, y: Tensor, w: Tensor) -> float:
    return float((np.dot(x, y) * w).sum())


def dot_vectors(u: Tensor, v: Tensor) -> float:
    return float(np.dot(u, v) * np.dot(u, u))


def linear_layer(x: Tensor, weight: Tensor, bias: Tensor, w: Tensor) -> float:
    return float(((x @ weight.T + bias) * w).sum())


# ---------------------------------------------------------------- shapes and copies

def reshape(x: Tensor, w: Tensor) -> float:
    return float((x.reshape(2, 6) * w).sum())


def reshape_tuple(x: Tensor, w: Tensor) -> float:
    return float((np.reshape(x, (3, -1)) * w).sum())


def ravel(x: Tensor, w: Tensor) -> float:
    return float((np.ravel(x.T) * w).sum())


def flatten(x: Tensor, w: Tensor) -> float:
    return float((x.flatten() * w).sum())


def transpose(x: Tensor, w: Tensor) -> float:
    return float((x.T * w).sum())


def transpose_axes(x: Tensor, w: Tensor) -> float:
    return float((np.transpose(x, (2, 0, 1)) * w).sum())


def swapaxes(x: Tensor, w: Tensor) -> float:
    return float((np.swapaxes(x, 0, -1) * w).sum())


def expand_dims(x: Tensor, w: Tensor) -> float:
    return float((np.expand_dims(x, 1) * w).sum())


def squeeze(x: Tensor, w: Tensor) -> float:
    return float((np.squeeze(x, axis=(0, 2)) * w).sum())


def copy(x: Tensor, w: Tensor) -> float:
    y = x.copy()
    return float((y * np.copy(x) * w).sum())


def concatenate(x: Tensor, y: Tensor, w: Tensor) -> float:
    return float((np.concatenate((x, y), axis=0) * w).sum())


def concatenate_last(x: Tensor, y: Tensor, w: Tensor) -> float:
    return float((np.concatenate([x, y, x], axis=-1) * w).sum())


def stack(x: Tensor, y: Tensor, w: Tensor) -> float:
    return float((np.stack((x, y), axis=1) * w).sum())


def index_int(x: Tensor, w: Tensor) -> float:
    return float((x[1] * w).sum())


def index_negative(x: Tensor) -> float:
    return float(x[-1, 2]) * float(x[0, -1])


def slice_steps(x: Tensor, w: Tensor) -> float:
    return float((x[1:, ::2] * w).sum())


def slice_negative_step(x: Tensor, w: Tensor) -> float:
    return float((x[::-2, 1:3] * w).sum())


def new_axis(x: Tensor, w: Tensor) -> float:
    return float((x[:, None, 1] * w).sum())


def item(x: Tensor) -> float:
    return x[1:2].item() * x[0:1].item()


def sum_then_scalar_math(x: Tensor) -> float:
    s = x.sum()
    return float(np.exp(s / 10.0) * x.max())


# (program, inputs): every float input is checked
PROGRAMS = [
    (add_row, (a(3, 4), a(4), a(3, 4))),
    (add_column, (a(3, 4), a(3, 1), a(3, 4))),
    (add_outer, (a(3, 1), a(1, 4), a(3, 4))),
    (add_float, (a(3, 4), 0.7, a(3, 4))),
    (add_npscalar, (a(2, 3), a(2, 3))),
    (subtract_batch, (a(2, 3, 4), a(3, 1), a(2, 3, 4))),
    (subtract_from_float, (a(4), 1.5, a(4))),
    (multiply_row, (a(3, 4), a(4))),
    (multiply_self, (a(3, 4), a(3, 4))),
    (multiply_float, (a(5), 1.3)),
    (divide_column, (a(3, 4), pos(3, 1), a(3, 4))),
    (divide_float_by, (2.5, pos(3), a(3))),
    (power_tensors, (pos(3, 4), a(4))),
    (power_int, (a(3, 4), a(3, 4))),
    (power_float_exponent, (pos(3, 4), 1.7, a(3, 4))),
    (power_of_float, (1.5, a(2, 3))),
    (negative, (a(3), a(3))),
    (positive, (a(3), a(3))),
    (absolute, (a(3, 4), a(3, 4))),
    (square, (a(3, 4), a(3, 4))),
    (sqrt, (pos(3, 4), a(3, 4))),
    (exp, (a(3, 4), a(3, 4))),
    (expm1, (a(3, 4), a(3, 4))),
    (log, (pos(3, 4), a(3, 4))),
    (log1p, (pos(3, 4), a(3, 4))),
    (sin, (a(3, 4), a(3, 4))),
    (cos, (a(3, 4), a(3, 4))),
    (tan, (a(3, 4, lo=-1.0, hi=1.0), a(3, 4))),
    (tanh, (a(3, 4), a(3, 4))),
    (maximum_row, (a(3, 4), a(4), a(3, 4))),
    (maximum_zero, (a(3, 4), a(3, 4))),
    (minimum_column, (a(3, 4), a(3, 1), a(3, 4))),
    (minimum_float, (a(3, 4), 0.3, a(3, 4))),
    (clip_constants, (a(3, 4), a(3, 4))),
    (clip_below, (a(3, 4), a(3, 4))),
    (clip_tensors, (a(3, 4), a(4, lo=-1.0, hi=-0.1), a(3, 1, lo=0.1, hi=1.0), a(3, 4))),
    (clip_floats, (a(3, 4), -0.4, 0.6, a(3, 4))),
    (where_tensors, (a(3, 4), a(4), a(3, 4))),
    (where_float, (a(3, 4), 0.25, a(3, 4))),
    (sign_floor_ceil, (a(3, 4) + 0.01, a(3, 4))),
    (mask_by_comparison, (a(3, 4), a(3, 4))),
    (sum_all, (a(3, 4),)),
    (sum_axis0, (a(3, 4), a(4))),
    (sum_last_keepdims, (a(2, 3, 4), a(2, 3, 1))),
    (sum_axes, (a(2, 3, 4), a(3))),
    (mean_all, (a(3, 4),)),
    (mean_axis, (a(3, 4), a(3))),
    (mean_axes_keepdims, (a(2, 3, 4), a(1, 3, 1))),
    (prod_axis, (a(3, 4), a(3))),
    (prod_all, (a(2, 3),)),
    (prod_with_zeros, (np.array([[1.5, 0.0, 2.0], [0.0, 0.0, 1.0], [0.5, -1.0, 3.0]]), a(3, 1))),
    (max_all, (a(3, 4),)),
    (max_axis, (a(3, 4), a(4))),
    (min_axis_keepdims, (a(3, 4), a(3, 1))),
    (max_ties, (np.array([[1.0, 3.0, 3.0], [2.0, 0.5, 2.0]]), a(2))),
    (var_all, (a(3, 4),)),
    (var_axis_ddof, (a(3, 4), a(4))),
    (std_all, (a(3, 4),)),
    (std_axis, (a(3, 4), a(3))),
    (std_ddof_keepdims, (a(2, 3, 4), a(1, 1, 4))),
    (matmul, (a(3, 4), a(4, 5), a(3, 5))),
    (matmul_vector_matrix, (a(4), a(4, 5), a(5))),
    (matmul_matrix_vector, (a(3, 4), a(4), a(3))),
    (matmul_vectors, (a(4), a(4))),
    (matmul_batched, (a(2, 3, 4), a(2, 4, 5), a(2, 3, 5))),
    (matmul_batch_broadcast, (a(2, 1, 3, 4), a(3, 4, 2), a(2, 3, 3, 2))),
    (dot, (a(3, 4), a(4, 2), a(3, 2))),
    (dot_vectors, (a(4), a(4))),
    (dot_stacked, (a(2, 3), a(4, 3, 5), a(2, 4, 5))),
    (linear_layer, (a(5, 4), a(3, 4), a(3), a(5, 3))),
    (reshape, (a(3, 4), a(2, 6))),
    (reshape_tuple, (a(2, 6), a(3, 4))),
    (ravel, (a(3, 4), a(12))),
    (flatten, (a(3, 4), a(12))),
    (transpose, (a(3, 4), a(4, 3))),
    (transpose_axes, (a(2, 3, 4), a(4, 2, 3))),
    (swapaxes, (a(2, 3, 4), a(4, 3, 2))),
    (expand_dims, (a(3, 4), a(3, 1, 4))),
    (squeeze, (a(1, 3, 1, 4), a(3, 4))),
    (copy, (a(3, 4), a(3, 4))),
    (concatenate, (a(2, 3), a(4, 3), a(6, 3))),
    (concatenate_last, (a(2, 3), a(2, 1), a(2, 7))),
    (stack, (a(2, 3), a(2, 3), a(2, 2, 3))),
    (index_int, (a(3, 4), a(4))),
    (index_negative, (a(3, 4),)),
    (slice_steps, (a(3, 5), a(2, 3))),
    (slice_negative_step, (a(5, 4), a(3, 2))),
    (new_axis, (a(3, 4), a(3, 1))),
    (item, (a(3),)),
    (sum_then_scalar_math, (a(3, 4),)),
]


@BACKENDS
@pytest.mark.parametrize("fn,inputs", PROGRAMS,
                         ids=[p[0].__name__ for p in PROGRAMS])
def test_gradient(fn, inputs, backend):
    check(fn, *inputs, backend=backend)


def test_max_splits_among_ties_as_torch():
    # torch.amax: three tied maxima get a third of the gradient each (central differences
    # see a half for any number of ties, so the value is asserted exactly)
    x = np.array([[1.0, 3.0, 3.0, 3.0], [2.0, 0.5, 2.0, 1.0]])
    w = np.array([3.0, 4.0])
    for backend in ("interp", "native"):
        dx = pts.grad(max_ties, backend=backend)(x, w)
        assert np.array_equal(dx, [[0.0, 1.0, 1.0, 1.0], [2.0, 0.0, 2.0, 0.0]])


def test_maximum_splits_ties_as_torch():
    # torch.maximum: a tie gives half of the gradient to each operand
    x = np.array([[1.0, -1.0, 0.5]])
    y = np.array([1.0, 2.0, 0.5])
    w = np.array([[2.0, 2.0, 4.0]])
    for backend in ("interp", "native"):
        dx, dy = pts.grad(maximum_row, argnums=(0, 1), backend=backend)(x, y, w)
        assert np.array_equal(dx, [[1.0, 0.0, 2.0]]) and np.array_equal(dy, [1.0, 2.0, 2.0])


def test_tuple_of_arrays_is_refused_not_zero():
    # a gradient through np.concatenate's tuple is a CompileError at the user's line (not a
    # zero gradient) while the pass cannot carry it
    import inspect
    line = inspect.getsourcelines(concatenate)[1] + 1
    try:
        pts.grad(concatenate, backend="interp")(np.ones((1, 2)), np.ones((1, 2)), np.ones((2, 2)))
    except pts.CompileError as e:
        assert "np.concatenate" in str(e) and f":{line}:" in str(e), str(e)
    else:   # the pass carries tuples now: the gradient must be right
        check(concatenate, a(2, 3), a(4, 3), a(6, 3), backend="interp")


def dot_nd(a: Tensor, b: Tensor) -> Tensor:
    return np.dot(a, b)


@pytest.mark.parametrize("sa,sb", [((2, 3), (4, 3, 5)), ((2, 2, 3), (2, 3, 4)), ((3,), (2, 3, 2)),
                                   ((2, 2, 3), (3,)), ((2, 1, 3, 4), (2, 4, 5)),
                                   ((0, 3, 2), (2, 2, 0))])
def test_dot_of_arrays_with_more_than_2_axes_natively(sa, sb):
    # np.dot's rule: the last axis of a with the second-to-last of b; float32, float64, mixed,
    # and strided operands
    a, b = R.normal(size=sa), R.normal(size=sb)
    f = pts.script(dot_nd)
    assert np.allclose(f(a, b), np.dot(a, b), rtol=1e-13, atol=1e-13)
    a32, b32 = a.astype(np.float32), b.astype(np.float32)
    assert f(a32, b32).dtype == np.float32
    assert np.allclose(f(a32, b32), np.dot(a32, b32), rtol=1e-5, atol=1e-5)
    assert np.allclose(f(a32, b), np.dot(a32, b), rtol=1e-6, atol=1e-6)
    if a.ndim > 1 and b.ndim > 1:
        a2 = np.repeat(a, 2, axis=-2)[..., ::2, :]
        b2 = np.swapaxes(np.swapaxes(b, -1, -2).copy(), -1, -2)
        assert np.allclose(f(a2, b2), np.dot(a2, b2), rtol=1e-13, atol=1e-13)


def test_dot_nd_shape_mismatch_is_numpys_error():
    with pytest.raises(ValueError, match=r"shapes \(2,2,3\) and \(2,4,4\) not aligned: 3 "
                                         r"\(dim 2\) != 4 \(dim 1\)"):
        pts.script(dot_nd)(np.ones((2, 2, 3)), np.ones((2, 4, 4)))
