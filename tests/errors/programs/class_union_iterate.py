# Refused: iterating over a union of classes (each class's __iter__ would be a generator
# of its own).
# call: f(2)
# error: 25: iterating over a Union[Evens, Odds]
from typing import Union


class Evens:
    def __iter__(self):
        yield 0
        yield 2


class Odds:
    def __iter__(self):
        yield 1
        yield 3


def f(n: int) -> int:
    bag: Union[Evens, Odds] = Evens()
    if n > 1:
        bag = Odds()
    s = 0
    for v in bag:
        s += v
    return s
