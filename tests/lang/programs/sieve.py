"""Sieve of Eratosthenes on a list of bools made with [True] * n."""
from typing import List


def sieve(n: int) -> List[bool]:
    flags = [True] * n
    if n > 0:
        flags[0] = False
    if n > 1:
        flags[1] = False
    i = 2
    while i * i < n:
        if flags[i]:
            for j in range(i * i, n, i):
                flags[j] = False
        i += 1
    return flags


def count(n: int) -> int:
    c = 0
    for f in sieve(n):
        if f:
            c += 1
    return c


def primes(n: int) -> List[int]:
    flags = sieve(n)
    return [i for i in range(n) if flags[i]]


# run: count(2000)
# run: primes(60)
# run: sieve(10)
# run: sieve(0)
