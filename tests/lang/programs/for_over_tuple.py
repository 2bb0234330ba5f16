"""for over a tuple of same-typed elements: a literal, a variable, a module constant."""
from typing import Tuple

WEIGHTS = (0.5, 0.25, 0.125, 0.125)


def sum_literal() -> int:
    s = 0
    for k in (1, 2, 3, 5, 8):
        s = s * 10 + k
    return s


def weighted(x: float) -> float:
    acc = 0.0
    for w in WEIGHTS:
        acc = acc * x + w
    return acc


def tuple_var(a: int, b: int, c: int) -> int:
    t = (a, b, c)
    best = a
    for v in t:
        if v > best:
            best = v
    return best


def param_tuple(t: Tuple[float, float, float]) -> float:
    p = 1.0
    for v in t:
        p *= v
    return p


# run: sum_literal()
# run: weighted(2.0)
# run: tuple_var(3, 9, 4)
# run: param_tuple((1.5, 2.0, -4.0))
