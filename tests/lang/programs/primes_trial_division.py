"""Primes by trial division."""
from typing import List


def is_prime(n: int) -> bool:
    if n < 2:
        return False
    if n % 2 == 0:
        return n == 2
    d = 3
    while d * d <= n:
        if n % d == 0:
            return False
        d += 2
    return True


def count_primes(n: int) -> int:
    count = 0
    for k in range(2, n):
        prime = True
        i = 2
        while i * i <= k:
            if k % i == 0:
                prime = False
                break
            i += 1
        if prime:
            count += 1
    return count


def primes_below(n: int) -> List[int]:
    return [k for k in range(n) if is_prime(k)]


def nth_prime(n: int) -> int:
    k = 1
    found = 0
    while found < n:
        k += 1
        if is_prime(k):
            found += 1
    return k


# run: is_prime(2)
# run: is_prime(1)
# run: is_prime(7919)
# run: is_prime(7917)
# run: count_primes(1000)
# run: primes_below(50)
# run: nth_prime(100)
