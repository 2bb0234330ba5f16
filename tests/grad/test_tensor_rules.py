"""Each tensor op's derivative rule on its own (tests/grad/tensor_rule_harness.py): the
adjoints the rule's code computes, interpreted and natively, equal central differences of
numpy's op in float64 (float32 operands: a looser tolerance) — every option (axis,
keepdims, ddof, broadcast shapes with size-1 axes, scalar and constant operands, ties and
zeros where the rule has a special case)."""
from __future__ import annotations


import numpy as np
import pytest


from tensor_rule_harness import C, build, check, run

R = np.random.default_rng(7)


def a(*shape, dtype=np.float64, lo=-2.0, hi=2.0):
    return R.uniform(lo, hi, shape).astype(dtype)


def pos(*shape, dtype=np.float64):
    return a(*shape, dtype=dtype, lo=0.5, hi=2.0)


CASES = [
    # elementwise, with broadcasting
    ("add", "np.add", [a(3, 4), a(4)], {}, None),
    ("add_size1", "np.add", [a(3, 1), a(1, 4)], {}, None),
    ("add_scalar", "np.add", [a(3, 4), 1.5], {}, None),
    ("add_npscalar", "np.add", [np.float64(0.5), a(2, 3)], {}, None),
    ("add_f32_f64", "np.add", [a(2, 3, dtype=np.float32), a(3)], {}, None),
    ("add_const", "np.add", [a(2, 3), C(2.0)], {}, None),
    ("subtract", "np.subtract", [a(2, 1, 3), a(4, 1)], {}, None),
    ("multiply", "np.multiply", [a(3, 4), a(3, 1)], {}, None),
    ("multiply_scalar", "np.multiply", [1.25, a(5)], {}, None),
    ("multiply_f32", "np.multiply", [a(3, 4, dtype=np.float32), a(4, dtype=np.float32)], {}, None),
    ("true_divide", "np.true_divide", [a(3, 4), pos(4)], {}, None),
    ("true_divide_scalar", "np.true_divide", [2.0, pos(2, 2)], {}, None),
    ("power", "np.power", [pos(3, 4), a(4)], {}, None),
    ("power_const2", "np.power", [a(3, 4), C(2)], {}, None),
    ("power_const3", "np.power", [a(3), C(3)], {}, None),
    ("power_consthalf", "np.power", [pos(3), C(0.5)], {}, None),
    ("power_scalar_exp", "np.power", [pos(2, 3), 1.7], {}, None),
    ("power_zero_base", "np.power", [np.array([0.0, 1.5, 0.0]), np.array([2.0, 0.5, 3.0])], {}, None),
    ("remainder", "np.remainder", [pos(3, 4) * 3, pos(4)], {}, None),
    ("maximum", "np.maximum", [a(3, 4), a(4)], {}, None),
    ("maximum_relu", "np.maximum", [a(3, 4), C(0.0)], {}, None),
    ("maximum_ties", "np.maximum", [np.array([1.0, 2.0, 3.0]), np.array([1.0, 0.0, 4.0])], {}, None),
    ("minimum", "np.minimum", [a(2, 3), a(2, 1)], {}, None),
    ("minimum_ties", "np.minimum", [np.array([1.0, 2.0]), np.array([1.0, 2.5])], {}, None),
    ("clip_consts", "np.clip", [a(3, 4), C(-0.5), C(0.5)], {}, None),
    ("clip_lo_only", "np.clip", [a(3, 4), C(0.0), C(None)], {}, None),
    ("clip_hi_only", "np.clip", [a(3, 4), C(None), C(0.3)], {}, None),
    ("clip_tensor_bounds", "np.clip", [a(3, 4), a(4, lo=-1.0, hi=-0.1), a(3, 1, lo=0.1, hi=1.0)], {}, None),
    ("clip_crossed_bounds", "np.clip", [a(5), np.full(5, 0.5), np.full(5, -0.5)], {}, None),
    ("clip_scalar_bounds", "np.clip", [a(6), -0.5, 0.5], {}, None),
    ("where", "np.where", [a(3, 4) > 0, a(3, 4), a(4)], {}, None),
    ("where_scalar", "np.where", [a(3, 4) > 0, a(3, 4), 0.5], {}, None),
    # unary
    ("negative", "np.negative", [a(3, 4)], {}, None),
    ("positive", "np.positive", [a(3, 4)], {}, None),
    ("absolute", "np.absolute", [a(3, 4)], {}, None),
    ("square", "np.square", [a(3, 4)], {}, None),
    ("sqrt", "np.sqrt", [pos(3, 4)], {}, None),
    ("exp", "np.exp", [a(3, 4)], {}, None),
    ("expm1", "np.expm1", [a(3, 4)], {}, None),
    ("log", "np.log", [pos(3, 4)], {}, None),
    ("log1p", "np.log1p", [pos(3, 4)], {}, None),
    ("sin", "np.sin", [a(3, 4)], {}, None),
    ("cos", "np.cos", [a(3, 4)], {}, None),
    ("tan", "np.tan", [a(3, 4, lo=-1.0, hi=1.0)], {}, None),
    ("tanh", "np.tanh", [a(3, 4)], {}, None),
    ("tanh_f32", "np.tanh", [a(3, 4, dtype=np.float32)], {}, None),
    ("exp_npscalar", "np.exp", [np.float64(0.3)], {}, None),
    ("sign", "np.sign", [a(3, 4)], {}, None),
    ("floor", "np.floor", [a(3, 4) + 0.01], {}, None),
    ("ceil", "np.ceil", [a(3, 4) + 0.01], {}, None),
    # reductions
    ("sum_all", "np.sum", [a(3, 4)], {}, None),
    ("sum_axis0", "np.sum", [a(3, 4)], {"axis": 0}, None),
    ("sum_axis_neg_keep", "np.sum", [a(2, 3, 4)], {"axis": -1, "keepdims": True}, None),
    ("sum_axes", "np.sum", [a(2, 3, 4)], {"axis": (0, 2)}, None),
    ("sum_all_keep", "np.sum", [a(2, 3)], {"keepdims": True}, None),
    ("sum_f32", "np.sum", [a(3, 4, dtype=np.float32)], {"axis": 1}, None),
    ("mean_all", "np.mean", [a(3, 4)], {}, None),
    ("mean_axes_keep", "np.mean", [a(2, 3, 4)], {"axis": (1, -1), "keepdims": True}, None),
    ("prod", "np.prod", [a(3, 4)], {"axis": 1}, None),
    ("prod_all", "np.prod", [a(2, 3)], {}, None),
    ("prod_one_zero", "np.prod", [np.array([[1.5, 0.0, 2.0], [0.5, 3.0, -1.0]])], {"axis": 1}, None),
    ("prod_two_zeros", "np.prod", [np.array([[0.0, 0.0, 2.0], [0.0, 3.0, -1.0]])], {"axis": 1, "keepdims": True}, None),
    ("max_all", "np.max", [a(3, 4)], {}, None),
    ("max_axis", "np.max", [a(3, 4)], {"axis": 0}, None),
    ("max_ties", "np.max", [np.array([[1.0, 3.0, 3.0], [2.0, 0.5, 2.0]])], {"axis": 1}, None),
    ("min_axes_keep", "np.min", [a(2, 3, 4)], {"axis": (0, 1), "keepdims": True}, None),
    ("var", "np.var", [a(3, 4)], {}, None),
    ("var_axis_ddof", "np.var", [a(3, 4)], {"axis": 0, "ddof": 1}, None),
    ("std", "np.std", [a(3, 4)], {"axis": 1}, None),
    ("std_all", "np.std", [a(3, 4)], {}, None),
    ("std_f32", "np.std", [a(3, 4, dtype=np.float32)], {"axis": 0}, None),
    ("mean_f32", "np.mean", [a(3, 4, dtype=np.float32)], {}, None),
    ("std_all_ddof_keep", "np.std", [a(2, 3)], {"ddof": 1, "keepdims": True}, None),
    # products
    ("matmul_2d", "np.matmul", [a(3, 4), a(4, 5)], {}, None),
    ("matmul_vec_mat", "np.matmul", [a(4), a(4, 5)], {}, None),
    ("matmul_mat_vec", "np.matmul", [a(3, 4), a(4)], {}, None),
    ("matmul_vec_vec", "np.matmul", [a(4), a(4)], {}, None),
    ("matmul_batched", "np.matmul", [a(2, 3, 4), a(2, 4, 5)], {}, None),
    ("matmul_batch_broadcast", "np.matmul", [a(2, 1, 3, 4), a(3, 4, 2)], {}, None),
    ("matmul_vec_batched", "np.matmul", [a(4), a(2, 4, 3)], {}, None),
    ("matmul_batched_vec", "np.matmul", [a(2, 3, 4), a(4)], {}, None),
    ("matmul_f32_f64", "np.matmul", [a(3, 4, dtype=np.float32), a(4, 2)], {}, None),
    ("dot_2d", "np.dot", [a(3, 4), a(4, 2)], {}, None),
    ("dot_1d", "np.dot", [a(4), a(4)], {}, None),
    ("dot_scalar", "np.dot", [a(3), 2.5], {}, None),
    ("dot_nd", "np.dot", [a(2, 3), a(4, 3, 5)], {}, None),
    ("dot_nd_both", "np.dot", [a(2, 2, 3), a(2, 3, 4)], {}, None),
    ("dot_vec_nd", "np.dot", [a(3), a(2, 3, 2)], {}, None),
    ("dot_nd_vec", "np.dot", [a(2, 2, 3), a(3)], {}, None),
    # shapes and copies
    ("reshape", "np.reshape", [a(3, 4), C(2), C(6)], {}, None),
    ("reshape_infer", "np.reshape", [a(2, 3, 2), C(-1)], {}, None),
    ("ravel", "np.ravel", [a(3, 4)], {}, None),
    ("flatten", "np.ravel", [a(3, 4)], {"copy": True}, None),
    ("transpose", "np.transpose", [a(3, 4)], {}, None),
    ("transpose_axes", "np.transpose", [a(2, 3, 4)], {"axes": (1, 2, 0)}, None),
    ("transpose_neg_axes", "np.transpose", [a(2, 3, 4)], {"axes": (-1, 0, 1)}, None),
    ("swapaxes", "np.swapaxes", [a(2, 3, 4)], {"axis1": 0, "axis2": -1}, None),
    ("expand_dims", "np.expand_dims", [a(3, 4)], {"axis": 1}, None),
    ("expand_dims_axes", "np.expand_dims", [a(3, 4)], {"axis": (0, -1)}, None),
    ("squeeze", "np.squeeze", [a(3, 1, 4)], {"axis": 1}, None),
    ("squeeze_axes", "np.squeeze", [a(1, 3, 1)], {"axis": (0, -1)}, None),
    ("copy", "np.copy", [a(3, 4)], {}, None),
    ("astype_f32", "np.astype", [a(3, 4)], {"dtype": "float32"}, None),
    ("astype_f64", "np.astype", [a(3, 4, dtype=np.float32)], {"dtype": "float64"}, None),
    ("concatenate", "np.concatenate", [(a(2, 3), a(4, 3))], {"axis": 0}, None),
    ("concatenate_axis1", "np.concatenate", [(a(2, 1), a(2, 3), a(2, 2))], {"axis": -1}, None),
    ("concatenate_flat", "np.concatenate", [(a(2, 2), a(3))], {"axis": None}, None),
    ("stack", "np.stack", [(a(2, 3), a(2, 3))], {}, None),
    ("stack_axis", "np.stack", [(a(2, 3), a(2, 3), a(2, 3))], {"axis": -1}, None),
    ("getitem_int", "np.getitem", [a(3, 4), C(1)], None, "i"),
    ("getitem_neg", "np.getitem", [a(3, 4), C(-1), C(2)], None, "i i"),
    ("getitem_slices", "np.getitem", [a(5, 6), C(1), C(4), C(5), C(0), C(-2)], None, "s110 s111"),
    ("getitem_newaxis", "np.getitem", [a(3, 4), C(2)], None, "n s000 i"),
    ("item", "np.item", [a(1, 1)], {}, None),
    ("sum_to", "np.sum_to", [a(2, 3, 4), a(3, 1)], {}, None),
]


@pytest.mark.parametrize("backend", ["interp", "native"])
@pytest.mark.parametrize("name,op,operands,static,pattern", CASES, ids=[c[0] for c in CASES])
def test_rule(name, op, operands, static, pattern, backend):
    check(op, operands, static, pattern, backend)


@pytest.mark.parametrize("backend", ["interp", "native"])
def test_max_splits_among_ties(backend):
    # torch.amax: g is split evenly among the elements equal to the maximum (central
    # differences see half of it for any number of ties, so this one is exact)
    x = np.array([[1.0, 3.0, 3.0, 3.0], [2.0, 0.5, 2.0, 1.0]])
    g = np.array([3.0, 4.0])
    module, given = build("np.max", [x], g, {"axis": 1}, None)
    (dx,) = run(module, [x, g], backend)
    assert np.array_equal(dx, [[0.0, 1.0, 1.0, 1.0], [2.0, 0.0, 2.0, 0.0]])
