"""The im2col convolutions of tests/trace/programs/conv_im2col_*.py: which ones the
compiler turns into a call of the library's conv2d (ir.passes.recognize_convolutions) and
which it leaves as written.  (Their results against numpy: test_trace_programs.py; the
pass's rewrite and its checks on hand-written IR: tests/ir/recognize_convolutions/.)"""
from __future__ import annotations

import re
from pathlib import Path

import numpy as np
import pytest

import pts
from test_trace_programs import load

PROGRAMS = Path(__file__).resolve().parent / "programs"


def traced(name: str):
    m = load(PROGRAMS / f"{name}.py")
    f = pts.trace(m.TRACE, m.INPUTS[0], backend="interp")
    return m, f, f.ir()


def entry_text(ir: str) -> str:
    """The trace's own functions (not the library's conv2d that joined the module)."""
    return "\n".join(re.findall(r"func @trace_.*?\n}", ir, re.S))


def test_zero_padded_convolutions_become_conv2d_calls():
    m, f, ir = traced("conv_im2col_zero_padded")
    own = entry_text(ir)
    # conv2d pads the input itself (3x3: padding 1, 5x5: 2): the zero blocks and their
    # concatenations are made only on the kept path
    assert re.search(r"call @conv2d\(%x, %\w+, %\w+, 1, 1, 1\)", own), own
    assert re.search(r"call @conv2d\(%\w+, %\w+, %\w+, 1, 2, 1\)", own), own
    # the windows, their concatenation and the product are left only on the path taken
    # when the weight does not fit (matmul's error) or a window is negative
    assert len(re.findall(r"cbr %\w+, \^im2col\d*, \^conv\d*", own)) == 2, own
    assert own.count('np.matmul') == own.count('im2col = "kept"') == 2, own
    x = m.INPUTS[2][0]
    np.testing.assert_allclose(f(x), m.TRACE(x), rtol=2e-5, atol=2e-6)


def test_windows_in_another_order_and_float64():
    m, f, ir = traced("conv_im2col_valid_any_order")
    own = entry_text(ir)
    # a call of the library's conv2d for float64, or its body inlined (called once)
    assert ("call @conv2d(" in own and "func @conv2d(%x: tensor<f64, 4>" in ir
            or re.search(r"tensor<f64, 4> = np\.conv2d_wide ", own)), own
    assert "im2col = \"kept\"" in own, own
    # the weight's taps in row-major order: six one-tap slices concatenated
    assert own.count("pattern = \"s110 s110 s110\"") == 6, own
    x = m.INPUTS[1][0]                                # a 2 x 3 image: one output pixel
    np.testing.assert_allclose(f(x), m.TRACE(x), rtol=1e-12, atol=1e-13)


def test_columns_used_twice_cropped_or_strided_stay_products():
    m, f, ir = traced("conv_im2col_not_rewritten")
    assert "@conv2d" not in ir and "^im2col" not in ir
    assert entry_text(ir).count("np.matmul") == 3


@pytest.mark.parametrize("backend", ["interp", "native"])
def test_a_weight_of_the_wrong_width_is_matmuls_error(backend):
    """The weight is read when the trace runs: one that no longer fits the windows raises
    the product's ValueError, on the product's line, as numpy does."""
    m = load(PROGRAMS / "conv_im2col_valid_any_order.py")
    model = type(m.TRACE)(2, 3)
    f = pts.trace(model, m.INPUTS[0], backend=backend)
    model.w = np.ones((3, 13))
    f.traces[-1]          # (still the one trace: the captured weight is read live)
    with pytest.raises(ValueError) as eager:
        model(m.INPUTS[0][0])
    with pytest.raises(ValueError) as got:
        f(m.INPUTS[0][0])
    assert str(got.value) == str(eager.value)


def test_a_padding_of_ones_stays_as_written():
    m, f, ir = traced("conv_im2col_ones_padded")
    own = entry_text(ir)
    # conv2d called with padding 0, or its body inlined (called once): its op with padding 0
    assert re.search(r"call @conv2d\(%\w+, %\w+, %\w+, 1, 0, 1\)"
                     r"|np\.conv2d_wide %\w+, %\w+, %\w+, %\w+, %\w+, 0, false ", own), own
    assert own.index("np.ones") < own.index("^conv:"), own     # made before the test
    x = m.INPUTS[1][0]
    np.testing.assert_allclose(f(x), m.TRACE(x), rtol=2e-5, atol=2e-6)
