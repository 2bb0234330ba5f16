"""Lambdas returning bools: filter, any/all over map, a predicate passed on."""
from typing import List


def count(pred, xs: List[int]) -> int:
    n = 0
    for x in xs:
        if pred(x):
            n += 1
    return n


def run(xs: List[int], lo: int) -> List[int]:
    a = count(lambda x: x >= lo, xs)
    b = count(lambda x: x % 2 == 0 and x != lo, xs)
    c = any(map(lambda x: x < 0, xs))
    d = all(map(lambda x: x < 100, xs))
    return [a, b, int(c), int(d), len(list(filter(lambda x: not x, xs)))]


# run: run([1, 0, 4, -3, 8, 0], 1)
# run: run([], 0)
