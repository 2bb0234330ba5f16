"""`/` on ints gives a float."""
from typing import List


def div(a: int, b: int) -> float:
    return a / b


def table(n: int) -> List[float]:
    return [i / 7 for i in range(-n, n + 1)]


def average(xs: List[int]) -> float:
    total = 0
    for x in xs:
        total += x
    return total / len(xs)


# run: div(7, 2)
# run: div(-7, 2)
# run: div(1, 3)
# run: div(6, 3)
# run: div(-6, 3)
# run: div(0, -5)
# run: div(9007199254740993, 1)
# run: table(10)
# run: average([1, 2, 3, 4])
# run: average([])
