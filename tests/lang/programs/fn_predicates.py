"""Predicates (functions returning bool) passed to a counting function."""
from typing import List


def is_even(x: int) -> bool:
    return x % 2 == 0


def is_big(x: int) -> bool:
    return x > 10


def count_if(pred, xs: List[int]) -> int:
    n = 0
    for x in xs:
        if pred(x):
            n += 1
    return n


def run(xs: List[int]) -> int:
    return count_if(is_even, xs) * 100 + count_if(is_big, xs)


# run: run([1, 2, 3, 4, 12, 15, 20])
# run: run([])
