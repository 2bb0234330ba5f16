"""Shifts: << and >> (arithmetic, floor) including negatives, wide counts and errors."""
from typing import List


def lshift(x: int, n: int) -> int:
    return x << n


def rshift(x: int, n: int) -> int:
    return x >> n


def table(x: int) -> List[int]:
    return [x >> k for k in range(0, 8)] + [x << k for k in range(0, 8)]


def powers(n: int) -> List[int]:
    out: List[int] = []
    for i in range(n):
        out.append(1 << i)
    return out


# run: lshift(3, 4)
# run: lshift(-3, 4)
# run: lshift(1, 62)
# run: rshift(-1, 1)
# run: rshift(-7, 1)
# run: rshift(-8, 2)
# run: rshift(7, 1)
# run: rshift(-9223372036854775807, 62)
# run: rshift(-5, 63)
# run: rshift(-5, 64)
# run: rshift(5, 100)
# run: rshift(-5, 100)
# run: lshift(1, 63)  # wraps
# run: lshift(1, 64)  # wraps
# run: lshift(5, 0)
# run: lshift(0, 200)
# run: lshift(1, -1)
# run: rshift(1, -1)
# run: table(-100)
# run: powers(20)
