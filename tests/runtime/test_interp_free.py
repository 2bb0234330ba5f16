"""The interpreter poisons what `tensor.free` frees (runtime/interp.py): a read of the
tensor, or of a view made before the free, a second free, or returning it raises
UseAfterFree; a free whose allocation is a keep's frees nothing."""
from __future__ import annotations

import numpy as np
import pytest

from pts.ir.parser import parse_module
from pts.runtime.interp import Interpreter, UseAfterFree, run_function

HEAD = """
func @f(%n: i64) -> f64 {
^entry(%n: i64):
  %0: tensor<f64, 1> = np.ones %n {static = "{}"}
  %1: tensor<f64, 1> = np.getitem %0, 0, 1 {pattern = "s11"}
"""
TAIL = """
  %2: npf64 = np.sum %1 {static = "{}"}
  %3: f64 = cast %2
  ret %3
}
"""


def run(body: str, n: int = 3):
    return run_function(parse_module(HEAD + body + TAIL), "f", [n])


def test_unfreed_runs():
    assert run("") == 1.0


def test_a_view_read_after_its_base_is_freed_fails():
    with pytest.raises(UseAfterFree, match="@f: %1"):
        run("  tensor.free %0")


def test_the_freed_value_itself_fails():
    src = """
func @f(%n: i64) -> f64 {
^entry(%n: i64):
  %0: tensor<f64, 1> = np.ones %n {static = "{}"}
  tensor.free %0
  %1: tensor<f64, 1> = np.multiply %0, 2.0 {static = "{}"}
  %2: npf64 = np.sum %1 {static = "{}"}
  %3: f64 = cast %2
  ret %3
}
"""
    with pytest.raises(UseAfterFree):
        run_function(parse_module(src), "f", [3])


def test_a_second_free_fails():
    with pytest.raises(UseAfterFree, match="freed before"):
        run("  tensor.free %0\n  tensor.free %1")


def test_a_free_of_the_keeps_allocation_frees_nothing():
    # %1 is a view of %0: `tensor.free %1, %0` must leave %0's memory alone
    assert run("  tensor.free %1, %0") == 1.0


def test_a_keep_that_is_a_freed_view_is_only_compared():
    # (release_tensors writes this: the view's allocation is the keep's, already freed)
    src = """
func @f(%n: i64) -> f64 {
^entry(%n: i64):
  %0: tensor<f64, 1> = np.ones %n {static = "{}"}
  %1: tensor<f64, 1> = np.getitem %0, 0, 1 {pattern = "s11"}
  %2: npf64 = np.sum %1 {static = "{}"}
  tensor.free %0
  tensor.free %1, %0
  %3: f64 = cast %2
  ret %3
}
"""
    assert run_function(parse_module(src), "f", [3]) == 1.0


def test_returning_freed_memory_fails():
    src = """
func @f(%n: i64) -> tuple<i64, tensor<f64, 1>> {
^entry(%n: i64):
  %0: tensor<f64, 1> = np.ones %n {static = "{}"}
  %1: tuple<i64, tensor<f64, 1>> = tuple %n, %0
  tensor.free %0
  ret %1
}
"""
    with pytest.raises(UseAfterFree):
        run_function(parse_module(src), "f", [3])


def test_a_write_through_a_view_after_the_free_fails():
    src = """
func @f(%x: tensor<f64, 1>) -> f64 {
^entry(%x: tensor<f64, 1>):
  %0: tensor<f64, 1> = np.multiply %x, 2.0 {static = "{}"}
  %1: tensor<f64, 1> = np.getitem %0, 0, 1 {pattern = "s11"}
  tensor.free %0
  np.setitem %1, 5.0, 0 {pattern = "i"}
  ret 0.0
}
"""
    x = np.ones(3)
    with pytest.raises(UseAfterFree):
        run_function(parse_module(src), "f", [x])
    assert x.flags.writeable and (x == 1.0).all()      # the argument was not what was freed


def test_each_call_starts_with_nothing_freed():
    """An Interpreter serves every call of a compiled signature: what one call freed is
    forgotten when it returns (the arrays are not kept alive, nor reported again)."""
    interp = Interpreter(parse_module(HEAD + "  tensor.free %1, %0" + TAIL))
    assert [interp.call("f", [n]) for n in (2, 3)] == [1.0, 1.0]
    interp = Interpreter(parse_module(HEAD + "  tensor.free %0" + TAIL))
    for n in (2, 3):
        with pytest.raises(UseAfterFree):
            interp.call("f", [n])
    assert not interp._calls.freed
