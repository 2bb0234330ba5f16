"""A generator consumed inside a generator expression inside a builtin."""
from typing import List


def digits(n: int):
    if n == 0:
        yield 0
    while n > 0:
        yield n % 10
        n //= 10


def digit_sums(xs: List[int]) -> List[int]:
    return [sum(digits(x)) for x in xs]


def total(xs: List[int]) -> int:
    return sum(sum(d for d in digits(x) if d % 2) for x in xs)


# run: digit_sums([0, 19, 12345])
# run: total([135, 246, 7])
