"""Gradients of float32 tensor code: the gradient of a float32 array is a float32 array
(of an np.float32 scalar an np.float32), within float32 tolerance of central differences
of the same function run eagerly in float64; mixed float32/float64 operands each get an
adjoint of their own dtype.  Natively and interpreted."""
import numpy as np
import pytest

import pts
import pts.nn.functional as F
from grad_helpers import BACKENDS
from pts import Tensor
from test_tensor_grads import (add_row, clip_constants, exp, index_int, log, matmul,
                               matmul_batched, max_axis, maximum_row, mean_axis, multiply_float,
                               reshape, slice_steps, std_axis, sum_axis0, tanh, transpose,
                               var_all, where_tensors)

R = np.random.default_rng(32)


def a(*shape, lo=-2.0, hi=2.0):
    return R.uniform(lo, hi, shape).astype(np.float32)


def mixed_dtypes(x: Tensor, y: Tensor, w: Tensor) -> float:
    return float(((x + y) * np.tanh(x * y) * w).sum())


def float32_scalar(x: Tensor, s: np.float32) -> float:
    return float((np.exp(x * s) * s).sum())


def astype_round_trip(x: Tensor, w: Tensor) -> float:
    return float((x.astype(np.float64) * w).sum())


def softmax_layer_norm(x: Tensor, weight: Tensor, bias: Tensor, w: Tensor) -> float:
    return float((F.softmax(F.layer_norm(x, weight, bias)) * w).sum())


def eager_gradient(fn, inputs, k, eps=1e-6):
    """Central differences of fn, run eagerly in float64, in input k."""
    args = [x.astype(np.float64) if isinstance(x, np.ndarray) else float(x) for x in inputs]

    def at(xk):
        return float(fn(*(args[:k] + [xk] + args[k + 1:])))
    x = args[k]
    if not isinstance(x, np.ndarray):
        return (at(x + eps) - at(x - eps)) / (2 * eps)
    out = np.zeros(x.shape)
    for idx in np.ndindex(x.shape):
        hi, lo = x.copy(), x.copy()
        hi[idx] += eps
        lo[idx] -= eps
        out[idx] = (at(hi) - at(lo)) / (2 * eps)
    return out


def check32(fn, inputs, backend):
    nums = tuple(k for k, x in enumerate(inputs)
                 if isinstance(x, (np.ndarray, np.floating, float)) and np.asarray(x).dtype.kind == "f")
    got = pts.grad(fn, argnums=nums, backend=backend)(*inputs)
    for k, d in zip(nums, got):
        x = inputs[k]
        if isinstance(x, np.ndarray):
            assert isinstance(d, np.ndarray) and d.dtype == x.dtype and d.shape == x.shape, \
                (k, type(d), getattr(d, "dtype", None), np.shape(d))
        else:
            assert type(d) is type(x), (k, type(d), type(x))
        want = eager_gradient(fn, inputs, k)
        assert np.allclose(np.asarray(d, dtype=np.float64), want, rtol=2e-3, atol=2e-4), \
            f"argument {k}: got\n{d}\nwant\n{want}"


PROGRAMS = [
    (add_row, (a(3, 4), a(4), a(3, 4))),
    (multiply_float, (a(5), 1.3)),
    (tanh, (a(3, 4), a(3, 4))),
    (exp, (a(3, 4), a(3, 4))),
    (log, (a(3, 4, lo=0.5, hi=2.0), a(3, 4))),
    (maximum_row, (a(3, 4), a(4), a(3, 4))),
    (clip_constants, (a(3, 4), a(3, 4))),
    (where_tensors, (a(3, 4), a(4), a(3, 4))),
    (sum_axis0, (a(3, 4), a(4))),
    (mean_axis, (a(3, 4), a(3))),
    (max_axis, (a(3, 4), a(4))),
    (var_all, (a(3, 4),)),
    (std_axis, (a(3, 4), a(3))),
    (matmul, (a(3, 4), a(4, 5), a(3, 5))),
    (matmul_batched, (a(2, 3, 4), a(2, 4, 5), a(2, 3, 5))),
    (reshape, (a(3, 4), a(2, 6))),
    (transpose, (a(3, 4), a(4, 3))),
    (index_int, (a(3, 4), a(4))),
    (slice_steps, (a(3, 5), a(2, 3))),
    (mixed_dtypes, (a(3, 4), a(4).astype(np.float64), a(3, 4))),
    (float32_scalar, (a(3, 4, lo=-1.0, hi=1.0), np.float32(0.75))),
    (astype_round_trip, (a(3, 4), a(3, 4).astype(np.float64))),
    (softmax_layer_norm, (a(3, 5), a(5), a(5), a(3, 5))),
]


@BACKENDS
@pytest.mark.parametrize("fn,inputs", PROGRAMS, ids=[p[0].__name__ for p in PROGRAMS])
def test_float32_gradient(fn, inputs, backend):
    check32(fn, inputs, backend)
