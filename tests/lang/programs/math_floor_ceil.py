"""math.floor / math.ceil return ints; compare with int() truncation."""
import math
from typing import List


def floors(x: float) -> List[int]:
    return [math.floor(x), math.ceil(x), int(x)]


def of_int(n: int) -> List[int]:
    return [math.floor(n), math.ceil(n)]


def steps(n: int) -> int:
    total = 0
    for i in range(-n, n):
        x = i / 4.0
        total += math.floor(x) * 3 + math.ceil(x) * 5 + int(x) * 7
    return total


# run: floors(2.5)
# run: floors(-2.5)
# run: floors(-0.0)
# run: floors(-1e-300)
# run: floors(4503599627370497.0)
# run: of_int(-17)
# run: steps(40)
