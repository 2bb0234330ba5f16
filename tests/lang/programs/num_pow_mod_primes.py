"""pow(a, d, n) in Miller-Rabin primality and modular inverses (RSA toy)."""
from typing import List


def is_prime(n: int) -> bool:
    if n < 2:
        return False
    for p in [2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37]:
        if n % p == 0:
            return n == p
    d = n - 1
    s = 0
    while d % 2 == 0:
        d //= 2
        s += 1
    for a in [2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37]:
        x = pow(a, d, n)
        if x == 1 or x == n - 1:
            continue
        composite = True
        for _ in range(s - 1):
            x = pow(x, 2, n)
            if x == n - 1:
                composite = False
                break
        if composite:
            return False
    return True


def primes(lo: int, hi: int) -> List[int]:
    return [n for n in range(lo, hi) if is_prime(n)]


def rsa(m: int) -> List[int]:
    p = 1000003
    q = 998244353
    n = p * q
    e = 65537
    d = pow(e, -1, (p - 1) * (q - 1))
    c = pow(m, e, n)
    return [c, pow(c, d, n), d]


# run: primes(1, 200)
# run: primes(9223372036854775700, 9223372036854775807)
# run: rsa(424242)
