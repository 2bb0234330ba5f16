"""A generator of tuples, unpacked by the consumer."""
from typing import List


def indexed(xs: List[float]):
    i = 0
    for x in xs:
        yield i, x
        i += 1


def weighted(xs: List[float]) -> float:
    s = 0.0
    for i, x in indexed(xs):
        s += i * x
    return s


def best(xs: List[float]) -> int:
    bi = -1
    bx = 0.0
    for i, x in indexed(xs):
        if bi < 0 or x > bx:
            bi = i
            bx = x
    return bi


# run: weighted([1.0, 2.0, 3.0])
# run: best([1.0, 5.0, 3.0])
# run: best([])
