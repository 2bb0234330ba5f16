"""Euclid with `a, b = b, a % b`, extended Euclid returning a tuple, lcm."""
from typing import Tuple


def gcd(a: int, b: int) -> int:
    while b != 0:
        a, b = b, a % b
    return abs(a)


def gcd_rec(a: int, b: int) -> int:
    if b == 0:
        return a
    return gcd_rec(b, a % b)


def ext_gcd(a: int, b: int) -> Tuple[int, int, int]:
    if b == 0:
        return a, 1, 0
    g, x, y = ext_gcd(b, a % b)
    return g, y, x - (a // b) * y


def lcm(a: int, b: int) -> int:
    return a // gcd(a, b) * b


def gcd_table(n: int) -> int:
    s = 0
    for i in range(1, n):
        for j in range(1, n):
            s += gcd(i, j)
    return s


# run: gcd(1071, 462)
# run: gcd(-48, 18)
# run: gcd(0, 0)
# run: gcd_rec(1071, 462)
# run: ext_gcd(240, 46)
# run: ext_gcd(17, 5)
# run: lcm(21, 6)
# run: gcd_table(40)
