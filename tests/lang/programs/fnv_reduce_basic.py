# functools.reduce imported by name: scripted functions and lambdas, with and without
# an initial value.
from functools import reduce
from typing import List


def add(a: int, b: int) -> int:
    return a + b


def total(n: int) -> int:
    return reduce(add, range(1, n))


def factorial(n: int) -> int:
    return reduce(lambda a, b: a * b, range(1, n + 1), 1)


def digits(xs: List[int]) -> int:
    return reduce(lambda acc, d: acc * 10 + d, xs, 0)


def largest(xs: List[int]) -> int:
    return reduce(lambda a, b: a if a > b else b, xs)


# run: total(5)
# run: total(2)
# run: factorial(6)
# run: factorial(0)
# run: digits([4, 0, 2])
# run: digits([])
# run: largest([3, 9, 2])
# run: largest([])
