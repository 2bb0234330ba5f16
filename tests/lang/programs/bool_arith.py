"""bools are ints in arithmetic; bitwise ops on two bools give a bool."""
from typing import List


def plus_one(b: bool) -> int:
    return b + 1


def arith(a: bool, b: bool) -> List[int]:
    return [a + b, a - b, a * 5, -a, a * b, a // 1, a % 2, a + True]


def float_mix(a: bool) -> float:
    return a * 2.5 + a / 2


def bitwise(a: bool, b: bool) -> List[bool]:
    return [a & b, a | b, a ^ b, not a, a == b, a < b]


def count_true(xs: List[bool]) -> int:
    n = 0
    for x in xs:
        n += x
    return n


# run: plus_one(True)
# run: plus_one(False)
# run: arith(True, False)
# run: arith(True, True)
# run: float_mix(True)
# run: bitwise(True, False)
# run: bitwise(False, False)
# run: count_true([True, False, True, True])
