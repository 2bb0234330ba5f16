"""The compile driver (pts.compiler): what its compile record says about a function and a
model's method, and that the IR module carries nothing else."""
import numpy as np
import pytest

import pts
import pts.nn as nn
from pts import compiler
from pts.frontend.objects import guards_hold
from pts.ir.types import F32, F64, I64, STR, TensorType

SCALE = 3


def triple(n: int) -> int:
    return n * SCALE


def row_sums(x: np.ndarray, axis: int, label: str) -> np.ndarray:
    return np.sum(x, axis=axis) * triple(1)


class Scaled(nn.Module):
    def __init__(self):
        super().__init__()
        self.w = np.arange(3, dtype=np.float32)
        self.k = 2.0

    def forward(self, x: np.ndarray) -> np.ndarray:
        return self.scale(x) + self.w

    def scale(self, x: np.ndarray) -> np.ndarray:
        return x * self.k


def test_a_function_s_record():
    x = np.ones((2, 3))
    record = compiler.compile(row_sums, (TensorType(F64, 2), I64, STR), (x, 1, "a"))
    assert record.kind == "function"
    assert record.param_names == ("x", "axis", "label")
    # axis is where numpy needs a constant: folded in, not taken; the entry's strings are
    # values (str is a value type), so label stays a parameter
    assert record.const_params == {"axis": 1}
    assert record.const_indices == (1,)
    assert [str(t) for t in record.entry.param_types] == ["tensor<f64, 2>", "str"]
    assert str(record.entry.ret_type) == "tensor<f64, 1>"
    assert record.module.entry == record.entry.name
    # what the disk cache validates: the callee and the global constant it read
    assert triple in record.global_reads
    assert "SCALE" in record.global_reads[triple]
    assert "triple" in record.global_reads[row_sums]
    assert record.guards == () and record.lifted == ()
    assert {"parse", "check", "lower", "passes"} <= set(record.timings)


def test_nothing_rides_on_the_module():
    """The record holds the frontend's facts; the IR module has its functions and entry."""
    record = compiler.compile(triple, (I64,))
    # (the class table is IR: printed and parsed with the functions, ir.object_ops)
    assert set(vars(record.module)) == {"functions", "entry", "classes", "class_bases"}
    model = Scaled()
    method = compiler.compile(Scaled.forward, (TensorType(F32, 1),), (np.ones(3, np.float32),),
                              model, lift_attributes=True)
    assert set(vars(method.module)) == {"functions", "entry", "classes", "class_bases"}


def test_a_model_method_s_record():
    model = Scaled()
    x = np.ones(3, np.float32)
    record = compiler.compile(Scaled.forward, (TensorType(F32, 1),), (x,), model,
                              lift_attributes=True)
    assert record.kind == "method"
    assert record.param_names == ("self", "x")
    assert record.const_indices == (0,)            # self: the model, folded in
    # the tensor attribute became the entry's last parameter
    assert record.lifted == (("w",),)
    assert [str(t) for t in record.entry.param_types] == ["tensor<f32, 1>", "tensor<f32, 1>"]
    guards = dict(record.guards)
    assert guards[("w",)] == ("tensor", TensorType(F32, 1))
    assert guards[("k",)] == ("const", 2.0)
    assert guards_hold(model, record.guards)
    model.w = np.zeros(5, np.float32)              # same dtype and rank: the code still fits
    assert guards_hold(model, record.guards)
    model.w = np.zeros(5, np.float64)
    assert not guards_hold(model, record.guards)
    model.w = np.zeros(5, np.float32)
    model.k = 3.0                                  # a folded constant changed
    assert not guards_hold(model, record.guards)


def test_without_lifting_attributes_stay_reads():
    """The interpreter reads the model's attributes itself: no lifted parameters."""
    record = compiler.compile(Scaled.forward, (TensorType(F32, 1),), (np.ones(3, np.float32),),
                              Scaled())
    assert record.lifted == ()
    assert len(record.entry.param_types) == 1
    assert any(i.op == "attr.get" for f in record.module for i in f.instructions())


def test_ir_after_lift_attributes():
    """`--after lift_attributes` shows a model's IR with its attributes as parameters."""
    m = pts.script(Scaled())
    x = np.ones(3, np.float32)
    before = m.ir(x, after="release_tensors")
    after = m.ir(x, after="lift_attributes")
    assert 'attr.get {path = "w"}' in before and "%self.w" not in before
    assert "attr.get" not in after
    assert "func @forward(%x: tensor<f32, 1>, %self.w: tensor<f32, 1>)" in after


def test_rebinding_an_attribute_natively_names_the_interpreter():
    class Rebinds(nn.Module):
        def __init__(self):
            super().__init__()
            self.w = np.ones(3)

        def forward(self, x: np.ndarray) -> np.ndarray:
            self.w = x * 2.0
            return x

    with pytest.raises(pts.CompileError, match="backend='interp'"):
        compiler.compile(Rebinds.forward, (TensorType(F64, 1),), (np.ones(3),), Rebinds(),
                         lift_attributes=True)
    record = compiler.compile(Rebinds.forward, (TensorType(F64, 1),), (np.ones(3),), Rebinds())
    assert any(i.op == "attr.set" for f in record.module for i in f.instructions())


def test_a_model_s_mode_decides_its_branches_before_lowering():
    """self.training reaches F.batch_norm as a constant of its specialization: in eval mode
    the batch statistics' functions are never checked or lowered, in training mode they are
    (and the running statistics' update with them)."""
    x = np.ones((2, 3, 4, 4), np.float32)

    def lowered(layer):
        record = compiler.compile(type(layer).forward, (TensorType(F32, 4),), (x,), layer,
                                  after="lower")
        return {name.split(".")[-1] for name in record.module.functions}

    eval_names = lowered(nn.BatchNorm2d(3).eval())
    assert "batch_norm" in eval_names and "_batch_mean" not in eval_names
    assert "_batch_var" not in eval_names
    assert {"_batch_mean", "_batch_var"} <= lowered(nn.BatchNorm2d(3).train())
