# A generator method of a class: kept as a value (the frame holds the object as its 'self'
# field) and consumed where it is written.
from typing import List


class Bag:
    def __init__(self, xs: List[int]):
        self.xs = xs

    def evens(self):
        for x in self.xs:
            if x % 2 == 0:
                yield x


def kept(xs: List[int]) -> List[int]:
    b = Bag(xs)
    it = b.evens()
    first = next(it)
    return [first * 10] + list(it)


def direct(xs: List[int]) -> int:
    b = Bag(xs)
    return sum(b.evens())

# run: kept([1, 2, 3, 4, 6])
# run: direct([1, 2, 3, 4, 6])
