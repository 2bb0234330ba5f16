"""Recursive functions that return tuples, unpacked by the caller."""
from typing import Tuple


def fib_fast(n: int) -> Tuple[int, int]:
    # (F(n), F(n+1)) by fast doubling
    if n == 0:
        return 0, 1
    a, b = fib_fast(n // 2)
    c = a * (2 * b - a)
    d = a * a + b * b
    if n % 2 == 0:
        return c, d
    return d, c + d


def min_max_rec(lo: int, hi: int, seed: int) -> Tuple[int, int]:
    v = (seed * 37 + lo * 11) % 101
    if lo == hi:
        return v, v
    mid = (lo + hi) // 2
    a_min, a_max = min_max_rec(lo, mid, seed)
    b_min, b_max = min_max_rec(mid + 1, hi, seed)
    return min(a_min, b_min), max(a_max, b_max)


def power_and_count(b: float, e: int) -> Tuple[float, int]:
    if e == 0:
        return 1.0, 0
    half, k = power_and_count(b, e // 2)
    if e % 2 == 0:
        return half * half, k + 1
    return half * half * b, k + 2


# run: fib_fast(90)
# run: fib_fast(1)
# run: min_max_rec(0, 50, 3)
# run: power_and_count(1.5, 37)
