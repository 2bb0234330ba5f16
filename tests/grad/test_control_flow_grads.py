"""Gradients through control flow: if/elif/else, for and while loops (trip counts that
depend on data too), break/continue, nested loops, and tensors carried through loops;
checked against central differences (pts.gradcheck), natively and interpreted."""
import math

import numpy as np
import pytest

import pts
from grad_helpers import BACKENDS, check


def branch(x: float, y: float) -> float:
    z = x * y + math.sin(x)
    if z > 1.0:
        z = z * z
    else:
        z = z - y
    return z


def elif_chain(x: float) -> float:
    if x < -1.0:
        r = x * x
    elif x < 0.0:
        r = math.exp(x)
    elif x < 1.0:
        r = math.sin(x) * 3.0
    else:
        r = x ** 3
    return r


def branch_one_sided(x: float, y: float) -> float:
    r = x
    if y > 0.0:
        r = r * y
    return r + y


def early_return(x: float) -> float:
    if x > 2.0:
        return x * x
    y = math.exp(x)
    if y > 3.0:
        return y - x
    return y * x


def for_range(x: float) -> float:
    s = 0.0
    for i in range(5):
        s = s + x * float(i) + s * 0.1
    return s


def for_power(x: float, n: int) -> float:
    p = 1.0
    for i in range(n):
        p = p * x
    return p


def while_data(x: float) -> float:
    while x < 10.0:
        x = x * 1.5
    return x


def while_counts(x: float) -> float:
    n = 0
    y = x
    while y < 100.0:
        y = y * y + 1.0
        n += 1
    return y / float(n)


def newton_sqrt(a: float) -> float:
    # Newton's iteration, stopped by a tolerance: a data-dependent trip count
    x = a
    while abs(x * x - a) > 1e-12 * a:
        x = 0.5 * (x + a / x)
    return x


def loop_break(x: float) -> float:
    s = 0.0
    for i in range(100):
        s = s + x * x
        if s > 5.0:
            break
    return s


def loop_continue(x: float) -> float:
    s = 0.0
    for i in range(6):
        if i % 2 == 0:
            continue
        s = s + math.sin(x * float(i))
    return s


def nested_loops(x: float, y: float) -> float:
    s = 0.0
    for i in range(3):
        t = x
        for j in range(4):
            t = t * y + float(j)
        s = s + t * float(i + 1)
    return s


def loop_with_branch(x: float) -> float:
    s = x
    for i in range(8):
        if s > 2.0:
            s = s * 0.5
        else:
            s = s * s + 0.3
    return s


def while_in_for(x: float) -> float:
    s = 0.0
    for i in range(3):
        y = x + float(i)
        while y < 20.0:
            y = y * 2.0 + x
        s = s + y
    return s


def accumulate_outside(x: float, y: float) -> float:
    a = x * y           # defined before the loop, read inside it
    s = 0.0
    for i in range(4):
        s = s + a * s + a
    return s * x


def tensor_loop(x: np.ndarray) -> float:
    s = 0.0
    for i in range(3):
        x = x * 2.0
        s += float(x.sum())
    return s


def tensor_while(x: np.ndarray, w: np.ndarray) -> float:
    h = x
    n = 0
    while n < 3:
        h = np.tanh(h @ w)
        n += 1
    return float(h.sum())


def tensor_branch(x: np.ndarray, c: float) -> float:
    if c > 0.0:
        y = np.tanh(x) * c
    else:
        y = x * x
    return float((y * x).sum())


CASES = [
    (branch, (0.5, 2.0)), (branch, (0.1, 0.2)), (elif_chain, (-1.5,)), (elif_chain, (-0.5,)),
    (elif_chain, (0.5,)), (elif_chain, (1.5,)), (branch_one_sided, (0.3, 1.2)),
    (branch_one_sided, (0.3, -1.2)), (early_return, (2.5,)), (early_return, (1.5,)),
    (early_return, (0.5,)), (for_range, (0.7,)), (for_power, (1.1, 5)), (for_power, (1.1, 0)),
    (while_data, (1.0,)), (while_data, (12.0,)), (while_counts, (1.3,)), (newton_sqrt, (2.0,)),
    (loop_break, (0.9,)), (loop_break, (0.01,)), (loop_continue, (0.4,)),
    (nested_loops, (0.3, 1.1)), (loop_with_branch, (0.7,)), (loop_with_branch, (3.0,)),
    (while_in_for, (1.5,)), (accumulate_outside, (0.4, 0.6)),
]


@BACKENDS
@pytest.mark.parametrize("fn,inputs", CASES, ids=[f"{f.__name__}{i}" for i, (f, _) in enumerate(CASES)])
def test_control_flow_gradient(fn, inputs, backend):
    check(fn, *inputs, backend=backend)


@BACKENDS
def test_trip_count_depends_on_data(backend):
    # while x < 10: x *= 1.5 from 1.0 runs 6 times: d/dx = 1.5**6; from 12.0: none, d/dx = 1
    g = pts.grad(while_data, backend=backend)
    assert g(1.0) == 1.5 ** 6
    assert g(12.0) == 1.0


@BACKENDS
def test_tensors_through_loops(backend):
    rng = np.random.default_rng(1)
    check(tensor_loop, rng.standard_normal((2, 3)), backend=backend)
    check(tensor_while, rng.standard_normal((2, 3)), rng.standard_normal((3, 3)) * 0.5,
          backend=backend)
    x = rng.standard_normal((4,))
    check(tensor_branch, x, 0.7, backend=backend)
    check(tensor_branch, x, -0.7, backend=backend)


# ---------------------------------------------------------------- calls

def helper(x: float, y: float) -> float:
    return x * math.sin(y) + y * y


def calls_helper(x: float, y: float) -> float:
    return helper(x, y) * helper(y, x) + helper(x, 2.0)


def rec_power(x: float, n: int) -> float:
    # recursive: stays a call after inlining; its gradient comes from rec_power.vjp
    if n == 0:
        return 1.0
    return x * rec_power(x, n - 1)


def calls_recursive(x: float) -> float:
    return rec_power(x, 4) + rec_power(math.sin(x), 3)


def fib_like(x: float, n: int) -> float:
    if n < 2:
        return x * float(n + 1)
    return fib_like(x, n - 1) + math.sin(fib_like(x, n - 2))


def big_helper(x: float, k: int) -> float:
    # large enough that inlining leaves two calls of it alone
    s = x
    for i in range(k):
        s = s * 0.9 + math.sin(s) * 0.1
        if s > 1.0:
            s = s - 0.5
        elif s < -1.0:
            s = s + 0.5
        else:
            s = s * 1.1
        s = s + math.cos(x * float(i)) * 0.01 + math.exp(-s * s) * 0.02
        s = s + math.tanh(s) * 0.03 - math.atan(s) * 0.01
    return s


def calls_big_twice(x: float, y: float) -> float:
    return big_helper(x, 7) * big_helper(y * x, 5)


def tensor_helper(x: np.ndarray, w: np.ndarray) -> np.ndarray:
    return np.tanh(x @ w)


def rec_tensor(x: np.ndarray, w: np.ndarray, n: int) -> np.ndarray:
    if n == 0:
        return x
    return rec_tensor(np.tanh(x @ w), w, n - 1)


def calls_tensor_recursive(x: np.ndarray, w: np.ndarray) -> float:
    return float(rec_tensor(x, w, 3).sum())


CALLS = [(calls_helper, (0.3, 1.2)), (calls_recursive, (0.7,)), (fib_like, (0.6, 5)),
         (calls_big_twice, (0.4, 1.3))]


@BACKENDS
@pytest.mark.parametrize("fn,inputs", CALLS, ids=[f.__name__ for f, _ in CALLS])
def test_calls(fn, inputs, backend):
    check(fn, *inputs, backend=backend)


@BACKENDS
def test_recursive_tensor_call(backend):
    rng = np.random.default_rng(2)
    check(calls_tensor_recursive, rng.standard_normal((2, 3)), rng.standard_normal((3, 3)) * 0.5,
          backend=backend)


def test_a_call_left_by_inlining_differentiates_through_its_vjp():
    text = pts.grad(calls_recursive).ir(0.5)
    assert "call @rec_power.vjp(" in text


# ---------------------------------------------------------------- rules with control flow

def _looping_exp_rule(b, i, g):
    # d exp(x) = g * r, summed as 4 quarters by a loop: a rule may make blocks of its own
    from pts.ir.core import BlockParam, Const
    from pts.ir.scalar_derivatives import emit
    from pts.ir.types import F64, I64
    f = b.func
    head, body, out = f.new_block("rule.head"), f.new_block("rule.body"), f.new_block("rule.out")
    k, acc = head.add_param(BlockParam(I64, "k")), head.add_param(BlockParam(F64, "acc"))
    res = out.add_param(BlockParam(F64, "res"))
    quarter = emit(b, "mul", emit(b, "mul", g, i), Const(F64, 0.25))
    b.br(head, [Const(I64, 0), Const(F64, 0.0)])
    b.at(head)
    b.cbr(emit(b, "lt", k, Const(I64, 4)), body, out, [], [acc])
    b.at(body)
    b.br(head, [emit(b, "add", k, Const(I64, 1)), emit(b, "add", acc, quarter)])
    b.at(out)
    return [res]


def exp_in_loop(x: float) -> float:
    s = 0.0
    for i in range(3):
        s = s + math.exp(x * float(i + 1)) * s + x
    return s


@BACKENDS
def test_a_rule_may_make_its_own_loop(backend, monkeypatch):
    import dataclasses

    from pts.ir.op_table import OPS
    monkeypatch.setitem(OPS, "math.exp", dataclasses.replace(OPS["math.exp"],
                                                             derivative=_looping_exp_rule))
    check(exp_in_loop, 0.3, backend=backend)
