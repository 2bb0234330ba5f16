"""A generator's locals are its own: the consumer's variables of the same names are
untouched, and module constants are read from the generator's globals."""
from typing import List

LIMIT = 3


def numbered(n: int):
    i = 0
    total = 0
    while i < n and i < LIMIT * 10:
        total += i
        yield total
        i += 1


def consumer(n: int) -> List[int]:
    i = 100
    total = -5
    LIMIT = 0
    out: List[int] = []
    for v in numbered(n):
        out.append(v + i + total + LIMIT)
        i += 1
    out.append(i)
    out.append(total)
    return out


def untyped(xs):
    for x in xs:
        yield x * 2


def use_untyped(xs: List[float]) -> float:
    return sum(untyped(xs)) + sum(untyped([1, 2]))


# run: consumer(4)
# run: consumer(0)
# run: use_untyped([0.5, 1.5])
