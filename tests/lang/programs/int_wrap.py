"""int is 64-bit and wraps; every run line here is compared against the wrapped value."""
from typing import List


def hash_mix(n: int) -> int:
    # FNV-1a style: only ^ and *, so wrapping commutes with the computation
    h = -3750763034362895579   # the FNV offset basis as a signed int64
    for i in range(n):
        h ^= i & 255
        h *= 1099511628211
    return h


def factorial(n: int) -> int:
    r = 1
    for i in range(2, n + 1):
        r *= i
    return r


def int64_min_div(d: int) -> List[int]:
    m = -9223372036854775807 - 1
    return [m // d, m % d]


def negate_min() -> List[int]:
    m = -9223372036854775807 - 1
    return [-m, abs(m), m - 1, m * -1]


def add_max(x: int) -> int:
    return 9223372036854775807 + x


def big_pow(b: int, e: int) -> int:
    return b ** e


# run: hash_mix(1)  # wraps
# run: hash_mix(40)  # wraps
# run: hash_mix(300)  # wraps
# run: factorial(20)
# run: factorial(25)  # wraps
# run: int64_min_div(-1)  # wraps
# run: int64_min_div(7)
# run: negate_min()  # wraps
# run: add_max(1)  # wraps
# run: add_max(-1)
# run: big_pow(3, 50)  # wraps
# run: big_pow(2, 64)  # wraps
