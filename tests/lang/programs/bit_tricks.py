"""Popcount, power-of-two tests, bit reversal: & | ^ << >> on int64."""


def popcount(x: int) -> int:
    n = 0
    if x < 0:
        x = x & 0x7FFFFFFFFFFFFFFF
        n = 1
    while x != 0:
        x &= x - 1
        n += 1
    return n


def is_pow2(x: int) -> bool:
    return x > 0 and x & (x - 1) == 0


def reverse_bits16(x: int) -> int:
    r = 0
    for i in range(16):
        r = (r << 1) | ((x >> i) & 1)
    return r


def gray_code(n: int) -> int:
    return n ^ (n >> 1)


def count_pow2(n: int) -> int:
    c = 0
    for i in range(-n, n):
        if is_pow2(i):
            c += 1
    return c


# run: popcount(255)
# run: popcount(-1)
# run: popcount(-9223372036854775808)
# run: is_pow2(1024)
# run: is_pow2(1000)
# run: reverse_bits16(1)
# run: reverse_bits16(0xABCD)
# run: gray_code(12345)
# run: count_pow2(5000)
