"""isqrt against a Newton iteration on ints; perfect squares; isclose as a loop test."""
import math
from typing import List


def newton_isqrt(n: int) -> int:
    if n < 2:
        return n
    x = n
    y = (x + 1) // 2
    while y < x:
        x = y
        y = (x + n // x) // 2
    return x


def agree(ns: List[int]) -> int:
    bad = 0
    for n in ns:
        if math.isqrt(n) != newton_isqrt(n):
            bad += 1
    return bad


def squares(n: int) -> List[int]:
    return [k for k in range(n) if math.isqrt(k) ** 2 == k]


def heron(x: float) -> float:
    g = x
    while not math.isclose(g * g, x, rel_tol=1e-15):
        g = 0.5 * (g + x / g)
    return g


# run: agree([0, 1, 2, 3, 99, 10 ** 12 + 1, 10 ** 18, 4611686014132420609, 9223372030926249001])
# run: squares(200)
# run: heron(2.0)
# run: heron(1e10)
