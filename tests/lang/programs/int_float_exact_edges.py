"""CPython compares int with float exactly, beyond 2**53; pts does too.

(int / int beyond 2**53 is where pts differs: it converts both operands to float first —
see the README's language reference — so true_div runs stay within 2**53.)"""
from typing import List


def compare_big() -> List[bool]:
    big = 9223372036854775807
    return [big < 9.223372036854776e18, big == 9.223372036854776e18,
            -9223372036854775807 - 1 == -9.223372036854776e18,
            9007199254740993 == 9007199254740992.0, 9007199254740993 > 9007199254740992.0]


def compare(n: int, x: float) -> List[bool]:
    return [n == x, n < x, n > x]


def true_div(a: int, b: int) -> float:
    return a / b


# run: compare_big()
# run: compare(9007199254740993, 9007199254740992.0)
# run: compare(9223372036854775807, 9.223372036854776e18)
# run: true_div(9007199254740991, 3)
# run: true_div(-9007199254740991, 10)
