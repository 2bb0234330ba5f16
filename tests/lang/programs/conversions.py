"""int(), float(), bool() conversions; int(float) truncates toward zero."""
import math
from typing import List


def trunc(x: float) -> int:
    return int(x)


def truncs() -> List[int]:
    return [int(2.7), int(-2.7), int(-0.5), int(0.5), int(-0.0), int(1e15 + 0.5), int(True), int(7)]


def to_float(n: int) -> float:
    return float(n)


def truthiness() -> List[bool]:
    return [bool(0), bool(-3), bool(0.0), bool(-0.0), bool(0.1), bool(math.nan), bool(math.inf), bool(False)]


def round_trip(n: int) -> int:
    total = 0
    for i in range(n):
        total += int(float(i) * 1.5) - int(-float(i) / 4.0)
    return total


# run: trunc(3.99)
# run: trunc(-3.99)
# run: trunc(-9.0e18)
# run: truncs()
# run: to_float(-12)
# run: to_float(9007199254740993)
# run: truthiness()
# run: round_trip(100)
