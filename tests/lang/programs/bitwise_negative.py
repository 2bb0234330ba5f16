"""& | ^ ~ on negative ints act on infinite two's complement (same as int64 here)."""
from typing import List


def ops(a: int, b: int) -> List[int]:
    return [a & b, a | b, a ^ b, ~a, ~b, a & ~b, (a | b) & -(a ^ b)]


def low_bit(x: int) -> int:
    return x & -x


def clear_low_bits(x: int, k: int) -> int:
    mask = ~((1 << k) - 1)
    return x & mask


def parity(x: int) -> int:
    p = 0
    x = x & 0xFFFFFFFF
    while x != 0:
        p ^= x & 1
        x >>= 1
    return p


# run: ops(12, 10)
# run: ops(-12, 10)
# run: ops(-1, -256)
# run: ops(0, -9223372036854775807)
# run: low_bit(-24)
# run: low_bit(96)
# run: clear_low_bits(-1, 4)
# run: clear_low_bits(1000, 3)
# run: parity(-7)
# run: parity(0xF0F0)
