"""int ** non-negative int stays int."""
from typing import List


def power(b: int, e: int) -> int:
    return b ** e


def by_squaring(b: int, e: int) -> int:
    result = 1
    while e > 0:
        if e & 1:
            result *= b
        b *= b
        e >>= 1
    return result


def agree(limit: int) -> bool:
    for b in range(-5, 6):
        for e in range(0, limit):
            if b ** e != by_squaring(b, e):
                return False
    return True


def table(n: int) -> List[int]:
    return [(-2) ** i for i in range(n)]


# run: power(2, 10)
# run: power(-3, 5)
# run: power(-3, 4)
# run: power(0, 0)
# run: power(7, 0)
# run: power(2, 62)
# run: power(-2, 63)
# run: power(3, 39)
# run: power(10, 18)
# run: agree(20)
# run: table(12)
