"""A class with __getitem__ and __len__ but no __iter__ (CPython's old sequence protocol:
`for` calls __getitem__ with 0, 1, 2, ... until IndexError), used by for loops, `in`,
list() and unpacking."""
from typing import List


class Squares:
    def __init__(self, n: int):
        self.n = n

    def __len__(self) -> int:
        return self.n

    def __getitem__(self, i: int) -> int:
        if i < 0 or i >= self.n:
            raise IndexError("index out of range")
        return i * i


def total(n: int) -> int:
    s = 0
    for v in Squares(n):
        s += v
    return s


def as_list(n: int) -> List[int]:
    return list(Squares(n)) + [len(Squares(n))]


def pair() -> int:
    a, b = Squares(2)
    return a + b * 10


# run: total(5)
# run: total(0)
# run: as_list(4)
# run: pair()
