"""Digit manipulation with // and %."""
from typing import List


def reverse_number(n: int) -> int:
    r = 0
    while n > 0:
        r = r * 10 + n % 10
        n //= 10
    return r


def is_palindrome(n: int) -> bool:
    return n >= 0 and reverse_number(n) == n


def to_base(n: int, b: int) -> List[int]:
    if n == 0:
        return [0]
    out: List[int] = []
    while n > 0:
        out.append(n % b)
        n //= b
    rev: List[int] = []
    for i in range(len(out) - 1, -1, -1):
        rev.append(out[i])
    return rev


def count_palindromes(lo: int, hi: int) -> int:
    c = 0
    for n in range(lo, hi):
        if is_palindrome(n):
            c += 1
    return c


# run: reverse_number(1234500)
# run: is_palindrome(12321)
# run: is_palindrome(-121)
# run: to_base(255, 2)
# run: to_base(0, 7)
# run: to_base(9223372036854775807, 16)
# run: count_palindromes(0, 2000)
