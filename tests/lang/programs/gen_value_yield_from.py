# A generator kept as a value that delegates with `yield from` to a list, to range() and
# to another generator (a generator object inside the frame), then yields on.
from typing import List


def inner(k: int):
    for i in range(k):
        yield i * 10


def outer(xs: List[int], k: int):
    yield from xs
    yield from range(k, 0, -1)
    yield from inner(k)
    yield 999


def run(xs: List[int], k: int) -> List[int]:
    g = outer(xs, k)
    first = next(g)
    return [first] + list(g)


# run: run([7, 8], 3)
# run: run([], 0)
