# Refused: a generator kept as a value whose yield is inside a for over map() (a lazy
# iterable other than enumerate and zip).
# call: f([1, 2])
# error: 9: a for loop around a yield iterates over range(...), a list, a str, a tuple

from typing import List

def g(xs: List[int]):
    for x in map(abs, xs):
        yield x


def f(xs: List[int]) -> int:
    it = g(xs)
    return next(it)
