# Generators kept as values fed to each other: a generator over a generator object passed
# as its argument (a pipeline), and the same generator function over a list.
from typing import List


def numbers(n: int):
    for i in range(n):
        yield i


def doubled(it):
    for x in it:
        yield 2 * x


def evens(it):
    for x in it:
        if x % 4 == 0:
            yield x
    yield -1


def pipeline(n: int) -> List[int]:
    g = evens(doubled(numbers(n)))
    return list(g)


def over_list(xs: List[int]) -> List[int]:
    g = doubled(xs)
    return [next(g), next(g)] + list(g)

# run: pipeline(7)
# run: over_list([5, 6, 7, 8])
