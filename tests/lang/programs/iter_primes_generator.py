"""Primes from a generator (trial division by the primes found so far) and a sieve read
through enumerate."""
from typing import List


def primes(limit: int):
    found: List[int] = []
    for n in range(2, limit):
        if all(n % p for p in found if p * p <= n):
            found.append(n)
            yield n


def sieve(limit: int) -> List[int]:
    flags = [True] * limit
    for i in range(2, limit):
        if flags[i]:
            for j in range(i * i, limit, i):
                flags[j] = False
    return [i for i, f in enumerate(flags) if f and i >= 2]


def agree(limit: int) -> bool:
    return list(primes(limit)) == sieve(limit)


def twin_count(limit: int) -> int:
    ps = list(primes(limit))
    return sum(1 for a, b in zip(ps, reversed(reversed_list(ps))) if b - a == 2)


def reversed_list(xs: List[int]) -> List[int]:
    return list(reversed(drop_first(xs)))


def drop_first(xs: List[int]) -> List[int]:
    return [x for i, x in enumerate(xs) if i > 0]


# run: agree(200)
# run: sieve(30)
# run: twin_count(100)
