"""Fibonacci three ways: naive recursion, iteration, a list table."""
from typing import List


def fib_rec(n: int) -> int:
    if n < 2:
        return n
    return fib_rec(n - 1) + fib_rec(n - 2)


def fib_iter(n: int) -> int:
    a = 0
    b = 1
    i = 0
    while i < n:
        t = a + b
        a = b
        b = t
        i += 1
    return a


def fib_table(n: int) -> List[int]:
    table = [0] * (n + 1)
    if n >= 1:
        table[1] = 1
    for i in range(2, n + 1):
        table[i] = table[i - 1] + table[i - 2]
    return table


def fib_float(n: int) -> float:
    phi = (1.0 + 5.0 ** 0.5) / 2.0
    return phi ** n / 5.0 ** 0.5


# run: fib_rec(15)
# run: fib_rec(0)
# run: fib_iter(90)
# run: fib_table(20)
# run: fib_table(0)
# run: fib_float(30)
