"""Gradients through tuples: np.concatenate / np.stack of a tuple of arrays, scripted calls
that return tuples (inlined, and recursive ones that stay calls and use their derived
VJP), tuples carried through loops and branches, tuples holding ints next to arrays, and
nested tuples.  A tuple's adjoint is a tuple of its elements' adjoints; each program is
checked against central differences (pts.gradcheck, float64) natively and interpreted."""
import numpy as np
import pytest

import pts
from grad_helpers import BACKENDS, check
from pts import Tensor

R = np.random.default_rng(281)


def a(*shape):
    return R.uniform(-1.5, 1.5, shape)


def concat_three(x: Tensor, y: Tensor, z: Tensor, w: Tensor) -> float:
    c = np.concatenate((x * 2.0, np.tanh(y), z), axis=1)
    return float((c * w).sum())


def concat_same_twice(x: Tensor, w: Tensor) -> float:
    # both pieces' adjoints reach x
    return float((np.concatenate((x, x * x)) * w).sum())


def stack_last(x: Tensor, y: Tensor, w: Tensor) -> float:
    return float((np.stack((x, y, x * y), axis=-1) * w).sum())


def pair(x: Tensor, y: Tensor) -> tuple[Tensor, Tensor]:
    return x * y + 1.0, np.sin(x)


def calls_pair(x: Tensor, y: Tensor) -> float:
    a, b = pair(x, y)
    return float((a * b).sum())


def spiral(x: Tensor, n: int) -> tuple[Tensor, Tensor]:
    # recursive: stays a call, differentiated through its derived VJP
    if n == 0:
        return x, x * 2.0
    u, v = spiral(x * 0.9, n - 1)
    return v * u, u + np.sin(x)


def calls_recursive_pair(x: Tensor, w: Tensor) -> float:
    u, v = spiral(x, 3)
    return float((u * w + v).sum())


def mixed(x: Tensor, s: float, n: int) -> tuple[float, int, Tensor]:
    if n <= 0:
        return s, n, x
    t, k, y = mixed(x * s, s * 0.5, n - 1)
    return t * s, k + 1, y + x


def calls_mixed(x: Tensor, s: float) -> float:
    t, k, y = mixed(x, s, 2)
    return t * float(k) + float(y.sum())


def take_pair(p: tuple[Tensor, Tensor], n: int) -> Tensor:
    # a tuple parameter of a call that stays a call
    if n == 0:
        return p[0] * p[1]
    return take_pair((p[1], p[0] + 1.0), n - 1)


def calls_with_tuple(x: Tensor, y: Tensor) -> float:
    return float(take_pair((x, y * 3.0), 2).sum())


def loop_tuple(x: Tensor, n: int) -> float:
    s = (x, x * 2.0)
    for i in range(n):
        s = (s[1] * 0.5, s[0] + np.tanh(s[1]))
    return float((s[0] * s[1]).sum())


def loop_tuple_with_int(x: Tensor, y: float) -> float:
    s = (x, 0, y)
    while s[1] < 4:
        s = (s[0] * s[2] + 0.5, s[1] + 1, s[2] * 0.9)
    return float(s[0].sum()) * s[2]


def branch_tuple(x: Tensor, y: Tensor, flip: bool) -> float:
    if flip:
        p = (y, x * 2.0)
    else:
        p = (x, y)
    return float((p[0] * np.exp(p[1])).sum())


def nested(x: Tensor, y: float) -> float:
    t = ((x, y), (x * y, 2))
    for i in range(2):
        t = ((t[1][0], t[0][1] * 1.5), (t[0][0] + t[1][0], t[1][1]))
    return float(t[0][0].sum()) + t[0][1] * float(t[1][0].sum())


PROGRAMS = [
    (concat_three, (a(2, 3), a(2, 1), a(2, 2), a(2, 6))),
    (concat_same_twice, (a(2, 3), a(4, 3))),
    (stack_last, (a(2, 3), a(2, 3), a(2, 3, 3))),
    (calls_pair, (a(3), a(3))),
    (calls_recursive_pair, (a(4), a(4))),
    (calls_mixed, (a(3), 0.8)),
    (calls_with_tuple, (a(2, 2), a(2, 2))),
    (loop_tuple, (a(3), 3)),
    (loop_tuple_with_int, (a(3), 1.1)),
    (branch_tuple, (a(3), a(3), True)),
    (branch_tuple, (a(3), a(3), False)),
    (nested, (a(3), 0.7)),
]


@BACKENDS
@pytest.mark.parametrize("fn,inputs", PROGRAMS, ids=[f"{p[0].__name__}{k}" for k, p in enumerate(PROGRAMS)])
def test_gradient(fn, inputs, backend):
    check(fn, *inputs, backend=backend)


def test_recursive_tuple_call_stays_a_call():
    # the derived VJP of a call that returns a tuple is what differentiates it
    text = pts.grad(calls_recursive_pair).ir(a(4), a(4), after="differentiate")
    assert "@spiral.vjp" in text


def test_concatenate_gradient_is_slices_of_the_adjoint():
    x, y = a(2, 3), a(4, 3)
    for backend in ("interp", "native"):
        w = np.arange(18.0).reshape(6, 3)
        dx, dy = pts.grad(lambda_concat, argnums=(0, 1), backend=backend)(x, y, w)
        assert np.array_equal(dx, w[:2]) and np.array_equal(dy, w[2:])


def lambda_concat(x: Tensor, y: Tensor, w: Tensor) -> float:
    return float((np.concatenate((x, y)) * w).sum())
