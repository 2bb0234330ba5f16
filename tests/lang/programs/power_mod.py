"""Modular exponentiation with >> and &, and Fermat checks."""


def pow_mod(b: int, e: int, m: int) -> int:
    result = 1
    b = b % m
    while e > 0:
        if e & 1 == 1:
            result = result * b % m
        b = b * b % m
        e >>= 1
    return result


def fermat_liars(n: int) -> int:
    count = 0
    for a in range(2, n - 1):
        if pow_mod(a, n - 1, n) == 1:
            count += 1
    return count


# run: pow_mod(2, 100, 1000000007)
# run: pow_mod(3, 0, 7)
# run: pow_mod(-3, 5, 7)
# run: fermat_liars(561)
# run: fermat_liars(97)
