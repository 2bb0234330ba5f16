"""yield from another generator, a list, a range or a generator expression."""
from typing import List


def inner(n: int):
    for i in range(n):
        yield i * 10


def outer(xs: List[int]):
    yield -1
    yield from xs
    yield from inner(2)
    yield from range(3, 5)
    yield from (x * x for x in xs)
    yield -2


def collect(xs: List[int]) -> List[int]:
    return list(outer(xs))


def partial(xs: List[int]) -> List[int]:
    out: List[int] = []
    for v in outer(xs):
        if v == 10:
            break
        out.append(v)
    return out


# run: collect([7, 8])
# run: collect([])
# run: partial([5])
