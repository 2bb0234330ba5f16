"""pow(a, b, m): modular exponentiation with 64-bit moduli, negative exponents (modular
inverse, CPython 3.8+), negative moduli, and CPython's errors; pow(a, b) is a ** b."""
from typing import List


def table(bases: List[int], exps: List[int], mods: List[int]) -> List[int]:
    out: List[int] = []
    for b in bases:
        for e in exps:
            for m in mods:
                if e >= 0 or m in [7, 13, -11, 1000000007]:
                    out.append(pow(b, e, m))
    return out


def big(b: int, e: int, m: int) -> int:
    return pow(b, e, m)


def two(a: int, b: float):
    return pow(a, 3), pow(b, 2), pow(a, b), pow(2, 10)


def zero_mod(b: int) -> int:
    return pow(b, 2, 0)


def not_invertible(b: int) -> int:
    return pow(b, -1, 12)


# run: table([0, 1, 2, 3, -5, 10, 123456789], [0, 1, 2, 5, 64, -1, -3], [1, 2, 7, 13, 100, -11, 1000000007])
# run: big(4611686018427387905, 1099511627779, 4611686018427387911)
# run: big(9223372036854775806, 9223372036854775807, 9223372036854775783)
# run: big(3, -1, 9223372036854775783)
# run: two(3, 1.5)
# run: zero_mod(3)
# run: not_invertible(4)
