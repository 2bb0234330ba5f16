# Refused: a generator kept as a value whose yield is inside a for over a lazy iterable.
# call: f([1, 2])
# error: 8: a for loop around a yield iterates over range(...), a list, a str, a tuple

from typing import List

def g(xs: List[int]):
    for i, x in enumerate(xs):
        yield i * x


def f(xs: List[int]) -> int:
    it = g(xs)
    return next(it)
