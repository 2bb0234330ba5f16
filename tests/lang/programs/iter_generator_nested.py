"""Nested generators: one generator iterating over another, with arguments."""
from typing import List


def naturals(n: int):
    k = 1
    while k <= n:
        yield k
        k += 1


def squares_of_odd(n: int):
    for k in naturals(n):
        if k % 2:
            yield k * k


def pairs(n: int):
    for a in naturals(n):
        for b in naturals(a):
            yield a * 10 + b


def use(n: int) -> List[int]:
    return [s for s in squares_of_odd(n)] + list(pairs(3))


def two_consumers(n: int) -> int:
    s = 0
    for a in naturals(n):
        s += sum(naturals(a))
    return s


# run: use(7)
# run: use(0)
# run: two_consumers(5)
