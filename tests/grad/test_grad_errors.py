"""What pts.grad refuses: each case is a CompileError at the user's line (marked `# refused`
below) saying why, never a wrong gradient; and bad arguments to the API."""
import inspect
import math

import numpy as np
import pytest

import pts
from pts.errors import CompileError


def write_into_argument(x: np.ndarray, s: float) -> float:
    x[0] = s * 2.0  # refused
    return float(x.sum())


def augmented_assign_to_argument(x: np.ndarray, y: np.ndarray) -> float:
    x += y * 2.0  # refused
    return float(x.sum())


def multiply_in_place(x: np.ndarray) -> float:
    y = x * 1.0
    y *= x  # refused
    return float(y.sum())


def write_seen_through_an_older_view(x: np.ndarray) -> float:
    out = np.zeros(3)
    v = out[0:2]
    out[0] = x[0]  # refused
    return float(v.sum())


def accumulate_then_read(x: np.ndarray, w: np.ndarray) -> float:
    acc = np.zeros(3)
    for i in range(2):
        acc += np.tanh(x)  # refused
        acc = acc * w       # (reads acc before the next write: refused, conservatively)
    return float(acc.sum())


def write_seen_through_a_loop_carried_tuple(x: np.ndarray, n: int) -> float:
    out = np.zeros(3)
    t = (out, x)
    for i in range(n):
        t = (t[0], t[1] * 2.0)
    out[0] = x[0]  # refused
    return float((t[0] * t[1]).sum())


def write_after_a_read_of_its_values(x: np.ndarray) -> float:
    out = np.ones(3)
    y = out * x
    out[0] = x[0]  # refused
    return float((y * out).sum())


def write_into_array_read_by_backward(x: np.ndarray) -> float:
    w = np.ones(3)
    y = x * w
    w[0] = 5.0  # refused
    return float(y.sum())


def write_into_view_of_varied(x: np.ndarray) -> float:
    y = x * 3.0
    v = y[0:2]
    v[0] = 1.0  # refused
    return float(y.sum())


def write_into_view_read_by_backward(x: np.ndarray) -> float:
    w = np.ones(3)
    y = x * w
    v = w[1:]
    v[0] = 5.0  # refused
    return float(y.sum())


def varied_in_list(x: float) -> float:
    xs = [0.0]
    xs.append(x * 2.0)  # refused
    return xs[1] * 3.0


def missing_rule(x: float) -> float:
    y = x * 2.0
    return math.sin(y)  # refused


REFUSED = [
    (write_into_argument, (np.ones(3), 2.0), "into an argument array"),
    (augmented_assign_to_argument, (np.ones(3), np.ones(3)), "into an argument array"),
    (multiply_in_place, (np.ones(3),), "x = x * y"),
    (write_seen_through_an_older_view, (np.ones(3),), "another name"),
    (accumulate_then_read, (np.ones(3), np.ones(3)), "the gradient computation reads"),
    (write_seen_through_a_loop_carried_tuple, (np.ones(3), 2), "another name"),
    (write_after_a_read_of_its_values, (np.ones(3),), "the gradient computation reads"),
    (write_into_array_read_by_backward, (np.ones(3),), "the gradient computation reads"),
    (write_into_view_of_varied, (np.ones(3),), "in-place write"),
    (write_into_view_read_by_backward, (np.ones(3),), "the gradient computation reads"),
    (varied_in_list, (1.0,), "stored in a list"),
]


def refused_line(fn) -> int:
    lines, first = inspect.getsourcelines(fn)
    return first + next(k for k, t in enumerate(lines) if "# refused" in t)


@pytest.mark.parametrize("fn,args,fragment", REFUSED, ids=[f.__name__ for f, _, _ in REFUSED])
def test_refused_at_its_line(fn, args, fragment):
    wrt = tuple(k for k, a in enumerate(args) if isinstance(a, (float, np.ndarray)))
    with pytest.raises(CompileError) as e:
        pts.grad(fn, argnums=wrt, backend="interp")(*args)
    assert e.value.span.line == refused_line(fn), str(e.value)
    assert fragment in e.value.msg
    assert "cannot differentiate" in e.value.msg


def test_the_eager_function_still_runs():
    # (the refused programs are valid Python: only their gradient is refused)
    assert write_into_argument(np.ones(3), 2.0) == 6.0


def test_an_op_without_a_rule_is_refused(monkeypatch):
    import dataclasses

    from pts.ir.op_table import OPS
    monkeypatch.setitem(OPS, "math.sin", dataclasses.replace(OPS["math.sin"], derivative=None))
    with pytest.raises(CompileError) as e:
        pts.grad(missing_rule, backend="interp")(0.5)
    assert e.value.span.line == refused_line(missing_rule)
    assert "cannot differentiate math.sin: it has no derivative rule" in e.value.msg


def int_param(x: float, n: int) -> float:
    return x * float(n)


def array_result(x: np.ndarray) -> np.ndarray:
    return x * 2.0


def int_array(x: np.ndarray) -> float:
    return float(x.sum())


def test_argnums_of_an_int_argument():
    with pytest.raises(CompileError, match="'n': an argument of type int carries no gradient"):
        pts.grad(int_param, argnums=1)(1.0, 3)


def test_argnums_of_an_int_array():
    with pytest.raises(CompileError, match="carries no gradient"):
        pts.grad(int_array)(np.arange(3))


def test_result_must_be_a_float():
    with pytest.raises(CompileError, match="its result must be a float"):
        pts.grad(array_result)(np.ones(2))


def test_bad_argnums():
    with pytest.raises(ValueError, match="out of range"):
        pts.grad(int_param, argnums=2)(1.0, 3)
    with pytest.raises(TypeError, match="argnums"):
        pts.grad(int_param, argnums="x")(1.0, 3)


def test_not_a_function():
    with pytest.raises(CompileError, match="needs a Python function"):
        pts.grad(3)


def fill_then_read(x: np.ndarray) -> float:
    # writes into a fresh array before the gradient computation reads it: accepted
    w = np.ones(3)
    w[0] = 5.0
    w[2] = -1.0
    return float((x * w).sum())


def mask_in_loop(x: np.ndarray, n: int) -> float:
    s = 0.0
    for i in range(n):
        w = np.zeros(3)
        w[i % 3] = 1.0
        s += float((x * w).sum())
    return s


def test_writes_before_the_reads_are_accepted():
    assert pts.gradcheck(fill_then_read, (np.array([0.5, 1.0, 2.0]),), backend="interp")
    assert pts.gradcheck(mask_in_loop, (np.array([0.5, 1.0, 2.0]), 4), backend="interp")
