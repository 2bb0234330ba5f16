"""Fractions kept reduced with gcd; lcm of denominators (Egyptian fractions, harmonic sums)."""
import math
from typing import List, Tuple


def add(a: Tuple[int, int], b: Tuple[int, int]) -> Tuple[int, int]:
    d = math.lcm(a[1], b[1])
    n = a[0] * (d // a[1]) + b[0] * (d // b[1])
    g = math.gcd(n, d)
    return n // g, d // g


def harmonic(n: int) -> Tuple[int, int]:
    acc = (0, 1)
    for i in range(1, n + 1):
        acc = add(acc, (1, i))
    return acc


def egyptian(p: int, q: int) -> List[int]:
    out: List[int] = []
    while p != 0:
        d = (q + p - 1) // p
        out.append(d)
        p, q = p * d - q, q * d
        g = math.gcd(p, q)
        p, q = p // g, q // g
    return out


# run: harmonic(20)
# run: egyptian(4, 13)
# run: egyptian(3, 7)
